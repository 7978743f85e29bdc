package events_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// TestAPersonJoinsOnTheEventsPage: the site's socket enters bots alone
// (their programs, with their tokens: roombot and cmd/bot test them); a
// person's page that asks is told to join on the event's page, and is
// not entered.
func TestAPersonJoinsOnTheEventsPage(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	later := time.Now().Add(time.Hour)
	require.NoError(t, n.Store.CreateTournament(t.Context(), &store.Tournament{ID: "open", Name: "Open", Kind: store.Arena,
		Game: "kalah", Clock: "fast", Minutes: 30, Bots: true, Starts: later, Created: later}))
	page := n.OpenSite(t, n.SignedUp(t, "Ann"))
	for _, ask := range []string{`{"join":"open"}`, `{"leave":"open"}`} {
		page.Say(ask)
		m := page.Until("an answer", func(m webtest.SiteMessage) bool { return m.Error != "" })
		require.Equal(t, "A person joins and leaves an event on its page.", m.Error)
	}
	entrants, err := n.Store.Entrants(t.Context(), "open")
	require.NoError(t, err)
	require.Empty(t, entrants)
}
