package solve

import (
	"sync/atomic"
	"unsafe"
)

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
	seq    uint16 // slot 0 of a shared table's pair: its version (odd while written)
}

// entryBytes is the size of an entry, for sizing the table.
const entryBytes = 24

// table is a two-way set-associative table: slot 0 of each pair keeps the
// entry that cost the most work, slot 1 always takes the newest.
//
// A shared table serves several searches of one solve at once (Solver's
// threads): each pair is then a sequence lock (Lamport's "concurrent
// reading and writing", 1977, as in Linux's seqlock) kept in slot 0's
// seq. A writer that finds the pair being written drops its store (the
// table only ever loses knowledge that way, never gains a false bound); a
// reader that sees the version change while it read takes a miss. Every
// word of a shared pair is read and written atomically, so the bounds a
// probe returns are always ones some search stored for that key.
type table struct {
	slots  []entry
	mask   uint64 // pairs − 1
	shared bool
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

// probe returns the entry of a key and whether there is one. lo|hi is never
// 0 for a position the search stores (it has seeds in the mover's houses),
// so an empty slot cannot match.
func (t *table) probe(lo, hi uint64) (entry, bool) {
	return t.probeAt(t.index(lo, hi), lo, hi)
}

// probeAt is probe when the pair's index i is known.
func (t *table) probeAt(i, lo, hi uint64) (entry, bool) {
	if t.shared {
		return t.probeShared(i, lo, hi)
	}
	s := t.slots[i : i+2 : i+2]
	if s[0].lo == lo && s[0].hi == hi {
		return s[0], true
	}
	if s[1].lo == lo && s[1].hi == hi {
		return s[1], true
	}
	return entry{}, false
}

// touch loads a word of pair i, so that its cache line is on its way
// (etc's first pass).
func (t *table) touch(i uint64) uint64 {
	if t.shared {
		return atomic.LoadUint64(&t.slots[i].lo)
	}
	return t.slots[i].lo
}

// store records bounds for a key, merging with an existing entry of the same
// key (the bounds only tighten).
func (t *table) store(lo, hi uint64, lower, upper int, move int, work uint8) {
	i := t.index(lo, hi)
	if t.shared {
		t.storeShared(i, lo, hi, lower, upper, move, work)
		return
	}
	s := t.slots[i : i+2 : i+2]
	merge(s, lo, hi, lower, upper, move, work)
}

// merge is store's work on a pair s.
func merge(s []entry, lo, hi uint64, lower, upper int, move int, work uint8) {
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

// words views pair i of a shared table as its six 64-bit words: key, key,
// bounds (with slot 0's version in the top 16 bits) for each slot.
func (t *table) words(i uint64) *[6]uint64 {
	return (*[6]uint64)(unsafe.Pointer(&t.slots[i]))
}

// seqShift places slot 0's seq in its third word.
const seqShift = 48

// loadPair reads a shared pair's words atomically, slot 0's bounds word
// (the version) first and last; ok is false when a writer held or changed
// the pair meanwhile.
func loadPair(w *[6]uint64) (p [2]entry, ok bool) {
	v := atomic.LoadUint64(&w[2])
	if v>>seqShift&1 != 0 {
		return p, false
	}
	var c [6]uint64
	for k := range c {
		c[k] = atomic.LoadUint64(&w[k])
	}
	if atomic.LoadUint64(&w[2]) != v || c[2] != v {
		return p, false
	}
	p = *(*[2]entry)(unsafe.Pointer(&c))
	return p, true
}

func (t *table) probeShared(i, lo, hi uint64) (entry, bool) {
	p, ok := loadPair(t.words(i))
	if !ok {
		return entry{}, false
	}
	if p[0].lo == lo && p[0].hi == hi {
		return p[0], true
	}
	if p[1].lo == lo && p[1].hi == hi {
		return p[1], true
	}
	return entry{}, false
}

func (t *table) storeShared(i, lo, hi uint64, lower, upper int, move int, work uint8) {
	w := t.words(i)
	v := atomic.LoadUint64(&w[2])
	if v>>seqShift&1 != 0 || !atomic.CompareAndSwapUint64(&w[2], v, v+1<<seqShift) {
		return // another thread is writing the pair: drop this store
	}
	// The pair is ours: read it, merge, write it back, version last
	// (even again: one more than the odd "being written" mark).
	var old, c [6]uint64
	for k := range c {
		old[k] = atomic.LoadUint64(&w[k])
	}
	c = old
	p := (*[2]entry)(unsafe.Pointer(&c))
	seq := p[0].seq
	merge(p[:], lo, hi, lower, upper, move, work)
	p[0].seq = seq + 1
	p[1].seq = 0
	// Only the words that changed: an atomic store costs a locked
	// instruction, and a merge usually changes one word.
	for _, k := range [5]int{0, 1, 3, 4, 5} {
		if c[k] != old[k] {
			atomic.StoreUint64(&w[k], c[k])
		}
	}
	atomic.StoreUint64(&w[2], c[2])
}
