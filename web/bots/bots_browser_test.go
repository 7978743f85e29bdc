package bots_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/accounts"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// TestBrowserBots: a person makes a bot on their account page, which
// shows its token once; /bots lists it with BOT and its owner; the
// lobby's quick pairing offers the choice to meet bots, off until
// ticked, then remembered. The account page (with the token), /bots and
// the lobby pass axe in both themes and fit a phone.
func TestBrowserBots(t *testing.T) {
	t.Parallel()
	ts := sitetest.New(t)
	dir := webtest.ScreenshotDir(t)
	browser := webtest.NewBrowser(t, 1440, 900)
	me := webtest.NewTab(t, browser, "owner")
	me.SignUpIn(ts, "Olga")

	me.Run("the account page", chromedp.Navigate(ts.URL+"/account"))
	me.WaitShown("form[data-testid=make-bot]")
	failed := me.AxeBothThemes("account, no bot")
	me.Run("make a bot", chromedp.SendKeys(chromedp.CSS(`form[data-testid=make-bot] input[name=name]`), "Kalah_Kid"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=make-bot]`)))
	me.WaitShown("[data-testid=bot-token]")
	token := webtest.EvalJS[string](me, `document.querySelector("[data-testid=bot-token]").value`)
	require.True(t, strings.HasPrefix(token, accounts.TokenPrefix), token)
	require.Contains(t, me.Text("[data-testid=bot-token-box]"), "Copy it now")
	require.Contains(t, me.Text("[data-testid=my-bot]"), "Kalah_Kid")
	require.Contains(t, me.Text("[data-testid=my-bot]"), "BOT")
	failed = append(failed, me.AxeBothThemes("account, a new bot's token")...)
	me.ShotsThatFit(dir, "bots-account")

	me.Run("the bots", chromedp.Navigate(ts.URL+"/bots"))
	me.WaitShown("[data-testid=bot-row]")
	row := me.Text("[data-testid=bot-row]")
	require.Contains(t, row, "Kalah_Kid")
	require.Contains(t, row, "BOT")
	require.Contains(t, row, "Olga")
	failed = append(failed, me.AxeBothThemes("bots")...)
	me.ShotsThatFit(dir, "bots-ladder")

	me.Run("the lobby", chromedp.Navigate(ts.URL+"/"))
	me.WaitShown("input[name=bots]")
	require.False(t, webtest.EvalJS[bool](me, `document.querySelector("input[name=bots]").checked`), "off by default")
	me.Click("input[name=bots]")
	me.Run("the lobby again", chromedp.Reload())
	me.WaitShown("input[name=bots]")
	me.WaitJS("the choice remembered", `document.querySelector("input[name=bots]").checked`)
	failed = append(failed, me.AxeBothThemes("lobby, bots ticked")...)
	me.ShotsThatFit(dir, "bots-lobby")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
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
	ts := sitetest.New(t)
	dir := webtest.ScreenshotDir(t)
	browser := webtest.NewBrowser(t, 1440, 900)
	for _, size := range [][2]int64{{1440, 900}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			me := webtest.NewTab(t, browser, "owner")
			me.Run("size", chromedp.EmulateViewport(size[0], size[1]))
			me.SignUpIn(ts, fmt.Sprintf("Olga%d", size[0]))
			me.Run("the account page", chromedp.Navigate(ts.URL+"/account"))
			me.Run("make a bot", chromedp.SendKeys(chromedp.CSS(`form[data-testid=make-bot] input[name=name]`), fmt.Sprintf("Kid%d", size[0])),
				chromedp.Submit(chromedp.CSS(`form[data-testid=make-bot]`)))
			me.WaitShown("[data-testid=bot-token]")
			first := tokenShown(me)

			me.Click("[data-action=copy-token]")
			me.WaitText("#bot-token-copied", "Copied")
			shot(me, filepath.Join(dir, fmt.Sprintf("bot-token-%d.png", size[0])))
			require.Equal(t, "status", webtest.EvalJS[string](me, `document.querySelector("#bot-token-copied").getAttribute("role")`))

			me.Click("[data-action=new-bot-token]")
			me.WaitShown("[data-testid=bot-replace]")
			require.Contains(t, me.Text("[data-testid=bot-replace]"), "disconnected")
			// Waited for, not read at once: the question's page may still be
			// loading when it is first shown (its script focuses Yes).
			me.WaitJS("the question where the eye is", inViewJS("[data-testid=bot-replace]"))
			me.WaitJS("Yes, focused", `document.activeElement && document.activeElement.dataset.action === "confirm-new-token"`)
			shot(me, filepath.Join(dir, fmt.Sprintf("bot-new-token-%d.png", size[0])))
			me.Click("[data-action=confirm-new-token]")
			me.WaitShown("[data-testid=bot-token]")
			require.NotEqual(t, first, tokenShown(me))
		})
	}
}

// tokenShown checks the new token is in view, focused and selected, and
// returns it.
func tokenShown(tb *webtest.Tab) string {
	tb.T.Helper()
	tb.WaitJS("the token focused and selected", `document.activeElement && document.activeElement.id === "bot-token" &&
		document.activeElement.selectionStart === 0 && document.activeElement.selectionEnd === document.activeElement.value.length`)
	tb.WaitJS("the token and its Copy in view", inViewJS("[data-testid=bot-token-box] [data-action=copy-token]"))
	return webtest.EvalJS[string](tb, `document.querySelector("#bot-token").value`)
}

// shot saves what the window shows (not the whole page, as screenshot does).
func shot(tb *webtest.Tab, path string) {
	tb.T.Helper()
	ctx, cancel := webtest.ContextWithTimeout(tb)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(tb.T, err)
	require.NoError(tb.T, os.WriteFile(path, png, 0o644))
}
