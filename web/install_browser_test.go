package web

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// The service worker registers and keeps the lobby: with the server out of
// reach the lobby still opens, says plainly that the browser is offline and
// makes no room; when the server answers again the page comes back by
// itself. The worker leaves the room's socket alone.
func TestBrowserLobbyOffline(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	px := newOutage(t, ts)
	browser := newBrowser(t, 390, 844)
	alice := newTab(t, browser, "alice")
	alice.run("open the lobby", chromedp.Navigate(px.ts.URL+"/"))
	require.True(t, evalJS[bool](alice, `!!navigator.serviceWorker && (navigator.serviceWorker.ready.then(function () { return caches.keys(); }).then(function (k) { window.swCaches = k; }), true)`))
	alice.waitJSFor(20*time.Second, "the worker installed, its cache filled", `!!window.swCaches && window.swCaches.length === 1`)
	alice.waitJS("the page is the worker's", `!!navigator.serviceWorker.controller`)
	require.True(t, evalJS[bool](alice, `document.querySelector("[data-testid=offline-note]").hidden`), "online, nothing is said")

	// A room still works with the worker in the way.
	room := createRoom(t, px.ts, alice, map[string]string{"game": "kalah", "mode": "computer"})
	alice.waitText("[data-testid=turn]", "Your move")
	alice.waitJS("the page is the worker's", `!!navigator.serviceWorker.controller`)

	px.cut()
	for _, u := range []string{px.ts.URL + "/", room} {
		alice.run("open "+u+" offline", chromedp.Navigate(u))
		alice.waitJS("the lobby's copy", `document.documentElement.dataset.offline === "true" && !!document.querySelector("form[data-testid=new-room]")`)
		alice.waitJS("said offline", `!document.querySelector("[data-testid=offline-note]").hidden`)
		require.Contains(t, alice.text("[data-testid=offline-note]"), "You are offline.")
		r := evalJS[map[string]float64](alice, `(function () { var r = document.querySelector("[data-testid=offline-note]").getBoundingClientRect(); return { top: r.top, height: r.height }; })()`)
		require.Less(t, r["top"], 200.0, "said at the top")
		require.Greater(t, r["height"], 20.0)
		require.True(t, evalJS[bool](alice, `document.querySelector("form[data-testid=new-room] button[type=submit]").disabled`), "no room is made offline")
		require.Equal(t, "You are offline: no new room", alice.text("form[data-testid=new-room] button[type=submit]"))
	}

	px.restore()
	alice.waitJSFor(15*time.Second, "the page itself again", `!document.documentElement.dataset.offline && !!document.querySelector("[data-testid=board]")`)
	alice.connected()
}

// The worker's copies are anybody's: a signed-in player's lobby is not kept
// (it names them), so that on a shared computer the lobby opened offline
// after they leave shows no one's name; the copy kept is a guest's.
func TestBrowserOfflineCopiesNameNobody(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	px := newOutage(t, ts)
	browser := newBrowser(t, 390, 844)
	olga := newTab(t, browser, "olga")
	olga.signUpIn(px.ts, "Olga")
	olga.run("open the lobby", chromedp.Navigate(px.ts.URL+"/"))
	require.True(t, evalJS[bool](olga, `!!navigator.serviceWorker && (navigator.serviceWorker.ready.then(function () { return caches.keys(); }).then(function (k) { window.swCaches = k; }), true)`))
	olga.waitJSFor(20*time.Second, "the worker installed, its cache filled", `!!window.swCaches && window.swCaches.length === 1`)
	olga.waitJS("the page is the worker's", `!!navigator.serviceWorker.controller`)
	for _, path := range []string{"/", "/rules"} { // visited signed in, through the worker
		olga.run("visit "+path, chromedp.Navigate(px.ts.URL+path))
		olga.waitShown("a[data-testid=me]")
	}
	time.Sleep(500 * time.Millisecond) // a copy the worker would keep is written meanwhile

	px.cut()
	for _, path := range []string{"/", "/rules"} {
		olga.run("open "+path+" offline", chromedp.Navigate(px.ts.URL+path))
		olga.waitJS("a copy", `document.documentElement.dataset.offline === "true"`)
		require.False(t, evalJS[bool](olga, `!!document.querySelector("a[data-testid=me]")`), "%s: the copy names nobody", path)
		require.NotContains(t, evalJS[string](olga, `document.body.textContent`), "Olga", path)
	}
}
