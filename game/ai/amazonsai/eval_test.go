package amazonsai

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai/aitest"
	"boardroom/game/amazons"
)

// squareByDistance is the evaluation as it was before it counted rings: a
// distance per square from a breadth-first search, then the terms summed
// square by square. It is the reference the ring counting must agree with.
func squareByDistance(s *amazons.State, me game.Player) int {
	const noDist = 255
	distances := func(from, occ amazons.Bitboard, queen bool, out *[amazons.NumSquares]uint8) {
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
	territory := func(a, b uint8, tempo float64) float64 {
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
	var dq, dk [2][amazons.NumSquares]uint8
	occ := s.Occupied()
	mine, theirs := s.Amazons(me), s.Amazons(me.Other())
	distances(mine, occ, true, &dq[0])
	distances(theirs, occ, true, &dq[1])
	distances(mine, occ, false, &dk[0])
	distances(theirs, occ, false, &dk[1])
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
			t.w += pow2neg[abs(int(a)-int(b))]
		}
	}
	t.mob = amazonsMobility(s, mine, occ) - amazonsMobility(s, theirs, occ)
	p := min(1, t.w/40)
	v := (1.0+0.5*(1-p))*t.t1 + p*(0.25*t.t2+0.4*t.c1+0.35*t.c2) + p*0.08*t.mob
	return int(100 * v)
}

// The evaluation counts rings of squares with popcounts; it must give what
// the square-by-square sums give (to the hundredth, the sums' order being
// different), from both sides, on positions from the opening to the
// sealed endgame.
func TestEvalCountsRingsAsSquares(t *testing.T) {
	var part partition
	compared := 0
	for _, tc := range []struct {
		plies int
		seeds uint64
	}{
		{0, 1}, {5, 40}, {15, 40}, {30, 40}, {45, 40}, {60, 40}, {75, 20},
	} {
		for seed := range tc.seeds {
			s := aitest.RandomPlies(t, aitest.NewState(t, "amazons", nil), tc.plies, seed+1).(*amazons.State)
			sealedRegions(s, &part)
			if part.sealed {
				continue // scored by counting turns, not by these terms
			}
			for _, me := range []game.Player{game.First, game.Second} {
				got, want := amazonsEval(s, me, &part), squareByDistance(s, me)
				require.LessOrEqual(t, math.Abs(float64(got-want)), 1.0, "after %d plies (seed %d), seat %d: %d, want %d", tc.plies, seed+1, me, got, want)
				compared++
			}
		}
	}
	require.Greater(t, compared, 300)
	t.Logf("%d evaluations compared", compared)
}
