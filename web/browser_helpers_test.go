package web

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// chromiumPath finds Debian's Chromium. Browser tests skip on a developer
// machine without it, but fail in CI (CI=true), where .ci/run installs it.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("Chromium is required for the browser tests in CI (apt-get install chromium)")
	}
	t.Skip("no Chromium on this machine: install Debian's chromium to run the browser tests")
	return ""
}

// newBrowser starts headless Chromium with a fresh profile for one test.
func newBrowser(t *testing.T, width, height int) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	browser, cancelBrowser := chromedp.NewContext(alloc, chromedp.WithLogf(t.Logf))
	require.NoError(t, chromedp.Do(browser), "starting Chromium")
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	return browser
}

// tab is one person's browser window: its own cookies (a separate browser
// context), so each tab is a different visitor.
type tab struct {
	t    *testing.T
	name string
	ctx  context.Context
}

func newTab(t *testing.T, browser context.Context, name string) *tab {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	// The first action on a chromedp context opens its tab and ties the tab's
	// life to the context it ran on: open it here, on the tab's own context,
	// so that the per-action timeouts below do not close it.
	require.NoError(t, chromedp.Do(ctx), "opening a tab for %s", name)
	return &tab{t: t, name: name, ctx: ctx}
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
