package rooms_test

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
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
	tb.T.Helper()
	if hidden {
		webtest.EvalJS[bool](tb.Tab, `Object.defineProperty(document, "hidden", { configurable: true, get: function () { return true; } }),
			Object.defineProperty(document, "visibilityState", { configurable: true, get: function () { return "hidden"; } }), true`)
		return
	}
	webtest.EvalJS[bool](tb.Tab, `delete document.hidden, delete document.visibilityState, !document.hidden`)
}

// permit answers the page's notification permission as the player would.
func permit(tb *tab, origin string, setting browser.PermissionSetting) {
	tb.T.Helper()
	id := chromedp.FromContext(tb.Ctx).BrowserContextID
	tb.Run("notifications "+string(setting), func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
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
	b := webtest.NewFullBrowser(t, 1280, 900) // the headless shell has no notifications
	alice, bob := newTab(t, b, "alice"), newTab(t, b, "bob")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "friend"})
	permit(alice, ts.URL, browser.PermissionSettingGranted)
	require.True(t, webtest.EvalJS[bool](alice.Tab, recordNotifications))
	bell := "[data-action=notify]"
	alice.WaitJS("the bell offered to a player", `!document.querySelector("[data-action=notify]").hidden`)
	require.Equal(t, "false", webtest.EvalJS[string](alice.Tab, `document.querySelector("[data-action=notify]").getAttribute("aria-pressed")`), "off until asked for")
	alice.Click(bell)
	alice.WaitJS("the bell on", `document.querySelector("[data-action=notify]").getAttribute("aria-pressed") === "true"`)

	typeMove := func(tb *tab, text string) {
		tb.Run("type "+text, chromedp.SetValue(chromedp.CSS("#move-text"), text),
			chromedp.Click(chromedp.CSS("#move-form button[type=submit]")))
	}
	made := func(tb *tab) []string { return webtest.EvalJS[[]string](tb.Tab, `window.made`) }

	// Hidden: a friend joins, and it is Alice's move.
	setHidden(alice, true)
	bob.Open(room)
	require.True(t, webtest.EvalJS[bool](bob.Tab, `document.querySelector("[data-action=notify]").hidden`), "a spectator has no bell")
	bob.Click("[data-action=join]")
	alice.WaitJS("told of the friend", `window.made.length === 1`)
	require.Regexp(t, `^.+ joined your .+ room \| It is your move\.$`, made(alice)[0])
	t.Logf("alice was told: %q", made(alice)[0])

	// Shown: her move comes back while she looks, and nothing is made.
	setHidden(alice, false)
	typeMove(alice, "d1-d7/g7")
	bob.WaitText("[data-testid=turn]", "Your move")
	typeMove(bob, "d10-d8/d9")
	alice.WaitMoves(2)
	alice.WaitJS("her move", `!!document.querySelector("#banner.your-turn")`)
	require.Len(t, made(alice), 1, "nothing while the page is in view")

	// Hidden again: told when it is her move.
	typeMove(alice, "j4-j5/j6")
	bob.WaitMoves(3)
	setHidden(alice, true)
	typeMove(bob, "a7-a6/a5")
	alice.WaitJS("told of her move", `window.made.length === 2`)
	require.Contains(t, made(alice)[1], "Your move |")

	// Bob's browser refuses: the bell says so and nothing is made.
	permit(bob, ts.URL, browser.PermissionSettingDenied)
	require.True(t, webtest.EvalJS[bool](bob.Tab, recordNotifications))
	bob.Click(bell)
	bob.WaitJS("said blocked", `document.querySelector("[data-testid=notify-note]").textContent.includes("blocked")`)
	require.Equal(t, "false", webtest.EvalJS[string](bob.Tab, `document.querySelector("[data-action=notify]").getAttribute("aria-pressed")`))
	setHidden(bob, true)
	setHidden(alice, false)
	typeMove(alice, "j5-j4/j5")
	bob.WaitMoves(5)
	bob.WaitJS("his move", `!!document.querySelector("#banner.your-turn")`)
	require.Empty(t, made(bob))
}
