package realtime

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"boardroom/deadline"
	"boardroom/game"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

// A correspondence game whose room left memory (released: no node runs it,
// it is no orphan) is ended on time by the deadline keepers of a cluster
// on PostgreSQL: the three nodes look at once, and exactly one loads the
// room (one acquisition after its creation's) and ends the game.
func TestClusterEndsACorrespondenceGameOnTimeOnce(t *testing.T) {
	const period = 3 * time.Second // the game's one "day"
	cl := newPostgresClusterWith(t, 3, func(c *Config) {
		c.SleepAfter = 100 * time.Millisecond
		c.Periods = map[vocab.Clock]time.Duration{vocab.CorrespondenceClock: period}
	})
	ctx := context.Background()
	g, err := game.Lookup("kalah")
	require.NoError(t, err)
	st, err := g.New(nil)
	require.NoError(t, err)
	var turns []string // each side's first move, the first seat to move next
	for len(turns) < 2 || st.ToMove()[0] != game.First {
		m := st.Legal(st.ToMove()[0], nil)[0]
		turns = append(turns, st.FormatMove(m))
		require.NoError(t, st.Apply(m))
	}
	id, err := cl.nodes[0].hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.CorrespondenceClock, Days: 1,
		Seat: vocab.FirstSeat, Level: vocab.Beginner, Turns: turns}, "me")
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		owner, err := cl.leases.Owner(ctx, id)
		require.NoError(t, err)
		return owner.Session == "" // unloaded and released: nobody runs it
	}, 5*time.Second, 20*time.Millisecond)
	rec, err := cl.st.Room(ctx, id)
	require.NoError(t, err)
	require.False(t, rec.Over)
	require.False(t, rec.Due.At.IsZero(), "its deadline is in the store")
	time.Sleep(time.Until(rec.Due.At))

	var wg sync.WaitGroup
	loaded := make([]int, len(cl.nodes))
	for i, n := range cl.nodes {
		k := &deadline.Keeper{Store: cl.st, Load: func(ctx context.Context, id string) error { _, err := n.hub.Room(ctx, id); return err }}
		wg.Go(func() {
			ended, _, err := k.Scan(ctx)
			if !errors.Is(err, store.ErrOwned) {
				require.NoError(t, err)
			}
			loaded[i] = ended
		})
	}
	wg.Wait()
	require.Eventually(t, func() bool {
		rec, err = cl.st.Room(ctx, id)
		require.NoError(t, err)
		return rec.Over
	}, 5*time.Second, 20*time.Millisecond, "the game ended")
	require.Equal(t, "P1 ran out of time", rec.Reason)
	require.Equal(t, 1, rec.Winner)
	hist, err := cl.leases.Epochs(ctx, id)
	require.NoError(t, err)
	require.Len(t, hist, 2, "created, then loaded by one node only: %v (loads %v)", hist, loaded)
}
