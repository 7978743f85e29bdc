package play_test

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime"
	"boardroom/realtime/clocktest"
	"boardroom/web/webtest"
)

// A newcomer's first ten minutes, the lobby's part (issue 23): what the
// server sends. The pages themselves are tested in Chromium
// (lobby_browser_test.go).

// liveIDs lists the rooms the lobby's live list links to.
func liveIDs(t *testing.T, ts *testServer, c *http.Client) []string {
	t.Helper()
	_, doc := webtest.Get(t, c, ts.URL+"/")
	var ids []string
	doc.Find("[data-testid=live-rooms] a[data-room]").Each(func(_ int, s *goquery.Selection) {
		ids = append(ids, s.AttrOr("data-room", ""))
	})
	return ids
}

// TestLiveListDropsRoomsLeftAlone: a live room nobody has had open and in
// which nothing happened for ten minutes leaves the lobby's list (games
// against the computer, left, filled it), and stays where its link leads;
// a room someone watches, or plays in, stays listed.
func TestLiveListDropsRoomsLeftAlone(t *testing.T) {
	clock := clocktest.New()
	ts := newTestServer(t, func(c *realtime.Config) { c.Clock = clock })
	ts.Store.SetNow(clock.Now)
	alice := ts.Browser(t)
	rooms := map[string]string{}
	for _, name := range []string{"left", "watched", "played"} {
		resp, _ := ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"hotseat"}})
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
		rooms[name] = strings.TrimPrefix(resp.Header.Get("Location"), "/r/")
	}
	require.ElementsMatch(t, []string{rooms["left"], rooms["watched"], rooms["played"]}, liveIDs(t, ts, alice), "all listed at first")

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	watcher, _, err := ts.DialRoom(t, ts.Browser(t), "/r/"+rooms["watched"], ts.URL)
	require.NoError(t, err)
	defer watcher.CloseNow()
	webtest.ReadFragment(t, watcher)
	clock.Advance(5 * time.Minute)
	player, _, err := ts.DialRoom(t, alice, "/r/"+rooms["played"], ts.URL)
	require.NoError(t, err)
	webtest.ReadFragment(t, player)
	require.NoError(t, player.Write(ctx, websocket.MessageText, []byte(`{"cell":"1,1"}`)))
	require.Equal(t, "1", webtest.ReadFragment(t, player).Find("[data-testid=move]").Text())
	player.Close(websocket.StatusNormalClosure, "")

	clock.Advance(6 * time.Minute) // 11 minutes since the rooms were made, 6 since the move
	require.NoError(t, ts.Hub.MarkSeen(ctx))
	require.ElementsMatch(t, []string{rooms["watched"], rooms["played"]}, liveIDs(t, ts, alice),
		"the room left alone for ten minutes is no longer listed")
	resp, _ := webtest.Get(t, alice, ts.URL+"/r/"+rooms["left"])
	require.Equal(t, http.StatusOK, resp.StatusCode, "its link still leads to it")

	watcher.Close(websocket.StatusNormalClosure, "")
	require.Eventually(t, func() bool { // the room hears of the page closing in its own time
		clock.Advance(11 * time.Minute)
		require.NoError(t, ts.Hub.MarkSeen(ctx))
		return len(liveIDs(t, ts, alice)) == 0
	}, 10*time.Second, 50*time.Millisecond, "ten minutes after the last page closed, and the last move")
}

// TestLobbyIsLight: with a dozen live rooms the lobby is a few hundred
// elements (each board a picture: it was 3,000 elements, the cells of the
// small boards) and a few KB on the wire (84 KB of uncompressed HTML);
// text is compressed, a WebSocket's upgrade is not; the pictures are
// cached for ever under addresses naming their version; and the lists'
// refresh is answered 304 while they have not changed.
func TestLobbyIsLight(t *testing.T) {
	ts := newTestServer(t)
	c := ts.Browser(t)
	for _, g := range []string{"amazons", "kalah", "angels", "bishops", "demons", "amazons", "kalah", "angels"} {
		resp, _ := ts.Create(t, c, url.Values{"game": {g}, "mode": {"hotseat"}})
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	}
	gz := map[string]string{"Accept-Encoding": "gzip, deflate, br"}

	resp, body := ts.Fetch(t, "/", gz)
	require.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
	require.Contains(t, resp.Header.Values("Vary"), "Accept-Encoding")
	require.Less(t, len(body), 8_000, "the lobby on the wire")
	zr, err := gzip.NewReader(strings.NewReader(string(body)))
	require.NoError(t, err)
	html, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.Less(t, len(html), 30_000, "the lobby's HTML")
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(html)))
	require.NoError(t, err)
	require.Less(t, doc.Find("*").Length(), 500, "elements")
	require.Equal(t, 8, doc.Find("[data-testid=live-rooms] img.picture").Length(), "a picture a room")
	require.Equal(t, 0, doc.Find(".mini-board").Length(), "no board drawn cell by cell")

	for _, tc := range []struct {
		path, header string
		compressed   bool
	}{
		{"/static/app.css", "", true},
		{"/static/app.js", "", true},
		{"/games.css", "", true},
		{"/static/app.css", "identity", false},
		{"/static/app.css", "gzip;q=0", false},
		{"/healthz", "gzip", false}, // three bytes
	} {
		h := gz
		if tc.header != "" {
			h = map[string]string{"Accept-Encoding": tc.header}
		}
		resp, _ := ts.Fetch(t, tc.path, h)
		require.Equal(t, http.StatusOK, resp.StatusCode, tc.path)
		require.Equal(t, tc.compressed, resp.Header.Get("Content-Encoding") == "gzip", "%s %s", tc.path, tc.header)
	}
	resp, _ = ts.Fetch(t, "/static/app.css", gz)
	require.Contains(t, resp.Header.Get("Cache-Control"), "immutable", "static files keep their caching")

	// The pictures: an address naming the version, cached for ever.
	srcs := doc.Find("img.picture").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("src", "") })
	require.Len(t, srcs, len(game.All())+8, "the games' cards and the rooms")
	for _, src := range srcs {
		require.Contains(t, src, "?v=")
		resp, body := ts.Fetch(t, src, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, src)
		require.Equal(t, "image/svg+xml", resp.Header.Get("Content-Type"))
		require.Contains(t, resp.Header.Get("Cache-Control"), "immutable", src)
		require.True(t, strings.HasPrefix(string(body), "<svg"), src)
	}
	resp, _ = ts.Fetch(t, strings.Split(srcs[0], "?")[0]+"?v=old", nil)
	require.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), "an old address gets the picture now, not for ever")

	// The lists' refresh: 304 while nothing changed, and what the page
	// sends says which version it shows.
	section := doc.Find("#watch")
	require.Contains(t, section.AttrOr("hx-headers", ""), "If-None-Match")
	resp, _ = ts.Fetch(t, "/lobby/lists?live=1&done=1", gz)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	etag := strings.TrimPrefix(resp.Header.Get("ETag"), "W/")
	require.NotEmpty(t, etag)
	require.Contains(t, section.AttrOr("hx-headers", ""), strings.Trim(etag, `"`))
	resp, body = ts.Fetch(t, "/lobby/lists?live=1&done=1", map[string]string{"If-None-Match": etag, "Accept-Encoding": "gzip"})
	require.Equal(t, http.StatusNotModified, resp.StatusCode)
	require.Empty(t, body)
	resp, _ = ts.Fetch(t, "/lobby/lists?live=2&done=1", map[string]string{"If-None-Match": etag})
	require.Equal(t, http.StatusOK, resp.StatusCode, "another page is another version")

	// The room's socket is never compressed by the middleware.
	room := doc.Find("[data-testid=live-rooms] a[data-room]").First().AttrOr("data-room", "")
	ws, resp, err := ts.DialRoom(t, c, "/r/"+room, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	require.Empty(t, resp.Header.Get("Content-Encoding"))
	webtest.ReadFragment(t, ws)
}

// TestPlayTheComputerInOneClick: the lobby's quick button posts the form
// with the chosen game and lands in a room against the computer, Beginner,
// the person first, no clock, whatever else the form said.
func TestPlayTheComputerInOneClick(t *testing.T) {
	ts := newTestServer(t)
	c := ts.Browser(t)
	resp, _ := ts.Create(t, c, url.Values{"game": {"kalah"}, "mode": {"friend"}, "clock": {"bullet"}, "seat": {"second"},
		"houses": {"3"}, "record": {"garbage"}, "quick": {"computer"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	rec, err := ts.Store.Room(context.Background(), strings.TrimPrefix(resp.Header.Get("Location"), "/r/"))
	require.NoError(t, err)
	require.Equal(t, "kalah", rec.Game)
	require.EqualValues(t, "computer", rec.Mode)
	require.EqualValues(t, "none", rec.Clock)
	require.EqualValues(t, "human", rec.Seats[0].Kind, "the person moves first")
	require.EqualValues(t, "bot", rec.Seats[1].Kind)
	require.EqualValues(t, "beginner", rec.Seats[1].Level)
	require.Equal(t, "6", rec.Options["houses"], "the game as it comes")
}
