package realtime

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
)

// A page's socket as the WebSocket library gets it from the HTTP server:
// small buffers that cost little while the page is idle, most pages' state.
//
// Reading: the HTTP server's 4 KiB reader, which the library would keep for
// the socket's life, was a fifth of an idle page's memory; a page sends
// clicks and short texts (MaxMessageBytes at most), and longer messages are
// read past a small buffer anyway.
//
// Writing: the library writes through a bufio.Writer, whose buffer (the
// HTTP server's 4 KiB) was another fifth of an idle page's memory, and an
// update larger than it went out in two or three system calls. The library
// gets a small buffered writer over a frame writer instead, and writes only
// its control frames there (the answer to a ping, the closing frame). The
// updates do not go through the library at all: each is framed here and
// sent in one system call (frameWriter.message). With thousands of
// spectators a room's update is written thousands of times, and the
// library's locking, framing and copying per message cost as much as the
// rest of the server's own work per write.

// Buffer sizes of a page's socket.
const (
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
	w.frames = &frameWriter{conn: conn}
	rw.Writer = bufio.NewWriterSize(w.frames, pageWriteBuffer)
	return conn, rw, nil
}

// frameWriter writes a page's socket: the library's control frames as
// they come, and the updates framed by message. Every write holds the
// lock, so frames never interleave: the library flushes each control frame
// in one Write (they are at most 127 bytes, within its buffer).
type frameWriter struct {
	conn net.Conn
	mu   sync.Mutex
	// closing is set once the library has written the closing frame:
	// nothing may follow it.
	closing bool
}

// lent are the buffers of messages being framed (*[]byte).
var lent sync.Pool

// Write passes the library's frames through, noting the closing one.
func (w *frameWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(p) > 0 && p[0]&0x0f == opClose {
		w.closing = true
	}
	return w.conn.Write(p)
}

// The WebSocket frame fields used here (RFC 6455, section 5.2).
const (
	finText = 0x81 // the final (and only) frame of a text message
	opClose = 0x08
)

// errClosing is a write after the closing frame.
var errClosing = errors.New("the socket is closing")

// message sends payload as one text message in one write. A server's
// frames are not masked.
func (w *frameWriter) message(payload []byte) error {
	bp, _ := lent.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	b := appendHeader((*bp)[:0], len(payload))
	b = append(b, payload...)
	w.mu.Lock()
	var err error
	if w.closing {
		err = errClosing
	} else {
		_, err = w.conn.Write(b)
	}
	w.mu.Unlock()
	if cap(b) <= 1<<20 {
		*bp = b[:0]
		lent.Put(bp)
	}
	return err
}

// appendHeader appends the header of an unmasked text frame holding n
// bytes.
func appendHeader(b []byte, n int) []byte {
	switch {
	case n < 126:
		return append(b, finText, byte(n))
	case n <= 0xffff:
		return binary.BigEndian.AppendUint16(append(b, finText, 126), uint16(n))
	default:
		return binary.BigEndian.AppendUint64(append(b, finText, 127), uint64(n))
	}
}
