package play_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/web/play"
	"boardroom/web/webtest"
)

// seeksIn is the lobby's open challenges as a browser sees them.
func (ts *testServer) seeksIn(t *testing.T, c *http.Client) []string {
	t.Helper()
	_, doc := webtest.Get(t, c, ts.URL+"/")
	var out []string
	doc.Find("[data-testid=seeks] [data-testid=seek]").Each(func(_ int, s *goquery.Selection) {
		out = append(out, strings.Join(strings.Fields(s.Text()), " ")+" → "+s.Find("[data-action=accept-seek]").AttrOr("href", ""))
	})
	return out
}

// TestOpenChallenges: an open challenge is listed in the lobby with its
// game, speed, whether it is rated and its creator's name and rating,
// while its seat is free and its creator's page is open; whoever takes the
// seat first plays; a browser may have three waiting.
func TestOpenChallenges(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.SignedUp(t, "alice")
	guest := ts.Browser(t)
	require.Empty(t, ts.seeksIn(t, guest))
	_, doc := webtest.Get(t, alice, ts.URL+"/")
	require.Equal(t, 1, doc.Find("select[name=mode] option[value=open]").Length())

	resp, _ := ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"open"}, "rated": {"true"}, "clock": {"fast"}, "private": {"true"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")
	require.Equal(t, []string{"Kalah Fast · Rated alice 1500? Accept Log in to accept → " + loc}, ts.seeksIn(t, guest),
		"listed at once, open to all (not private)")

	page := ts.OpenRoom(t, alice, loc)
	page.WS.CloseNow() // the creator leaves: the challenge is no longer listed
	require.Eventually(t, func() bool { return len(ts.seeksIn(t, guest)) == 0 }, 5*time.Second, 20*time.Millisecond)
	ts.OpenRoom(t, alice, loc) // back
	require.Eventually(t, func() bool { return len(ts.seeksIn(t, guest)) == 1 }, 5*time.Second, 20*time.Millisecond)

	bob := ts.SignedUp(t, "bob")
	b := ts.OpenRoom(t, bob, loc)
	b.Say(`{"action":"join"}`)
	require.Eventually(t, func() bool { return len(ts.seeksIn(t, guest)) == 0 }, 5*time.Second, 20*time.Millisecond, "taken")
	_, doc = webtest.Get(t, bob, ts.URL+loc)
	require.Equal(t, "bob (you)", doc.Find(".player.yours .holder").Text())

	for i := range play.MaxOpenChallenges {
		resp, _ = ts.Create(t, alice, url.Values{"game": {"amazons"}, "mode": {"open"}})
		require.Equal(t, http.StatusSeeOther, resp.StatusCode, "challenge %d", i+1)
	}
	resp, body := ts.Create(t, alice, url.Values{"game": {"amazons"}, "mode": {"open"}})
	require.Equal(t, http.StatusConflict, resp.StatusCode)
	require.Contains(t, body, "You have 3 open challenges waiting already")
	require.Len(t, ts.seeksIn(t, guest), play.MaxOpenChallenges)
}

// TestAGuestLogsInToAcceptARatedChallenge: the lobby offers a guest "Log
// in to accept" a rated open challenge (app.css shows it to guests only,
// and Accept to signed-in players), which comes back to it once signed in.
func TestAGuestLogsInToAcceptARatedChallenge(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.SignedUp(t, "alice")
	resp, _ := ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"open"}, "rated": {"true"}, "clock": {"fast"}})
	loc := resp.Header.Get("Location")
	ts.Create(t, alice, url.Values{"game": {"amazons"}, "mode": {"open"}})
	_, doc := webtest.Get(t, ts.Browser(t), ts.URL+"/")
	rated := doc.Find("[data-testid=seek][data-room='" + strings.TrimPrefix(loc, "/r/") + "']")
	login := rated.Find("[data-action=login-to-accept]")
	require.Equal(t, "Log in to accept", login.Text())
	require.True(t, login.HasClass("guest-only"))
	require.True(t, rated.Find("[data-action=accept-seek]").HasClass("signed-in-only"))
	casual := doc.Find("[data-testid=seek]").Not("[data-room='" + strings.TrimPrefix(loc, "/r/") + "']")
	require.Zero(t, casual.Find("[data-action=login-to-accept]").Length(), "a guest may take a casual one")

	bob := ts.Browser(t)
	ts.SignedUp(t, "bob")
	_, doc = webtest.Get(t, bob, ts.URL+login.AttrOr("href", ""))
	form := webtest.Account("bob", "a long password")
	form.Set("next", doc.Find("input[name=next]").AttrOr("value", ""))
	resp, _ = webtest.Post(t, bob, ts.URL+"/login", form)
	require.Equal(t, loc, resp.Header.Get("Location"), "back to the challenge")
}
