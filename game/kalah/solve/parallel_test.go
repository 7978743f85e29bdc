package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game/kalah"
)

// A solve with several searches on a shared table finds the same value as
// the single search on random positions of small boards, both capture
// rules, with and without a database, its best move keeps that value, and
// one solver's table serves parallel and single solves in turn. (Run it
// under the race detector too: the table's words are shared.)
func TestParallelSolveAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2))
	for _, tc := range []struct {
		name                   string
		houses, seed, inHouses int
		threads                int
		cfg                    Config
	}{
		{"4x3 two threads", 4, 3, 14, 2, Config{DBSeeds: -1, TTBytes: 1 << 16}},
		{"5x4 two threads db", 5, 4, 26, 2, Config{DBSeeds: 6, TTBytes: 1 << 20}},
		{"6x3 three threads db", 6, 3, 28, 3, Config{DBSeeds: 6, TTBytes: 1 << 20}},
		{"4x6 two threads tiny table", 4, 6, 30, 2, Config{DBSeeds: 4, TTBytes: 1 << 12}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			par := NewSolver(tc.cfg)
			par.SetThreads(tc.threads)
			for i := range 12 {
				s := randomState(t, rng, tc.houses, tc.seed, i%2 == 1, tc.inHouses)
				want, err := NewSolver(tc.cfg).Solve(context.Background(), s)
				require.NoError(t, err)
				got, err := par.Solve(context.Background(), s)
				require.NoError(t, err)
				require.Equal(t, want.Margin, got.Margin, "%s", s.Encode())
				if s.Outcome().Over {
					continue
				}
				after := s.Clone()
				require.NoError(t, after.Apply(got.Best))
				m, err := NewSolver(tc.cfg).Solve(context.Background(), after.(*kalah.State))
				require.NoError(t, err)
				require.Equal(t, want.Margin, m.Margin, "%s: %s loses value", s.Encode(), s.FormatMove(got.Best))
				if i%3 == 2 {
					// The same table, single-threaded, in between.
					par.SetThreads(1)
					again, err := par.Solve(context.Background(), s)
					require.NoError(t, err)
					require.Equal(t, want.Margin, again.Margin)
					par.SetThreads(tc.threads)
				}
			}
		})
	}
}

// A parallel solve cut by its context returns promptly, with its helpers
// stopped, and a cut solve's proven move reaches its floor.
func TestParallelSolveCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 4))
	cfg := Config{DBSeeds: 6, TTBytes: 1 << 20}
	cuts := 0
	for i := range 8 {
		s := randomState(t, rng, 6, 4, i%2 == 1, 40)
		if s.Outcome().Over {
			continue
		}
		par := NewSolver(cfg)
		par.SetThreads(2)
		par.limit = 8 << 10
		res, err := par.Solve(context.Background(), s)
		if err == nil {
			continue
		}
		cuts++
		require.ErrorIs(t, err, errNodeLimit)
		if res.Proven.Len == 0 {
			continue
		}
		after := s.Clone()
		require.NoError(t, after.Apply(res.Proven))
		m, err := NewSolver(Config{DBSeeds: 12}).Solve(context.Background(), after.(*kalah.State))
		require.NoError(t, err)
		require.GreaterOrEqual(t, sign(s.Turn())*m.Margin, res.Floor)
	}
	require.Positive(t, cuts)
}
