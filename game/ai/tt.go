package ai

import (
	"math/bits"
	"sync/atomic"
)

// A transposition table entry stores a search result for one position: its
// value as a bound, the remaining depth it was searched to and the best move
// found (used first when the position comes back, at any depth).
type ttEntry struct {
	key  uint64
	move Move
	// tag is the owner's (NewTag): a search sees only its owner's entries,
	// so that one table serves many seats, each with its own evaluation
	// (noise seed, side, rules), as if each had a table of its own.
	tag   uint32
	value int32
	depth int8
	bound uint8
	// exact is set when no leaf below was an evaluation: every line ended
	// in a finished game (or a table entry that did), so the value is the
	// game's true value at this depth.
	exact bool
}

const (
	boundNone uint8 = iota
	boundLower
	boundUpper
	boundExact
)

// Table is a fixed-size transposition table, always-replace-unless-deeper,
// indexed by the low bits of the key (24 bytes an entry). A search worker
// owns one and lends it to every search it runs; a fixed-depth search
// brings a small one of its own (SearchBot).
type Table struct {
	entries []ttEntry
	mask    uint64
}

// NewTable makes a table of 2^log2 entries. The memory is touched only as
// the searches fill it.
func NewTable(log2 int) *Table {
	return &Table{entries: make([]ttEntry, 1<<log2), mask: 1<<log2 - 1}
}

// Log2 is the table's size as a power of two.
func (t *Table) Log2() int { return bits.Len(uint(len(t.entries))) - 1 }

// prefix is the table's first 2^log2 entries, indexed as a table of that
// size would be (the whole table when log2 is not smaller): a search asking
// for a smaller table fills its slots exactly as it would its own.
func (t *Table) prefix(log2 int) Table {
	if 1<<log2 >= len(t.entries) {
		return *t
	}
	return Table{entries: t.entries[:1<<log2], mask: 1<<log2 - 1}
}

var tags atomic.Uint32

// NewTag returns a tag no other owner holds: a seat's bot takes one, and
// its searches see only the entries they stored themselves.
func NewTag() uint32 {
	for {
		if t := tags.Add(1); t != 0 {
			return t
		}
	}
}

// slot is where key goes for tag's owner. The tag moves every key of an
// owner by the same amount, so that two seats' entries for one position
// (the two seats of a room search the same positions) take different
// slots, while one owner's keys collide exactly as in a table of its own.
func (t *Table) slot(key uint64, tag uint32) *ttEntry {
	return &t.entries[(key^uint64(tag)*0x9e3779b97f4a7c15)&t.mask]
}

func (t *Table) probe(key uint64, tag uint32) *ttEntry {
	e := t.slot(key, tag)
	if e.key != key || e.tag != tag || e.bound == boundNone {
		return nil
	}
	return e
}

// store keeps the new result unless the slot holds a deeper result of the
// same position; a different position, or another owner's entry, is always
// replaced (newer results matter more in iterative deepening).
func (t *Table) store(key uint64, tag uint32, depth int, value int, bound uint8, move Move, exact bool) {
	e := t.slot(key, tag)
	same := e.key == key && e.tag == tag
	if same && int(e.depth) > depth && e.bound == boundExact {
		return
	}
	if move == NoMove && same {
		move = e.move
	}
	*e = ttEntry{key: key, tag: tag, move: move, value: int32(value), depth: int8(depth), bound: bound, exact: exact}
}
