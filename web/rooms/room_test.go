package rooms_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	_ "boardroom/game/all"
	"boardroom/web/webtest"
	_ "boardroom/web/webtest/tictactoe"
)

func TestRoomPage(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.Browser(t)
	resp, _ := ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"friend"}, "clock": {"fast"}})
	loc := resp.Header.Get("Location")

	resp, doc := webtest.Get(t, alice, ts.URL+loc)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, 14, doc.Find("[data-testid=board] [data-cell]").Length(), "Kalah 6: 12 houses and 2 stores")
	require.Equal(t, 1, doc.Find(`[data-cell="0,0"]`).Length(), "P2's store")
	require.Equal(t, 1, doc.Find(`[data-cell="1,7"]`).Length(), "P1's store")
	require.Contains(t, doc.Find(`[data-cell="1,3"]`).AttrOr("aria-label", ""), "P1 house 3, 4 seeds")
	require.Equal(t, ts.URL+loc, doc.Find("[data-testid=share-link]").AttrOr("value", ""))
	for _, id := range []string{"turn", "clock", "score", "status", "moves", "spectators"} {
		require.Equal(t, 1, doc.Find("[data-testid="+id+"]").Length(), id)
	}
	require.Equal(t, "0", doc.Find("[data-testid=spectators]").Text())
	require.Contains(t, doc.Find("[data-testid=clock]").Text(), "0:30")
	require.Equal(t, 0, doc.Find("[data-action=join]").Length(), "the creator is seated")
	require.Equal(t, 1, doc.Find("[data-action=abort]").Length(), "abort, not resign, before the game has begun")
	require.Equal(t, 0, doc.Find("[data-action=resign]").Length())
	// Every script, style sheet and icon the page links is served (a file
	// left out of the embedded set would fail only in the browser, quietly).
	linked := 0
	doc.Find("script[src], link[href]").Each(func(_ int, s *goquery.Selection) {
		ref := s.AttrOr("src", s.AttrOr("href", ""))
		if !strings.HasPrefix(ref, "/") {
			return
		}
		linked++
		resp, err := alice.Get(ts.URL + ref)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, ref)
	})
	require.GreaterOrEqual(t, linked, 10, "the page's scripts and styles")

	_, doc = webtest.Get(t, ts.Browser(t), ts.URL+loc)
	require.Equal(t, 1, doc.Find("[data-action=join]").Length(), "a visitor may join")
	require.Equal(t, 0, doc.Find("[data-action=resign]").Length())

	resp, doc = webtest.Get(t, alice, ts.URL+"/r/doesnotexist0000")
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	require.Contains(t, doc.Find("h1").Text(), "No such room")
	resp, _ = webtest.Get(t, alice, ts.URL+"/nowhere")
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// readFragment reads the next update of ws and returns the page it leaves:
// a whole fragment replaces the page, a delta is applied to it as htmx does.
// openHotseatKalah creates a hotseat Kalah room for a new browser and opens
// its socket, reading the first (whole) page; the socket closes with t.
func openHotseatKalah(t *testing.T, ts *testServer) (browser *http.Client, loc string, ws *websocket.Conn) {
	t.Helper()
	browser = ts.Browser(t)
	resp, _ := ts.Create(t, browser, url.Values{"game": {"kalah"}, "mode": {"hotseat"}})
	loc = resp.Header.Get("Location")
	ws, _, err := ts.DialRoom(t, browser, loc, ts.URL)
	require.NoError(t, err)
	t.Cleanup(func() { ws.CloseNow() })
	webtest.ReadFragment(t, ws)
	return browser, loc, ws
}

func TestWebSocketProtocol(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.Browser(t)
	resp, _ := ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"hotseat"}})
	loc := resp.Header.Get("Location")
	webtest.Get(t, alice, ts.URL+loc)

	_, resp, err := ts.DialRoom(t, alice, loc, "http://evil.example")
	require.Error(t, err, "another site's page may not open the socket")
	require.Equal(t, http.StatusForbidden, resp.StatusCode)

	ws, _, err := ts.DialRoom(t, alice, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	doc := webtest.ReadFragment(t, ws)
	require.Equal(t, "live", doc.Find("div").First().AttrOr("id", ""))

	send := func(msg string) *goquery.Document {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(msg)))
		return webtest.ReadFragment(t, ws)
	}
	for _, tc := range []struct{ msg, want string }{
		{`not json`, "bad message"},
		{`{"action":"fly"}`, `unknown action "fly"`},
		{`{"cell":"9,9"}`, "That is not a legal move."},
		{`{"action":"redo"}`, "There is no move to redo."},
		{`{"action":"load"}`, "There is no saved game to load."},
	} {
		doc := send(tc.msg)
		require.Contains(t, doc.Find("[data-testid=error]").Text(), tc.want, tc.msg)
		require.Equal(t, 0, doc.Find("[data-testid=move]").Length(), "%s changed nothing", tc.msg)
		require.True(t, doc.Find("[data-testid=clock]").HasClass("flash-bad"))
	}
	doc = send(`{"cell":"1,1","HEADERS":{"HX-Request":"true"}}`)
	require.Equal(t, "1", doc.Find("[data-testid=move]").Text())
	require.True(t, doc.Find("[data-testid=clock]").HasClass("flash-ok"))

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, ws.Write(ctx, websocket.MessageBinary, []byte(`{"cell":"1,2"}`)))
	require.Contains(t, webtest.ReadFragment(t, ws).Find("[data-testid=error]").Text(), "binary")

	// A message over the read limit closes the connection (1009) and changes nothing.
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(`{"action":"`+strings.Repeat("x", 10000)+`"}`)))
	_, _, err = ws.Read(ctx)
	require.Equal(t, websocket.StatusMessageTooBig, websocket.CloseStatus(err))
	rec, err := ts.Store.Room(ctx, strings.TrimPrefix(loc, "/r/"))
	require.NoError(t, err)
	require.Len(t, rec.Turns, 1)
}

func TestWebSocketUnknownRoom(t *testing.T) {
	ts := newTestServer(t)
	_, resp, err := ts.DialRoom(t, ts.Browser(t), "/r/nope", "")
	require.Error(t, err)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// TestReconnectGetsTheCurrentViewAndSeat drops a player's socket without a
// close handshake (a network blip) and dials again: the first update is the
// current game, with the player still seated.
func TestReconnectGetsTheCurrentViewAndSeat(t *testing.T) {
	ts := newTestServer(t)
	alice, loc, ws := openHotseatKalah(t, ts)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(`{"cell":"1,1"}`)))
	before := webtest.ReadFragment(t, ws)
	require.Equal(t, 1, before.Find("[data-testid=move]").Length())
	ws.CloseNow()

	ws, _, err := ts.DialRoom(t, alice, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	after := webtest.ReadFragment(t, ws)
	require.Equal(t, "1", after.Find("[data-testid=move]").Text(), "the move list as it was")
	require.Equal(t, "P2 to move", after.Find("[data-testid=turn]").Text(), "still seated: the hotseat player's view")
	// (That every update carries the version is frame's test; here: the
	// reconnected page is not older than the one that was cut.)
	v1, err := strconv.Atoi(before.Find("#version").AttrOr("data-version", ""))
	require.NoError(t, err)
	v2, err := strconv.Atoi(after.Find("#version").AttrOr("data-version", ""))
	require.NoError(t, err)
	require.GreaterOrEqual(t, v2, v1)
}
