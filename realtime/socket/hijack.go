package socket

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"syscall"

	"boardroom/realtime/frame"
)

// A page's socket as the WebSocket library gets it from the HTTP server:
// small buffers that cost little while the page is idle, most pages' state.
//
// Reading: the HTTP server's 4 KiB reader, which the library would keep for
// the socket's life, was a fifth of an idle page's memory; a page sends
// clicks and short texts (Limits.ReadLimit at most), and longer messages are
// read past a small buffer anyway.
//
// Writing: the library writes through a bufio.Writer, whose buffer (the
// HTTP server's 4 KiB) was another fifth of an idle page's memory, and an
// update larger than it went out in two or three system calls. The library
// gets a small buffered writer over a frame writer instead, and writes only
// its control frames there (the answer to a ping, the closing frame). The
// updates do not go through the library at all: each is framed once where
// it is made (frame.Message) and sent in one system call. With thousands of
// spectators a room's update is written thousands of times, and the
// library's locking, framing and copying per message cost as much as the
// rest of the server's own work per write.

// Buffer sizes of a page's socket.
const (
	// opClose is the opcode of a closing frame.
	opClose = 0x08

	pageReadBuffer  = 512
	pageWriteBuffer = 256 // room for a frame header and a control frame
)

// pageSocket hands the WebSocket library the socket with small buffers
// when it takes the connection over from the HTTP server; frames is the
// writer under the library's, set by Hijack.
type pageSocket struct {
	http.ResponseWriter
	frames *frameWriter
}

func (w *pageSocket) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *pageSocket) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, rw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return conn, rw, err
	}
	// What the browser sent already stays buffered: the WebSocket library
	// reads on from what the reader holds, then from the socket.
	n := rw.Reader.Buffered()
	if n <= pageReadBuffer {
		early, _ := rw.Reader.Peek(n)
		small := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(early)), conn), pageReadBuffer)
		if n > 0 {
			if _, err := small.Peek(n); err != nil {
				return conn, rw, err
			}
		}
		rw.Reader = small
	}
	w.frames = newFrameWriter(conn)
	rw.Writer = bufio.NewWriterSize(w.frames, pageWriteBuffer)
	return conn, rw, nil
}

// frameWriter writes a page's socket: the library's control frames as
// they come, and the updates, framed already (frame.Message). Every write holds
// the lock, so frames never interleave: the library flushes each control
// frame in one Write (they are at most 127 bytes, within its buffer).
type frameWriter struct {
	conn net.Conn
	// raw writes the socket without waiting (writeNow); nil when the
	// connection has no file descriptor of its own (TLS, a pipe in tests).
	raw syscall.RawConn
	mu  sync.Mutex
	// closing is set once the library has written the closing frame:
	// nothing may follow it.
	closing bool
}

func newFrameWriter(conn net.Conn) *frameWriter {
	w := &frameWriter{conn: conn}
	if sc, ok := conn.(syscall.Conn); ok && canWriteNow {
		if raw, err := sc.SyscallConn(); err == nil {
			w.raw = raw
		}
	}
	return w
}

// Write passes the library's frames through, noting the closing one.
func (w *frameWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(p) > 0 && p[0]&0x0f == opClose {
		w.closing = true
	}
	return w.conn.Write(p)
}

// errClosing is a write after the closing frame.
var errClosing = errors.New("the socket is closing")

// errWouldBlock is a socket whose buffer is full: writing would wait
// (writeNow).
var errWouldBlock = errors.New("the socket would block")

// message writes f, waiting for the socket as long as it takes.
func (w *frameWriter) message(f frame.Message) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closing {
		return errClosing
	}
	_, err := w.conn.Write(f.Wire())
	return err
}

// try writes what of f the socket takes now, without waiting for it, and
// returns the rest: nothing when all was written, all of f when the socket
// or the lock was busy. When only part of f went out, the rest must follow
// before any other frame: then held is true, the lock stays held, and
// finish must be called with the rest.
func (w *frameWriter) try(f frame.Message) (rest []byte, held bool, err error) {
	b := f.Wire()
	if w.raw == nil || !w.mu.TryLock() {
		return b, false, nil
	}
	if w.closing {
		w.mu.Unlock()
		return nil, false, errClosing
	}
	n := 0
	for n < len(b) {
		k, err := writeNow(w.raw, b[n:])
		if err == errWouldBlock {
			break
		}
		if err != nil {
			w.mu.Unlock()
			return nil, false, err
		}
		n += k
	}
	switch n {
	case len(b):
		w.mu.Unlock()
		return nil, false, nil
	case 0:
		w.mu.Unlock()
		return b, false, nil
	}
	return b[n:], true, nil
}

// finish writes the rest of a frame try began, waiting for the socket, and
// lets go of the lock try kept.
func (w *frameWriter) finish(rest []byte) error {
	defer w.mu.Unlock()
	_, err := w.conn.Write(rest)
	return err
}
