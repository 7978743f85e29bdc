package lobby

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/emptydb"
	"boardroom/pairing"
	"boardroom/realtime/bus"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// A pairing made on one node reaches a page waiting on another at once,
// over the cluster's bus, not at that node's next look at the store (an
// hour away here); without the bus it would wait for it.
func TestAPairingNudgesTheOtherNodes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		nudged bool
	}{{"with the bus", true}, {"without", false}} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := store.OpenSQLite(emptydb.Path(t, "n.db"))
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
	t.Parallel()
	st, err := store.OpenSQLite(emptydb.Path(t, "c.db"))
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

// countedPresence counts the presence reads of a node.
type countedPresence struct {
	store.Presence
	reads atomic.Int32
}

func (c *countedPresence) Online(ctx context.Context, accounts []string, since time.Time) (map[string]bool, error) {
	c.reads.Add(1)
	return c.Presence.Online(ctx, accounts, since)
}

// A player page watching a player on one node is told, at once over the
// bus (the nodes' own looks are an hour apart here), when that player's
// first page opens on another node and when their last one closes
// (after the linger that a move from page to page needs); the node reads
// the presence once per change, however many of its pages watch.
func TestPresenceReachesTheWatchingPages(t *testing.T) {
	t.Parallel()
	st, err := store.OpenSQLite(emptydb.Path(t, "p.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	hub := bus.NewHub()
	node := func(name string, presence store.Presence) *Site {
		s := &Site{Presence: presence, Challenges: st, Rooms: noRooms{}, Node: name, Log: slog.New(slog.DiscardHandler),
			Every: time.Hour, Nudges: hub.Connect()}
		go s.Run(t.Context())
		return s
	}
	counted := &countedPresence{Presence: st}
	a, b := node("a", st), node("b", counted)
	news := func(p *Page, what string) Seen {
		t.Helper()
		select {
		case s := <-p.Presence():
			return s
		case <-time.After(presenceLinger + 2*time.Second):
			t.Fatal(what)
		}
		return Seen{}
	}
	var watchers []*Page
	for range 3 {
		p := b.Open("bob", "bob-token", false)
		b.Watch(p, "Alice")
		require.Equal(t, Seen{Account: "Alice", Online: false}, news(p, "the presence now, as the page begins to watch"))
		watchers = append(watchers, p)
	}
	require.Eventually(t, func() bool { return counted.reads.Load() > 0 }, time.Second, 10*time.Millisecond)
	time.Sleep(100 * time.Millisecond)
	before := counted.reads.Load()

	came := time.Now()
	alice := a.Open("alice", "alice-token", false)
	for _, p := range watchers {
		require.Equal(t, Seen{Account: "Alice", Online: true}, news(p, "alice came online on the other node"))
	}
	t.Logf("online told on the other node in %v", time.Since(came))
	require.Equal(t, before+1, counted.reads.Load(), "one read on the watching node for the change")

	a.Close(alice)
	again := a.Open("alice", "alice-token", false) // her next page, a moment later
	time.Sleep(presenceLinger + 500*time.Millisecond)
	select {
	case s := <-watchers[0].Presence():
		t.Fatalf("going from page to page is no going offline: %+v", s)
	default:
	}
	a.Close(again)
	start := time.Now()
	require.Equal(t, Seen{Account: "Alice", Online: false}, news(watchers[0], "alice went offline"))
	t.Logf("offline told in %v (the linger: %v)", time.Since(start), presenceLinger)
	require.Less(t, time.Since(start), presenceLinger+time.Second, "within the linger and a moment")
}
