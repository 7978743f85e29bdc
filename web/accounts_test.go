package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"boardroom/store"
	"boardroom/store/storetest"
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
	ws, _, err := wsDial(t, ts, guest, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	readFragment(t, ws)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(`{"action":"join","name":"Gus"}`)))
	readFragment(t, ws)

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
	ws2, _, err := wsDial(t, ts, bob, loc, ts.URL)
	require.NoError(t, err)
	defer ws2.CloseNow()
	readFragment(t, ws2)
	require.NoError(t, ws2.Write(ctx, websocket.MessageText, []byte(`{"action":"join","name":"Robert"}`)))
	doc = readFragment(t, ws2)
	require.Equal(t, "bob (you)", doc.Find(".player.seat1 a.holder").Text(), "a signed-in joiner plays under their username: %s", doc.Find(".players").Text())
}

// TestPlayerPage: a player's page counts their finished games and lists
// them newest first, each linking to its room, twenty a page.
func TestPlayerPage(t *testing.T) {
	ts := newTestServer(t)
	c := ts.Browser(t)
	resp, _ := webtest.Post(t, c, ts.URL+"/signup", webtest.Account("Alice", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	ctx := t.Context()
	clock := time.UnixMilli(1_800_000_000_000)
	ts.Store.SetNow(func() time.Time { clock = clock.Add(time.Second); return clock })
	for i := range 23 {
		r := storetest.SampleRoom(fmt.Sprintf("game%02d", i))
		r.Seats[0].Account, r.Seats[0].Name = "Alice", "Alice"
		r.Seats[1].Name = "Gus"
		require.NoError(t, ts.Store.CreateRoom(ctx, r))
		winner := []int{0, 1, -1}[i%3]
		require.NoError(t, storetest.ResultErr(ts.Store.SetResult(ctx, r.ID, store.Result{Over: true, Winner: winner, Reason: "done"})))
	}
	_, doc := webtest.Get(t, c, ts.URL+"/@/alice")
	require.Equal(t, "23", doc.Find("[data-testid=played]").Text())
	require.Equal(t, "8", doc.Find("[data-testid=won]").Text())
	require.Equal(t, "8", doc.Find("[data-testid=lost]").Text())
	require.Equal(t, "7", doc.Find("[data-testid=drawn]").Text())
	rows := doc.Find("[data-testid=game-row]")
	require.Equal(t, 20, rows.Length(), "twenty a page")
	first := rows.First()
	require.Equal(t, "/r/game22", first.Find("a").AttrOr("href", ""), "newest first")
	require.Contains(t, first.Text(), "Kalah against Gus")
	require.Contains(t, first.Text(), "Lost", "game 22 went to the second seat")
	older := doc.Find("[data-testid=older]").AttrOr("href", "")
	require.Equal(t, "/@/Alice?page=2", older)
	_, doc = webtest.Get(t, c, ts.URL+older)
	require.Equal(t, 3, doc.Find("[data-testid=game-row]").Length())
	require.Equal(t, 1, doc.Find("[data-testid=newer]").Length())
	require.Zero(t, doc.Find("[data-testid=older]").Length())
}
