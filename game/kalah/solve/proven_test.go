package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game/kalah"
)

// A solve cut short reports a move it proved, and the bound is true: the
// move's exact value (a full solve of the position after it) reaches the
// floor, and so does the position's. Cut after a few thousand nodes, on
// random positions of boards big enough for MTD(f) to take several tests.
func TestProvenMoveOfACutSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 3))
	cfg := Config{DBSeeds: 6, TTBytes: 1 << 20}
	for _, tc := range []struct {
		name                  string
		houses, seed, inHouse int
		limit                 uint64
	}{
		{"6x3 cut at 4k", 6, 3, 26, 4 << 10},
		{"6x3 cut at 16k", 6, 3, 30, 16 << 10},
		{"5x4 cut at 8k", 5, 4, 28, 8 << 10},
		{"4x6 cut at 32k", 4, 6, 34, 32 << 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proven := 0
			for i := range 12 {
				s := randomState(t, rng, tc.houses, tc.seed, i%2 == 1, tc.inHouse)
				if s.Outcome().Over {
					continue
				}
				cut := NewSolver(cfg)
				cut.limit = tc.limit
				cut.SetGuess(-sign(s.Turn()) * 4) // a guess below the value, often: tests climb
				res, err := cut.Solve(context.Background(), s)
				full, ferr := NewSolver(cfg).Solve(context.Background(), s)
				require.NoError(t, ferr)
				if err == nil {
					require.Equal(t, full.Margin, res.Margin)
					continue
				}
				require.ErrorIs(t, err, errNodeLimit)
				if res.Proven.Len == 0 {
					continue
				}
				proven++
				me := s.Turn()
				require.GreaterOrEqual(t, sign(me)*full.Margin, res.Floor, "%s", s.Encode())
				child := s.Clone()
				require.NoError(t, child.Apply(res.Proven))
				after, err := NewSolver(cfg).Solve(context.Background(), child.(*kalah.State))
				require.NoError(t, err)
				require.GreaterOrEqual(t, sign(me)*after.Margin, res.Floor, "%s then %s", s.Encode(), s.FormatMove(res.Proven))
			}
			require.Positive(t, proven, "no cut solve had proved a move")
		})
	}
}
