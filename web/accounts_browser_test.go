package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestBrowserSignUpOnAPhone: a newcomer on a phone opens Log in from the
// header, follows it to Sign up, signs up, and sees their name in the
// header, which fits the screen; their account page lists this browser;
// they log out from the header. The account pages pass axe in both
// themes.
func TestBrowserSignUpOnAPhone(t *testing.T) {
	ts := newTestServer(t)
	browser := newBrowser(t, 390, 844)
	me := newTab(t, browser, "me")
	me.run("phone", chromedp.EmulateViewport(390, 844))
	me.run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	me.run("log in from the header", chromedp.Click(chromedp.CSS("[data-testid=login-link]")))
	me.waitShown("form[data-testid=login]")
	failed := me.axeBothThemes("log in")
	me.run("on to sign up", chromedp.Click(chromedp.CSS(`.account-page a[href^="/signup"]`)))
	me.waitShown("form[data-testid=signup]")
	failed = append(failed, me.axeBothThemes("sign up")...)

	me.run("a name too short", chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=username]`), "al"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=signup]`)))
	me.waitShown("[data-testid=form-error]")
	require.Contains(t, evalJS[string](me, `document.querySelector("[data-testid=form-error]").textContent`), "at least 3")
	require.Equal(t, "al", evalJS[string](me, `document.querySelector("input[name=username]").value`), "the name typed is kept")
	require.Equal(t, "true", evalJS[string](me, `document.querySelector("input[name=username]").getAttribute("aria-invalid")`))
	failed = append(failed, me.axeBothThemes("sign up, refused")...)

	me.run("sign up", chromedp.SetValue(chromedp.CSS(`form[data-testid=signup] input[name=username]`), "Longer_Name_2026"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=signup]`)))
	me.waitShown("a[data-testid=me]")
	require.Equal(t, "Longer_Name_2026", evalJS[string](me, `document.querySelector("a[data-testid=me]").textContent`))
	require.True(t, evalJS[bool](me, `document.documentElement.scrollWidth <= window.innerWidth`), "the header fits a phone")

	createRoom(t, ts, me, map[string]string{"game": "kalah", "mode": "computer", "level": "beginner"})
	require.True(t, evalJS[bool](me, `document.documentElement.scrollWidth <= window.innerWidth`), "the header fits a phone in a room")
	me.run("the account page", chromedp.Navigate(ts.URL+"/account"))
	me.waitShown("[data-testid=session]")
	session := evalJS[string](me, `document.querySelector("[data-testid=session]").textContent`)
	require.Contains(t, session, "this browser")
	require.Contains(t, session, "Chrome on Linux", "the browser named in words, not its User-Agent")
	failed = append(failed, me.axeBothThemes("account")...)
	me.run("the player's page", chromedp.Navigate(ts.URL+"/@/Longer_Name_2026"))
	me.waitShown("[data-testid=record]")
	failed = append(failed, me.axeBothThemes("player page")...)
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))

	me.run("log out", chromedp.Click(chromedp.CSS("[data-action=logout]")))
	me.waitShown("[data-testid=login-link]")
	require.False(t, evalJS[bool](me, `!!document.querySelector("[data-testid=me]")`))
}
