package rooms_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// headerProblems says what of the header a phone's player cannot reach
// once its menu is open: a destination missing or hidden, a link or button
// under 24 px tall, a page wider than the screen.
func (tb *tab) headerProblems(destinations []string) []string {
	tb.OpenMenu()
	return webtest.EvalJS[[]string](tb.Tab, fmt.Sprintf(`(() => {
		const problems = [];
		for (const sel of %s) {
			const e = document.querySelector(".topbar " + sel);
			const r = e && e.getBoundingClientRect();
			if (!e || !e.offsetParent || r.width === 0) problems.push(sel + " not shown");
			else if (r.left < 0 || r.right > innerWidth) problems.push(sel + " off the screen");
		}
		for (const e of document.querySelectorAll(".topbar a, .topbar button")) {
			if (!e.offsetParent) continue;
			const h = e.getBoundingClientRect().height;
			if (h < 24) problems.push((e.textContent.trim() || e.getAttribute("aria-label")) + " is " + h + " px tall");
		}
		if (document.documentElement.scrollWidth > innerWidth) problems.push("the page scrolls sideways");
		return problems;
	})()`, jsList(destinations)))
}

// jsList writes strings as a JavaScript array.
func jsList(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(quoted, ",") + "]"
}

// oneLine reports whether the text of the element sel sits on one line.
func (tb *tab) oneLine(sel string) bool {
	return webtest.EvalJS[bool](tb.Tab, fmt.Sprintf(`(() => {
		const r = document.createRange();
		r.selectNodeContents(document.querySelector(%q));
		return new Set([...r.getClientRects()].filter(c => c.width > 0).map(c => Math.round(c.top))).size === 1;
	})()`, sel))
}

// TestBrowserOnAPhone (390×844, issue 42, "Phone"): the header keeps every
// destination (its menu open), a guest's and a signed-in player's, each
// link at least 24 px tall, with nothing to scroll sideways; the bots' ladder shows its
// ratings within the screen; the lobby's "You play as Alice." is one line
// (it broke over three), on a desktop too. The phone's pages pass axe in
// both themes.
func TestBrowserOnAPhone(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 390, 844)
	guest, alice := newTab(t, browser, "guest"), newTab(t, browser, "alice")
	common := []string{`a[href="/#new"]`, `a[href="/#watch"]`, `a[href="/rules"]`, `a[href="/players"]`, `[data-action=theme]`}
	alice.SignUpIn(ts.Node, "Alice")
	ts.MakeBot(t, ts.SignedUp(t, "olga"), "Kalah_Kid")

	tests := []struct {
		name         string
		who          *tab
		destinations []string
	}{
		{"a guest", guest, append([]string{`[data-testid=login-link]`, `[data-testid=signup-link]`}, common...)},
		{"signed in", alice, append([]string{`[data-testid=me]`, `[data-action=logout]`}, common...)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/", "/bots", "/rules", "/players"} {
				tc.who.Run("open "+path, chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+path))
				require.Empty(t, tc.who.headerProblems(tc.destinations), path)
			}
			tc.who.Run("the bots", chromedp.Navigate(ts.URL+"/bots"))
			tc.who.WaitShown("[data-testid=bot-row]")
			outside := webtest.EvalJS[[]string](tc.who.Tab, `[...document.querySelectorAll("[data-testid=bot-row] th, [data-testid=bot-row] td")]
				.filter(e => e.getBoundingClientRect().right > innerWidth).map(e => e.textContent.trim())`)
			require.Empty(t, outside, "the ladder's cells within the screen")
			require.True(t, webtest.EvalJS[bool](tc.who.Tab, `[...document.querySelectorAll(".table-wrap")].every(w => w.scrollWidth <= w.clientWidth)`),
				"nothing in the ladder scrolls sideways")
			failed := tc.who.AxeBothThemes("bots on a phone, " + tc.name)
			tc.who.Run("the lobby", chromedp.Navigate(ts.URL+"/"))
			failed = append(failed, tc.who.AxeBothThemes("the lobby on a phone, "+tc.name)...)
			require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
		})
	}

	for _, size := range [][2]int64{{390, 844}, {1440, 900}} {
		alice.Run("the lobby", chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(ts.URL+"/"))
		alice.WaitShown("[data-testid=playing-as]")
		require.Equal(t, "You play as Alice.", strings.TrimSpace(alice.Text("[data-testid=playing-as]")))
		require.True(t, alice.oneLine("[data-testid=playing-as]"), "one line at %d×%d", size[0], size[1])
	}
}

// TestBrowserPhoneOpenChallengesWithinReach: on a phone (390×844) the
// lobby's open challenges are one tap from its first screen: a link near
// the top says how many there are (kept as the lists refresh) and brings
// the first into view (issue 42: they began 2,460 px down a 3,360 px page).
func TestBrowserPhoneOpenChallengesWithinReach(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	bea := newTab(t, webtest.NewBrowser(t, 390, 844), "bea")
	bea.Run("the lobby on a phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+"/"))
	bea.WaitShown("[data-testid=challenges-jump]")
	require.Equal(t, "Open challenges (0)", bea.Text("[data-testid=challenges-jump]"))
	require.True(t, webtest.EvalJS[bool](bea.Tab, `document.querySelector("[data-testid=challenges-jump]").getBoundingClientRect().bottom <= innerHeight`),
		"the link on the first screen")

	ann := newTab(t, webtest.NewBrowser(t, 1280, 900), "ann")
	ann.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "open", "clock": "slow"})
	bea.WaitJSFor(10*time.Second, "the count kept", `document.querySelector("[data-testid=challenges-jump]").textContent === "Open challenges (1)"`)
	bea.Click("[data-testid=challenges-jump]")
	bea.WaitJS("the first challenge in view", `(() => {
		const r = document.querySelector("[data-testid=seek]").getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight;
	})()`)
	failed := bea.AxeBothThemes("lobby on a phone, at its open challenges")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
