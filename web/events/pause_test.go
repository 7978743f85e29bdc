package events_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/store"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// TestPausing (issue 40): leaving an event under way is a pause, and says
// so: the player's Leave reads Pause with the points kept in words, their
// row in the standings is marked paused (for everyone), with their
// points; they Resume, and the mark goes. A finished event marks nobody
// paused.
func TestPausing(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ctx := t.Context()
	ann, guest := n.SignedUp(t, "Ann"), n.Browser(t)
	now := time.Now()
	for _, id := range []string{"running", "done"} {
		require.NoError(t, n.Store.CreateTournament(ctx, &store.Tournament{ID: id, Name: "Arena " + id, Kind: store.Arena, Game: "kalah",
			Clock: "fast", Minutes: 30, Starts: now.Add(time.Hour), Created: now}))
		for _, p := range []string{"Ann", "Bea"} {
			require.NoError(t, n.Store.JoinTournament(ctx, id, store.Entrant{Account: p, Rating: 1500, Joined: now, Active: true}))
		}
		// Started under a lease of the test's: the node's director leaves
		// it alone.
		d, err := n.Store.Direct(ctx, id, "test-node", now, time.Hour)
		require.NoError(t, err)
		require.NoError(t, n.Store.StartTournament(ctx, id, d, now, now.Add(30*time.Minute)))
		made, err := n.Store.PairTournament(ctx, id, d, func([]store.Entrant, []store.TournamentGame) []store.TournamentPairing {
			return []store.TournamentPairing{{Room: storetestRoom(id + "-1"), Seats: [2]string{"Ann", "Bea"}}}
		})
		require.NoError(t, err)
		_, err = n.Store.SetResult(ctx, made[0].Room.ID, store.Result{Over: true, Winner: 0, Reason: "Ann wins"})
		require.NoError(t, err)
		require.NoError(t, n.Store.LeaveTournament(ctx, id, "Bea"))
		if id == "done" {
			require.NoError(t, n.Store.FinishTournament(ctx, id, d, now))
		}
	}
	row := func(doc *goquery.Document, who string) *goquery.Selection {
		return doc.Find("[data-testid=standing][data-player=" + who + "]")
	}

	_, doc := webtest.Get(t, ann, n.URL+"/t/running")
	leave := doc.Find("[data-action=leave-tournament]")
	require.Equal(t, "Pause", strings.TrimSpace(leave.Text()), "under way, leaving pauses")
	hint := doc.Find("#" + leave.AttrOr("aria-describedby", "none"))
	require.Contains(t, hint.Text(), "You keep your points", "the button's hint")
	assert.Equal(t, "false", row(doc, "Ann").AttrOr("data-paused", ""))

	_, doc = webtest.Get(t, guest, n.URL+"/t/running")
	bea := row(doc, "Bea")
	assert.Equal(t, "true", bea.AttrOr("data-paused", ""), "Bea left under way: paused")
	assert.Contains(t, bea.Find("[data-testid=paused]").Text(), "paused", "in words")
	assert.Equal(t, "0", bea.AttrOr("data-score", ""))

	resp, _ := webtest.Post(t, ann, n.URL+"/t/running/leave", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc = webtest.Get(t, ann, n.URL+"/t/running")
	assert.Equal(t, "true", row(doc, "Ann").AttrOr("data-paused", ""))
	assert.Equal(t, "2", row(doc, "Ann").AttrOr("data-score", ""), "her points kept")
	join := doc.Find("[data-action=join-tournament]")
	require.Equal(t, "Resume", strings.TrimSpace(join.Text()))
	assert.Contains(t, doc.Find("#"+join.AttrOr("aria-describedby", "none")).Text(), "points kept")
	resp, _ = webtest.Post(t, ann, n.URL+"/t/running/join", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc = webtest.Get(t, ann, n.URL+"/t/running")
	assert.Equal(t, "false", row(doc, "Ann").AttrOr("data-paused", ""), "resumed")
	assert.Zero(t, row(doc, "Ann").Find("[data-testid=paused]").Length())
	assert.Equal(t, "2", row(doc, "Ann").AttrOr("data-score", ""))
	assert.Equal(t, "Pause", strings.TrimSpace(doc.Find("[data-action=leave-tournament]").Text()))

	_, doc = webtest.Get(t, guest, n.URL+"/t/done")
	assert.Equal(t, "false", row(doc, "Bea").AttrOr("data-paused", ""), "finished: nobody is paused")
	assert.Zero(t, doc.Find("[data-testid=paused]").Length())
	assert.Equal(t, 2, doc.Find("[data-testid=standing]").Length(), "who left under way keeps their place")
}
