package lobby

import (
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/pairing"
	"boardroom/realtime/bus"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// A pairing made on one node reaches a page waiting on another at once,
// over the cluster's bus, not at that node's next look at the store (an
// hour away here); without the bus it would wait for it.
func TestAPairingNudgesTheOtherNodes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		nudged bool
	}{{"with the bus", true}, {"without", false}} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "n.db"))
			require.NoError(t, err)
			t.Cleanup(func() { st.Close() })
			hub := bus.NewHub()
			node := func() *Pools {
				ps := &Pools{Store: st, Ratings: st, Games: st, Rooms: noRooms{}, Log: slog.New(slog.DiscardHandler),
					Timings: Timings{Pair: time.Hour, Seen: time.Hour, Stale: time.Hour}}
				if tc.nudged {
					ps.Nudges = hub.Connect()
				}
				go ps.Run(t.Context())
				return ps
			}
			a, b := node(), node()
			pool := pairing.Pool{Game: "kalah", Speed: vocab.FastClock}
			there, err := b.Enter(t.Context(), pool, Player{TokenHash: "b", Name: "B"})
			require.NoError(t, err)
			// b's look on entering finds nobody to pair; only then does a
			// come, so that a (not b) makes the pair, however slow the
			// machine (a fixed sleep was too short under load).
			require.Eventually(t, func() bool { return b.Waiting(pool) == 1 }, 5*time.Second, 5*time.Millisecond)
			_, err = a.Enter(t.Context(), pool, Player{TokenHash: "a", Name: "A"})
			require.NoError(t, err) // a pairs them as it wakes
			select {
			case <-there.Done():
				require.True(t, tc.nudged, "delivered with no nudge")
				require.NotEmpty(t, there.Room())
			case <-time.After(2 * time.Second):
				require.False(t, tc.nudged, "the wait on the other node did not learn of its room")
			}
		})
	}
}

// A challenge sent on one node reaches its player's page on another at
// once, over the cluster's bus.
func TestAChallengeNudgesTheOtherNodes(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "c.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	hub := bus.NewHub()
	node := func(name string) *Site {
		s := &Site{Presence: st, Challenges: st, Rooms: noRooms{}, Node: name, Log: slog.New(slog.DiscardHandler),
			Every: time.Hour, Nudges: hub.Connect()}
		go s.Run(t.Context())
		return s
	}
	a, b := node("a"), node("b")
	page := b.Open("bob", "bob-token", false)
	select {
	case <-page.Updates(): // the first picture: nothing
	case <-time.After(2 * time.Second):
		t.Fatal("no first picture")
	}
	c, err := a.Challenge(t.Context(), "alice", "alice-token", "bob", "kalah", vocab.FastClock, true)
	require.NoError(t, err)
	select {
	case u := <-page.Updates():
		require.Len(t, u.Incoming, 1)
		require.Equal(t, c.ID, u.Incoming[0].ID)
	case <-time.After(2 * time.Second):
		t.Fatal("the challenge did not reach the other node's page")
	}
}
