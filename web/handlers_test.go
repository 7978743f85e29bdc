package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	_ "boardroom/game/all"
	"boardroom/realtime"
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
		Pools: n.Pools, Site: n.Site, Signouts: n.Signouts, Events: n.Events}).Handler()
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
