package ai

// A transposition table entry stores a search result for one position: its
// value as a bound, the remaining depth it was searched to and the best move
// found (used first when the position comes back, at any depth).
type ttEntry struct {
	key   uint64
	move  Move
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

// tt is a fixed-size, always-replace-unless-deeper table indexed by the low
// bits of the key.
type tt struct {
	entries []ttEntry
	mask    uint64
}

func newTT(log2 int) *tt {
	return &tt{entries: make([]ttEntry, 1<<log2), mask: 1<<log2 - 1}
}

func (t *tt) probe(key uint64) *ttEntry {
	e := &t.entries[key&t.mask]
	if e.key != key || e.bound == boundNone {
		return nil
	}
	return e
}

// store keeps the new result unless the slot holds a deeper result of the
// same position; a different position is always replaced (newer results
// matter more in iterative deepening).
func (t *tt) store(key uint64, depth int, value int, bound uint8, move Move, exact bool) {
	e := &t.entries[key&t.mask]
	if e.key == key && int(e.depth) > depth && e.bound == boundExact {
		return
	}
	if move == NoMove && e.key == key {
		move = e.move
	}
	*e = ttEntry{key: key, move: move, value: int32(value), depth: int8(depth), bound: bound, exact: exact}
}
