package amazonsai

import (
	"boardroom/game"
	"boardroom/game/amazons"
)

// Amazons evaluation, after Lieberum's (and the programs that followed it):
// for every empty square, which side reaches it first by queen moves (t1)
// and by king moves (t2), the same weighted by distance (c1, c2), and the
// amazons' mobility, with the weight moving from the soft terms to pure
// territory as the board gets partitioned (w, the share of squares both
// sides still contest, measures that).

// rings is a breadth-first search's result as sets: at[d] holds the empty
// squares first reached in d moves (d ≥ 1), up to at[n], within[d] those
// reached in at most d, and reached all of them. Keeping sets rather than a
// distance per square lets the terms be counted a ring at a time with
// popcounts, not a square at a time.
type rings struct {
	at, within [amazons.NumSquares + 1]amazons.Bitboard
	n          int
	reached    amazons.Bitboard
}

// grow fills r with the rings the amazons in from reach over the free
// squares, by queen moves or by king steps.
func (r *rings) grow(from, occ amazons.Bitboard, queen bool) {
	visited := from.Or(occ)
	empty := occ.Not()
	frontier := from
	r.n, r.reached = 0, amazons.Bitboard{}
	for !frontier.IsEmpty() {
		var next amazons.Bitboard
		if queen {
			next = amazons.QueenStep(frontier, empty)
		} else {
			next = frontier.KingStep()
		}
		next = next.AndNot(visited)
		if next.IsEmpty() {
			break
		}
		visited = visited.Or(next)
		r.reached = r.reached.Or(next)
		r.n++
		r.at[r.n], r.within[r.n] = next, r.reached
		frontier = next
	}
}

// upTo returns the squares r reaches within d moves (none for d < 1).
func (r *rings) upTo(d int) amazons.Bitboard {
	switch {
	case d < 1:
		return amazons.Bitboard{}
	case d > r.n:
		return r.reached
	}
	return r.within[d]
}

// pow2neg[d] is 2^-d, for the distance-weighted terms (0 from d = 64: a
// square nobody reaches weighs nothing).
var pow2neg = func() (t [256]float64) {
	x := 1.0
	for d := range 64 {
		t[d] = x
		x /= 2
	}
	return
}()

type amazonsTerms struct {
	t1, t2, c1, c2, w, mob float64
}

// evalScratch is the evaluation's working memory, kept by the caller so that
// the rings (13 KB) are not cleared on every call.
type evalScratch struct {
	q, k [2]rings // queen and king rings, mine then theirs
}

// amazonsEval returns the evaluation of s from the view of seat me, in
// hundredths of a square; part is scratch for the sealed regions (nil: a
// fresh one). A sealed board is scored by its turns left (regions.go).
func amazonsEval(s *amazons.State, me game.Player, part *partition) int {
	if part == nil {
		part = &partition{}
	}
	if sealedRegions(s, part); part.sealed {
		return sealedEval(part, s.SideToMove(), me)
	}
	if part.scratch == nil {
		part.scratch = new(evalScratch)
	}
	x := part.scratch
	occ := s.Occupied()
	mine, theirs := s.Amazons(me), s.Amazons(me.Other())
	x.q[0].grow(mine, occ, true)
	x.q[1].grow(theirs, occ, true)
	x.k[0].grow(mine, occ, false)
	x.k[1].grow(theirs, occ, false)
	// The side to move wins ties of distance: it gets there first.
	tempo := 0.2
	if s.SideToMove() != me {
		tempo = -0.2
	}
	var t amazonsTerms
	t.t1, t.c1, t.w = queenTerms(&x.q, tempo)
	t.t2, t.c2 = kingTerms(&x.k, tempo)
	t.mob = amazonsMobility(s, mine, occ) - amazonsMobility(s, theirs, occ)
	// p runs from about 1 in the opening to 0 once the board is split.
	p := min(1, t.w/40)
	v := (1.0+0.5*(1-p))*t.t1 + p*(0.25*t.t2+0.4*t.c1+0.35*t.c2) + p*0.08*t.mob
	return int(100 * v)
}

// firstTo counts the squares each side reaches strictly first and those
// both reach in the same number of moves, from the two sides' rings.
func firstTo(r *[2]rings) (mine, theirs, ties int) {
	for d := 1; d <= max(r[0].n, r[1].n); d++ {
		if d <= r[0].n {
			a := r[0].at[d]
			mine += a.AndNot(r[1].upTo(d)).Count()
			if d <= r[1].n {
				ties += a.And(r[1].at[d]).Count()
			}
		}
		if d <= r[1].n {
			theirs += r[1].at[d].AndNot(r[0].upTo(d)).Count()
		}
	}
	return
}

// queenTerms returns, from the queen-move rings, the territory (t1: +1 a
// square reached first, −1 one the opponent reaches first, the tempo for a
// tie), the distance-weighted territory (c1: 2·(2^−mine − 2^−theirs) over
// the squares) and how contested the board still is (w: 2^−|mine − theirs|
// over the squares both reach).
func queenTerms(r *[2]rings, tempo float64) (t1, c1, w float64) {
	mine, theirs, ties := firstTo(r)
	t1 = float64(mine-theirs) + tempo*float64(ties)
	for d := 1; d <= r[0].n; d++ {
		c1 += 2 * pow2neg[d] * float64(r[0].at[d].Count())
	}
	for d := 1; d <= r[1].n; d++ {
		c1 -= 2 * pow2neg[d] * float64(r[1].at[d].Count())
	}
	both := r[0].reached.And(r[1].reached)
	for i := 1; i <= r[0].n; i++ {
		a := r[0].at[i].And(both)
		if a.IsEmpty() {
			continue
		}
		for j := 1; j <= r[1].n; j++ {
			if n := a.And(r[1].at[j]).Count(); n > 0 {
				w += pow2neg[abs(i-j)] * float64(n)
			}
		}
	}
	return
}

// kingTerms returns, from the king-step rings, the territory (t2, as t1)
// and the clamped distance difference (c2: (theirs − mine)/6 within ±1 over
// the squares, a square one side never reaches counting fully).
func kingTerms(r *[2]rings, tempo float64) (t2, c2 float64) {
	mine, theirs, ties := firstTo(r)
	t2 = float64(mine-theirs) + tempo*float64(ties)
	far := 0 // squares counting fully: +1 mine by 6 moves or more, −1 theirs
	for i := 1; i <= r[0].n; i++ {
		a := r[0].at[i]
		far += a.AndNot(r[1].upTo(i + 5)).Count()
		far -= a.And(r[1].upTo(i - 6)).Count()
		for j := max(1, i-5); j <= min(r[1].n, i+5); j++ {
			if n := a.And(r[1].at[j]).Count(); n > 0 {
				c2 += float64(j-i) / 6 * float64(n)
			}
		}
	}
	far -= r[1].reached.AndNot(r[0].reached).Count()
	return t2, c2 + float64(far)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// amazonsMobility scores how free a side's amazons are: the squares each
// reaches in one queen move, with a heavy penalty for an amazon that is
// (nearly) shut in, since it no longer fights for territory.
func amazonsMobility(s *amazons.State, amz, occ amazons.Bitboard) float64 {
	var v float64
	for a := amz; !a.IsEmpty(); {
		n := amazons.QueenReach(a.Pop(), occ).Count()
		v += float64(min(n, 20))
		switch {
		case n == 0:
			v -= 30
		case n <= 2:
			v -= 10
		}
	}
	return v
}
