package web

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
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
	browser := newBrowser(t, 1280, 900)
	laptop, bob := newTab(t, browser, "laptop"), newTab(t, browser, "bob")
	laptop.signUpIn(ts, "alice")
	loc := createRoom(t, ts, laptop, map[string]string{"game": "kalah", "mode": "friend", "clock": "fast"}, "rated")
	bob.signUpIn(ts, "bob")
	bob.open(loc)
	bob.click("[data-action=join]")
	laptop.waitText(".player.seat1 a.holder", "bob")

	phone := newTab(t, browser, "phone")
	phone.run("a phone", chromedp.EmulateViewport(390, 844))
	phone.run("log in", chromedp.Navigate(ts.URL+"/login"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=login] input[name=username]`), "alice"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=login] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=login]`)))
	phone.waitShown("a[data-testid=me]")
	phone.open(loc)
	require.Equal(t, "alice (you)", phone.text(".player.seat0 .holder"), "her seat, on her phone")
	require.True(t, evalJS[bool](phone, `document.querySelector("[data-action=abort]").checkVisibility()`), "with its controls")
	phone.clickCell(1, 1)
	bob.waitMoves(1)
	laptop.waitMoves(1)

	// Logged out everywhere from another device: the phone's own pages
	// reload at once, which a script awaited in them would not survive.
	elsewhere := ts.browser(t)
	resp, _ := post(t, elsewhere, ts.URL+"/login", account("alice", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, doc := post(t, elsewhere, ts.URL+"/account/logout-everywhere", url.Values{"confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode, "log out everywhere")
	require.Equal(t, 1, doc.Find("form[data-testid=login]").Length(), "answered with the log-in page")
	laptop.waitShown("[data-testid=login-link]") // the room's page reloaded, a guest's
	laptop.connected()
	require.Equal(t, "alice", laptop.text(".player.seat0 .holder"), "no longer hers in that browser")
	require.False(t, evalJS[bool](laptop, `!!document.querySelector("[data-action=abort]")`))
}
