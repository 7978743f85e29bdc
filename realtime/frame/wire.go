package frame

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// A frame travels between the nodes of a cluster: the node that runs a room
// renders each distinct view once and publishes it, and the node holding a
// page works out that page's update from it (Delta). The encoding is the
// fragment's bytes and its parts' offsets; the digest is not sent (its
// hashes are seeded per process) but worked out again on arrival.

// AppendBinary appends the frame's encoding to b.
func (f *Frame) AppendBinary(b []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(f.HTML)))
	b = append(b, f.HTML...)
	b = binary.AppendUvarint(b, uint64(len(f.parts)))
	for _, p := range f.parts {
		b = binary.AppendUvarint(b, uint64(len(p.id)))
		b = append(b, p.id...)
		b = binary.AppendUvarint(b, uint64(p.start))
		b = binary.AppendUvarint(b, uint64(p.end))
		b = append(b, byte(p.kind))
		b = binary.AppendVarint(b, int64(p.list))
	}
	b = binary.AppendUvarint(b, uint64(len(f.lists)))
	for i := range f.lists {
		l := &f.lists[i]
		b = binary.AppendVarint(b, int64(l.inner[0]))
		b = binary.AppendVarint(b, int64(l.inner[1]))
		b = binary.AppendUvarint(b, uint64(len(l.items)))
		for j := range l.items {
			b = binary.AppendUvarint(b, uint64(l.item(j)))
		}
	}
	return b
}

// ErrBadEncoding is returned for bytes that are not a frame's encoding.
var ErrBadEncoding = errors.New("frame: bad encoding")

// Decode reads a frame encoded by AppendBinary from the start of b, and
// returns it with the bytes that follow it. Offsets are checked, so that
// a damaged encoding is an error, never a panic later.
func Decode(b []byte) (*Frame, []byte, error) {
	r := reader{b: b}
	f := &Frame{digest: &Digest{}}
	f.HTML = r.bytes()
	size := int64(len(f.HTML))
	n := r.count()
	if n > 0 {
		f.parts = make([]part, n)
	}
	prevEnd := int32(0)
	for i := range f.parts {
		p := &f.parts[i]
		p.id = string(r.bytes())
		p.start, p.end = r.offset(size), r.offset(size)
		p.kind = Kind(r.byte())
		p.list = int32(r.varint())
		if p.start < prevEnd || p.start > p.end || p.kind > Always { // in order, apart
			r.fail()
		}
		prevEnd = p.end
	}
	n = r.count()
	if n > 0 {
		f.lists = make([]list, n)
	}
	for i := range f.lists {
		l := &f.lists[i]
		l.inner = [2]int32{int32(r.varint()), int32(r.varint())}
		l.items = make([]int32, r.count())
		for j := range l.items {
			l.items[j] = r.offset(size)
			if j > 0 && l.items[j] < l.items[j-1] {
				r.fail()
			}
		}
	}
	for _, p := range f.parts {
		if p.kind == List && (p.list < 0 || int(p.list) >= len(f.lists)) {
			r.fail()
		}
	}
	if r.err != nil {
		return nil, b, r.err
	}
	f.seal()
	return f, r.b, nil
}

// reader reads the encoding, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = ErrBadEncoding
	}
	r.b = nil
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// count reads a length that must fit in what is left (each element takes
// at least a byte).
func (r *reader) count() int {
	v := r.uvarint()
	if v > uint64(len(r.b)) {
		r.fail()
		return 0
	}
	return int(v)
}

func (r *reader) bytes() []byte {
	n := r.count()
	out := r.b[:n:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) byte() byte {
	if len(r.b) == 0 {
		r.fail()
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// offset reads a byte offset into a fragment of size bytes.
func (r *reader) offset(size int64) int32 {
	v := r.uvarint()
	if v > uint64(size) {
		r.fail()
		return 0
	}
	return int32(v)
}

// String describes the frame (for test failures and logs).
func (f *Frame) String() string {
	return fmt.Sprintf("frame of %d bytes, %d parts", len(f.HTML), len(f.parts))
}
