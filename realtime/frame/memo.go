package frame

import "slices"

// Drawing again only what changed since the room's last broadcast.
//
// A move changes a few cells of a board of 14 to 1,681, yet every
// broadcast drew every cell and hashed every cell's part again. A Memo
// keeps, for one room, the stretches its renderer drew in numbered slots
// (a board's cells), each with its parts sealed: the next broadcast whose
// stretch in a slot would be the same — which the renderer decides, by a
// key of its own kept beside the slots — copies it (Recall) instead of
// drawing and hashing it. A frame built so is the same, byte for byte and
// part for part, as one drawn alone.

// Memo holds the stretches drawn for one room. It is used by one goroutine
// at a time (the room's), through the Shared of each broadcast (UseMemo).
type Memo struct {
	slots []memoSlot
	// arena holds the slots' bytes; a stretch that no longer fits where it
	// was is written at the end, and the arena is compacted when most of it
	// is stale.
	arena []byte
	live  int // bytes of the arena still used by a slot
	hits  int // stretches recalled
	// Keys is the renderer's: what each slot's stretch was drawn for.
	Keys any
}

// memoSlot is one stretch: arena[at:at+n], with at most one part, whose
// offsets count from the stretch's start.
type memoSlot struct {
	at, n   int32
	room    int32 // the bytes the slot may use from at: a stretch a little longer fits
	part    part
	hasPart bool
	full    bool
}

// Slots makes the memo hold n slots, emptied when their number changes (a
// board of another size).
func (m *Memo) Slots(n int) {
	if len(m.slots) == n {
		return
	}
	m.slots = make([]memoSlot, n)
	m.arena, m.live, m.Keys = m.arena[:0], 0, nil
}

// Hits reports how many stretches were recalled (for tests).
func (m *Memo) Hits() int { return m.hits }

// Size is the memory the memo holds, in bytes (for tests and metrics).
func (m *Memo) Size() int { return cap(m.arena) + cap(m.slots)*int(memoSlotSize) }

const memoSlotSize = 64 // about, per slot

// UseMemo has the frames of this broadcast recall from m and remember in
// it (nil: no memo).
func (s *Shared) UseMemo(m *Memo) {
	if s != nil {
		s.memo = m
	}
}

// Memo returns the memo of the broadcast the builder draws for, or nil.
func (b *Builder) Memo() *Memo {
	if b == nil || b.shared == nil {
		return nil
	}
	return b.shared.memo
}

// Recall writes the stretch kept in slot i at the end of the buffer, with
// its part, and reports whether the slot held one.
func (b *Builder) Recall(m *Memo, i int) bool {
	if m == nil || i < 0 || i >= len(m.slots) || !m.slots[i].full || b.depth != 0 && m.slots[i].hasPart {
		return false
	}
	g := &m.slots[i]
	m.hits++
	start := b.at()
	b.buf.Write(m.arena[g.at : g.at+g.n])
	if g.hasPart {
		p := g.part
		p.start += start
		p.end += start
		b.parts = append(b.parts, p)
	}
	return true
}

// Stretch is where a stretch to remember begins (Builder.Mark).
type Stretch struct {
	at    int32
	parts int
	depth int
}

// Mark notes where a stretch to remember begins.
func (b *Builder) Mark() Stretch { return Stretch{at: b.at(), parts: len(b.parts), depth: b.depth} }

// Remember keeps in slot i what was written since s: its bytes and its
// part, sealed. A stretch that holds more than one part, leaves a part open
// or lies in a part of another's is not kept (the slot is emptied).
func (b *Builder) Remember(m *Memo, i int, s Stretch) {
	if m == nil || i < 0 || i >= len(m.slots) {
		return
	}
	g := &m.slots[i]
	if g.full {
		m.live -= int(g.room)
	}
	g.full = false
	parts := len(b.parts) - s.parts
	if b.depth != s.depth || s.depth != 0 || parts > 1 {
		return
	}
	html := b.buf.Bytes()[s.at:]
	if int(g.room) >= len(html) { // fits where it was
		copy(m.arena[g.at:], html)
	} else {
		// At the end, with room to grow: a cell's next look ("selected",
		// "can be clicked") is often a little longer.
		room := len(html) + len(html)/4 + 16
		if len(m.arena)+room > cap(m.arena) && 2*m.live < len(m.arena) {
			m.compact()
		}
		g.at, g.room = int32(len(m.arena)), int32(room)
		m.arena = slices.Grow(m.arena, room)
		m.arena = append(m.arena, html...)[:int(g.at)+room]
	}
	g.n, g.full, g.hasPart = int32(len(html)), true, parts == 1
	m.live += int(g.room)
	if g.hasPart {
		p := &b.parts[s.parts]
		if !p.sealed {
			sealPart(b.buf.Bytes(), p, b.lists)
		}
		g.part = *p
		g.part.start -= s.at
		g.part.end -= s.at
		if p.kind == List { // a list's items live in the builder: not kept
			g.full = false
			m.live -= int(g.room)
		}
	}
}

// compact moves the slots' bytes to a fresh arena without the stale ones.
func (m *Memo) compact() {
	fresh := make([]byte, 0, max(2*m.live, 4<<10))
	for i := range m.slots {
		g := &m.slots[i]
		if !g.full {
			g.room = 0 // its bytes are not moved
			continue
		}
		at := int32(len(fresh))
		fresh = append(fresh, m.arena[g.at:g.at+g.room]...)
		g.at = at
	}
	m.arena = fresh
}
