package webtest

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/internal/browsertest"
)

// Visitors in a browser: each Tab is a window of the test package's one
// Chromium (internal/browsertest), with its own cookies.

// BrowserSize is what a test's browser was when each test started its own
// Chromium: a window size. Each tab newTab opens with it is a visitor of
// its own in the package's shared Chromium, its viewport this size.
type BrowserSize struct {
	width, height int
	full          bool // the full Chromium's, not the headless shell's
}

// NewBrowser is a browser window of width×height for the test's visitors.
// It skips (or, in CI, fails) the test where there is no Chromium.
func NewBrowser(t *testing.T, width, height int) BrowserSize {
	t.Helper()
	browsertest.ChromiumPath(t)
	return BrowserSize{width: width, height: height}
}

// NewFullBrowser is NewBrowser in the full Chromium, for a test of what the
// headless shell leaves out: notifications.
func NewFullBrowser(t *testing.T, width, height int) BrowserSize {
	t.Helper()
	return BrowserSize{width: width, height: height, full: true}
}

// Tab is one person's browser window: its own cookies (a separate browser
// context), so each tab is a different visitor.
type Tab struct {
	T    *testing.T
	Name string
	Ctx  context.Context
}

func NewTab(t *testing.T, browser BrowserSize, name string) *Tab {
	t.Helper()
	if browser.full {
		return &Tab{T: t, Name: name, Ctx: browsertest.NewFullWindow(t, browser.width, browser.height)}
	}
	return &Tab{T: t, Name: name, Ctx: browsertest.NewWindow(t, browser.width, browser.height)}
}

// Run runs actions with a deadline, failing the test with the tab's name.
func (tb *Tab) Run(what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	require.NoError(tb.T, chromedp.Do(ctx, actions...), "%s: %s", tb.Name, what)
}

// WaitJS waits until a JavaScript expression is true in the page.
func (tb *Tab) WaitJS(what, expr string) {
	tb.T.Helper()
	tb.WaitJSFor(15*time.Second, what, expr)
}

// WaitJSFor is waitJS with a longer patience, for what takes many moves.
func (tb *Tab) WaitJSFor(patience time.Duration, what, expr string) {
	tb.T.Helper()
	var err error
	// A page that navigates while it is polled loses its context: the new
	// page is polled, for what is left of the patience, however many times
	// it navigates (a log-out everywhere posts, is redirected, and reloads
	// when its site socket is closed under it).
	for end := time.Now().Add(patience); ; {
		left := time.Until(end)
		ctx, cancel := context.WithTimeout(tb.Ctx, left+5*time.Second)
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(left)))
		cancel()
		if err == nil || time.Until(end) <= 0 || !(strings.Contains(err.Error(), "Cannot find context") || strings.Contains(err.Error(), "Inspected target navigated")) {
			break
		}
	}
	if err != nil {
		tb.T.Logf("%s: the page when waiting for %s failed: %s", tb.Name, what, tb.Describe())
	}
	require.NoError(tb.T, err, "%s: waiting for %s", tb.Name, what)
}

// Describe says what a page shows, for a failed wait's message: whether
// its socket is open, the turn, the moves, the selection and any message.
func (tb *Tab) Describe() string {
	ctx, cancel := context.WithTimeout(tb.Ctx, 5*time.Second)
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

// EvalJS evaluates a JavaScript expression in the page.
func EvalJS[T any](tb *Tab, expr string) T {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	require.NoError(tb.T, err, "%s: evaluating %s", tb.Name, expr)
	return v
}

func (tb *Tab) Text(sel string) string {
	return EvalJS[string](tb, fmt.Sprintf(`(document.querySelector(%q)||{}).textContent||""`, sel))
}

func (tb *Tab) Moves() []string {
	return EvalJS[[]string](tb, `Array.from(document.querySelectorAll("[data-testid=move]")).map(e => e.textContent.trim())`)
}

func (tb *Tab) Location() string {
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	u, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(tb.T, err)
	return u
}

func (tb *Tab) WaitMoves(n int) {
	tb.T.Helper()
	tb.WaitJS(fmt.Sprintf("%d moves shown", n), fmt.Sprintf(`document.querySelectorAll("[data-testid=move]").length === %d`, n))
}

// Click clicks an element. The live page may replace the element between
// finding it and clicking it; then the click is tried again on the new one.
func (tb *Tab) Click(sel string) {
	tb.T.Helper()
	var err error
	for range 5 {
		ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
		err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)))
		cancel()
		if err == nil || !strings.Contains(err.Error(), "node with given id") {
			break
		}
	}
	require.NoError(tb.T, err, "%s: click %s", tb.Name, sel)
}

func (tb *Tab) ClickCell(row, col int) {
	tb.T.Helper()
	tb.Click(fmt.Sprintf(`[data-testid=board] [data-cell="%d,%d"]`, row, col))
}

// Connected waits until the page's WebSocket is open, so clicks are live.
func (tb *Tab) Connected() {
	tb.T.Helper()
	tb.WaitJS("socket open", `document.body.dataset.socket === "open"`)
}

// Screenshot saves the viewport as a PNG.
func (tb *Tab) Screenshot(path string) {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(tb.T, err)
	require.NoError(tb.T, os.WriteFile(path, png, 0o644))
}

// ContextWithTimeout is the tab's context with the helpers' deadline.
func ContextWithTimeout(tb *Tab) (context.Context, context.CancelFunc) {
	return context.WithTimeout(tb.Ctx, 20*time.Second)
}

// CreateRoom fills the lobby's form (selects and inputs by name, then the
// checkboxes named in ticks), submits it and returns the room's URL.
func (tb *Tab) CreateRoom(n *Node, fields map[string]string, ticks ...string) string {
	tb.T.Helper()
	form := `form[data-testid=new-room] `
	actions := []chromedp.Action[chromedp.Void]{chromedp.Navigate(n.URL + "/")}
	if v, ok := fields["game"]; ok { // first: the game and mode decide which fields show
		actions = append(actions, chromedp.Click(chromedp.CSS(`[data-game-card=`+v+`]`)))
	}
	if v, ok := fields["mode"]; ok {
		actions = append(actions, chromedp.SetValue(chromedp.CSS(form+`[name=mode]`), v))
	}
	for k, v := range fields {
		if k != "game" && k != "mode" {
			actions = append(actions, chromedp.SetValue(chromedp.CSS(form+`[name=`+k+`]`), v))
		}
	}
	for _, name := range ticks {
		actions = append(actions, chromedp.Click(chromedp.CSS(form+`input[type=checkbox][name=`+name+`]`)))
	}
	actions = append(actions,
		chromedp.Click(chromedp.CSS(form+`button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=board]`)),
	)
	tb.Run("create a room", actions...)
	tb.Connected()
	return tb.Location()
}

// CreateGame is CreateRoom with a game, its mode and its options.
func (tb *Tab) CreateGame(n *Node, id, mode string, opts map[string]string) string {
	tb.T.Helper()
	fields := map[string]string{"game": id, "mode": mode}
	maps.Copy(fields, opts)
	return tb.CreateRoom(n, fields)
}

// Open opens a room's link and waits for its socket.
func (tb *Tab) Open(url string) {
	tb.T.Helper()
	tb.Run("open "+url, chromedp.Navigate(url))
	tb.Connected()
}

// WaitText waits until the element's text is want.
func (tb *Tab) WaitText(sel, want string) {
	tb.T.Helper()
	tb.WaitJS(fmt.Sprintf("%s to read %q", sel, want), fmt.Sprintf(`(document.querySelector(%q)||{}).textContent === %q`, sel, want))
}

// WaitGone waits until nothing matches sel.
func (tb *Tab) WaitGone(sel string) {
	tb.T.Helper()
	tb.WaitJS(sel+" gone", fmt.Sprintf(`!document.querySelector(%q)`, sel))
}

// WaitShown waits until something matches sel.
func (tb *Tab) WaitShown(sel string) {
	tb.T.Helper()
	tb.WaitJS(sel+" shown", fmt.Sprintf(`!!document.querySelector(%q)`, sel))
}

// SignUpIn signs a browser up through the form.
func (tb *Tab) SignUpIn(n *Node, name string) {
	tb.T.Helper()
	tb.Run("sign up as "+name, chromedp.Navigate(n.URL+"/signup"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=username]`), name),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=signup]`)))
	tb.WaitShown("a[data-testid=me]")
}

// ScreenshotDir is where the screenshots go: $SCREENSHOTS (relative to the
// repository's root), else a temporary folder.
func ScreenshotDir(t *testing.T) string {
	dir := os.Getenv("SCREENSHOTS")
	if dir == "" {
		return t.TempDir()
	}
	if !filepath.IsAbs(dir) {
		// Tests run in their package's folder, at any depth: the root is
		// found from this file's place, web/webtest.
		_, here, _, _ := runtime.Caller(0)
		dir = filepath.Join(filepath.Dir(here), "..", "..", dir)
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// ShotsThatFit saves the page at a desktop's and a phone's width, as
// NAME-desktop.png and NAME-phone.png in dir, and checks it fits each
// (nothing wider than the window).
func (tb *Tab) ShotsThatFit(dir, name string) {
	tb.T.Helper()
	for _, size := range []struct {
		name          string
		width, height int
	}{{"desktop", 1440, 900}, {"phone", 390, 844}} {
		tb.Run("size "+size.name, chromedp.EmulateViewport(int64(size.width), int64(size.height)))
		require.True(tb.T, EvalJS[bool](tb, `document.documentElement.scrollWidth <= window.innerWidth`), "%s fits a %s", name, size.name)
		tb.Screenshot(filepath.Join(dir, fmt.Sprintf("%s-%s.png", name, size.name)))
	}
	tb.Run("size back", chromedp.EmulateViewport(1440, 900))
}
