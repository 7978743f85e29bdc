package account_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// TestBrowserSignUpOnAPhone: a newcomer on a phone opens Log in from the
// header's menu, follows it to Sign up, signs up, and sees their name in the
// header, which fits the screen; their account page lists this browser;
// they log out from the header's menu. The account pages pass axe in both
// themes.
func TestBrowserSignUpOnAPhone(t *testing.T) {
	t.Parallel()
	ts := sitetest.New(t)
	browser := webtest.NewBrowser(t, 390, 844)
	me := webtest.NewTab(t, browser, "me")
	me.Run("phone", chromedp.EmulateViewport(390, 844))
	me.Run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	me.OpenMenu()
	me.Run("log in from the header", chromedp.Click(chromedp.CSS("[data-testid=login-link]")))
	me.WaitShown("form[data-testid=login]")
	failed := me.AxeBothThemes("log in")
	me.Run("on to sign up", chromedp.Click(chromedp.CSS(`.account-page a[href^="/signup"]`)))
	me.WaitShown("form[data-testid=signup]")
	failed = append(failed, me.AxeBothThemes("sign up")...)

	me.Run("a name too short", chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=username]`), "al"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=signup]`)))
	me.WaitShown("[data-testid=form-error]")
	require.Contains(t, webtest.EvalJS[string](me, `document.querySelector("[data-testid=form-error]").textContent`), "at least 3")
	require.Equal(t, "al", webtest.EvalJS[string](me, `document.querySelector("input[name=username]").value`), "the name typed is kept")
	require.Equal(t, "true", webtest.EvalJS[string](me, `document.querySelector("input[name=username]").getAttribute("aria-invalid")`))
	failed = append(failed, me.AxeBothThemes("sign up, refused")...)

	me.Run("sign up", chromedp.SetValue(chromedp.CSS(`form[data-testid=signup] input[name=username]`), "Longer_Name_2026"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=signup]`)))
	me.WaitShown("a[data-testid=me]")
	require.Equal(t, "Longer_Name_2026", webtest.EvalJS[string](me, `document.querySelector("a[data-testid=me]").textContent`))
	require.True(t, webtest.EvalJS[bool](me, `document.documentElement.scrollWidth <= window.innerWidth`), "the header fits a phone")

	me.CreateRoom(ts, map[string]string{"game": "kalah", "mode": "computer", "level": "beginner"})
	require.True(t, webtest.EvalJS[bool](me, `document.documentElement.scrollWidth <= window.innerWidth`), "the header fits a phone in a room")
	me.Run("the account page", chromedp.Navigate(ts.URL+"/account"))
	me.WaitShown("[data-testid=session]")
	session := webtest.EvalJS[string](me, `document.querySelector("[data-testid=session]").textContent`)
	require.Contains(t, session, "this browser")
	require.Contains(t, session, "Chrome on Linux", "the browser named in words, not its User-Agent")
	failed = append(failed, me.AxeBothThemes("account")...)
	me.Run("the player's page", chromedp.Navigate(ts.URL+"/@/Longer_Name_2026"))
	me.WaitShown("[data-testid=record]")
	failed = append(failed, me.AxeBothThemes("player page")...)
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))

	me.OpenMenu()
	me.Run("log out", chromedp.Click(chromedp.CSS("[data-action=logout]")))
	me.WaitShown("[data-testid=login-link]")
	require.False(t, webtest.EvalJS[bool](me, `!!document.querySelector("[data-testid=me]")`))
}

// logInTab signs name up (path "/signup") or in ("/login") with the form,
// as a person would.
func logInTab(tb *webtest.Tab, base, path, name, password string) {
	tb.T.Helper()
	form := "form[data-testid=" + strings.TrimPrefix(path, "/") + "]"
	tb.Run(path, chromedp.Navigate(base+path),
		chromedp.SendKeys(chromedp.CSS(form+" input[name=username]"), name),
		chromedp.SendKeys(chromedp.CSS(form+" input[name=password]"), password),
		chromedp.Submit(chromedp.CSS(form)))
	tb.WaitShown("a[data-testid=me]")
}

// TestBrowserTheAccountPage (issue 42, Account), on a phone: one other
// device logged out from the list (its open page turns a guest's at
// once), the password changed (a wrong current one refused first), and
// Log out everywhere asked first, then saying what it did. Each step
// passes axe in both themes.
func TestBrowserTheAccountPage(t *testing.T) {
	t.Parallel()
	ts := sitetest.New(t)
	dir := webtest.ScreenshotDir(t)
	browser := webtest.NewBrowser(t, 390, 844)
	laptop, phone := webtest.NewTab(t, browser, "laptop"), webtest.NewTab(t, browser, "phone")
	for _, tb := range []*webtest.Tab{laptop, phone} {
		tb.Run("phone size", chromedp.EmulateViewport(390, 844))
	}
	logInTab(laptop, ts.URL, "/signup", "alice", "a long password")
	logInTab(phone, ts.URL, "/login", "alice", "a long password")

	laptop.Run("the account page", chromedp.Navigate(ts.URL+"/account"))
	laptop.WaitShown("[data-testid=session] [data-action=end-session]")
	require.Equal(t, 2, webtest.EvalJS[int](laptop, `document.querySelectorAll("[data-testid=session] [data-action=end-session]").length`))
	require.True(t, webtest.EvalJS[bool](laptop, `document.documentElement.scrollWidth <= window.innerWidth`), "it fits a phone")
	failed := laptop.AxeBothThemes("account, two sessions")
	laptop.Screenshot(filepath.Join(dir, "account-sessions-phone.png"))

	laptop.Click("[data-testid=session]:not(:has(.badge)) [data-action=end-session]")
	laptop.WaitShown("[data-testid=account-notice]")
	require.Equal(t, "Logged out of Chrome on Linux.", laptop.Text("[data-testid=account-notice]"))
	phone.WaitShown("[data-testid=login-link]") // its site socket closed: the page reloaded, a guest's

	laptop.Run("a wrong current password", chromedp.SendKeys(chromedp.CSS("form[data-testid=change-password] input[name=current]"), "not my password"),
		chromedp.SendKeys(chromedp.CSS("form[data-testid=change-password] input[name=new]"), "a newer password"),
		chromedp.Submit(chromedp.CSS("form[data-testid=change-password]")))
	laptop.WaitShown("[data-testid=password-error]")
	failed = append(failed, laptop.AxeBothThemes("account, a wrong current password")...)
	laptop.Run("the right one", chromedp.SendKeys(chromedp.CSS("form[data-testid=change-password] input[name=current]"), "a long password"),
		chromedp.SendKeys(chromedp.CSS("form[data-testid=change-password] input[name=new]"), "a newer password"),
		chromedp.Submit(chromedp.CSS("form[data-testid=change-password]")))
	laptop.WaitShown("[data-testid=account-notice]")
	require.Contains(t, laptop.Text("[data-testid=account-notice]"), "Your password is changed.")
	laptop.Screenshot(filepath.Join(dir, "account-password-changed-phone.png"))

	logInTab(phone, ts.URL, "/login", "alice", "a newer password")
	laptop.Click("[data-action=logout-everywhere]")
	laptop.WaitShown("[data-testid=ask-logout-everywhere]")
	require.Contains(t, laptop.Text("[data-testid=ask-logout-everywhere]"), "You are logged out here and on 1 other device")
	require.True(t, webtest.EvalJS[bool](laptop, `document.activeElement.matches("[data-action=confirm-logout-everywhere]")`), "the question has the focus")
	failed = append(failed, laptop.AxeBothThemes("account, asked before logging out everywhere")...)
	laptop.Screenshot(filepath.Join(dir, "account-ask-logout-everywhere-phone.png"))
	laptop.Click("[data-action=confirm-logout-everywhere]")
	laptop.WaitShown("[data-testid=account-notice]")
	require.Equal(t, "You are logged out everywhere: this browser and 1 other device.", laptop.Text("[data-testid=account-notice]"))
	failed = append(failed, laptop.AxeBothThemes("log in, after logging out everywhere")...)
	laptop.Screenshot(filepath.Join(dir, "logged-out-everywhere-phone.png"))
	phone.WaitShown("[data-testid=login-link]")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
