package frame

import (
	"bytes"
	"hash/maphash"
)

// Builder records the parts of a fragment while it is written into the
// builder's buffer: Begin before a part's element, End after it. A part
// begun inside another part is not a part of its own (its bytes belong to the
// outer one).
type Builder struct {
	buf   bytes.Buffer
	parts []part
	depth int // open parts, counting ignored nested ones
}

// Buffer is where the fragment is written.
func (b *Builder) Buffer() *bytes.Buffer { return &b.buf }

// Kind says how a part is sent.
type Kind uint8

const (
	// Element is sent when it changed.
	Element Kind = iota
	// List is an element whose items are marked with Items, Item and
	// ItemsEnd: when it only grew, only the new items are sent.
	List
	// Always is sent with every update that sends anything (the room's
	// version, so that every update says which state it brings).
	Always
)

// Begin starts part id at the current end of the buffer.
func (b *Builder) Begin(id string, kind Kind) {
	b.depth++
	if b.depth > 1 {
		return
	}
	b.parts = append(b.parts, part{id: id, start: b.buf.Len(), list: kind == List, always: kind == Always})
}

// End closes the part begun last.
func (b *Builder) End() {
	if b.depth == 0 {
		return
	}
	b.depth--
	if b.depth == 0 {
		b.parts[len(b.parts)-1].end = b.buf.Len()
	}
}

// list returns the open list part, or nil.
func (b *Builder) list() *part {
	if b.depth != 1 || len(b.parts) == 0 || !b.parts[len(b.parts)-1].list {
		return nil
	}
	return &b.parts[len(b.parts)-1]
}

// Items marks where the open list's items begin (after its start tag).
func (b *Builder) Items() {
	if p := b.list(); p != nil {
		p.inner[0] = b.buf.Len()
	}
}

// Item marks the start of one item of the open list.
func (b *Builder) Item() {
	if p := b.list(); p != nil {
		p.items = append(p.items, b.buf.Len())
	}
}

// ItemsEnd marks where the open list's items end (before its end tag).
func (b *Builder) ItemsEnd() {
	if p := b.list(); p != nil {
		p.inner[1] = b.buf.Len()
	}
}

// Frame finishes the render. A part left open, or a list whose item marks
// are incomplete, makes the frame one without parts: always sent whole.
func (b *Builder) Frame() *Frame {
	f := &Frame{HTML: b.buf.Bytes(), parts: b.parts}
	if b.depth != 0 {
		f.parts = nil
	}
	for i := range f.parts {
		p := &f.parts[i]
		if p.list && (p.inner[0] < p.start || p.inner[1] < p.inner[0] || p.end < p.inner[1]) {
			p.list = false
		}
	}
	var h maphash.Hash
	h.SetSeed(seed)
	at := 0
	for _, p := range f.parts {
		h.Write(f.HTML[at:p.start])
		h.WriteString("\x00")
		h.WriteString(p.id)
		h.WriteString("\x00")
		at = p.end
	}
	h.Write(f.HTML[at:])
	f.shell = h.Sum64()
	return f
}
