package accounts

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHashGateBoundsConcurrentHashing: of N+k tries at once through a gate
// of N, at most N run at once, and the k that cannot start within the
// wait are refused (ErrBusy) without running.
func TestHashGateBoundsConcurrentHashing(t *testing.T) {
	tests := []struct{ slots, tries int }{{1, 1}, {1, 4}, {2, 5}, {4, 4}, {4, 12}}
	for _, tc := range tests {
		gate := NewHashGate(tc.slots, 50*time.Millisecond)
		var running, peak, ran atomic.Int32
		release := make(chan struct{})
		results := make(chan error, tc.tries)
		var wg sync.WaitGroup
		for range tc.tries {
			wg.Go(func() {
				results <- gate.Do(context.Background(), func() {
					n := running.Add(1)
					for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
					}
					ran.Add(1)
					<-release // a hash that takes longer than the wait
					running.Add(-1)
				})
			})
		}
		busy := max(0, tc.tries-tc.slots)
		for range busy {
			require.ErrorIs(t, <-results, ErrBusy, "%d slots, %d tries", tc.slots, tc.tries)
		}
		close(release)
		wg.Wait()
		close(results)
		for err := range results {
			require.NoError(t, err)
		}
		assert.LessOrEqual(t, int(peak.Load()), tc.slots, "%d slots, %d tries: at most that many at once", tc.slots, tc.tries)
		assert.Equal(t, min(tc.slots, tc.tries), int(ran.Load()), "%d slots, %d tries: the refused ones never ran", tc.slots, tc.tries)
	}
}

// TestHashGateWaitsItsTurn: a try that finds every slot taken starts as
// soon as one frees within the wait; one whose client went away does not
// start.
func TestHashGateWaitsItsTurn(t *testing.T) {
	gate := NewHashGate(1, time.Minute)
	held := make(chan struct{})
	release := make(chan struct{})
	go gate.Do(context.Background(), func() { close(held); <-release })
	<-held
	time.AfterFunc(20*time.Millisecond, func() { close(release) })
	ran := false
	require.NoError(t, gate.Do(context.Background(), func() { ran = true }))
	require.True(t, ran, "its turn came")

	held, release = make(chan struct{}), make(chan struct{})
	defer close(release)
	go gate.Do(context.Background(), func() { close(held); <-release })
	<-held
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, gate.Do(ctx, func() { t.Error("ran for a client gone") }), ErrBusy)
}
