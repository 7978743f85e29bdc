//go:build measure

package match

// How soon a pushed notification reaches the device after the move
// (BENCHMARKS.md, "Web Push: from the move to the device (issue 39)"):
//
//	go test -tags measure -run TestMeasurePushedMove -v ./realtime/match

import (
	"slices"
	"testing"
	"time"
)

func TestMeasurePushedMove(t *testing.T) {
	took := pushedMoves(t, 200)
	slices.Sort(took)
	at := func(q float64) time.Duration { return took[int(q*float64(len(took)-1))] }
	t.Logf("%d moves: median %v, p90 %v, p99 %v, max %v", len(took), at(0.5), at(0.9), at(0.99), took[len(took)-1])
}
