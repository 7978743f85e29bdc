package frame

import (
	"encoding/binary"
	"sync"
)

// A Message is an update as it goes onto a page's socket: one WebSocket
// text message in one frame (RFC 6455, section 5.2), its header then its
// payload. An update is framed once, where it is made, and the same bytes
// are written to every page it goes to: a spectators' update goes to
// thousands of pages, and framing it for each (a copy of the update) was a
// share of every write. (A struct, so that a payload not yet framed cannot
// be passed for one.)
type Message struct {
	wire []byte
	// buf is the pooled buffer wire lies in (DeltaMessage's), given back
	// by Recycle once no page holds the message; nil: not pooled.
	buf *[]byte
}

// messageBufs are the buffers of framed deltas (*[]byte): an update is
// nearly always written before its broadcast ends, and its bytes were a
// third of what the server allocated.
var messageBufs sync.Pool

// maxRecycled bounds the buffers kept for reuse.
const maxRecycled = 64 << 10

// The WebSocket frame fields used here.
const (
	finText   = 0x81 // the final (and only) frame of a text message
	maxHeader = 10   // the longest header: 2 bytes and a 64-bit length
)

// TextMessage frames payload (a copy).
func TextMessage(payload []byte) Message {
	b := make([]byte, maxHeader, maxHeader+len(payload))
	return framed(append(b, payload...))
}

// DeltaMessage frames the update that turns a page showing the frame from
// digests into one showing to (AppendDelta), written once straight after
// room left for its header; empty when the page already shows to.
func DeltaMessage(from *Digest, to *Frame) Message {
	bp, _ := messageBufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	b := AppendDelta(append((*bp)[:0], make([]byte, maxHeader)...), from, to)
	*bp = b
	if len(b) == maxHeader {
		messageBufs.Put(bp)
		return Message{}
	}
	m := framed(b)
	m.buf = bp
	return m
}

// Recycle gives the message's buffer back for the next delta. Nothing may
// hold the message after this: call it only once every page it went to
// has written it (its socket reported it not kept).
func (m Message) Recycle() {
	if m.buf != nil && cap(*m.buf) <= maxRecycled {
		messageBufs.Put(m.buf)
	}
}

// framed puts the header of the payload b[maxHeader:] just before it and
// returns the message from there. A server's frames are not masked.
func framed(b []byte) Message {
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
	return Message{wire: h}
}

// Empty says there is no update (the page already shows it).
func (m Message) Empty() bool { return len(m.wire) == 0 }

// Wire is the whole frame, header and payload, as written to the socket.
func (m Message) Wire() []byte { return m.wire }

// Payload is the message the frame carries.
func (m Message) Payload() []byte {
	w := m.wire
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
