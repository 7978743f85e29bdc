package frame

import "sync"

// Drawing once what several viewers see alike.
//
// A broadcast draws a frame for each kind of viewer (each player, the
// spectators), and most of each is the same for all of them: the board's
// cells, the move list, the chat. A segment is such a stretch of the
// fragment, named by a key that says what it depends on: the first frame of
// the broadcast to reach it draws it, and the next ones with the same key
// copy its bytes, its parts and their hashes instead of drawing and hashing
// them again. A frame built so is the same, byte for byte and part for
// part, as one drawn alone.

// Shared holds the segments drawn for one broadcast. It is used by one
// goroutine at a time (the room's), and only while the pages it serves show
// the same thing under the same key: a room at one moment.
type Shared struct {
	index map[string]int // key → segs
	segs  []segment
	// arena holds the segments' bytes.
	arena []byte
}

// segment is a stretch drawn once: its bytes and the parts in it, their
// offsets counted from its start.
type segment struct {
	html   []byte
	parts  []part
	lists  []list
	inPart bool // drawn inside a part: it holds no parts of its own
}

var sharedPool = sync.Pool{New: func() any { return &Shared{index: map[string]int{}} }}

// NewShared returns an empty Shared for one broadcast; Release it when the
// broadcast's frames are built.
func NewShared() *Shared { return sharedPool.Get().(*Shared) }

// Release gives the Shared back for a later broadcast. The frames built
// with it stay valid: they hold copies.
func (s *Shared) Release() {
	if s == nil {
		return
	}
	clear(s.index)
	for i := range s.segs {
		g := &s.segs[i]
		clear(g.parts) // the ids
		clear(g.lists) // the item offsets (frames may keep them)
		*g = segment{parts: g.parts[:0], lists: g.lists[:0]}
	}
	s.segs = s.segs[:0]
	if cap(s.arena) > maxPooled {
		s.arena = nil
	}
	s.arena = s.arena[:0]
	sharedPool.Put(s)
}

// Segments reports how many segments were drawn (for tests).
func (s *Shared) Segments() int { return len(s.segs) }

// keep copies b into the arena. A full arena is replaced, not grown: the
// segments already in it keep pointing at it.
func (s *Shared) keep(b []byte) []byte {
	if cap(s.arena)-len(s.arena) < len(b) {
		s.arena = make([]byte, 0, max(2*cap(s.arena), len(b), 16<<10))
	}
	at := len(s.arena)
	s.arena = append(s.arena, b...)
	return s.arena[at:len(s.arena):len(s.arena)]
}

// Share has the builder take its segments from s and leave the ones it
// draws there (nil: it draws every segment).
func (b *Builder) Share(s *Shared) { b.shared = s }

// Segment writes a stretch of the fragment that draw writes into the
// builder's buffer, or, when a frame built with the same Shared has drawn
// the segment of that key already, a copy of it. The key must name
// everything the stretch depends on among the pages of one Shared; ""
// draws it unshared. A segment may hold whole parts, or lie inside a part
// (then it must not mark the part's items); a segment inside another is
// drawn as a piece of the outer one.
func (b *Builder) Segment(key string, draw func() error) error {
	s := b.shared
	if s == nil || key == "" || b.inSegment {
		return draw()
	}
	b.inSegment = true
	defer func() { b.inSegment = false }()
	inPart := b.depth > 0
	if i, ok := s.index[key]; ok && s.segs[i].inPart == inPart {
		b.paste(&s.segs[i])
		return nil
	}
	start, depth, marks := b.at(), b.depth, b.marks
	firstPart := len(b.parts)
	if err := draw(); err != nil {
		return err
	}
	if b.depth != depth || (inPart && b.marks != marks) {
		return nil // a part left open, or the outer part's marks: not shared
	}
	if _, ok := s.index[key]; ok {
		return nil // drawn at another depth: the first stays
	}
	html := b.buf.Bytes()
	if len(s.segs) < cap(s.segs) {
		s.segs = s.segs[:len(s.segs)+1]
	} else {
		s.segs = append(s.segs, segment{})
	}
	g := &s.segs[len(s.segs)-1]
	g.html, g.inPart = s.keep(html[start:]), inPart
	for i := firstPart; i < len(b.parts); i++ {
		p := &b.parts[i]
		sealPart(html, p, b.lists) // here, so that the frame and the copies share the work
		q := *p
		q.start, q.end = p.start-start, p.end-start
		if p.list >= 0 {
			l := &b.lists[p.list]
			items := make([]int32, len(l.items)) // kept by the frames pasted into
			for j := range l.items {
				items[j] = l.item(j) - start
			}
			q.list = int32(len(g.lists))
			g.lists = append(g.lists, list{items: items, inner: [2]int32{shift(l.inner[0], -start), shift(l.inner[1], -start)}, digest: l.digest})
		}
		g.parts = append(g.parts, q)
	}
	s.index[key] = len(s.segs) - 1
	return nil
}

// paste writes segment g at the end of the buffer, with its parts.
func (b *Builder) paste(g *segment) {
	start := b.at()
	b.buf.Write(g.html)
	for _, q := range g.parts {
		q.start += start
		q.end += start
		if q.list >= 0 {
			l := g.lists[q.list]
			l.base += start
			l.inner = [2]int32{shift(l.inner[0], start), shift(l.inner[1], start)}
			q.list = int32(len(b.lists))
			b.lists = append(b.lists, l)
		}
		b.parts = append(b.parts, q)
	}
}

// shift moves an offset by d, leaving a missing mark (-1) missing.
func shift(at, d int32) int32 {
	if at < 0 {
		return at
	}
	return at + d
}
