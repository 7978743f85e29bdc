package director

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// BenchmarkArenaWave: one wave of a 1,000-player arena whose players are
// all free (its first, the largest), on SQLite: the store's read of the
// entrants and games, the pairing (tournament.PairArena: groups of 100 by
// rank), and the one write of 500 rooms and games. BENCHMARKS.md quotes
// its median and p99 (issue 40: a wave p99 < 100 ms).
func BenchmarkArenaWave(b *testing.B) {
	const players = 1000
	var took []time.Duration
	for b.Loop() {
		b.StopTimer()
		h := newArenaHarness(b)
		ids := make([]string, players)
		for i := range ids {
			ids[i] = fmt.Sprintf("p%04d", i)
		}
		h.arena("big", 60)
		for _, p := range ids {
			require.NoError(b, h.st.JoinTournament(context.Background(), "big", store.Entrant{Account: p, Rating: 1500, Joined: h.clock, Active: true}))
		}
		d := h.director("node")
		ctx := context.Background()
		b.StartTimer()
		start := time.Now()
		require.NoError(b, d.Step(ctx))
		took = append(took, time.Since(start))
		b.StopTimer()
		require.Len(b, h.games("big"), players/2)
		h.st.Close()
		b.StartTimer()
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms-median")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "ms-p99")
}
