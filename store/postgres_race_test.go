package store_test

// Leases under concurrency: nodes racing for one room, and an owner that
// keeps writing after its lease ran out while another takes the room over.

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"boardroom/store"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConcurrentAcquire has many nodes acquire one room at once, round
// after round: exactly one wins each round, at the next epoch.
func TestConcurrentAcquire(t *testing.T) {
	e := newLeaseEnv(t)
	const nodes = 12
	for i := range nodes {
		e.join(fmt.Sprintf("s%d", i), fmt.Sprintf("node-%d", i), time.Hour)
	}
	e.join("creator", "node-x", time.Hour)
	e.create("r", "creator")
	require.NoError(t, e.p.Leave(e.ctx, "creator"))
	left := map[string]bool{}
	winners := []string{"creator"}
	for round := range 4 {
		var (
			mu   sync.Mutex
			won  []string
			wins []int64
			wg   sync.WaitGroup
		)
		start := make(chan struct{})
		for i := range nodes {
			session := fmt.Sprintf("s%d", i)
			if left[session] {
				continue
			}
			wg.Go(func() {
				<-start
				got, err := e.p.Acquire(e.ctx, "r", session)
				if err != nil {
					assert.ErrorIs(t, err, store.ErrOwned, session)
					return
				}
				mu.Lock()
				won, wins = append(won, session), append(wins, got.Epoch)
				mu.Unlock()
			})
		}
		close(start)
		wg.Wait()
		require.Len(t, won, 1, "round %d: exactly one owner", round)
		require.Equal(t, int64(round+2), wins[0], "round %d", round)
		winners = append(winners, won[0])
		left[won[0]] = true
		require.NoError(t, e.p.Leave(e.ctx, won[0]))
	}
	log, err := e.p.Epochs(e.ctx, "r")
	require.NoError(t, err)
	var sessions []string
	for i, a := range log {
		require.Equal(t, int64(i+1), a.Epoch)
		sessions = append(sessions, a.Session)
	}
	require.Equal(t, winners, sessions, "one acquisition per epoch, by its winner")
}

// TestPausedOwnerChangesNothing plays a node that stops renewing its lease
// while it keeps writing (as one paused, or cut off from the database,
// would) and another that takes the room over as soon as the lease runs
// out: the old owner's writes stop at the takeover, and the epochs never go
// down along the log.
func TestPausedOwnerChangesNothing(t *testing.T) {
	e := newLeaseEnv(t)
	e.join("old", "node-old", short)
	e.join("new", "node-new", time.Hour)
	e.create("r", "old")

	var oldErr error
	var wg sync.WaitGroup
	wg.Go(func() {
		for ply := 0; ; ply++ {
			if oldErr = e.p.AppendTurn(e.as("old", 1), "r", ply, store.Turn{Notation: "3"}); oldErr != nil {
				return
			}
		}
	})
	var got store.Acquired
	require.Eventually(t, func() bool {
		var err error
		got, err = e.p.Acquire(e.ctx, "r", "new")
		return err == nil
	}, 10*time.Second, 5*time.Millisecond)
	wg.Wait()
	require.ErrorIs(t, oldErr, store.ErrFenced)
	require.Equal(t, int64(2), got.Epoch)

	rec, err := e.p.Room(e.ctx, "r")
	require.NoError(t, err)
	require.NoError(t, e.p.AppendTurn(e.as("new", 2), "r", len(rec.Turns), store.Turn{Notation: "4"}))
	epochs, err := e.p.TurnEpochs(e.ctx, "r")
	require.NoError(t, err)
	require.NotEmpty(t, epochs)
	for i := 1; i < len(epochs); i++ {
		require.LessOrEqual(t, epochs[i-1], epochs[i], "epochs never go down along the log")
	}
	require.Equal(t, int64(2), epochs[len(epochs)-1])
	ok, err := e.p.Heartbeat(e.ctx, "old", "node-old", short)
	require.NoError(t, err)
	require.False(t, ok, "the old node learns it must drop its rooms")
}

// TestOwnedError says which node owns a room.
func TestOwnedError(t *testing.T) {
	err := error(&store.OwnedError{Room: "r", Node: "n1", Session: "s", Epoch: 4})
	require.True(t, errors.Is(err, store.ErrOwned))
	require.Contains(t, err.Error(), `node "n1"`)
}
