package web

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// hiddenOf lists the header's destinations (selectors under .topbar) that
// a phone's player cannot see or reach: missing, folded away, of no size
// or off the screen; and "the page scrolls sideways" if anything is wider
// than the window.
func (tb *tab) hiddenOf(destinations []string) []string {
	list, _ := json.Marshal(destinations)
	return webtest.EvalJS[[]string](tb.Tab, fmt.Sprintf(`(() => {
		const hidden = [];
		for (const sel of %s) {
			const e = document.querySelector(".topbar " + sel);
			const r = e && e.getBoundingClientRect();
			if (!e || !e.checkVisibility() || r.width === 0 || r.height === 0 || r.left < 0 || r.right > innerWidth) hidden.push(sel);
		}
		if (document.documentElement.scrollWidth > innerWidth) hidden.push("the page scrolls sideways");
		return hidden;
	})()`, list))
}

// menuOpen is what the Menu button says of its list (aria-expanded).
func (tb *tab) menuOpen() bool {
	return webtest.EvalJS[bool](tb.Tab, `document.querySelector("[data-testid=menu-button]").getAttribute("aria-expanded") === "true"`)
}

// TestBrowserPhoneMenu (issue 39, item 3: at 390 px the header hid Watch,
// Players and Sign up, and New game once signed in, with no menu to reach
// them): on a phone the header's links fold behind a Menu button, which
// the keyboard opens (Enter, Space) and closes (Escape, the focus back on
// the button); open, every destination of a guest and of a signed-in
// player is on the screen, Players is followed, and axe passes in both
// themes. Without script (no menu.js) the links stay in a row of their
// own. On a desktop there is no Menu button and the links are all shown.
func TestBrowserPhoneMenu(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 390, 844)
	dir := webtest.ScreenshotDir(t)
	common := []string{`a[href="/#new"]`, `a[href="/#watch"]`, `a[href="/rules"]`, `a[href="/players"]`, `a[href="/tournaments"]`}
	guest, alice := newTab(t, browser, "guest"), newTab(t, browser, "alice")
	alice.SignUpIn(ts.Node, "Alice")

	tests := []struct {
		name         string
		who          *tab
		destinations []string
	}{
		{"guest", guest, append([]string{`[data-testid=login-link]`, `[data-testid=signup-link]`}, common...)},
		{"signed-in", alice, append([]string{`[data-testid=me]`, `[data-action=logout]`, `[data-testid=games-link]`}, common...)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			me := tc.who
			me.Run("the lobby on a phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+"/"))
			me.WaitShown("[data-testid=menu-button]")
			require.Len(t, me.hiddenOf(tc.destinations), len(tc.destinations), "folded behind the menu: %s", me.hiddenOf(tc.destinations))
			require.Empty(t, me.hiddenOf([]string{"[data-testid=menu-button]", "[data-action=theme]"}), "the bar's own buttons")
			require.False(t, me.menuOpen())
			me.Screenshot(filepath.Join(dir, "phone-menu-"+tc.name+"-closed.png"))

			me.Run("focus the button, Enter", chromedp.Focus(chromedp.CSS("[data-testid=menu-button]")), chromedp.KeyEvent(kb.Enter))
			require.True(t, me.menuOpen(), "Enter opens the menu")
			require.Empty(t, me.hiddenOf(tc.destinations), "every destination in the open menu")
			failed := me.AxeBothThemes("the lobby on a phone, the menu open, " + tc.name)
			require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
			me.SetTheme("light")
			me.Screenshot(filepath.Join(dir, "phone-menu-"+tc.name+"-open.png"))

			me.Run("Escape", chromedp.KeyEvent(kb.Escape))
			require.False(t, me.menuOpen(), "Escape closes the menu")
			require.Len(t, me.hiddenOf(tc.destinations), len(tc.destinations), "folded again")
			require.True(t, webtest.EvalJS[bool](me.Tab, `document.activeElement === document.querySelector("[data-testid=menu-button]")`),
				"the focus back on the button")
			me.Run("Space", chromedp.KeyEvent(" "))
			require.True(t, me.menuOpen(), "Space opens the menu")
			me.Run("a click outside", chromedp.Click(chromedp.CSS("h1")))
			require.False(t, me.menuOpen(), "a click outside closes the menu")

			me.Click("[data-testid=menu-button]")
			me.Click(`.topbar a[href="/players"]`)
			me.WaitJS("the players' page", `location.pathname === "/players"`)
			me.WaitShown("[data-testid=menu-button]")
			require.False(t, me.menuOpen(), "a new page's menu starts folded")
			me.Run("back", chromedp.NavigateBack())
			// Loaded, its style sheet with it: the layout measured below is
			// the styled one (the page's script can be found before).
			me.WaitJS("the lobby again", `location.pathname === "/" && !!document.querySelector("[data-testid=menu-button]") && document.readyState === "complete"`)
			require.False(t, me.menuOpen(), "the lobby, come back to, has its menu folded")

			// Without script nothing folds: the links wrap under the logo.
			webtest.EvalJS[bool](me.Tab, `(document.documentElement.classList.remove("has-menu"), true)`)
			require.Empty(t, me.hiddenOf(tc.destinations), "every destination without script")
			require.Len(t, me.hiddenOf([]string{"[data-testid=menu-button]"}), 1, "no Menu button that does nothing")

			me.Run("a desktop", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(ts.URL+"/"))
			me.WaitShown("[data-testid=menu-button]")
			require.Empty(t, me.hiddenOf(tc.destinations), "every destination on a desktop")
			require.Len(t, me.hiddenOf([]string{"[data-testid=menu-button]"}), 1, "no Menu button on a desktop")
		})
	}
}
