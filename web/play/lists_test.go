package play

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/templates"
)

func TestListsCacheServesAPageForAMoment(t *testing.T) {
	var c listsCache
	now := time.Unix(1000, 0)
	key := listsKey{live: 1, done: 2}
	_, ok := c.get(key)
	require.False(t, ok)
	c.put(key, listsEntry{at: now, lists: templates.LobbyLists{LivePage: 1, DonePage: 2}})
	e, ok := c.get(key)
	require.True(t, ok)
	require.Equal(t, 2, e.lists.DonePage)
	require.True(t, e.freshAt(now.Add(999*time.Millisecond), time.Second))
	require.False(t, e.freshAt(now.Add(time.Second), time.Second), "checked again after a moment")
	_, ok = c.get(listsKey{live: 2, done: 2})
	require.False(t, ok, "each page on its own")
}

// The lists are made again when what they show of a room changed, and
// only then.
func TestSummariesDigestSeesWhatTheListsShow(t *testing.T) {
	now := time.Now()
	base := store.Summary{ID: "r1", Game: "kalah", Clock: vocab.SlowClock, Turns: 3, Updated: now,
		Seats: [2]store.Seat{{Kind: vocab.Human, Name: "Ann"}, {Kind: vocab.Free}}}
	same := base
	require.Equal(t, summariesDigest([]store.Summary{base}), summariesDigest([]store.Summary{same}))
	for name, change := range map[string]func(*store.Summary){
		"a move":        func(s *store.Summary) { s.Turns++; s.Updated = s.Updated.Add(time.Second) },
		"a seat taken":  func(s *store.Summary) { s.Seats[1] = store.Seat{Kind: vocab.Human, Name: "Bea"} },
		"the game over": func(s *store.Summary) { s.Over, s.Winner, s.Reason = true, 0, "no seeds left" },
		"an hour older": func(s *store.Summary) { s.Updated = s.Updated.Add(-time.Hour) },
	} {
		changed := base
		changed.Seats = base.Seats
		change(&changed)
		require.NotEqual(t, summariesDigest([]store.Summary{base}), summariesDigest([]store.Summary{changed}), name)
	}
	require.NotEqual(t, summariesDigest([]store.Summary{base}, nil), summariesDigest(nil, []store.Summary{base}),
		"a room moved from one list to another")
}
