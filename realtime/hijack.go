package realtime

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
)

// pageReadBuffer is the read buffer of a page's socket. A page sends
// clicks and short texts (MaxMessageBytes at most), and longer messages
// are read past the buffer anyway; the HTTP server's 4 KiB reader, which
// the WebSocket library would otherwise keep for the socket's life, was a
// fifth of an idle page's memory.
const pageReadBuffer = 512

// smallReads hands the WebSocket library the socket with a small read
// buffer when it takes the connection over from the HTTP server.
type smallReads struct {
	http.ResponseWriter
}

func (w smallReads) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w smallReads) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, rw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return conn, rw, err
	}
	// What the browser sent already stays buffered: the WebSocket library
	// reads on from what the reader holds, then from the socket.
	n := rw.Reader.Buffered()
	if n > pageReadBuffer {
		return conn, rw, nil // not a page's: keep the server's reader
	}
	early, _ := rw.Reader.Peek(n)
	small := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(early)), conn), pageReadBuffer)
	if n > 0 {
		if _, err := small.Peek(n); err != nil {
			return conn, rw, err
		}
	}
	rw.Reader = small
	return conn, rw, nil
}
