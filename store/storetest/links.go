package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// links: a bot is linked to its owner (a house bot to nobody), and two
// accounts seen in one browser are linked while both sightings are at or
// after since; sightings older than store.BrowsersKept are forgotten.
func links(t *testing.T, sub Subject) {
	ctx := sub.Ctx
	st := sub.Store
	accounts := sub.Store
	bots := sub.Store
	now := time.UnixMilli(1_800_000_000_000)
	people := map[string]*store.User{}
	for _, name := range []string{"Alice", "bob", "carol", "dave"} {
		u := &store.User{Name: name, Key: lower(name), PasswordHash: "h", Created: now}
		require.NoError(t, accounts.CreateUser(ctx, u))
		people[name] = u
	}
	for _, b := range []*store.Bot{
		{User: store.User{Name: "Deep", Key: "deep", Created: now}, OwnerID: people["Alice"].ID, TokenHash: "t-deep", TokenAt: now, SeatHash: "s-deep"},
		{User: store.User{Name: "House", Key: "house", Created: now}, TokenHash: "t-house", TokenAt: now, SeatHash: "s-house"},
	} {
		require.NoError(t, bots.CreateBot(ctx, b, 5))
	}

	linked := func(since time.Time, names ...string) []store.Link {
		t.Helper()
		got, err := st.Linked(ctx, names, since)
		require.NoError(t, err)
		return got
	}
	day := now.Add(-store.BrowsersKept)
	require.Equal(t, []store.Link{{A: "alice", B: "deep", Bot: "deep"}}, linked(day, "DEEP", "bob", "Alice", "House"),
		"a bot and its owner, any case; a house bot owns itself")
	require.Empty(t, linked(day, "Deep", "bob"), "a bot and someone else")
	require.Empty(t, linked(day, "Alice"), "one account alone")

	seen := func(browser, account string, at time.Time) {
		t.Helper()
		require.NoError(t, st.SeeBrowser(ctx, browser, account, at))
	}
	seen("b3", "dave", now.Add(-30*time.Hour))
	seen("b3", "carol", now.Add(-30*time.Hour))
	seen("b1", "Alice", now.Add(-2*time.Hour))
	seen("b1", "BOB", now.Add(-time.Hour))
	seen("b1", "bob", now.Add(-3*time.Hour)) // an older sighting keeps the newer time
	seen("b2", "carol", now)
	require.ElementsMatch(t, []store.Link{{A: "alice", B: "bob"}}, linked(day, "alice", "bob", "carol"),
		"seen in one browser within the day")
	require.Empty(t, linked(now.Add(-90*time.Minute), "alice", "bob"), "Alice's sighting is older than since")
	require.Empty(t, linked(now.Add(-48*time.Hour), "carol", "dave"), "forgotten after a day")
	require.ElementsMatch(t, []store.Link{{A: "alice", B: "deep", Bot: "deep"}, {A: "alice", B: "bob"}},
		linked(day, "alice", "bob", "deep"), "both kinds together")

	seen("b4", "Alice", now)
	seen("b4", "Alice", now) // seen again: still one sighting
	require.ElementsMatch(t, []store.Link{{A: "alice", B: "bob"}}, linked(day, "alice", "bob"), "one link however many browsers")
}
