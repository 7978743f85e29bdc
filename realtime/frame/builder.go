package frame

import (
	"bytes"
	"hash/maphash"
	"sync"
)

// Builder records the parts of a fragment while it is written into the
// builder's buffer: Begin before a part's element, End after it. A part
// begun inside another part is not a part of its own (its bytes belong to the
// outer one).
type Builder struct {
	buf   *bytes.Buffer
	parts []part
	lists []list
	depth int // open parts, counting ignored nested ones
	// marks counts the list marks taken (Items, Item, ItemsEnd), so that a
	// segment inside a part knows whether it marked the part's items.
	marks int
	// shared holds the segments drawn for other viewers of the broadcast
	// (nil: every segment is drawn).
	shared *Shared
	// inSegment is set while a segment is drawn.
	inSegment bool
}

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

// buffers are reused between renders: a render writes tens of kilobytes,
// and growing a fresh buffer each time was much of the garbage. A frame
// keeps the buffer it was written in (its HTML is the buffer's bytes, not
// a copy) until it is released: copying each render out of its buffer into
// one of the right size was a fifth of what the server allocated, because
// renders of different games (10 KB, 80 KB) rarely found a spare of their
// size.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooled bounds the buffers kept for reuse (a huge render is rare).
const maxPooled = 1 << 20

// spareParts holds the part lists of released frames (*[]part).
var spareParts sync.Pool

// takeParts returns an empty part list with room for n parts.
func takeParts(n int) []part {
	if p, ok := spareParts.Get().(*[]part); ok && cap(*p) >= n {
		return (*p)[:0]
	}
	return make([]part, 0, n)
}

// Release gives the frame's bytes back for later renders. Nothing may use
// the frame's bytes after this (its HTML, a Part); its digest stays valid.
// Updates made from it (Delta) are copies and stay valid too.
func (f *Frame) Release() {
	if f == nil || f.HTML == nil {
		return
	}
	buf, ps := f.buf, f.parts[:0]
	f.HTML, f.parts, f.lists, f.buf = nil, nil, nil, nil
	putBuffer(buf)
	if cap(ps) > 0 {
		spareParts.Put(&ps)
	}
}

func putBuffer(buf *bytes.Buffer) {
	if buf != nil && buf.Cap() <= maxPooled {
		buf.Reset()
		buffers.Put(buf)
	}
}

// Kept returns the frame ready to be kept for long (a room keeps its
// spectators' frame until the next change): its bytes moved to a slice of
// about their own size when they sit in a larger buffer, which is given
// back. The slice is the frame replaced's when it fits (replaced, which is
// released: a room's next frame is of nearly the same size, and a fresh
// copy at every change was a fifth of what a busy server allocated), else
// a new one with a little room to grow.
func (f *Frame) Kept(replaced *Frame) *Frame {
	if replaced == f {
		replaced = nil
	}
	defer replaced.Release() // after its bytes may have been taken over
	if f == nil || f.buf == nil {
		return f
	}
	n := len(f.HTML)
	if cap(f.HTML) > n+n/8 {
		var spare []byte
		if replaced != nil && replaced.buf == nil && cap(replaced.HTML) >= n && cap(replaced.HTML) <= n+n/8 {
			spare = replaced.HTML[:0]
		} else {
			spare = make([]byte, 0, n+n/16)
		}
		f.HTML = append(spare, f.HTML...)
		putBuffer(f.buf)
	}
	f.buf = nil // no longer pooled, whatever its size
	return f
}

// Buffer is where the fragment is written.
func (b *Builder) Buffer() *bytes.Buffer {
	if b.buf == nil {
		b.buf = buffers.Get().(*bytes.Buffer)
		b.buf.Reset()
	}
	return b.buf
}

// Grow makes room for n parts, when the caller knows about how many the
// fragment has (it saves growing the list part by part).
func (b *Builder) Grow(n int) {
	if n <= cap(b.parts)-len(b.parts) {
		return
	}
	grown := takeParts(len(b.parts) + n)
	b.parts = append(grown, b.parts...)
}

func (b *Builder) at() int32 { return int32(b.Buffer().Len()) }

// Begin starts part id at the current end of the buffer.
func (b *Builder) Begin(id string, kind Kind) {
	b.depth++
	if b.depth > 1 {
		return
	}
	p := part{id: id, start: b.at(), kind: kind, list: -1}
	if kind == List {
		p.list = int32(len(b.lists))
		b.lists = append(b.lists, list{inner: [2]int32{-1, -1}})
	}
	b.parts = append(b.parts, p)
}

// End closes the part begun last.
func (b *Builder) End() {
	if b.depth == 0 {
		return
	}
	b.depth--
	if b.depth == 0 {
		b.parts[len(b.parts)-1].end = b.at()
	}
}

// open returns the open list, or nil.
func (b *Builder) open() *list {
	if b.depth != 1 || len(b.parts) == 0 || b.parts[len(b.parts)-1].kind != List {
		return nil
	}
	return &b.lists[b.parts[len(b.parts)-1].list]
}

// Items marks where the open list's items begin (after its start tag).
func (b *Builder) Items() {
	if l := b.open(); l != nil {
		l.inner[0] = b.at()
		b.marks++
	}
}

// Item marks the start of one item of the open list.
func (b *Builder) Item() {
	if l := b.open(); l != nil {
		l.items = append(l.items, b.at())
		b.marks++
	}
}

// ItemsEnd marks where the open list's items end (before its end tag).
func (b *Builder) ItemsEnd() {
	if l := b.open(); l != nil {
		l.inner[1] = b.at()
		b.marks++
	}
}

// Frame finishes the render and releases the builder's buffer. A part left
// open makes the frame one without parts (always sent whole); a list whose
// marks are incomplete is sent whole when it changes.
func (b *Builder) Frame() *Frame {
	buf := b.Buffer()
	f := &Frame{HTML: buf.Bytes(), buf: buf, parts: b.parts, lists: b.lists, digest: &Digest{}}
	b.buf = nil
	if b.depth != 0 {
		f.parts, f.lists = nil, nil
	}
	f.seal()
	return f
}

// seal works out the frame's digest from its bytes and parts; the parts
// pasted from a segment come with their hashes.
func (f *Frame) seal() {
	d := f.digest
	if len(f.parts) == 0 {
		return // sent whole, whatever it is compared with
	}
	d.hashes = make([]uint64, len(f.parts))
	d.lists = make([]listDigest, len(f.lists))
	var shell maphash.Hash
	shell.SetSeed(seed)
	at := int32(0)
	for i := range f.parts {
		p := &f.parts[i]
		shell.Write(f.HTML[at:p.start])
		shell.WriteString("\x00")
		shell.WriteString(p.id)
		shell.WriteString("\x00")
		at = p.end
		if !p.sealed {
			sealPart(f.HTML, p, f.lists)
		}
		d.hashes[i] = p.hash
		if p.kind == List {
			d.lists[p.list] = f.lists[p.list].digest
		}
	}
	shell.Write(f.HTML[at:])
	d.shell = shell.Sum64()
}

// sealPart works out the hash of part p of html and, for a list, its
// digest; a list whose marks are out of place becomes an Element (no
// appending).
func sealPart(html []byte, p *part, lists []list) {
	p.hash, p.sealed = hash(html[p.start:p.end]), true
	if p.kind != List {
		return
	}
	l := &lists[p.list]
	if l.inner[0] < p.start || l.inner[1] < l.inner[0] || p.end < l.inner[1] ||
		(len(l.items) > 0 && (l.item(0) < l.inner[0] || l.item(len(l.items)-1) > l.inner[1])) {
		p.kind = Element // marks out of place: no appending
		return
	}
	var outer maphash.Hash
	outer.SetSeed(seed)
	outer.Write(html[p.start:l.inner[0]])
	outer.WriteString("\x00")
	outer.Write(html[l.inner[1]:p.end])
	l.digest = listDigest{outer: outer.Sum64(), items: len(l.items), all: hash(html[l.inner[0]:l.inner[1]])}
}
