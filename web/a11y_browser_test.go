package web

import (
	_ "embed"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// Accessibility, checked by axe-core in the page: no critical or serious
// violation on any page in either theme.
//
// axe-core is vendored for the tests only (testdata/vendor, see the
// README): it is never served, and it runs in the page through the DevTools
// protocol (Runtime.evaluate), which the page's Content-Security-Policy does
// not govern.

//go:embed testdata/vendor/axe-4.14.1.min.js
var axeSource string

// axeViolation is one rule axe found broken, with the first nodes it found.
type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Count   int      `json:"count"`
	Targets []string `json:"targets"`
}

func (v axeViolation) String() string {
	return fmt.Sprintf("%s (%s, %d nodes: %s): %s", v.ID, v.Impact, v.Count, strings.Join(v.Targets, " | "), v.Help)
}

// axeRunJS runs axe on the whole page and keeps the critical and serious
// violations, each with its first few nodes.
const axeRunJS = `(async function () {
	const r = await axe.run(document, {resultTypes: ["violations"]});
	return r.violations.filter(v => v.impact === "critical" || v.impact === "serious").map(v => ({
		id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
		targets: v.nodes.slice(0, 4).map(n => n.target.join(" "))}));
})()`

// setTheme sets the page's theme as the toggle does (theme.js): the class
// on <html>, remembered by the browser.
func (tb *tab) setTheme(theme string) {
	tb.t.Helper()
	evalJS[bool](tb, fmt.Sprintf(`(function (t) {
		try { localStorage.setItem("theme", t); } catch (e) {}
		document.documentElement.classList.toggle("theme-dark", t === "dark");
		document.documentElement.classList.toggle("theme-light", t === "light");
		return true;
	})(%q)`, theme))
}

// axe runs axe-core on the page as it is (injecting it first where the page
// has none) and returns its critical and serious violations.
func (tb *tab) axe() []axeViolation {
	tb.t.Helper()
	ctx, cancel := contextWithTimeout(tb)
	defer cancel()
	loaded, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof window.axe === "object"`))
	require.NoError(tb.t, err)
	if !loaded {
		_, err = chromedp.Run(ctx, chromedp.Evaluate[bool](axeSource+"\n;true"))
		require.NoError(tb.t, err, "%s: loading axe-core", tb.name)
	}
	ctx2, cancel2 := contextWithTimeout(tb)
	defer cancel2()
	v, err := chromedp.Run(ctx2, chromedp.Evaluate[[]axeViolation](axeRunJS, chromedp.EvalAwaitPromise))
	require.NoError(tb.t, err, "%s: running axe-core", tb.name)
	return v
}

// axeBothThemes checks the page in the light and the dark theme and
// returns what failed, one line a rule.
func (tb *tab) axeBothThemes(page string) []string {
	tb.t.Helper()
	var failed []string
	for _, theme := range []string{"light", "dark"} {
		tb.setTheme(theme)
		for _, v := range tb.axe() {
			failed = append(failed, page+", "+theme+" theme: "+v.String())
		}
	}
	return failed
}

// playSomething makes one move of the viewer's (the first cells the page
// marks, click by click, until the move goes out), then waits for the
// opponent's reply; it reports whether a move was made.
func (tb *tab) playSomething() bool {
	tb.t.Helper()
	count := func() int { return evalJS[int](tb, `document.querySelectorAll("[data-testid=move]").length`) }
	before := count()
	for range 6 {
		if !tb.soon(`!!document.querySelector("[data-testid=board] .target")`, 15*time.Second) {
			return false
		}
		evalJS[bool](tb, `(document.querySelector("[data-testid=board] .target:not(.selected)") || document.body).click(), true`)
		if tb.soon(fmt.Sprintf(`document.querySelectorAll("[data-testid=move]").length > %d`, before), 2*time.Second) {
			break
		}
	}
	if count() == before {
		return false
	}
	// The reply: the viewer may move again (or the game is over).
	tb.soon(`!!document.querySelector("[data-testid=board] .target") || !!document.querySelector(".banner.finished")`, 15*time.Second)
	return true
}

// soon polls a JavaScript expression until it is true or patience runs
// out, and says which.
func (tb *tab) soon(expr string, patience time.Duration) bool {
	tb.t.Helper()
	for end := time.Now().Add(patience); ; time.Sleep(50 * time.Millisecond) {
		if evalJS[bool](tb, expr) {
			return true
		}
		if time.Now().After(end) {
			return false
		}
	}
}

// TestBrowserAxe runs axe-core on every kind of page, in both themes: the
// lobby, the rules, a room of each game in play against the computer (after
// a move, with a chat message), the same room once resigned, and a game
// the computer played out against itself. Any critical or serious
// violation fails it, named with its rule, impact and first nodes.
func TestBrowserAxe(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	var failed []string
	check := func(page string) { failed = append(failed, me.axeBothThemes(page)...) }

	pages := []struct{ name, path string }{{"lobby", "/"}, {"rules", "/rules"}}
	for _, g := range game.All() {
		pages = append(pages, struct{ name, path string }{"rules of " + g.ID(), "/rules/" + g.ID()})
	}
	for _, p := range pages {
		me.run("open "+p.path, chromedp.Navigate(ts.URL+p.path))
		check(p.name)
	}

	for _, g := range game.All() {
		createRoom(t, ts, me, map[string]string{"game": g.ID(), "mode": "computer", "level": "beginner"})
		check(g.ID() + " room, start")
		if me.playSomething() {
			me.say("Good luck!")
			me.waitChat(1)
			check(g.ID() + " room, in play")
		}
		// Ending a game asks first, on the page: the question, then yes.
		end := "resign"
		if evalJS[bool](me, `!!document.querySelector("[data-action=abort]")`) {
			end = "abort"
		}
		me.confirm(end)
		me.waitShown(".banner.finished")
		check(g.ID() + " room, finished")
	}

	// A whole game the computer plays against itself: a long move list.
	createRoom(t, ts, me, map[string]string{"game": "kalah", "mode": "watch", "level": "beginner", "level_second": "beginner", "pace": "fast"})
	me.waitJSFor(60*time.Second, "the game played out", `!!document.querySelector(".banner.finished")`)
	check("kalah played out by the computer")

	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
