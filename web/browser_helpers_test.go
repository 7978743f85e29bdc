package web

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/internal/browsertest"
)

// TestMain shares one Chromium among the package's browser tests
// (browsertest.Main stops it after the last).
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }

// browserSize is what a test's browser was when each test started its own
// Chromium: a window size. Each tab newTab opens with it is a visitor of
// its own in the package's shared Chromium, its viewport this size.
type browserSize struct{ width, height int }

// newBrowser is a browser window of width×height for the test's visitors.
// It skips (or, in CI, fails) the test where there is no Chromium.
func newBrowser(t *testing.T, width, height int) browserSize {
	t.Helper()
	browsertest.ChromiumPath(t)
	return browserSize{width, height}
}

// tab is one person's browser window: its own cookies (a separate browser
// context), so each tab is a different visitor.
type tab struct {
	t    *testing.T
	name string
	ctx  context.Context
}

func newTab(t *testing.T, browser browserSize, name string) *tab {
	t.Helper()
	return &tab{t: t, name: name, ctx: browsertest.NewWindow(t, browser.width, browser.height)}
}

// run runs actions with a deadline, failing the test with the tab's name.
func (tb *tab) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	require.NoError(tb.t, chromedp.Do(ctx, actions...), "%s: %s", tb.name, what)
}

// waitJS waits until a JavaScript expression is true in the page.
func (tb *tab) waitJS(what, expr string) {
	tb.t.Helper()
	tb.waitJSFor(15*time.Second, what, expr)
}

// waitJSFor is waitJS with a longer patience, for what takes many moves.
func (tb *tab) waitJSFor(patience time.Duration, what, expr string) {
	tb.t.Helper()
	var err error
	for range 3 { // a page that navigates while it is polled loses its context: poll the new one
		ctx, cancel := context.WithTimeout(tb.ctx, patience+5*time.Second)
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(patience)))
		cancel()
		if err == nil || !(strings.Contains(err.Error(), "Cannot find context") || strings.Contains(err.Error(), "Inspected target navigated")) {
			break
		}
	}
	if err != nil {
		tb.t.Logf("%s: the page when waiting for %s failed: %s", tb.name, what, tb.describe())
	}
	require.NoError(tb.t, err, "%s: waiting for %s", tb.name, what)
}

// describe says what a page shows, for a failed wait's message: whether
// its socket is open, the turn, the moves, the selection and any message.
func (tb *tab) describe() string {
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function () {
		var q = function (sel) { var e = document.querySelector(sel); return e ? e.textContent.replace(/\s+/g, " ").trim() : "-"; };
		var cells = function (sel) { return Array.from(document.querySelectorAll(sel)).map(function (e) { return e.dataset.cell; }).join(" "); };
		return "url=" + location.href + " socket=" + (document.body.dataset.socket || "-") +
			" status=" + q("#conn-status") + " turn=" + q("[data-testid=turn]") + " error=" + q("[data-testid=error]") +
			" moves=" + document.querySelectorAll("[data-testid=move]").length + " selected=" + cells("[data-testid=board] .selected") +
			" targets=" + cells("[data-testid=board] .target");
	})()`))
	if err != nil {
		return "(not readable: " + err.Error() + ")"
	}
	return s
}

// evalJS evaluates a JavaScript expression in the page.
func evalJS[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	require.NoError(tb.t, err, "%s: evaluating %s", tb.name, expr)
	return v
}

func (tb *tab) text(sel string) string {
	return evalJS[string](tb, fmt.Sprintf(`(document.querySelector(%q)||{}).textContent||""`, sel))
}

func (tb *tab) moves() []string {
	return evalJS[[]string](tb, `Array.from(document.querySelectorAll("[data-testid=move]")).map(e => e.textContent.trim())`)
}

func (tb *tab) location() string {
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	u, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(tb.t, err)
	return u
}

func (tb *tab) waitMoves(n int) {
	tb.t.Helper()
	tb.waitJS(fmt.Sprintf("%d moves shown", n), fmt.Sprintf(`document.querySelectorAll("[data-testid=move]").length === %d`, n))
}

// click clicks an element. The live page may replace the element between
// finding it and clicking it; then the click is tried again on the new one.
func (tb *tab) click(sel string) {
	tb.t.Helper()
	var err error
	for range 5 {
		ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
		err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)))
		cancel()
		if err == nil || !strings.Contains(err.Error(), "node with given id") {
			break
		}
	}
	require.NoError(tb.t, err, "%s: click %s", tb.name, sel)
}

func (tb *tab) clickCell(row, col int) {
	tb.t.Helper()
	tb.click(fmt.Sprintf(`[data-testid=board] [data-cell="%d,%d"]`, row, col))
}

// connected waits until the page's WebSocket is open, so clicks are live.
func (tb *tab) connected() {
	tb.t.Helper()
	tb.waitJS("socket open", `document.body.dataset.socket === "open"`)
}

// screenshot saves the viewport as a PNG.
func (tb *tab) screenshot(path string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(tb.t, err)
	require.NoError(tb.t, os.WriteFile(path, png, 0o644))
}

// contextWithTimeout is the tab's context with the helpers' deadline.
func contextWithTimeout(tb *tab) (context.Context, context.CancelFunc) {
	return context.WithTimeout(tb.ctx, 20*time.Second)
}
