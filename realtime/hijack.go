package realtime

import (
	"bufio"
	"bytes"
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
// HTTP server's 4 KiB) was another fifth, and an update larger than it
// went out in two or three system calls. The library gets a small buffered
// writer over a gathering writer instead: while an update is written
// (gather.begin to gather.end), everything the library writes is collected
// in a buffer lent for the update, and sent in one system call at the end.

// Buffer sizes of a page's socket.
const (
	pageReadBuffer  = 512
	pageWriteBuffer = 256 // room for a frame header and a control frame
)

// pageSocket hands the WebSocket library the socket with small buffers
// when it takes the connection over from the HTTP server; gather is the
// writer under the library's, set by Hijack.
type pageSocket struct {
	http.ResponseWriter
	gather *gather
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
	w.gather = &gather{conn: conn}
	rw.Writer = bufio.NewWriterSize(w.gather, pageWriteBuffer)
	return conn, rw, nil
}

// gather writes to the socket, or, between begin and end, collects what
// is written to send it at once. Writes made outside an update (the
// library's answers to pings, its closing frame) go straight through;
// every write holds the lock, so frames never interleave.
type gather struct {
	conn       net.Conn
	mu         sync.Mutex
	collecting bool
	buf        []byte
}

// lent are the buffers of updates being written (*[]byte).
var lent sync.Pool

func (g *gather) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.collecting {
		g.buf = append(g.buf, p...)
		return len(p), nil
	}
	return g.conn.Write(p)
}

// begin starts collecting an update.
func (g *gather) begin() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.collecting = true
	if b, ok := lent.Get().(*[]byte); ok {
		g.buf = (*b)[:0]
	}
}

// end sends what was collected in one write, and gives the buffer back.
func (g *gather) end() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.collecting = false
	b := g.buf
	g.buf = nil
	var err error
	if len(b) > 0 {
		_, err = g.conn.Write(b)
	}
	if cap(b) > 0 && cap(b) <= 1<<20 {
		b = b[:0]
		lent.Put(&b)
	}
	return err
}
