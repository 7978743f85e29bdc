package rooms_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/internal/browsertest"
	"boardroom/web/webtest"
)

// watchConnStatus counts, in the page, the times the connection's live
// region is given something new to say.
const watchConnStatus = `(function () {
	var el = document.getElementById("conn-status");
	window.connSaid = [];
	new MutationObserver(function () {
		var t = el.textContent.trim();
		if (t && window.connSaid[window.connSaid.length - 1] !== t) window.connSaid.push(t);
	}).observe(el, { childList: true, characterData: true, subtree: true });
	return true;
})()`

// A lost connection is said plainly where the player looks (at the top, in
// view on a phone even scrolled down), the board is dimmed and takes no
// clicks, screen readers hear it once, a move typed meanwhile is kept with
// a word that it was not sent, and the page comes back by itself within a
// few seconds of the server being reachable again, at once when the
// network returns.
func TestBrowserConnectionLost(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	px := ts.Outage(t)
	browser := webtest.NewBrowser(t, 390, 844)
	alice := newTab(t, browser, "alice")
	alice.Run("phone", chromedp.EmulateViewport(390, 844))
	alice.CreateRoom(px.Node, map[string]string{"game": "amazons", "mode": "computer"})
	alice.WaitText("[data-testid=turn]", "Your move")
	require.True(t, webtest.EvalJS[bool](alice.Tab, watchConnStatus))
	require.Equal(t, "", alice.Text("#conn-status"), "nothing to say while connected")

	lost := func(what string) {
		t.Helper()
		alice.WaitJS(what+": the page knows", `document.body.dataset.socket === "closed"`)
		// Scrolled to the foot of the page, as a player typing a move is.
		webtest.EvalJS[bool](alice.Tab, `window.scrollTo(0, document.body.scrollHeight), true`)
		alice.WaitJS(what+": said at the top", `document.getElementById("conn-status").textContent === "Connection lost — reconnecting…"`)
		r := webtest.EvalJS[map[string]float64](alice.Tab, `(function () {
			var s = document.getElementById("conn-status").getBoundingClientRect();
			var b = document.querySelector("[data-testid=board]");
			return { top: s.top, bottom: s.bottom, height: s.height,
				play: Number(getComputedStyle(document.querySelector(".play")).opacity),
				clickable: getComputedStyle(b).pointerEvents === "none" ? 0 : 1 };
		})()`)
		require.Greater(t, r["height"], 20.0, "%s: the banner is shown, not a line of small print", what)
		require.GreaterOrEqual(t, r["top"], 0.0, "%s: the banner is in view", what)
		require.LessOrEqual(t, r["bottom"], 844.0, "%s: the banner is in view", what)
		require.Less(t, r["play"], 0.7, "%s: the board is dimmed", what)
		require.Equal(t, 0.0, r["clickable"], "%s: the board takes no clicks", what)
		live := webtest.EvalJS[[]string](alice.Tab, `(function () { var e = document.getElementById("conn-status");
			return [e.getAttribute("role") || "", e.getAttribute("aria-live") || ""]; })()`)
		require.Equal(t, "status", live[0])
		require.Contains(t, []string{"polite", "assertive"}, live[1], "a live region says it")
	}

	// The server goes away for a while: the page tries again and again.
	px.Cut()
	lost("server down")
	alice.Run("type a move", chromedp.SetValue(chromedp.CSS("#move-text"), "d1-d7/g7"),
		chromedp.Click(chromedp.CSS("#move-form button[type=submit]")))
	alice.WaitJS("the move is said not sent", `(document.querySelector("#move-form [data-testid=move-note]")||{}).textContent === "Not sent: you are offline"`)
	require.Equal(t, "d1-d7/g7", webtest.EvalJS[string](alice.Tab, `document.getElementById("move-text").value`), "the move typed is kept")
	browsertest.Pause(t, 12*time.Second) // many failed tries: a page that doubles its wait now waits long
	require.Equal(t, []string{"Connection lost — reconnecting…"}, webtest.EvalJS[[]string](alice.Tab, `window.connSaid`), "said once, not at every try")

	px.Restore()
	back := time.Now()
	alice.WaitJSFor(8*time.Second, "back within a few seconds", `document.body.dataset.socket === "open"`)
	t.Logf("back %v after the server was reachable again", time.Since(back))
	alice.WaitJS("said it is back", `document.getElementById("conn-status").textContent === "Connected again."`)
	require.Equal(t, "Your move", alice.Text("[data-testid=turn]"))
	require.Equal(t, "", alice.Text("#move-form [data-testid=move-note]"), "the note goes once connected")
	require.Equal(t, 1.0, webtest.EvalJS[float64](alice.Tab, `Number(getComputedStyle(document.querySelector(".play")).opacity)`), "the board is bright again")
	alice.Click("#move-form button[type=submit]")
	alice.WaitMoves(2) // the move kept, sent now, and the computer's answer

	// The network drops and returns: the page tries again at once (the
	// browser's online event), whatever its wait.
	px.Cut()
	lost("network down")
	browsertest.Pause(t, 12*time.Second)
	px.Restore()
	back = time.Now()
	webtest.EvalJS[bool](alice.Tab, `window.dispatchEvent(new Event("online")), true`)
	alice.WaitJSFor(2*time.Second, "back at once", `document.body.dataset.socket === "open"`)
	t.Logf("back %v after the network returned", time.Since(back))
}
