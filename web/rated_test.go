package web

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// signedUp is a browser signed in as a new account.
func (ts *testServer) signedUp(t *testing.T, name string) *http.Client {
	t.Helper()
	c := ts.browser(t)
	resp, _ := post(t, c, ts.URL+"/signup", account(name, "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	return c
}

// player is a page's socket in a room.
type player struct {
	t  *testing.T
	ws *websocket.Conn
}

func (ts *testServer) open(t *testing.T, c *http.Client, loc string) *player {
	t.Helper()
	get(t, c, ts.URL+loc)
	ws, _, err := wsDial(t, ts, c, loc, ts.URL)
	require.NoError(t, err)
	t.Cleanup(func() { ws.CloseNow() })
	readFragment(t, ws)
	return &player{t: t, ws: ws}
}

// say sends a message and returns the page as the next update leaves it.
func (p *player) say(msg string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(p.t, p.ws.Write(ctx, websocket.MessageText, []byte(msg)))
	return readFragment(p.t, p.ws).Text()
}

// TestRatedGamesFromTheLobby: a signed-in player is offered a rated game
// against a friend; a guest is shown the way in rather than Join; when
// the game ends both players see their change and new rating, and the
// result counts once.
func TestRatedGamesFromTheLobby(t *testing.T) {
	ts := newTestServer(t)
	_, doc := get(t, ts.browser(t), ts.URL+"/")
	require.Zero(t, doc.Find("input[name=rated]").Length(), "a guest is not offered rated games")

	alice := ts.signedUp(t, "alice")
	_, doc = get(t, alice, ts.URL+"/")
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
		resp, body := ts.create(t, alice, tc.form)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, tc.name)
		require.Contains(t, body, tc.want, tc.name)
	}
	resp, _ := ts.create(t, ts.browser(t), url.Values{"game": {"kalah"}, "mode": {"friend"}, "rated": {"true"}})
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, "a guest cannot make a rated room")
	resp, _ = ts.create(t, alice, url.Values{"game": {"kalah"}, "mode": {"computer"}, "rated": {"true"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "rated, hidden with another mode, does not count")
	_, doc = get(t, alice, ts.URL+resp.Header.Get("Location"))
	require.Zero(t, doc.Find("[data-testid=rated]").Length())

	resp, _ = ts.create(t, alice, url.Values{"game": {"kalah"}, "mode": {"friend"}, "rated": {"true"}, "clock": {"fast"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")
	guestBrowser := ts.browser(t)
	_, doc = get(t, guestBrowser, ts.URL+loc)
	require.Equal(t, 1, doc.Find("[data-testid=rated]").Length())
	require.Equal(t, "/login?next="+loc, doc.Find("[data-testid=rated-join] a").First().AttrOr("href", ""))
	require.True(t, doc.Find("form[data-testid=join]").HasClass("signed-in-only"), "a guest is not offered Join")
	require.Equal(t, "1500?", doc.Find(".player.seat0 [data-testid=seat-rating]").Text())
	guest := ts.open(t, guestBrowser, loc)
	require.Contains(t, guest.say(`{"action":"join"}`), "This game is rated: log in or sign up to play it.")

	bob := ts.signedUp(t, "bob")
	a, b := ts.open(t, alice, loc), ts.open(t, bob, loc)
	b.say(`{"action":"join"}`)
	a.say(`{"cell":"1,1"}`)
	b.say(`{"cell":"0,1"}`)
	b.say(`{"action":"resign"}`)

	_, doc = get(t, guestBrowser, ts.URL+loc)
	first, second := doc.Find(".player.seat0"), doc.Find(".player.seat1")
	require.Regexp(t, `^\+[1-9][0-9]*$`, first.Find("[data-testid=rating-change]").Text())
	require.True(t, first.Find("[data-testid=rating-change]").HasClass("up"))
	require.Regexp(t, `^−[1-9][0-9]*$`, second.Find("[data-testid=rating-change]").Text())
	require.Regexp(t, `^1[5-9][0-9][0-9]\?$`, first.Find("[data-testid=seat-rating]").Text())
	require.Regexp(t, `^1[0-4][0-9][0-9]\?$`, second.Find("[data-testid=seat-rating]").Text())
}
