package rooms_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"boardroom/web/webtest"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// TestNamesInRoomsAreAccounts: a signed-in player's seat bears their
// username, whatever name the form or the Join sent, and links to their
// page; a guest's seat is marked as a guest's. The lobby asks a signed-in
// player for no name.
func TestNamesInRoomsAreAccounts(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.Browser(t)
	resp, _ := webtest.Post(t, alice, ts.URL+"/signup", webtest.Account("Alice", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc := webtest.Get(t, alice, ts.URL+"/")
	require.Contains(t, doc.Find("[data-testid=playing-as]").Text(), "Alice")
	require.Zero(t, doc.Find("form input[name=name]").Length(), "no free name field")
	require.Equal(t, 1, doc.Find("body[data-signed-in]").Length())

	resp, _ = ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"friend"}, "name": {"Not Alice"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")

	// A guest takes the other seat; then Bob, signed in, would have, had it
	// been free: his Join's name does not count.
	guest := ts.Browser(t)
	webtest.Get(t, guest, ts.URL+loc)
	ws, _, err := ts.DialRoom(t, guest, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	webtest.ReadFragment(t, ws)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(`{"action":"join","name":"Gus"}`)))
	webtest.ReadFragment(t, ws)

	_, doc = webtest.Get(t, ts.Browser(t), ts.URL+loc)
	link := doc.Find(".player.seat0 a.holder[data-testid=holder-link]")
	require.Equal(t, "Alice", link.Text(), "the username, not the form's name")
	require.Equal(t, "/@/Alice", link.AttrOr("href", ""))
	require.Zero(t, doc.Find(".player.seat0 [data-testid=guest]").Length())
	require.Equal(t, "Gus", doc.Find(".player.seat1 .holder").Text())
	require.Equal(t, 1, doc.Find(".player.seat1 [data-testid=guest]").Length(), "a guest is marked")

	bob := ts.Browser(t)
	resp, _ = webtest.Post(t, bob, ts.URL+"/signup", webtest.Account("bob", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, _ = ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"friend"}})
	loc = resp.Header.Get("Location")
	webtest.Get(t, bob, ts.URL+loc)
	ws2, _, err := ts.DialRoom(t, bob, loc, ts.URL)
	require.NoError(t, err)
	defer ws2.CloseNow()
	webtest.ReadFragment(t, ws2)
	require.NoError(t, ws2.Write(ctx, websocket.MessageText, []byte(`{"action":"join","name":"Robert"}`)))
	doc = webtest.ReadFragment(t, ws2)
	require.Equal(t, "bob (you)", doc.Find(".player.seat1 a.holder").Text(), "a signed-in joiner plays under their username: %s", doc.Find(".players").Text())
}
