package pages_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// The service worker registers and keeps the lobby: with the server out of
// reach the lobby still opens, says plainly that the browser is offline and
// makes no room; when the server answers again the page comes back by
// itself. The worker leaves the room's socket alone.
func TestBrowserLobbyOffline(t *testing.T) {
	t.Parallel()
	ts := sitetest.New(t)
	px := ts.Outage(t)
	browser := webtest.NewBrowser(t, 390, 844)
	alice := webtest.NewTab(t, browser, "alice")
	workerInstalled(alice, px.Node.URL)
	require.True(t, webtest.EvalJS[bool](alice, `document.querySelector("[data-testid=offline-note]").hidden`), "online, nothing is said")

	// A room still works with the worker in the way.
	room := alice.CreateRoom(px.Node, map[string]string{"game": "kalah", "mode": "computer"})
	alice.WaitText("[data-testid=turn]", "Your move")
	alice.WaitJS("the page is the worker's", `!!navigator.serviceWorker.controller`)

	px.Cut()
	for _, u := range []string{px.Node.URL + "/", room} {
		alice.Run("open "+u+" offline", chromedp.Navigate(u))
		alice.WaitJS("the lobby's copy", `document.documentElement.dataset.offline === "true" && !!document.querySelector("form[data-testid=new-room]")`)
		alice.WaitJS("said offline", `!document.querySelector("[data-testid=offline-note]").hidden`)
		require.Contains(t, alice.Text("[data-testid=offline-note]"), "You are offline.")
		r := webtest.EvalJS[map[string]float64](alice, `(function () { var r = document.querySelector("[data-testid=offline-note]").getBoundingClientRect(); return { top: r.top, height: r.height }; })()`)
		require.Less(t, r["top"], 200.0, "said at the top")
		require.Greater(t, r["height"], 20.0)
		require.True(t, webtest.EvalJS[bool](alice, `document.querySelector("form[data-testid=new-room] button[type=submit]").disabled`), "no room is made offline")
		require.Equal(t, "You are offline: no new room", alice.Text("form[data-testid=new-room] button[type=submit]"))
	}

	px.Restore()
	alice.WaitJSFor(15*time.Second, "the page itself again", `!document.documentElement.dataset.offline && !!document.querySelector("[data-testid=board]")`)
	alice.Connected()
}

// The worker's copies are anybody's: a signed-in player's lobby is not kept
// (it names them), so that on a shared computer the lobby opened offline
// after they leave shows no one's name; the copy kept is a guest's.
func TestBrowserOfflineCopiesNameNobody(t *testing.T) {
	t.Parallel()
	ts := sitetest.New(t)
	px := ts.Outage(t)
	browser := webtest.NewBrowser(t, 390, 844)
	olga := webtest.NewTab(t, browser, "olga")
	olga.SignUpIn(px.Node, "Olga")
	workerInstalled(olga, px.Node.URL)
	for _, path := range []string{"/", "/rules"} { // visited signed in, through the worker
		olga.Run("visit "+path, chromedp.Navigate(px.Node.URL+path))
		olga.WaitShown("a[data-testid=me]")
	}
	time.Sleep(500 * time.Millisecond) // a copy the worker would keep is written meanwhile

	px.Cut()
	for _, path := range []string{"/", "/rules"} {
		olga.Run("open "+path+" offline", chromedp.Navigate(px.Node.URL+path))
		olga.WaitJS("a copy", `document.documentElement.dataset.offline === "true"`)
		require.False(t, webtest.EvalJS[bool](olga, `!!document.querySelector("a[data-testid=me]")`), "%s: the copy names nobody", path)
		require.NotContains(t, webtest.EvalJS[string](olga, `document.body.textContent`), "Olga", path)
	}
}

// workerInstalled opens the lobby and waits until the service worker is
// installed, its cache filled, and the lobby is a page the worker answers.
// The lobby is loaded once more when the worker is active: its
// clients.claim() takes only the pages already loaded when it activates, so
// a page whose navigation was under way then (the worker registers from
// the page before, 1.5 s after its load) stays the network's for good.
func workerInstalled(tb *webtest.Tab, site string) {
	tb.T.Helper()
	tb.Run("open the lobby", chromedp.Navigate(site+"/"))
	require.True(tb.T, webtest.EvalJS[bool](tb, `!!navigator.serviceWorker && (navigator.serviceWorker.ready.then(function () { return caches.keys(); }).then(function (k) { window.swCaches = k; }), true)`))
	tb.WaitJSFor(20*time.Second, "the worker installed, its cache filled", `!!window.swCaches && window.swCaches.length === 1`)
	tb.Run("open the lobby again, the worker active", chromedp.Navigate(site+"/"))
	tb.WaitJS("the page is the worker's", `!!navigator.serviceWorker.controller`)
}
