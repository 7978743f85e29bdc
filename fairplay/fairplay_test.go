package fairplay

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/emptydb"
	"boardroom/store"
)

// world is a store with alice, her bot Deep, bob and carol; alice and bob
// were used in one browser an hour before now, carol there two days ago.
func world(t *testing.T, now time.Time) *store.SQLite {
	st, err := store.OpenSQLite(emptydb.Path(t, "f.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	ctx := t.Context()
	ids := map[string]int64{}
	for _, name := range []string{"alice", "bob", "carol"} {
		u := &store.User{Name: name, Key: name, PasswordHash: "h", Created: now}
		require.NoError(t, st.CreateUser(ctx, u))
		ids[name] = u.ID
	}
	require.NoError(t, st.CreateBot(ctx, &store.Bot{User: store.User{Name: "Deep", Key: "deep", Created: now},
		OwnerID: ids["alice"], TokenHash: "t", TokenAt: now, SeatHash: "s"}, 5))
	require.NoError(t, st.SeeBrowser(ctx, "old", "carol", now.Add(-48*time.Hour)))
	require.NoError(t, st.SeeBrowser(ctx, "old", "bob", now.Add(-48*time.Hour)))
	require.NoError(t, st.SeeBrowser(ctx, "shared", "alice", now.Add(-time.Hour)))
	require.NoError(t, st.SeeBrowser(ctx, "shared", "bob", now.Add(-time.Hour)))
	return st
}

func TestCheck(t *testing.T) {
	now := time.UnixMilli(1_800_000_000_000)
	st := world(t, now)
	for _, tc := range []struct {
		name, a, b, why string
	}{
		{"a bot and its owner", "alice", "Deep", "Deep is alice's bot, and a bot never plays its owner in a rated game: play it casual instead."},
		{"its owner and the bot", "Deep", "ALICE", "Deep is ALICE's bot, and a bot never plays its owner in a rated game: play it casual instead."},
		{"one browser within the day", "bob", "alice",
			"bob and alice were both used in the same browser within the last day, so a game between them cannot be rated: play it casual instead."},
		{"one browser two days ago", "carol", "bob", ""},
		{"strangers", "alice", "carol", ""},
		{"a bot and someone else", "Deep", "carol", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(t.Context(), st, tc.a, tc.b, now)
			if tc.why == "" {
				require.NoError(t, err)
				return
			}
			var refused Refused
			require.ErrorAs(t, err, &refused)
			require.Equal(t, tc.why, refused.Why)
		})
	}
}

func TestApart(t *testing.T) {
	now := time.UnixMilli(1_800_000_000_000)
	apart, err := Apart(t.Context(), world(t, now), []string{"alice", "bob", "carol", "Deep"}, now)
	require.NoError(t, err)
	for _, keys := range apart {
		slices.Sort(keys)
	}
	require.Equal(t, map[string][]string{"alice": {"bob", "deep"}, "bob": {"alice"}, "deep": {"alice"}}, apart)
}

// countingLinks counts the sightings written.
type countingLinks struct {
	store.Links
	writes int
	fail   error
}

func (c *countingLinks) SeeBrowser(context.Context, string, string, time.Time) error {
	c.writes++
	return c.fail
}

// A session used again and again in one browser is recorded once an hour;
// a log-in always; another browser or account at once; a failed write is
// tried again at the next use.
func TestSightingsAreWrittenOnceAnHour(t *testing.T) {
	links := &countingLinks{}
	s := &Sightings{Links: links}
	ctx, now := t.Context(), time.UnixMilli(1_800_000_000_000)
	for _, tc := range []struct {
		what           string
		login          bool
		browser, as    string
		after          time.Duration
		writes         int
		fail, wantFail error
	}{
		{what: "first use", browser: "b", as: "alice", writes: 1},
		{what: "used again", browser: "b", as: "ALICE", after: time.Minute, writes: 1},
		{what: "a log-in", login: true, browser: "b", as: "alice", after: time.Minute, writes: 2},
		{what: "another account", browser: "b", as: "bob", writes: 3},
		{what: "another browser", browser: "c", as: "alice", writes: 4},
		{what: "an hour on", browser: "b", as: "alice", after: time.Hour, writes: 5},
		{what: "no browser", browser: "", as: "alice", writes: 5},
		{what: "a failed write", browser: "d", as: "alice", writes: 6, fail: errors.New("down"), wantFail: errors.New("down")},
		{what: "tried again", browser: "d", as: "alice", writes: 7},
	} {
		now = now.Add(tc.after)
		links.fail = tc.fail
		var err error
		if tc.login {
			err = s.LoggedIn(ctx, tc.browser, tc.as, now)
		} else {
			err = s.Used(ctx, tc.browser, tc.as, now)
		}
		require.Equal(t, tc.wantFail, err, tc.what)
		require.Equal(t, tc.writes, links.writes, tc.what)
	}
}
