package web

import (
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Responses are compressed with gzip when the browser takes it and the
// body is text (HTML, CSS, script, SVG, JSON): the lobby was 84 KB of
// HTML fetched every few seconds, uncompressed. Not compressed: a
// WebSocket's upgrade (its messages are framed by the socket itself), a
// body that already names its encoding, an empty one (304, 204, HEAD), and
// a known length under minCompress, which gzip would not shrink.

// minCompress is the smallest known length worth compressing.
const minCompress = 1024

// gzipWriters are reused: a gzip.Writer holds about 800 KB of tables.
var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression)
	return w
}}

// compressible reports whether a content type is text worth compressing.
func compressible(contentType string) bool {
	t, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	switch t {
	case "application/javascript", "application/json", "image/svg+xml", "application/manifest+json":
		return true
	}
	return strings.HasPrefix(t, "text/")
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip
// (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for part := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// compress is the middleware.
func compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") != "" {
			next.ServeHTTP(w, r) // the WebSocket: the handler takes the connection
			return
		}
		w.Header().Add("Vary", "Accept-Encoding")
		if !acceptsGzip(r) || r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.close()
		next.ServeHTTP(gw, r)
	})
}

// gzipWriter compresses a response once its headers say it should. Its
// status waits for the first bytes of the body (up to minCompress of them
// when its length is not known), so that a short body goes out as it is.
type gzipWriter struct {
	http.ResponseWriter
	gz      *gzip.Writer
	status  int    // written by the handler, not sent yet
	buf     []byte // the body's first bytes, held while short
	started bool   // the status and headers are sent
}

// eligible reports whether the response may be compressed, by its
// headers (the type is sniffed from the body's first bytes if unset).
func (w *gzipWriter) eligible(first []byte) bool {
	h := w.Header()
	if h.Get("Content-Type") == "" && len(first) > 0 {
		h.Set("Content-Type", http.DetectContentType(first))
	}
	if w.status < 200 || w.status == http.StatusNoContent || w.status == http.StatusNotModified ||
		h.Get("Content-Encoding") != "" || !compressible(h.Get("Content-Type")) {
		return false
	}
	n, err := strconv.Atoi(h.Get("Content-Length"))
	return err != nil || n >= minCompress
}

// start sends the status and headers, compressed or not, then the bytes
// held.
func (w *gzipWriter) start(compressed bool) {
	w.started = true
	if compressed {
		h := w.Header()
		h.Del("Content-Length")
		h.Del("Accept-Ranges") // a range of the compressed bytes is not what was asked
		h.Set("Content-Encoding", "gzip")
		if etag := h.Get("ETag"); strings.HasPrefix(etag, `"`) {
			// Another encoding of the same content: equal, not the same bytes.
			h.Set("ETag", "W/"+etag)
		}
		w.gz = gzipWriters.Get().(*gzip.Writer)
		w.gz.Reset(w.ResponseWriter)
	}
	w.ResponseWriter.WriteHeader(w.status)
	if len(w.buf) > 0 {
		buf := w.buf
		w.buf = nil
		w.write(buf)
	}
}

func (w *gzipWriter) write(b []byte) (int, error) {
	if w.gz != nil {
		return w.gz.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

func (w *gzipWriter) WriteHeader(status int) {
	if w.started || w.status != 0 {
		return
	}
	if status < 200 { // informational: not the response's status
		w.ResponseWriter.WriteHeader(status)
		return
	}
	w.status = status
	if !w.eligible(nil) && w.Header().Get("Content-Type") != "" {
		w.start(false)
	}
}

func (w *gzipWriter) Write(b []byte) (int, error) {
	if w.started {
		return w.write(b)
	}
	if w.status == 0 {
		w.status = http.StatusOK
	}
	if !w.eligible(append(w.buf, b...)) {
		w.start(false)
		return w.write(b)
	}
	if _, err := strconv.Atoi(w.Header().Get("Content-Length")); err == nil || len(w.buf)+len(b) >= minCompress {
		w.start(true)
		return w.write(b)
	}
	w.buf = append(w.buf, b...)
	return len(b), nil
}

// Flush sends what is written so far (compressed if it may be).
func (w *gzipWriter) Flush() {
	if !w.started {
		if w.status == 0 {
			w.status = http.StatusOK
		}
		w.start(w.eligible(w.buf))
	}
	if w.gz != nil {
		w.gz.Flush()
	}
	http.NewResponseController(w.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *gzipWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// close ends the response: a short body goes out as it is.
func (w *gzipWriter) close() {
	if !w.started && w.status != 0 {
		w.start(false)
	}
	if w.gz == nil {
		return
	}
	w.gz.Close()
	w.gz.Reset(io.Discard) // let the pool not hold on to the connection
	gzipWriters.Put(w.gz)
	w.gz = nil
}
