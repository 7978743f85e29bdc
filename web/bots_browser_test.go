package web

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/accounts"
)

// TestBrowserBots: a person makes a bot on their account page, which
// shows its token once; /bots lists it with BOT and its owner; the
// lobby's quick pairing offers the choice to meet bots, off until
// ticked, then remembered. The account page (with the token), /bots and
// the lobby pass axe in both themes and fit a phone.
func TestBrowserBots(t *testing.T) {
	ts := newTestServer(t)
	dir := screenshotDir(t)
	browser := newBrowser(t, 1440, 900)
	me := newTab(t, browser, "owner")
	me.signUpIn(ts, "Olga")

	me.run("the account page", chromedp.Navigate(ts.URL+"/account"))
	me.waitShown("form[data-testid=make-bot]")
	failed := me.axeBothThemes("account, no bot")
	me.run("make a bot", chromedp.SendKeys(chromedp.CSS(`form[data-testid=make-bot] input[name=name]`), "Kalah_Kid"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=make-bot]`)))
	me.waitShown("[data-testid=bot-token]")
	token := evalJS[string](me, `document.querySelector("[data-testid=bot-token]").value`)
	require.True(t, strings.HasPrefix(token, accounts.TokenPrefix), token)
	require.Contains(t, me.text("[data-testid=bot-token-box]"), "Copy it now")
	require.Contains(t, me.text("[data-testid=my-bot]"), "Kalah_Kid")
	require.Contains(t, me.text("[data-testid=my-bot]"), "BOT")
	failed = append(failed, me.axeBothThemes("account, a new bot's token")...)
	me.botScreenshots(dir, "account")

	me.run("the bots", chromedp.Navigate(ts.URL+"/bots"))
	me.waitShown("[data-testid=bot-row]")
	row := me.text("[data-testid=bot-row]")
	require.Contains(t, row, "Kalah_Kid")
	require.Contains(t, row, "BOT")
	require.Contains(t, row, "Olga")
	failed = append(failed, me.axeBothThemes("bots")...)
	me.botScreenshots(dir, "ladder")

	me.run("the lobby", chromedp.Navigate(ts.URL+"/"))
	me.waitShown("input[name=bots]")
	require.False(t, evalJS[bool](me, `document.querySelector("input[name=bots]").checked`), "off by default")
	me.click("input[name=bots]")
	me.run("the lobby again", chromedp.Reload())
	me.waitShown("input[name=bots]")
	me.waitJS("the choice remembered", `document.querySelector("input[name=bots]").checked`)
	failed = append(failed, me.axeBothThemes("lobby, bots ticked")...)
	me.botScreenshots(dir, "lobby")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}

// botScreenshots saves the page at a desktop's and a phone's width, and
// checks it fits each.
func (tb *tab) botScreenshots(dir, name string) {
	tb.t.Helper()
	for _, size := range []struct {
		name          string
		width, height int
	}{{"desktop", 1440, 900}, {"phone", 390, 844}} {
		tb.run("size "+size.name, chromedp.EmulateViewport(int64(size.width), int64(size.height)))
		require.True(tb.t, evalJS[bool](tb, `document.documentElement.scrollWidth <= window.innerWidth`), "%s fits a %s", name, size.name)
		tb.screenshot(filepath.Join(dir, fmt.Sprintf("bots-%s-%s.png", name, size.name)))
	}
	tb.run("size back", chromedp.EmulateViewport(1440, 900))
}
