package web

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// recordNotifications wraps the page's Notification so that the test sees
// each one made (the real one still makes it).
const recordNotifications = `(function () {
	var Real = window.Notification;
	window.made = [];
	function Recorded(title, opts) { window.made.push(title + " | " + ((opts && opts.body) || "")); return new Real(title, opts); }
	Object.defineProperty(Recorded, "permission", { get: function () { return Real.permission; } });
	Recorded.requestPermission = function () { return Real.requestPermission(); };
	window.Notification = Recorded;
	return true;
})()`

// setHidden makes the page look hidden (another tab in front) or shown.
func setHidden(tb *tab, hidden bool) {
	tb.t.Helper()
	if hidden {
		evalJS[bool](tb, `Object.defineProperty(document, "hidden", { configurable: true, get: function () { return true; } }),
			Object.defineProperty(document, "visibilityState", { configurable: true, get: function () { return "hidden"; } }), true`)
		return
	}
	evalJS[bool](tb, `delete document.hidden, delete document.visibilityState, !document.hidden`)
}

// permit answers the page's notification permission as the player would.
func permit(tb *tab, origin string, setting browser.PermissionSetting) {
	tb.t.Helper()
	id := chromedp.FromContext(tb.ctx).BrowserContextID
	tb.run("notifications "+string(setting), func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: "notifications"}, Setting: setting, Origin: origin, BrowserContextID: id})
		return chromedp.Void{}, err
	})
}

// A player who turns the bell on is told, while the page is hidden, that a
// friend joined and when it is their move; not while they look at the page,
// and not at all once their browser refused.
func TestBrowserNotifications(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	b := newBrowser(t, 1280, 900)
	alice, bob := newTab(t, b, "alice"), newTab(t, b, "bob")
	room := createRoom(t, ts, alice, map[string]string{"game": "amazons", "mode": "friend"})
	permit(alice, ts.URL, browser.PermissionSettingGranted)
	require.True(t, evalJS[bool](alice, recordNotifications))
	bell := "[data-action=notify]"
	alice.waitJS("the bell offered to a player", `!document.querySelector("[data-action=notify]").hidden`)
	require.Equal(t, "false", evalJS[string](alice, `document.querySelector("[data-action=notify]").getAttribute("aria-pressed")`), "off until asked for")
	alice.click(bell)
	alice.waitJS("the bell on", `document.querySelector("[data-action=notify]").getAttribute("aria-pressed") === "true"`)

	typeMove := func(tb *tab, text string) {
		tb.run("type "+text, chromedp.SetValue(chromedp.CSS("#move-text"), text),
			chromedp.Click(chromedp.CSS("#move-form button[type=submit]")))
	}
	made := func(tb *tab) []string { return evalJS[[]string](tb, `window.made`) }

	// Hidden: a friend joins, and it is Alice's move.
	setHidden(alice, true)
	bob.open(room)
	require.True(t, evalJS[bool](bob, `document.querySelector("[data-action=notify]").hidden`), "a spectator has no bell")
	bob.click("[data-action=join]")
	alice.waitJS("told of the friend", `window.made.length === 1`)
	require.Regexp(t, `^.+ joined your .+ room \| It is your move\.$`, made(alice)[0])
	t.Logf("alice was told: %q", made(alice)[0])

	// Shown: her move comes back while she looks, and nothing is made.
	setHidden(alice, false)
	typeMove(alice, "d1-d7/g7")
	bob.waitText("[data-testid=turn]", "Your move")
	typeMove(bob, "d10-d8/d9")
	alice.waitMoves(2)
	alice.waitJS("her move", `!!document.querySelector("#banner.your-turn")`)
	require.Len(t, made(alice), 1, "nothing while the page is in view")

	// Hidden again: told when it is her move.
	typeMove(alice, "j4-j5/j6")
	bob.waitMoves(3)
	setHidden(alice, true)
	typeMove(bob, "a7-a6/a5")
	alice.waitJS("told of her move", `window.made.length === 2`)
	require.Contains(t, made(alice)[1], "Your move |")

	// Bob's browser refuses: the bell says so and nothing is made.
	permit(bob, ts.URL, browser.PermissionSettingDenied)
	require.True(t, evalJS[bool](bob, recordNotifications))
	bob.click(bell)
	bob.waitJS("said blocked", `document.querySelector("[data-testid=notify-note]").textContent.includes("blocked")`)
	require.Equal(t, "false", evalJS[string](bob, `document.querySelector("[data-action=notify]").getAttribute("aria-pressed")`))
	setHidden(bob, true)
	setHidden(alice, false)
	typeMove(alice, "j5-j4/j5")
	bob.waitMoves(5)
	bob.waitJS("his move", `!!document.querySelector("#banner.your-turn")`)
	require.Empty(t, made(bob))
}
