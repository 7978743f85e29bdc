package lobby

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/emptydb"
	"boardroom/realtime/bus"
	"boardroom/store"
)

// fakeAwaits are the rooms awaiting each account's move as the store has
// them, and how often each account's were read.
type fakeAwaits struct {
	mu    sync.Mutex
	rooms map[string][]string
	reads map[string]int
}

func (f *fakeAwaits) set(account string, rooms ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rooms[account] = rooms
}

func (f *fakeAwaits) read(_ context.Context, account string) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads[account]++
	return f.rooms[account], nil
}

func (f *fakeAwaits) times(account string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reads[account]
}

// next is the next count a page is told (failing after a while).
func next(t *testing.T, p *Page) int {
	t.Helper()
	select {
	case n := <-p.TurnCount():
		return n
	case <-time.After(5 * time.Second):
		t.Fatal("no count told")
		return 0
	}
}

// quiet checks that p is told nothing for a moment.
func quiet(t *testing.T, p *Page, why string) {
	t.Helper()
	select {
	case n := <-p.TurnCount():
		t.Fatalf("%s: told %d", why, n)
	case <-time.After(150 * time.Millisecond):
	}
}

// TestTheTurnCountFollowsTheRooms (issue 39, item 3): a page is told its
// player's count of games awaiting their move as it opens (their rooms
// read once from the store for all their pages on the node), then follows
// what the rooms on any node say they await (over the bus: no node looks
// at the store for it, and its looks are an hour apart here): news heard
// again, or that leaves the count as it was, tells nothing; another
// player's news does not change theirs; a bot's program is told none.
func TestTheTurnCountFollowsTheRooms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		nodes int
	}{{"one node, no bus", 1}, {"the rooms on another node", 2}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, err := store.OpenSQLite(emptydb.Path(t, "t.db"))
			require.NoError(t, err)
			t.Cleanup(func() { st.Close() })
			awaits := &fakeAwaits{rooms: map[string][]string{}, reads: map[string]int{}}
			exchange := bus.NewHub()
			var sites []*Site
			for i := range tc.nodes {
				s := &Site{Presence: st, Challenges: st, Rooms: noRooms{}, Node: string(rune('a' + i)), Log: slog.New(slog.DiscardHandler),
					Every: time.Hour, Turns: &Turns{}, AwaitingRooms: awaits.read}
				if tc.nodes > 1 {
					s.Nudges = exchange.Connect()
				}
				go s.Run(t.Context())
				sites = append(sites, s)
			}
			rooms, pages := sites[0].Turns, sites[len(sites)-1]
			awaits.set("Alice", "r1", "r2")
			alice := pages.Open("Alice", "alice-token", false)
			bob := pages.Open("bob", "bob-token", false)
			bot := pages.Open("robot", "robot-token", true)
			require.Equal(t, 2, next(t, alice), "told as it opens")
			require.Equal(t, 0, next(t, bob))
			require.Equal(t, 1, awaits.times("Alice"))
			awaits.set("Alice", "r1", "r2", "r0") // as if news of r0 was lost
			phone := pages.Open("Alice", "alice-phone", false)
			require.Equal(t, 3, next(t, phone), "her second page reads her rooms again")
			require.Equal(t, 3, next(t, alice), "which puts her first page right")
			require.Equal(t, 2, awaits.times("Alice"))
			rooms.AwaitingChanged("r0", nil, []string{"alice"})
			require.Equal(t, 2, next(t, alice))
			require.Equal(t, 2, next(t, phone))

			rooms.AwaitingChanged("r3", []string{"alice"}, nil)
			require.Equal(t, 3, next(t, alice), "a room's news, whatever the case of the name")
			require.Equal(t, 3, next(t, phone))
			quiet(t, bob, "another player's news")
			rooms.AwaitingChanged("r3", []string{"Alice"}, nil)
			quiet(t, alice, "the same news again")

			rooms.AwaitingChanged("r1", []string{"bob"}, []string{"Alice"})
			require.Equal(t, 2, next(t, alice), "her move made")
			require.Equal(t, 1, next(t, bob), "his move now")
			rooms.AwaitingChanged("r2", nil, []string{"Alice"})
			require.Equal(t, 1, next(t, alice), "a game over")
			require.Equal(t, 2, awaits.times("Alice"), "news, not reads")
			require.Equal(t, 1, awaits.times("bob"))
			quiet(t, bot, "a bot's program")
			require.Zero(t, awaits.times("robot"), "a bot's rooms are not read")

			pages.Close(alice)
			pages.Close(phone)
			awaits.set("Alice", "r9")
			again := pages.Open("Alice", "alice-token", false)
			require.Equal(t, 1, next(t, again))
			require.Equal(t, 3, awaits.times("Alice"), "read again")
		})
	}
}

// The news of the rooms crosses the bus as it was told.
func TestTurnNewsOnTheWire(t *testing.T) {
	news := []turnNews{{"r1", "alice", true}, {"r2", "Bob", false}}
	require.Equal(t, news, decodeNews(encodeNews(news)))
	require.Equal(t, []turnNews{{"r1", "alice", true}}, decodeNews([]byte("r1\talice\t1\nbroken line\n\tnobody\t1\n")), "what cannot be read is skipped")
}
