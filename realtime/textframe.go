package realtime

import (
	"encoding/binary"
	"sync"

	"boardroom/realtime/frame"
)

// A textFrame is an update as it goes onto a page's socket: one WebSocket
// text message in one frame (RFC 6455, section 5.2), its header then its
// payload. An update is framed once, where it is made, and the same bytes
// are written to every page it goes to: a spectators' update goes to
// thousands of pages, and framing it for each (a copy of the update) was a
// share of every write. (A struct, so that a payload not yet framed cannot
// be passed for one.)
type textFrame struct {
	wire []byte
	// buf is the pooled buffer wire lies in (frameDelta's), given back by
	// recycle once no page holds the frame; nil: not pooled.
	buf *[]byte
}

// frameBufs are the buffers of framed deltas (*[]byte): an update is
// nearly always written before its broadcast ends, and its bytes were a
// third of what the server allocated.
var frameBufs sync.Pool

// maxRecycled bounds the buffers kept for reuse.
const maxRecycled = 64 << 10

// The WebSocket frame fields used here.
const (
	finText   = 0x81 // the final (and only) frame of a text message
	opClose   = 0x08
	maxHeader = 10 // the longest header: 2 bytes and a 64-bit length
)

// frameText frames payload (a copy).
func frameText(payload []byte) textFrame {
	b := make([]byte, maxHeader, maxHeader+len(payload))
	return framed(append(b, payload...))
}

// frameDelta frames the update that turns a page showing the frame from
// digests into one showing to (frame.Delta), written once straight after
// room left for its header; empty when the page already shows to.
func frameDelta(from *frame.Digest, to *frame.Frame) textFrame {
	bp, _ := frameBufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	b := frame.AppendDelta(append((*bp)[:0], make([]byte, maxHeader)...), from, to)
	*bp = b
	if len(b) == maxHeader {
		frameBufs.Put(bp)
		return textFrame{}
	}
	f := framed(b)
	f.buf = bp
	return f
}

// sharedDeltas are the updates of one broadcast, each worked out once for
// all the pages that showed the same frame, and their buffers given back
// once sent (recycle).
type sharedDeltas map[deltaKey]*sharedDelta

type deltaKey struct {
	from *frame.Digest
	to   *frame.Frame
}

// sharedDelta is an update, and whether a connection keeps it (then its
// buffer is not reused).
type sharedDelta struct {
	f    textFrame
	kept bool
}

// send sends c the update that turns its page, showing the frame from
// digests, into one showing to.
func (ds sharedDeltas) send(c *Conn, from *frame.Digest, to *frame.Frame) {
	k := deltaKey{from, to}
	d := ds[k]
	if d == nil {
		d = &sharedDelta{f: frameDelta(from, to)}
		ds[k] = d
	}
	if !d.f.empty() && c.enqueue(d.f) {
		d.kept = true
	}
}

// recycle gives back the buffers of the updates no connection keeps.
func (ds sharedDeltas) recycle() {
	for _, d := range ds {
		if !d.kept {
			d.f.recycle()
		}
	}
}

// sendDelta sends c the update from the frame digested by from to the
// frame to, for c alone.
func sendDelta(c *Conn, from *frame.Digest, to *frame.Frame) {
	if f := frameDelta(from, to); f.empty() || !c.enqueue(f) {
		f.recycle()
	}
}

// recycle gives the frame's buffer back for the next delta. Nothing may
// hold the frame after this: call it only once every page it went to has
// written it (enqueue reported it not kept).
func (f textFrame) recycle() {
	if f.buf != nil && cap(*f.buf) <= maxRecycled {
		frameBufs.Put(f.buf)
	}
}

// framed puts the header of the payload b[maxHeader:] just before it and
// returns the frame from there. A server's frames are not masked.
func framed(b []byte) textFrame {
	n := len(b) - maxHeader
	var h []byte
	switch {
	case n < 126:
		h = b[maxHeader-2:]
		h[1] = byte(n)
	case n <= 0xffff:
		h = b[maxHeader-4:]
		h[1] = 126
		binary.BigEndian.PutUint16(h[2:], uint16(n))
	default:
		h = b
		h[1] = 127
		binary.BigEndian.PutUint64(h[2:], uint64(n))
	}
	h[0] = finText
	return textFrame{wire: h}
}

// empty says there is no update (the page already shows it).
func (f textFrame) empty() bool { return len(f.wire) == 0 }

// payload is the message the frame carries.
func (f textFrame) payload() []byte {
	w := f.wire
	if len(w) < 2 {
		return nil
	}
	switch w[1] & 0x7f {
	case 126:
		return w[4:]
	case 127:
		return w[maxHeader:]
	}
	return w[2:]
}
