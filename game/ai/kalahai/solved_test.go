package kalahai

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game/ai/aitest"
	"boardroom/game/kalah"
)

// kalahBrute is the exact final margin for the mover, by plain recursion
// over the public API: an independent check of the search.
func kalahBrute(s *kalah.State) int {
	if s.Outcome().Over {
		sc := s.Score()
		me := s.Turn()
		return sc[me] - sc[me.Other()]
	}
	me := s.Turn()
	best := -1 << 30
	for _, m := range s.Legal(me, nil) {
		c := s.Clone().(*kalah.State)
		if err := c.Apply(m); err != nil {
			panic(err)
		}
		v := kalahBrute(c)
		if c.Turn() != me {
			v = -v
		}
		best = max(best, v)
	}
	return best
}

// Small Kalah variants are solved outright: the search must find the exact
// margin and say that it is exact.
func TestKalahSmallVariantsSolvedExactly(t *testing.T) {
	for _, tc := range []struct{ houses, seeds, plies string }{
		{"2", "2", "0"}, {"3", "2", "0"}, {"3", "3", "0"}, {"3", "2", "3"},
	} {
		for _, ec := range []string{"false", "true"} {
			opts := map[string]string{"houses": tc.houses, "seeds": tc.seeds, "empty_capture": ec}
			s := aitest.NewState(t, "kalah", opts)
			var n int
			for _, c := range tc.plies {
				n = int(c - '0')
			}
			s = aitest.RandomPlies(t, s, n, 2)
			if s.Outcome().Over {
				continue
			}
			want := kalahBrute(s.(*kalah.State))
			info := aitest.SearchFixed(t, aitest.Position(t, s), 0, false)
			require.True(t, info.Exact, "%v: not solved (depth %d)", opts, info.Depth)
			require.Equal(t, 100*want, info.Eval, "%v", opts)
		}
	}
}
