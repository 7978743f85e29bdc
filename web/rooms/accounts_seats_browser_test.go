package rooms_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserYourGameOnYourPhone (issue 42, bug 1; issue 36, items 2 and
// 5): Alice, who made a rated game on her laptop, logs in on her phone
// (another browser context, 390×844), opens the game and finds her seat
// there, "(you)", with its controls, and moves from it. When she logs out
// everywhere (from a third device), the laptop's page, still on the game, is told
// at once and drawn again as a guest's: no seat of hers, no controls.
func TestBrowserYourGameOnYourPhone(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	laptop, bob := newTab(t, browser, "laptop"), newTab(t, browser, "bob")
	laptop.SignUpIn(ts.Node, "alice")
	loc := laptop.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend", "clock": "fast"}, "rated")
	bob.SignUpIn(ts.Node, "bob")
	bob.Open(loc)
	bob.Click("[data-action=join]")
	laptop.WaitText(".player.seat1 a.holder", "bob")

	phone := newTab(t, browser, "phone")
	phone.Run("a phone", chromedp.EmulateViewport(390, 844))
	phone.Run("log in", chromedp.Navigate(ts.URL+"/login"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=login] input[name=username]`), "alice"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=login] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=login]`)))
	phone.WaitShown("a[data-testid=me]")
	phone.Open(loc)
	require.Equal(t, "alice (you)", phone.Text(".player.seat0 .holder"), "her seat, on her phone")
	require.True(t, webtest.EvalJS[bool](phone.Tab, `document.querySelector("[data-action=abort]").checkVisibility()`), "with its controls")
	phone.ClickCell(1, 1)
	bob.WaitMoves(1)
	laptop.WaitMoves(1)

	// Logged out everywhere from another device: the phone's own pages
	// reload at once, which a script awaited in them would not survive.
	elsewhere := ts.Browser(t)
	resp, _ := webtest.Post(t, elsewhere, ts.URL+"/login", webtest.Account("alice", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, doc := webtest.Post(t, elsewhere, ts.URL+"/account/logout-everywhere", url.Values{"confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode, "log out everywhere")
	require.Equal(t, 1, doc.Find("form[data-testid=login]").Length(), "answered with the log-in page")
	laptop.WaitShown("[data-testid=login-link]") // the room's page reloaded, a guest's
	laptop.Connected()
	require.Equal(t, "alice", laptop.Text(".player.seat0 .holder"), "no longer hers in that browser")
	require.False(t, webtest.EvalJS[bool](laptop.Tab, `!!document.querySelector("[data-action=abort]")`))
}
