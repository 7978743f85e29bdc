package webtest

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
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

// AxeViolation is one rule axe found broken, with the first nodes it found.
type AxeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Count   int      `json:"count"`
	Targets []string `json:"targets"`
}

func (v AxeViolation) String() string {
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

// SetTheme sets the page's theme as the toggle does (theme.js): the class
// on <html>, remembered by the browser.
func (tb *Tab) SetTheme(theme string) {
	tb.T.Helper()
	EvalJS[bool](tb, fmt.Sprintf(`(function (t) {
		try { localStorage.setItem("theme", t); } catch (e) {}
		document.documentElement.classList.toggle("theme-dark", t === "dark");
		document.documentElement.classList.toggle("theme-light", t === "light");
		return true;
	})(%q)`, theme))
}

// Axe runs axe-core on the page as it is (injecting it first where the page
// has none) and returns its critical and serious violations.
func (tb *Tab) Axe() []AxeViolation {
	tb.T.Helper()
	ctx, cancel := ContextWithTimeout(tb)
	defer cancel()
	loaded, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof window.axe === "object"`))
	require.NoError(tb.T, err)
	if !loaded {
		_, err = chromedp.Run(ctx, chromedp.Evaluate[bool](axeSource+"\n;true"))
		require.NoError(tb.T, err, "%s: loading axe-core", tb.Name)
	}
	ctx2, cancel2 := ContextWithTimeout(tb)
	defer cancel2()
	v, err := chromedp.Run(ctx2, chromedp.Evaluate[[]AxeViolation](axeRunJS, chromedp.EvalAwaitPromise))
	require.NoError(tb.T, err, "%s: running axe-core", tb.Name)
	return v
}

// AxeBothThemes checks the page in the light and the dark theme and
// returns what failed, one line a rule.
func (tb *Tab) AxeBothThemes(page string) []string {
	tb.T.Helper()
	var failed []string
	for _, theme := range []string{"light", "dark"} {
		tb.SetTheme(theme)
		for _, v := range tb.Axe() {
			failed = append(failed, page+", "+theme+" theme: "+v.String())
		}
	}
	return failed
}
