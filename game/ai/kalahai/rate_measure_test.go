//go:build measure

package kalahai

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game/kalah"
	"boardroom/game/kalah/solve"
)

// TestMeasureOpeningRate plays Difficult at KALAH_RATE_BUDGET (default
// 100ms) in every position of testdata/openings.txt and prints, by depth,
// how often its move keeps the exact value and the seeds lost by the
// misses (the table of docs/strength.md):
//
//	KALAH_RATE_BUDGET=2s nice taskset -c 1 go test -tags measure -run OpeningRate -timeout 1h -v ./game/ai/kalahai/
//
// KALAH_RATE_TABLE names another table of the same format (a held-out set
// written by TestMeasureWriteOpenings).
func TestMeasureOpeningRate(t *testing.T) {
	v := os.Getenv("KALAH_RATE_BUDGET")
	if v == "" {
		t.Skip("measurement")
	}
	budget, err := time.ParseDuration(v)
	require.NoError(t, err)
	prepare(t)
	kept, total := 0, 0
	for _, o := range readOpeningsFile(t, rateTable()) {
		m, report := difficultMove(t, o.s, budget, 1)
		_, h, _ := o.s.HouseAt(m.Cells[0])
		ok := o.keep&(1<<(h-1)) != 0
		total++
		if ok {
			kept++
		}
		fmt.Printf("depth %2d seeds %2d keep %-11s played %d %v  %s\n", o.depth, o.seeds, houses(o.keep), h, ok, report)
	}
	fmt.Printf("kept the value in %d of %d at %v\n", kept, total, budget)
}

// rateTable is the table the measurements read: KALAH_RATE_TABLE, or
// testdata/openings.txt.
func rateTable() string {
	if table := os.Getenv("KALAH_RATE_TABLE"); table != "" {
		return table
	}
	return openingsFile
}

// prepare builds the bot's endgame databases (both tiers) before the clock
// runs, as a server has them after its first games.
func prepare(t *testing.T) {
	s, err := kalah.New(nil)
	require.NoError(t, err)
	for _, cfg := range []solve.Config{kalahExactConfig, kalahExactLongConfig} {
		done, err := solve.Prepare(t.Context(), s, cfg)
		require.NoError(t, err)
		require.True(t, done)
	}
}
