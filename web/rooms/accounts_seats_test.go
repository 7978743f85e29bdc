package rooms_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/web/webtest"
)

// TestAGuestWhoSignsUpKeepsTheirSeats: the seats a guest holds in a
// browser are still theirs once they sign up or log in there.
func TestAGuestWhoSignsUpKeepsTheirSeats(t *testing.T) {
	ts := newTestServer(t)
	c := ts.Browser(t)
	resp, _ := ts.Create(t, c, url.Values{"game": {"kalah"}, "mode": {"friend"}, "name": {"Gus"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")
	_, doc := webtest.Get(t, c, ts.URL+loc)
	require.Equal(t, "Gus (you)", doc.Find(".player.seat0 .holder").Text())

	resp, _ = webtest.Post(t, c, ts.URL+"/signup", webtest.Account("gus", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc = webtest.Get(t, c, ts.URL+loc)
	require.Equal(t, "Gus (you)", doc.Find(".player.seat0 .holder").Text(), "the seat is still this browser's")
	require.True(t, doc.Find("[data-action=abort]").Length() > 0, "and its controls")
}

// TestTheAccountsSeatOnAnotherDevice (issue 42, bug 1): signed in on a
// phone that never held the game's seat cookie, the player opens their
// running rated game and is seated there, with its controls, and moves.
func TestTheAccountsSeatOnAnotherDevice(t *testing.T) {
	ts := newTestServer(t)
	_, _, loc, _, b := ts.RatedRoom(t)
	phone := ts.LogIn(t, "alice")
	_, doc := webtest.Get(t, phone, ts.URL+loc)
	require.Equal(t, "alice (you)", doc.Find(".player.seat0 .holder").Text(), "the first render knows her")
	require.Equal(t, 1, doc.Find("[data-action=abort]").Length(), "with the seat's controls")
	p := ts.OpenRoom(t, phone, loc)
	p.Say(`{"cell":"1,1"}`)
	b.Until("Your move")
}

// TestAfterLogOutTheBrowserNoLongerPlaysTheAccountsSeat (issue 36, item
// 5): the browser that made a rated room, logged out (its seat cookie
// kept), is a guest there: its resignation and its moves are refused with
// the reason, the game goes on, and no rating moves.
func TestAfterLogOutTheBrowserNoLongerPlaysTheAccountsSeat(t *testing.T) {
	ts := newTestServer(t)
	alice, _, loc, a, b := ts.RatedRoom(t)
	a.Say(`{"cell":"1,1"}`)
	b.Until("Your move")
	b.Say(`{"cell":"0,1"}`)
	a.Until("Your move")

	resp, _ := webtest.Post(t, alice, ts.URL+"/logout", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc := webtest.Get(t, alice, ts.URL+loc)
	require.Equal(t, "alice", doc.Find(".player.seat0 .holder").Text(), "no longer hers here")
	require.Zero(t, doc.Find("[data-action=resign]").Length())
	guest := ts.OpenRoom(t, alice, loc)
	for _, msg := range []string{`{"action":"resign"}`, `{"cell":"1,2"}`, `{"action":"offer-draw"}`, `{"action":"undo"}`} {
		require.Contains(t, guest.Say(msg), "This seat is alice's: log in as alice to play it.", msg)
	}
	_, doc = webtest.Get(t, ts.Browser(t), ts.URL+loc)
	require.Zero(t, doc.Find("[data-testid=rating-change]").Length(), "the game goes on")
	got, err := ts.Store.CurrentRatings(t.Context(), "kalah", vocab.FastClock, []string{"alice", "bob"})
	require.NoError(t, err)
	require.Empty(t, got, "no rating moved")
}
