package play_test

import (
	"net/http"
	"net/url"
	"testing"

	"boardroom/web/webtest"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"
)

// TestRatedGamesFromTheLobby: a signed-in player is offered a rated game
// against a friend; a guest is shown the way in rather than Join; when
// the game ends both players see their change and new rating, and the
// result counts once.
func TestRatedGamesFromTheLobby(t *testing.T) {
	ts := newTestServer(t)
	_, doc := webtest.Get(t, ts.Browser(t), ts.URL+"/")
	require.Zero(t, doc.Find("input[name=rated]").Length(), "a guest is not offered rated games")

	alice := ts.SignedUp(t, "alice")
	_, doc = webtest.Get(t, alice, ts.URL+"/")
	require.Equal(t, 1, doc.Find("label.for-friend input[name=rated]").Length(), "offered with a friend")

	for _, tc := range []struct {
		name string
		form url.Values
		want string
	}{
		{"options", url.Values{"game": {"kalah"}, "mode": {"friend"}, "rated": {"true"}, "seeds": {"3"}}, "Only the standard rules are rated."},
		{"record", url.Values{"game": {"kalah"}, "mode": {"friend"}, "rated": {"true"}, "record": {"kalah houses=6 seeds=4\n3"}},
			"A game started from a record cannot be rated."},
	} {
		resp, body := ts.Create(t, alice, tc.form)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, tc.name)
		require.Contains(t, body, tc.want, tc.name)
	}
	resp, _ := ts.Create(t, ts.Browser(t), url.Values{"game": {"kalah"}, "mode": {"friend"}, "rated": {"true"}})
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, "a guest cannot make a rated room")
	resp, _ = ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"computer"}, "rated": {"true"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "rated, hidden with another mode, does not count")
	_, doc = webtest.Get(t, alice, ts.URL+resp.Header.Get("Location"))
	require.Zero(t, doc.Find("[data-testid=rated]").Length())

	resp, _ = ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"friend"}, "rated": {"true"}, "clock": {"fast"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")
	guestBrowser := ts.Browser(t)
	_, doc = webtest.Get(t, guestBrowser, ts.URL+loc)
	require.Equal(t, 1, doc.Find("[data-testid=rated]").Length())
	require.Equal(t, "/login?next="+loc, doc.Find("[data-testid=rated-join] a").First().AttrOr("href", ""))
	require.True(t, doc.Find("form[data-testid=join]").HasClass("signed-in-only"), "a guest is not offered Join")
	require.Equal(t, "1500?", doc.Find(".player.seat0 [data-testid=seat-rating]").Text())
	guest := ts.OpenRoom(t, guestBrowser, loc)
	require.Contains(t, guest.Say(`{"action":"join"}`), "This game is rated: log in or sign up to play it.")

	bob := ts.SignedUp(t, "bob")
	a, b := ts.OpenRoom(t, alice, loc), ts.OpenRoom(t, bob, loc)
	// Each waits for the other's message to land: a socket's next update
	// may be one sent before.
	b.Say(`{"action":"join"}`)
	a.Until("bob")
	a.Say(`{"cell":"1,1"}`)
	b.Until("Your move")
	b.Say(`{"cell":"0,1"}`)
	a.Until("Your move")
	b.Say(`{"action":"resign"}`)
	a.Until("resigned")

	_, doc = webtest.Get(t, guestBrowser, ts.URL+loc)
	first, second := doc.Find(".player.seat0"), doc.Find(".player.seat1")
	require.Regexp(t, `^\+[1-9][0-9]*$`, first.Find("[data-testid=rating-change]").Text())
	require.True(t, first.Find("[data-testid=rating-change]").HasClass("up"))
	require.Regexp(t, `^−[1-9][0-9]*$`, second.Find("[data-testid=rating-change]").Text())
	require.Regexp(t, `^1[5-9][0-9][0-9]\?$`, first.Find("[data-testid=seat-rating]").Text())
	require.Regexp(t, `^1[0-4][0-9][0-9]\?$`, second.Find("[data-testid=seat-rating]").Text())
}

// TestRatedIsOneDefault (issue 42, Account): the forms that set up a game
// with someone chosen agree. Against a friend (or an open challenge) in
// the lobby and a direct challenge from a player's page, Rated starts
// unticked, and each says so in the same words (docs/ratings.md says why).
func TestRatedIsOneDefault(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.SignedUp(t, "alice")
	ts.SignedUp(t, "bob")
	_, lobby := webtest.Get(t, alice, ts.URL+"/")
	_, page := webtest.Get(t, alice, ts.URL+"/@/bob")
	for name, box := range map[string]*goquery.Selection{
		"the lobby's, against a friend": lobby.Find("label.for-friend"),
		"a direct challenge's":          page.Find("form[data-testid=challenge] label:has(input[name=rated])"),
	} {
		require.Equal(t, 1, box.Find("input[name=rated]").Length(), name)
		_, checked := box.Find("input[name=rated]").Attr("checked")
		require.False(t, checked, "%s: unticked", name)
		require.Contains(t, box.Find("small").Text(), "A game you set up is casual unless you tick it.", name)
	}
}
