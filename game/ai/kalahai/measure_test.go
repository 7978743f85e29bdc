//go:build measure

// A measurement harness, not a test: it is built only with the measure tag
// (go test -tags measure) and set up by environment variables;
// TestMeasureKalahSolveThreshold says how to run it.

package kalahai

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/game/ai/aitest"
	"boardroom/game/kalah"
	"boardroom/game/kalah/solve"
)

// TestMeasureKalahSolveThreshold times the exact solver on 6×4 positions
// with at most n seeds in the houses, reached by random play (the table in
// game/ai/RESULTS.md that sets kalahExactSeeds); a measurement, skipped unless asked:
//
//	KALAH_MEASURE=<DBBytes, 0 for the default> go test -tags measure -run MeasureKalah -v ./game/ai/kalahai/
func TestMeasureKalahSolveThreshold(t *testing.T) {
	if os.Getenv("KALAH_MEASURE") == "" {
		t.Skip("measurement")
	}
	var cfg solve.Config
	fmt.Sscan(os.Getenv("KALAH_MEASURE"), &cfg.DBBytes)
	for _, n := range []int{16, 20, 24, 28, 32, 34, 36, 38, 40} {
		var times []time.Duration
		for seed := uint64(1); seed <= 9; seed++ {
			s := aitest.NewState(t, "kalah", nil).(*kalah.State)
			r := game.NewRandomBot(seed)
			for !s.Outcome().Over {
				b := s.Board()
				if b.HouseSeeds(game.First)+b.HouseSeeds(game.Second) <= n {
					break
				}
				m, _ := r.Choose(context.Background(), s, s.Turn())
				s.Apply(m)
			}
			if s.Outcome().Over {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			start := time.Now()
			res, err := solve.NewSolver(cfg).Solve(ctx, s)
			cancel()
			d := time.Since(start)
			if err != nil {
				d = 3 * time.Second
			}
			times = append(times, d)
			_ = res
		}
		slices.Sort(times)
		t.Logf("n=%d db=%d times %v", n, cfg.DBBytes, times)
	}
}
