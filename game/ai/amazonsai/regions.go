package amazonsai

import (
	"boardroom/game"
	"boardroom/game/amazons"
)

// Sealed-off regions. Once no region of empty squares is open to amazons of
// both sides, the game is a sum of separate one-side games and is decided
// by counting: each side plays only in its own regions, and the side to
// move wins exactly when it has more turns left than its opponent. The
// strong programs count such regions exactly in the endgame (Müller and
// Tegos, "Experiments in Computer Amazons", More Games of No Chance, 2002,
// on defective territories; Kloetzer, Iida and Bouzy, "A Comparative Study
// of Solvers in Amazons Endgames", IEEE CIG 2008). A
// region's turns are at most its squares (every turn fills one square net:
// the amazon leaves one, lands on one, its arrow fills one) and fewer when
// it has a bottleneck or a dead end that strands the amazon ("defective"
// regions); regions of one amazon and at most regionExactMax squares are
// counted exactly by a search of every line of play, the rest by their
// size.

// regionExactMax is the largest region whose turns are counted exactly:
// a search with a table over the region's states, rare (a partitioned
// board at all is the late endgame). regionNodes caps one count's search
// (a few milliseconds at worst), so that no evaluation holds up the clock: a
// region it cannot finish is counted by its size, as a bigger one is.
const (
	regionExactMax = 10
	regionNodes    = 400
)

// partition is what the sealed-off regions say of a position.
type partition struct {
	sealed bool    // no region is open to both sides
	exact  bool    // every region's turns counted exactly (sealed only)
	turns  [2]int  // turns each seat can still make in its own regions
	count  counter // reused table for the exact counts
	// scratch is the evaluation's memory (eval.go), made at its first use.
	scratch *evalScratch
}

// counter counts one amazon's turns in a region with a memo table.
type counter struct {
	memo  map[regionKey]int
	nodes int // searched in this count
}

type regionKey struct {
	empty amazons.Bitboard
	at    amazons.Square
}

// sealedRegions splits s's empty squares into regions (connected by king
// steps, which is how amazons reach squares) and fills p; p.sealed is false
// as soon as one region touches amazons of both sides.
func sealedRegions(s *amazons.State, p *partition) {
	p.sealed, p.exact, p.turns = false, true, [2]int{}
	empty := s.EmptySquares()
	amz := [2]amazons.Bitboard{s.Amazons(game.First), s.Amazons(game.Second)}
	// An amazon next to two regions belongs to neither alone: its side's
	// count there is only a bound.
	var seen [2]amazons.Bitboard
	var shared [2]amazons.Bitboard
	var regions [amazons.NumSquares / 2]amazons.Bitboard
	var owner [amazons.NumSquares / 2]int8
	n := 0
	for rest := empty; !rest.IsEmpty(); {
		region := flood(rest.First(), empty)
		rest = rest.AndNot(region)
		ring := kingRing(region)
		var touch [2]amazons.Bitboard
		for side := range 2 {
			touch[side] = ring.And(amz[side])
		}
		switch {
		case !touch[0].IsEmpty() && !touch[1].IsEmpty():
			return // contested: not sealed
		case touch[0].IsEmpty() && touch[1].IsEmpty():
			continue // nobody's: no turns
		}
		side := 0
		if touch[0].IsEmpty() {
			side = 1
		}
		shared[side] = shared[side].Or(seen[side].And(touch[side]))
		seen[side] = seen[side].Or(touch[side])
		regions[n], owner[n] = region, int8(side)
		n++
	}
	p.sealed = true
	for i := range n {
		side := int(owner[i])
		r := regions[i]
		touch := kingRing(r).And(amz[side])
		if touch.Count() == 1 && touch.And(shared[side]).IsEmpty() && r.Count() <= regionExactMax {
			if n, ok := p.count.turns(touch.First(), r); ok {
				p.turns[side] += n
				continue
			}
		}
		p.turns[side] += r.Count()
		p.exact = false
	}
}

// flood is the region of empty squares connected to from by king steps.
func flood(from amazons.Square, empty amazons.Bitboard) amazons.Bitboard {
	var region amazons.Bitboard
	region.Set(from)
	for frontier := region; !frontier.IsEmpty(); {
		frontier = frontier.KingStep().And(empty).AndNot(region)
		region = region.Or(frontier)
	}
	return region
}

// kingRing is every square a king step away from b.
func kingRing(b amazons.Bitboard) amazons.Bitboard { return b.KingStep().AndNot(b) }

// turns is the most turns an amazon at at can make in the region empty,
// by a search of every line with a table; it stops early when a line fills
// the region, which no line can beat. ok is false when the search ran over
// regionNodes (the table then keeps only what was finished).
func (c *counter) turns(at amazons.Square, empty amazons.Bitboard) (n int, ok bool) {
	if c.memo == nil || len(c.memo) > 1<<16 {
		c.memo = map[regionKey]int{}
	}
	c.nodes = 0
	n = c.search(at, empty)
	return n, c.nodes <= regionNodes
}

// search returns the count, or anything once over regionNodes (an
// unfinished count is never stored).
func (c *counter) search(at amazons.Square, empty amazons.Bitboard) int {
	k := regionKey{empty, at}
	if v, ok := c.memo[k]; ok {
		return v
	}
	if c.nodes++; c.nodes > regionNodes {
		return 0
	}
	size := empty.Count()
	best := 0
	// Outside the region everything blocks: the region is bounded by
	// occupied squares.
	blocked := empty.Not()
	for tos := amazons.QueenReach(at, blocked); !tos.IsEmpty() && best < size; {
		to := tos.Pop()
		after := empty
		after.Clear(to)
		after.Set(at)
		for arrows := amazons.QueenReach(to, after.Not()); !arrows.IsEmpty() && best < size; {
			arrow := arrows.Pop()
			left := after
			left.Clear(arrow)
			// The amazon stays with the part of the region it stands
			// next to; a part cut off by the arrow is lost to it.
			part := flood(to, left.Or(sq(to))).AndNot(sq(to))
			best = max(best, 1+c.search(to, part))
		}
	}
	if c.nodes <= regionNodes {
		c.memo[k] = best
	}
	return best
}

// sq is a one-square bitboard.
func sq(s amazons.Square) amazons.Bitboard {
	var b amazons.Bitboard
	b.Set(s)
	return b
}

// sealedEval scores a sealed position from me's view, in hundredths of a
// turn: the difference of the turns left, with the tie going against the
// side to move (it runs out first). An exactly counted position is decided
// and scored far above any territory count, so the search plays for the
// sure result first.
func sealedEval(p *partition, mover, me game.Player) int {
	d := p.turns[me] - p.turns[me.Other()]
	v := 100*d + 50
	if mover == me {
		v = 100*d - 50
	}
	if p.exact {
		if v > 0 {
			v += sealedWon
		} else {
			v -= sealedWon
		}
	}
	return v
}

// sealedWon lifts an exactly counted result above every evaluation of an
// open board (at most about 20 000) and keeps it far below ai.Win's
// proven wins.
const sealedWon = 100_000
