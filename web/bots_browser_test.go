package web

import (
	"fmt"
	"os"
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
	t.Parallel()
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

// inViewJS is the expression that sel's element is wholly in the window
// (a wait for it outlasts a page that is still loading or scrolling).
func inViewJS(sel string) string {
	return fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) return false;
		const r = e.getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
	})()`, sel)
}

// TestBrowserBotTokenInView (issue 42, bug 5): after Make a bot the token
// is where the eye is, at a desktop's size and a phone's: in view, focused
// and selected, with Copy, which says Copied where screen readers hear it;
// New token asks first (the running program will be disconnected), and
// the new token is shown the same way.
func TestBrowserBotTokenInView(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	dir := screenshotDir(t)
	browser := newBrowser(t, 1440, 900)
	for _, size := range [][2]int64{{1440, 900}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			me := newTab(t, browser, "owner")
			me.run("size", chromedp.EmulateViewport(size[0], size[1]))
			me.signUpIn(ts, fmt.Sprintf("Olga%d", size[0]))
			me.run("the account page", chromedp.Navigate(ts.URL+"/account"))
			me.run("make a bot", chromedp.SendKeys(chromedp.CSS(`form[data-testid=make-bot] input[name=name]`), fmt.Sprintf("Kid%d", size[0])),
				chromedp.Submit(chromedp.CSS(`form[data-testid=make-bot]`)))
			me.waitShown("[data-testid=bot-token]")
			first := me.tokenShown()

			me.click("[data-action=copy-token]")
			me.waitText("#bot-token-copied", "Copied")
			me.shot(filepath.Join(dir, fmt.Sprintf("bot-token-%d.png", size[0])))
			require.Equal(t, "status", evalJS[string](me, `document.querySelector("#bot-token-copied").getAttribute("role")`))

			me.click("[data-action=new-bot-token]")
			me.waitShown("[data-testid=bot-replace]")
			require.Contains(t, me.text("[data-testid=bot-replace]"), "disconnected")
			// Waited for, not read at once: the question's page may still be
			// loading when it is first shown (its script focuses Yes).
			me.waitJS("the question where the eye is", inViewJS("[data-testid=bot-replace]"))
			me.waitJS("Yes, focused", `document.activeElement && document.activeElement.dataset.action === "confirm-new-token"`)
			me.shot(filepath.Join(dir, fmt.Sprintf("bot-new-token-%d.png", size[0])))
			me.click("[data-action=confirm-new-token]")
			me.waitShown("[data-testid=bot-token]")
			require.NotEqual(t, first, me.tokenShown())
		})
	}
}

// tokenShown checks the new token is in view, focused and selected, and
// returns it.
func (tb *tab) tokenShown() string {
	tb.t.Helper()
	tb.waitJS("the token focused and selected", `document.activeElement && document.activeElement.id === "bot-token" &&
		document.activeElement.selectionStart === 0 && document.activeElement.selectionEnd === document.activeElement.value.length`)
	tb.waitJS("the token and its Copy in view", inViewJS("[data-testid=bot-token-box] [data-action=copy-token]"))
	return evalJS[string](tb, `document.querySelector("#bot-token").value`)
}

// shot saves what the window shows (not the whole page, as screenshot does).
func (tb *tab) shot(path string) {
	tb.t.Helper()
	ctx, cancel := contextWithTimeout(tb)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(tb.t, err)
	require.NoError(tb.t, os.WriteFile(path, png, 0o644))
}
