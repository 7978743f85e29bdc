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

const noDist = 255

// distances fills out with the number of moves (queen moves, or king steps)
// the amazons in from need to reach each square over the free squares.
func distances(from, occ amazons.Bitboard, queen bool, out *[amazons.NumSquares]uint8) {
	for i := range out {
		out[i] = noDist
	}
	visited := from.Or(occ)
	frontier := from
	for d := uint8(1); !frontier.IsEmpty(); d++ {
		var next amazons.Bitboard
		for f := frontier; !f.IsEmpty(); {
			sq := f.Pop()
			if queen {
				next = next.Or(amazons.QueenReach(sq, occ))
			} else {
				next = next.Or(amazons.Neighbours(sq))
			}
		}
		next = next.AndNot(visited)
		visited = visited.Or(next)
		frontier = next
		for n := next; !n.IsEmpty(); {
			out[n.Pop()] = d
		}
	}
}

// pow2neg[d] is 2^-d, for the distance-weighted terms.
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
	var dq, dk [2][amazons.NumSquares]uint8
	occ := s.Occupied()
	op := me.Other()
	mine, theirs := s.Amazons(me), s.Amazons(op)
	distances(mine, occ, true, &dq[0])
	distances(theirs, occ, true, &dq[1])
	distances(mine, occ, false, &dk[0])
	distances(theirs, occ, false, &dk[1])
	// The side to move wins ties of distance: it gets there first.
	tempo := 0.2
	if s.SideToMove() != me {
		tempo = -0.2
	}
	var t amazonsTerms
	for e := s.EmptySquares(); !e.IsEmpty(); {
		sq := e.Pop()
		a, b := dq[0][sq], dq[1][sq]
		t.t1 += territory(a, b, tempo)
		t.t2 += territory(dk[0][sq], dk[1][sq], tempo)
		t.c1 += 2 * (pow2neg[a] - pow2neg[b])
		ka, kb := float64(dk[0][sq]), float64(dk[1][sq])
		t.c2 += min(1, max(-1, (kb-ka)/6))
		if a != noDist && b != noDist {
			diff := int(a) - int(b)
			if diff < 0 {
				diff = -diff
			}
			t.w += pow2neg[diff]
		}
	}
	t.mob = amazonsMobility(s, mine, occ) - amazonsMobility(s, theirs, occ)
	// p runs from about 1 in the opening to 0 once the board is split.
	p := min(1, t.w/40)
	v := (1.0+0.5*(1-p))*t.t1 + p*(0.25*t.t2+0.4*t.c1+0.35*t.c2) + p*0.08*t.mob
	return int(100 * v)
}

func territory(a, b uint8, tempo float64) float64 {
	switch {
	case a == noDist && b == noDist:
		return 0
	case a < b:
		return 1
	case a > b:
		return -1
	}
	return tempo
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
