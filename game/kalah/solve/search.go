package solve

import (
	"context"
	"math/bits"

	"boardroom/game/kalah"
)

// searcher is the state of one exact search: zero-window (or full-window)
// fail-soft alpha-beta over relative values, with the table, the database
// and the prunings of the package doc.
type searcher struct {
	g       geom
	k       keyer
	tt      *table // nil: no table
	db      *db    // nil: no database
	dbN     int    // levels 0..dbN of db are complete; −1 for none
	dbWant  int    // the level openDB aimed at (Prepare's goal)
	etcMin  int    // enhanced transposition cutoffs above this many seeds
	ttMin   int    // the table is used above this many seeds
	total   int    // the seeds of the whole game
	ordered bool   // order moves (else house order)
	futile  bool   // prune on the seeds left

	ctx      context.Context
	limit    uint64 // stop after about this many nodes (tests); 0 for none
	nodes    uint64
	stop     bool
	rootBest int    // the root move of the last search's best value, −1 if none
	touched  uint64 // a sink for etc's prefetching loads, so they are kept
}

// kid is a child position made by one move, in the child's mover's view.
type kid struct {
	r     ring
	house int8  // the move: the mover's house, 0-based
	again bool  // the same side moves again (r is still its view)
	gain  int16 // seeds the move banked
	score int32 // ordering key, higher first
}

// checkEvery is how many nodes pass between looks at the context.
const checkEvery = 1 << 12

// search returns the relative value of r (the mover's gain over its
// opponent from here, seeds being the seeds in the houses) when it lies
// strictly between alpha and beta; otherwise a bound on the same side of the
// window (fail-soft). ply 0 is the root, where no cutoff may skip the moves.
func (s *searcher) search(r *ring, seeds, alpha, beta, ply int) int {
	s.nodes++
	if s.nodes%checkEvery == 0 && (s.ctx.Err() != nil || s.limit > 0 && s.nodes >= s.limit) {
		s.stop = true
	}
	if s.stop {
		return 0
	}
	g := &s.g
	if g.moverSeeds(r) == 0 {
		return -seeds // over: the opponent keeps its houses
	}
	root := ply == 0
	if !root {
		if seeds <= s.dbN {
			return s.db.lookup(r, seeds)
		}
		if s.futile {
			// Neither side can gain more than the seeds left.
			if seeds <= alpha {
				return seeds
			}
			if -seeds >= beta {
				return -seeds
			}
		}
	}
	var lo, hi uint64
	ttMove := -1
	useTT := s.tt != nil && (seeds > s.ttMin || root)
	if useTT {
		lo, hi = s.k.key(g, r)
		if e := s.tt.probe(lo, hi); e != nil {
			if !root {
				if int(e.lower) >= beta {
					return int(e.lower)
				}
				if int(e.upper) <= alpha {
					return int(e.upper)
				}
			}
			ttMove = int(e.move)
		}
	}
	start := s.nodes

	var kids [kalah.MaxHouses]kid
	n := 0
	for i := range g.h {
		if r[i] == 0 {
			continue
		}
		c := &kids[n]
		n++
		c.r = *r
		gain, again := g.sow(&c.r, i)
		c.gain, c.again = int16(gain), again
		if !c.again {
			c.r = g.flip(&c.r)
		}
		c.house = int8(i)
		switch {
		case !s.ordered:
			c.score = int32(-i)
		case i == ttMove:
			c.score = 1 << 20
		case c.again:
			// Nearest the store first: it leaves the others' counts alone.
			c.score = 1<<16 + int32(i)
		default:
			c.score = int32(gain)<<5 + int32(i)
		}
	}
	// Insertion sort: at most 12 moves.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && kids[j].score > kids[j-1].score; j-- {
			kids[j], kids[j-1] = kids[j-1], kids[j]
		}
	}

	if !root && useTT && seeds > s.etcMin {
		if v, move, ok := s.etc(kids[:n], seeds, beta); ok {
			s.tt.store(lo, hi, v, seeds, move, 0)
			return v
		}
	}

	best, bestMove := -seeds-1, -1
	a := alpha
	for i := range n {
		c := &kids[i]
		gain := int(c.gain)
		cs := seeds - gain
		var v int
		if c.again {
			v = gain + s.search(&c.r, cs, a-gain, beta-gain, ply+1)
		} else {
			v = gain - s.search(&c.r, cs, gain-beta, gain-a, ply+1)
		}
		if s.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, int(c.house)
			if v > a {
				a = v
				if v >= beta {
					break
				}
			}
		}
	}
	if root {
		s.rootBest = bestMove
	}
	if useTT {
		lower, upper := -seeds, seeds
		switch {
		case best >= beta:
			lower = best
		case best <= alpha:
			upper = best
			bestMove = -1 // a fail-low's best move is no better a guess than any
		default:
			lower, upper = best, best
		}
		work := uint8(bits.Len64(s.nodes - start))
		s.tt.store(lo, hi, lower, upper, bestMove, work)
	}
	return best
}

// etc looks the children up (enhanced transposition cutoffs): a child whose
// stored bound, or database value, already lifts the node to beta ends the
// search of the node before any child is searched.
//
// The lookups are mostly cache misses in a big table, so they are made in
// two passes: first every child's address is computed and its memory
// touched (independent loads, which the processor overlaps), then the
// children are examined in order.
func (s *searcher) etc(kids []kid, seeds, beta int) (v, move int, ok bool) {
	g := &s.g
	var at [kalah.MaxHouses]int // table pair, database rank, or −1 (game over)
	var keys [kalah.MaxHouses][2]uint64
	var touch uint64
	for i := range kids {
		c := &kids[i]
		cs := seeds - int(c.gain)
		switch {
		case g.moverSeeds(&c.r) == 0:
			at[i] = -1
		case cs <= s.dbN:
			at[i] = s.db.rank(&c.r, cs)
		default:
			lo, hi := s.k.key(g, &c.r)
			keys[i] = [2]uint64{lo, hi}
			at[i] = int(s.tt.index(lo, hi))
		}
	}
	for i := range kids {
		cs := seeds - int(kids[i].gain)
		switch {
		case at[i] < 0:
		case cs <= s.dbN:
			touch += uint64(s.db.levels[cs][at[i]])
		default:
			touch += s.tt.slots[at[i]].lo
		}
	}
	s.touched += touch
	for i := range kids {
		c := &kids[i]
		cs := seeds - int(c.gain)
		var child int // a bound on the child's value that favours the node
		switch {
		case at[i] < 0:
			child = -cs
		case cs <= s.dbN:
			child = int(s.db.levels[cs][at[i]])
		default:
			e := s.tt.probeAt(uint64(at[i]), keys[i][0], keys[i][1])
			if e == nil {
				continue
			}
			if c.again {
				child = int(e.lower)
			} else {
				child = int(e.upper)
			}
		}
		if c.again {
			v = int(c.gain) + child
		} else {
			v = int(c.gain) - child
		}
		if v >= beta {
			return v, int(c.house), true
		}
	}
	return 0, -1, false
}
