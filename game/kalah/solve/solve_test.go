package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"boardroom/game/kalah"

	"github.com/stretchr/testify/require"
)

// smallCfg keeps the database and table small, so tests stay quick under
// the race detector.
var smallCfg = Config{DBSeeds: 8, TTBytes: 16 << 20}

// TestKnownVariants pins the values of starting positions this solver
// computed (and cross-checked with different database levels and methods;
// see RESULTS.md).
func TestKnownVariants(t *testing.T) {
	tests := []struct {
		h, seeds int
		ec       bool
		want     int
	}{
		{2, 4, false, -12}, {2, 4, true, -10},
		{3, 3, false, 2}, {3, 3, true, 4},
		{4, 2, false, 6}, {4, 2, true, 6},
		{4, 3, false, 6}, {4, 3, true, 8},
		{5, 3, false, 6}, {5, 3, true, 10},
		{6, 2, false, 6}, {6, 2, true, 10},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dx%d ec=%v", tc.h, tc.seeds, tc.ec), func(t *testing.T) {
			s := start(t, tc.h, tc.seeds, tc.ec)
			res, err := Solve(context.Background(), s, smallCfg)
			require.NoError(t, err)
			require.Equal(t, tc.want, res.Margin)
			require.Positive(t, res.Nodes)
			// The best move keeps the value.
			next, err := Solve(context.Background(), after(t, s, res.Best), smallCfg)
			require.NoError(t, err)
			require.Equal(t, tc.want, next.Margin)
		})
	}
}

// TestMethodsAgree solves mid-game positions of a larger variant with the
// full method and with plain alpha-beta (no table, database or pruning).
func TestMethodsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	bare := Config{DBSeeds: -1, TTBytes: -1, NoMTD: true, NoETC: true, NoFutility: true}
	for i := range 12 {
		ec := i%2 == 0
		s := randomState(t, rng, 6, 4, ec, 16)
		want, err := Solve(context.Background(), s, bare)
		require.NoError(t, err)
		got, err := Solve(context.Background(), s, smallCfg)
		require.NoError(t, err)
		require.Equal(t, want.Margin, got.Margin, s.Encode())
	}
}

// TestSolverReuse plays a game with one solver (its table carried from move
// to move) and checks each value against a fresh solve.
func TestSolverReuse(t *testing.T) {
	s := start(t, 4, 3, false)
	sv := NewSolver(smallCfg)
	for !s.Outcome().Over {
		got, err := sv.Solve(context.Background(), s)
		require.NoError(t, err)
		want, err := Solve(context.Background(), s, smallCfg)
		require.NoError(t, err)
		require.Equal(t, want.Margin, got.Margin, s.Encode())
		require.Equal(t, 6, got.Margin, "perfect play keeps the value")
		s = after(t, s, got.Best)
	}
	sc := s.Score()
	require.Equal(t, 6, sc[0]-sc[1])
}

// TestCancel: a solve far beyond its budget returns the context's error
// quickly, during the search and during a database build.
func TestCancel(t *testing.T) {
	s := start(t, 6, 6, false)
	for _, cfg := range []Config{{DBSeeds: -1, TTBytes: 8 << 20}, {DBSeeds: 24, TTBytes: 1 << 20}} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		begin := time.Now()
		_, err := Solve(ctx, s, cfg)
		cancel()
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Less(t, time.Since(begin), time.Second)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Solve(ctx, s, smallCfg)
	require.ErrorIs(t, err, context.Canceled)
}

func TestGameOver(t *testing.T) {
	s := start(t, 1, 3, false)
	s = after(t, s, s.Legal(s.Turn(), nil)[0]) // 3 seeds: store, P2's house, own house
	for !s.Outcome().Over {
		s = after(t, s, s.Legal(s.Turn(), nil)[0])
	}
	res, err := Solve(context.Background(), s, Config{})
	require.NoError(t, err)
	sc := s.Score()
	require.Equal(t, sc[0]-sc[1], res.Margin)
	require.Zero(t, res.Best.Len)
	m, err := Margin(context.Background(), s, Config{})
	require.NoError(t, err)
	require.Equal(t, res.Margin, m)
}

func TestDatabaseTooBig(t *testing.T) {
	_, err := Solve(context.Background(), start(t, 6, 6, false), Config{DBSeeds: 60})
	require.ErrorContains(t, err, "MiB")
}

// TestConcurrentSolves: solvers of the same game share the database while
// one of them extends it; the race detector watches.
func TestConcurrentSolves(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	cfg := Config{DBSeeds: 11, TTBytes: 4 << 20}
	type job struct {
		s    *kalah.State
		want int
	}
	var jobs []job
	for range 8 {
		s := randomState(t, rng, 5, 3, true, 18)
		res, err := Solve(context.Background(), s, Config{DBSeeds: -1, TTBytes: 4 << 20})
		require.NoError(t, err)
		jobs = append(jobs, job{s, res.Margin})
	}
	errs := make(chan error, len(jobs))
	for _, j := range jobs {
		go func() {
			res, err := Solve(context.Background(), j.s, cfg)
			if err == nil && res.Margin != j.want {
				err = fmt.Errorf("%s: got %d, want %d", j.s.Encode(), res.Margin, j.want)
			}
			errs <- err
		}()
	}
	for range jobs {
		require.NoError(t, <-errs)
	}
}
