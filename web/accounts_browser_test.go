package web

import (
	"path/filepath"
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
	t.Parallel()
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

// logInTab signs name up (path "/signup") or in ("/login") with the form,
// as a person would.
func logInTab(tb *tab, base, path, name, password string) {
	tb.t.Helper()
	form := "form[data-testid=" + strings.TrimPrefix(path, "/") + "]"
	tb.run(path, chromedp.Navigate(base+path),
		chromedp.SendKeys(chromedp.CSS(form+" input[name=username]"), name),
		chromedp.SendKeys(chromedp.CSS(form+" input[name=password]"), password),
		chromedp.Submit(chromedp.CSS(form)))
	tb.waitShown("a[data-testid=me]")
}

// TestBrowserTheAccountPage (issue 42, Account), on a phone: one other
// device logged out from the list (its open page turns a guest's at
// once), the password changed (a wrong current one refused first), and
// Log out everywhere asked first, then saying what it did. Each step
// passes axe in both themes.
func TestBrowserTheAccountPage(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	dir := screenshotDir(t)
	browser := newBrowser(t, 390, 844)
	laptop, phone := newTab(t, browser, "laptop"), newTab(t, browser, "phone")
	for _, tb := range []*tab{laptop, phone} {
		tb.run("phone size", chromedp.EmulateViewport(390, 844))
	}
	logInTab(laptop, ts.URL, "/signup", "alice", "a long password")
	logInTab(phone, ts.URL, "/login", "alice", "a long password")

	laptop.run("the account page", chromedp.Navigate(ts.URL+"/account"))
	laptop.waitShown("[data-testid=session] [data-action=end-session]")
	require.Equal(t, 2, evalJS[int](laptop, `document.querySelectorAll("[data-testid=session] [data-action=end-session]").length`))
	require.True(t, evalJS[bool](laptop, `document.documentElement.scrollWidth <= window.innerWidth`), "it fits a phone")
	failed := laptop.axeBothThemes("account, two sessions")
	laptop.screenshot(filepath.Join(dir, "account-sessions-phone.png"))

	laptop.click("[data-testid=session]:not(:has(.badge)) [data-action=end-session]")
	laptop.waitShown("[data-testid=account-notice]")
	require.Equal(t, "Logged out of Chrome on Linux.", laptop.text("[data-testid=account-notice]"))
	phone.waitShown("[data-testid=login-link]") // its site socket closed: the page reloaded, a guest's

	laptop.run("a wrong current password", chromedp.SendKeys(chromedp.CSS("form[data-testid=change-password] input[name=current]"), "not my password"),
		chromedp.SendKeys(chromedp.CSS("form[data-testid=change-password] input[name=new]"), "a newer password"),
		chromedp.Submit(chromedp.CSS("form[data-testid=change-password]")))
	laptop.waitShown("[data-testid=password-error]")
	failed = append(failed, laptop.axeBothThemes("account, a wrong current password")...)
	laptop.run("the right one", chromedp.SendKeys(chromedp.CSS("form[data-testid=change-password] input[name=current]"), "a long password"),
		chromedp.SendKeys(chromedp.CSS("form[data-testid=change-password] input[name=new]"), "a newer password"),
		chromedp.Submit(chromedp.CSS("form[data-testid=change-password]")))
	laptop.waitShown("[data-testid=account-notice]")
	require.Contains(t, laptop.text("[data-testid=account-notice]"), "Your password is changed.")
	laptop.screenshot(filepath.Join(dir, "account-password-changed-phone.png"))

	logInTab(phone, ts.URL, "/login", "alice", "a newer password")
	laptop.click("[data-action=logout-everywhere]")
	laptop.waitShown("[data-testid=ask-logout-everywhere]")
	require.Contains(t, laptop.text("[data-testid=ask-logout-everywhere]"), "You are logged out here and on 1 other device")
	require.True(t, evalJS[bool](laptop, `document.activeElement.matches("[data-action=confirm-logout-everywhere]")`), "the question has the focus")
	failed = append(failed, laptop.axeBothThemes("account, asked before logging out everywhere")...)
	laptop.screenshot(filepath.Join(dir, "account-ask-logout-everywhere-phone.png"))
	laptop.click("[data-action=confirm-logout-everywhere]")
	laptop.waitShown("[data-testid=account-notice]")
	require.Equal(t, "You are logged out everywhere: this browser and 1 other device.", laptop.text("[data-testid=account-notice]"))
	failed = append(failed, laptop.axeBothThemes("log in, after logging out everywhere")...)
	laptop.screenshot(filepath.Join(dir, "logged-out-everywhere-phone.png"))
	phone.waitShown("[data-testid=login-link]")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
