package solve

// The transposition table keeps, per position (houses only, seen from the
// side to move), a lower and an upper bound on its relative value, the best
// move found and how much work the entry cost, so that MTD(f)'s repeated
// zero-window searches reuse each other's bounds.

// entry is one slot of the table: 24 bytes.
type entry struct {
	lo, hi uint64 // the exact packed key; lo == hi == 0 marks an empty slot
	lower  int16  // the value is at least lower
	upper  int16  // and at most upper
	move   int8   // best house (0-based), −1 if none
	work   uint8  // log2 of the nodes the search below it took
}

// entryBytes is the size of an entry, for sizing the table.
const entryBytes = 24

// table is a two-way set-associative table: slot 0 of each pair keeps the
// entry that cost the most work, slot 1 always takes the newest.
type table struct {
	slots []entry
	mask  uint64 // pairs − 1
}

// newTable makes a table of at most bytes bytes (a power-of-two number of
// pairs, at least one).
func newTable(bytes int) *table {
	pairs := uint64(1)
	for pairs*2*2*entryBytes <= uint64(bytes) {
		pairs *= 2
	}
	t := &table{slots: make([]entry, 2*pairs), mask: pairs - 1}
	if len(t.slots)*entryBytes >= 4<<20 {
		adviseHuge(t.slots)
	}
	return t
}

// index picks the pair of a key.
func (t *table) index(lo, hi uint64) uint64 {
	x := lo*0x9e3779b97f4a7c15 ^ hi*0xc2b2ae3d27d4eb4f
	x ^= x >> 29
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 32
	return (x & t.mask) * 2
}

// probe returns the entry of a key, or nil. lo|hi is never 0 for a position
// the search stores (it has seeds in the mover's houses), so an empty slot
// cannot match.
func (t *table) probe(lo, hi uint64) *entry {
	return t.probeAt(t.index(lo, hi), lo, hi)
}

// probeAt is probe when the pair's index i is known.
func (t *table) probeAt(i, lo, hi uint64) *entry {
	s := t.slots[i : i+2 : i+2]
	if s[0].lo == lo && s[0].hi == hi {
		return &s[0]
	}
	if s[1].lo == lo && s[1].hi == hi {
		return &s[1]
	}
	return nil
}

// store records bounds for a key, merging with an existing entry of the same
// key (the bounds only tighten).
func (t *table) store(lo, hi uint64, lower, upper int, move int, work uint8) {
	i := t.index(lo, hi)
	s := t.slots[i : i+2 : i+2]
	for k := range s {
		e := &s[k]
		if e.lo == lo && e.hi == hi {
			e.lower = max(e.lower, int16(lower))
			e.upper = min(e.upper, int16(upper))
			if move >= 0 {
				e.move = int8(move)
			}
			e.work = max(e.work, work)
			return
		}
	}
	n := entry{lo: lo, hi: hi, lower: int16(lower), upper: int16(upper), move: int8(move), work: work}
	if work >= s[0].work {
		s[1] = s[0]
		s[0] = n
		return
	}
	s[1] = n
}
