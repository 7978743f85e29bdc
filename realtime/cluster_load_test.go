package realtime

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
)

// A node asked for a room by several callers at once (two pages' sockets,
// the orphan scan) takes it over once: the callers share one load. Each
// load of its own would acquire the room again, and an acquire by the room's
// owner cannot tell how long the dead owner before it was silent, so the
// room whose load won could restart the clock instead of resuming it.
func TestARoomIsTakenOverOnceByCallersAtOnce(t *testing.T) {
	t.Parallel()
	cl := newCluster(t, 2)
	ctx := context.Background()
	id, err := cl.nodes[0].hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.BulletClock, Seat: vocab.FirstSeat, Level: vocab.Beginner}, "me")
	require.NoError(t, err)
	leases := cl.leases.(*fakeLeases)
	dead, _ := cl.nodes[0].hub.node.Current()
	heir, _ := cl.nodes[1].hub.node.Current()

	const slow = 300 * time.Millisecond
	leases.mu.Lock()
	leases.slow = slow // every caller is in Acquire when the lease runs out
	leases.mu.Unlock()
	cl.kill(cl.nodes[0])
	leases.mu.Lock()
	lapse := leases.sessions[dead]
	leases.mu.Unlock()
	time.Sleep(time.Until(lapse.Add(-slow / 2)))

	const callers = 8
	got := make([]*match.Room, callers)
	var wg sync.WaitGroup
	for i := range callers {
		wg.Go(func() {
			r, err := cl.nodes[1].hub.Room(ctx, id)
			require.NoError(t, err)
			got[i] = r
		})
	}
	wg.Wait()
	for _, r := range got {
		require.Same(t, got[0], r, "every caller has the one room")
	}
	leases.mu.Lock()
	defer leases.mu.Unlock()
	require.Equal(t, 1, leases.taken[heir], "the node acquired the room once")
}
