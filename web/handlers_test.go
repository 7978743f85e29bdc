package web

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	_ "boardroom/game/all"
	"boardroom/realtime"
	"boardroom/realtime/frame/frametest"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/web/webtest"
	_ "boardroom/web/webtest/tictactoe"
)

// testServer runs the whole app on a random port with a fresh database
// (webtest.Node), served by this package's Server.
type testServer struct{ *webtest.Node }

// serve assembles the Server of a test node: no limits, the lobby's lists
// made for every request.
func serve(n *webtest.Node) http.Handler {
	return (&Server{Hub: n.Hub, Store: n.Store, Log: n.Log, Limits: &Limits{}, ListsFresh: -1,
		Pools: n.Pools, Site: n.Site, Signouts: n.Signouts}).Handler()
}

// newTestServer's config may be changed by tweaks (a fake clock, real
// computer players).
func newTestServer(t testing.TB, tweaks ...func(*realtime.Config)) *testServer {
	t.Helper()
	return &testServer{webtest.New(t, serve, tweaks...)}
}

// newHouseServer is newTestServer with house bots that may play
// houseGames at once (0: no house bots).
func newHouseServer(t testing.TB, houseGames int, tweaks ...func(*realtime.Config)) *testServer {
	t.Helper()
	return &testServer{webtest.Start(t, serve, webtest.Options{HouseGames: houseGames, Tweaks: tweaks})}
}

// newNode is a server on st, one of a cluster's nodes when signouts is
// set (its sign-outs shared with the other nodes').
func newNode(t testing.TB, st *store.SQLite, houseGames int, signouts *signout.Sockets, tweaks ...func(*realtime.Config)) *testServer {
	t.Helper()
	return &testServer{webtest.Start(t, serve, webtest.Options{Store: st, HouseGames: houseGames, Signouts: signouts, Tweaks: tweaks})}
}

func TestLobby(t *testing.T) {
	ts := newTestServer(t)
	resp, doc := webtest.Get(t, ts.Browser(t), ts.URL+"/")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	form := doc.Find("form[data-testid=new-room]")
	require.Equal(t, 1, form.Length())
	require.Equal(t, "/rooms", form.AttrOr("action", ""))
	require.Equal(t, "post", form.AttrOr("method", ""))
	for _, name := range []string{"mode", "level", "clock", "seat", "pace", "houses", "seeds", "empty_capture", "size", "power", "setup", "turns", "algorithm"} {
		require.Equal(t, 1, form.Find("[name="+name+"]").Length(), "exactly one field %s", name)
	}
	var games []string
	form.Find("input[type=radio][name=game]").Each(func(_ int, s *goquery.Selection) { games = append(games, s.AttrOr("value", "")) })
	require.Equal(t, []string{"amazons", "kalah", "angels", "bishops", "demons", "tictactoe"}, games,
		"the five games in their order, then tic-tac-toe, which these tests register")
	for _, sel := range []string{"select[name=mode] option[value=watch]", "select[name=level] option[value=difficult]",
		"select[name=clock] option[value=bullet]", "select[name=seat] option[value=random]", "select[name=setup] option[value=stripes]"} {
		require.Equal(t, 1, form.Find(sel).Length(), sel)
	}
	require.Contains(t, resp.Header.Get("Set-Cookie"), TokenCookie+"=")
	require.Contains(t, resp.Header.Get("Set-Cookie"), "HttpOnly")
	require.Contains(t, resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	require.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
}

func TestCreateRoom(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		name    string
		form    url.Values
		status  int
		wantErr string
	}{
		{"kalah with options", url.Values{"game": {"kalah"}, "mode": {"friend"}, "houses": {"4"}, "seeds": {"3"}, "empty_capture": {"true"}, "size": {"99"}}, http.StatusSeeOther, ""},
		{"empty fields are defaults", url.Values{"game": {"angels"}, "size": {""}, "power": {""}}, http.StatusSeeOther, ""},
		{"every mode", url.Values{"game": {"demons"}, "mode": {"watch"}, "level": {"medium"}, "clock": {"slow"}, "seat": {"random"}}, http.StatusSeeOther, ""},
		{"unknown game", url.Values{"game": {"chess"}}, http.StatusBadRequest, `Unknown game "chess" (known: amazons, kalah, angels, bishops, demons, tictactoe)`},
		{"option out of range", url.Values{"game": {"kalah"}, "houses": {"13"}}, http.StatusBadRequest, "Houses must be from 1 to 12, got 13"},
		{"angel power above half the board", url.Values{"game": {"angels"}, "size": {"6"}, "power": {"4"}}, http.StatusBadRequest, "Power must be from 1 to size/2 = 3"},
		{"odd demons board", url.Values{"game": {"demons"}, "size": {"7"}}, http.StatusBadRequest, "Size must be one of 6, 8, 10, 12"},
		{"bad mode", url.Values{"game": {"kalah"}, "mode": {"online"}}, http.StatusBadRequest, "Mode must be one of friend, hotseat, computer, watch"},
		{"bad clock", url.Values{"game": {"kalah"}, "clock": {"blitz"}}, http.StatusBadRequest, "Clock must be one of none, bullet, fast, slow"},
		{"bad pace", url.Values{"game": {"kalah"}, "mode": {"watch"}, "pace": {"warp"}}, http.StatusBadRequest, "Pace must be one of fast, normal, slow"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := ts.Create(t, ts.Browser(t), tc.form)
			require.Equal(t, tc.status, resp.StatusCode, body)
			if tc.wantErr != "" {
				doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
				require.NoError(t, err)
				require.Contains(t, doc.Find("[data-testid=form-error]").Text(), tc.wantErr)
				return
			}
			require.Regexp(t, `^/r/[A-Za-z0-9_-]{16}$`, resp.Header.Get("Location"))
		})
	}
}

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

func TestCrossOriginPostRefused(t *testing.T) {
	ts := newTestServer(t)
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/rooms", strings.NewReader("game=kalah"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
}

func TestHealthAndStatic(t *testing.T) {
	ts := newTestServer(t)
	c := ts.Browser(t)
	resp, err := c.Get(ts.URL + "/healthz")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	for _, f := range []string{"app.css", "app.js", "pieces.svg", "vendor/htmx-2.0.11.min.js", "vendor/htmx-ext-ws-2.0.4.min.js"} {
		resp, err := c.Get(ts.URL + "/static/" + f)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, f)
		require.Contains(t, resp.Header.Get("Cache-Control"), "immutable")
	}
}

// wsDial opens the room's WebSocket as the browser holding jar's cookies.
func wsDial(t *testing.T, ts *testServer, c *http.Client, loc string, origin string) (*websocket.Conn, *http.Response, error) {
	u, _ := url.Parse(ts.URL + loc + "/ws")
	h := http.Header{}
	for _, ck := range c.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	if origin != "" {
		h.Set("Origin", origin)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+loc+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err == nil {
		ws.SetReadLimit(1 << 20) // a whole room, as a page reads it
	}
	return ws, resp, err
}

// socketPages holds, for each socket a test reads, the page its updates built.
var socketPages sync.Map // *websocket.Conn → *goquery.Document

// readFragment reads the next update of ws and returns the page it leaves:
// a whole fragment replaces the page, a delta is applied to it as htmx does.
// openHotseatKalah creates a hotseat Kalah room for a new browser and opens
// its socket, reading the first (whole) page; the socket closes with t.
func openHotseatKalah(t *testing.T, ts *testServer) (browser *http.Client, loc string, ws *websocket.Conn) {
	t.Helper()
	browser = ts.Browser(t)
	resp, _ := ts.Create(t, browser, url.Values{"game": {"kalah"}, "mode": {"hotseat"}})
	loc = resp.Header.Get("Location")
	ws, _, err := wsDial(t, ts, browser, loc, ts.URL)
	require.NoError(t, err)
	t.Cleanup(func() { ws.CloseNow() })
	readFragment(t, ws)
	return browser, loc, ws
}

func readFragment(t *testing.T, ws *websocket.Conn) *goquery.Document {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := ws.Read(ctx)
	require.NoError(t, err)
	if bytes.Contains(b[:min(len(b), 200)], []byte(`id="live"`)) {
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(b))
		require.NoError(t, err)
		socketPages.Store(ws, doc)
		return doc
	}
	doc, ok := socketPages.Load(ws)
	require.True(t, ok, "the first update of a socket is the whole fragment: %.80q", b)
	require.NoError(t, frametest.Apply(doc.(*goquery.Document), b))
	return doc.(*goquery.Document)
}

func TestWebSocketProtocol(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.Browser(t)
	resp, _ := ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"hotseat"}})
	loc := resp.Header.Get("Location")
	webtest.Get(t, alice, ts.URL+loc)

	_, resp, err := wsDial(t, ts, alice, loc, "http://evil.example")
	require.Error(t, err, "another site's page may not open the socket")
	require.Equal(t, http.StatusForbidden, resp.StatusCode)

	ws, _, err := wsDial(t, ts, alice, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	doc := readFragment(t, ws)
	require.Equal(t, "live", doc.Find("div").First().AttrOr("id", ""))

	send := func(msg string) *goquery.Document {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(msg)))
		return readFragment(t, ws)
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
	require.Contains(t, readFragment(t, ws).Find("[data-testid=error]").Text(), "binary")

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
	_, resp, err := wsDial(t, ts, ts.Browser(t), "/r/nope", "")
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
	before := readFragment(t, ws)
	require.Equal(t, 1, before.Find("[data-testid=move]").Length())
	ws.CloseNow()

	ws, _, err := wsDial(t, ts, alice, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	after := readFragment(t, ws)
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
