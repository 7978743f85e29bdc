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

// fakeCounts are the counts of games awaiting each account's move, and
// how often each was counted.
type fakeCounts struct {
	mu      sync.Mutex
	n       map[string]int
	counted map[string]int
}

func (f *fakeCounts) set(account string, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n[account] = n
}

func (f *fakeCounts) count(_ context.Context, account string) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.counted[account]++
	return f.n[account], nil
}

func (f *fakeCounts) times(account string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.counted[account]
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
// player's count of games awaiting their move as it opens, and again when
// a room on any node says their games changed (over the bus: no node
// looks at the store for it, whose looks are an hour apart here); a change
// that leaves the count as it was tells nothing; another player's news
// does not count theirs again; a bot's program is told none.
func TestTheTurnCountFollowsTheRooms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		nodes int
	}{{"one node, no bus", 1}, {"the room on another node", 2}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, err := store.OpenSQLite(emptydb.Path(t, "t.db"))
			require.NoError(t, err)
			t.Cleanup(func() { st.Close() })
			counts := &fakeCounts{n: map[string]int{}, counted: map[string]int{}}
			exchange := bus.NewHub()
			var sites []*Site
			for i := range tc.nodes {
				s := &Site{Presence: st, Challenges: st, Rooms: noRooms{}, Node: string(rune('a' + i)), Log: slog.New(slog.DiscardHandler),
					Every: time.Hour, Turns: &Turns{}, CountTurns: counts.count}
				if tc.nodes > 1 {
					s.Nudges = exchange.Connect()
				}
				go s.Run(t.Context())
				sites = append(sites, s)
			}
			rooms, pages := sites[0], sites[len(sites)-1]
			counts.set("Alice", 2)
			alice := pages.Open("Alice", "alice-token", false)
			bob := pages.Open("bob", "bob-token", false)
			bot := pages.Open("robot", "robot-token", true)
			require.Equal(t, 2, next(t, alice), "told as it opens")
			require.Equal(t, 0, next(t, bob))
			bobCounted := counts.times("bob")

			counts.set("Alice", 3)
			rooms.Turns.AwaitingChanged([]string{"alice"})
			require.Equal(t, 3, next(t, alice), "a room's news, whatever the case of the name")
			quiet(t, bob, "another player's news")
			require.Equal(t, bobCounted, counts.times("bob"), "bob's games not counted again")

			rooms.Turns.AwaitingChanged([]string{"Alice"})
			quiet(t, alice, "the same count")

			counts.set("Alice", 0)
			rooms.Turns.AwaitingChanged([]string{"Alice", "bob"})
			require.Equal(t, 0, next(t, alice))
			quiet(t, bot, "a bot's program")
			require.Zero(t, counts.times("robot"), "a bot's games are not counted")
		})
	}
}
