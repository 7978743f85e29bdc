// Package browsertest shares one headless Chromium among a test package's
// browser tests, so that they do not each pay for a browser's start and can
// run side by side.
//
// A package with browser tests runs them through Main:
//
//	func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
//
// Each test asks for a window with NewWindow: its own BrowserContext in the
// shared Chromium (its own cookies, storage and permissions, as a browser of
// its own had), its viewport set on the tab (a window's size was per browser
// before). The window is closed, and its BrowserContext disposed of, in the
// test's cleanup, so that a test that fails or gives up leaves nothing open
// in the browser the others use.
//
// The Chromium is Debian's chromium-headless-shell, the headless browser
// without the desktop browser's layers: the same engine (Blink, V8, service
// workers, push, WebAuthn's virtual authenticators) for half the CPU a page
// costs (web/rooms' tests: 410 → 206 CPU seconds, BENCHMARKS.md "Tests in
// minutes"). What the shell leaves out, notifications (it says
// Notification.permission is "denied" whatever was granted), a test gets
// from the full Chromium with NewFullWindow.
//
// Tests run in parallel, but no more of them hold windows at once than
// there are cores (GOMAXPROCS, go test's default -parallel): a browser test
// keeps a core busy (its server under -race, and its pages), so more at
// once only stretched each action towards its timeout (BENCHMARKS.md,
// "Tests in minutes"). A larger -parallel leaves them capped.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium is one kind of Chromium the package's tests share, started on
// first use.
type chromium struct {
	names   []string // the executables that are it, the first found used
	install string   // the Debian package that has it

	once    sync.Once
	browser context.Context // its first tab
	stop    context.CancelFunc
	err     error
}

var (
	shell = &chromium{names: []string{"chromium-headless-shell"}, install: "chromium-headless-shell"}
	full  = &chromium{names: []string{"chromium", "chromium-browser", "google-chrome"}, install: "chromium"}

	slots   = make(chan struct{}, runtime.GOMAXPROCS(0)) // a place per core for the tests holding windows
	holders sync.Map                                     // test name → struct{}: the tests holding a place
)

// Main runs a package's tests and then stops the shared Chromiums that
// tests started.
func Main(m *testing.M) int {
	code := m.Run()
	for _, c := range []*chromium{shell, full} {
		if c.stop != nil {
			c.stop()
		}
	}
	return code
}

// ChromiumPath finds the Chromium NewWindow opens windows in: Debian's
// chromium-headless-shell, else (on a developer's machine) the full
// chromium. Browser tests skip on a developer machine with neither, but
// fail in CI (CI=true), where .ci/run installs both.
func ChromiumPath(t testing.TB) string {
	t.Helper()
	if p, ok := shell.path(); ok {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium-headless-shell is required for the browser tests in CI (apt-get install chromium-headless-shell)")
	}
	return full.pathOrSkip(t)
}

func (c *chromium) path() (string, bool) {
	for _, name := range c.names {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

func (c *chromium) pathOrSkip(t testing.TB) string {
	t.Helper()
	if p, ok := c.path(); ok {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is required for the browser tests in CI (apt-get install %s)", c.names[0], c.install)
	}
	t.Skipf("no %s on this machine: install Debian's %s to run the browser tests", c.names[0], c.install)
	return ""
}

// shared starts c on first use, at path. It is not tied to any test's
// context: Main stops it after the last test.
func (c *chromium) shared(t testing.TB, path string) context.Context {
	t.Helper()
	c.once.Do(func() {
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
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
			// A tab behind another window must keep its timers and
			// animation frames: tests poll pages they are not looking at.
			chromedp.Flag("disable-background-timer-throttling", true),
			chromedp.Flag("disable-backgrounding-occluded-windows", true),
			chromedp.Flag("disable-renderer-backgrounding", true),
			// The size of a window a page opens (a link to another tab);
			// each test's own tabs set theirs in NewWindow.
			chromedp.WindowSize(1280, 900),
		}
		dir, err := os.MkdirTemp("", "browsertest")
		if err != nil {
			c.err = err
			return
		}
		opts = append(opts, chromedp.UserDataDir(dir))
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(alloc)
		c.stop = func() { cancelBrowser(); cancelAlloc(); os.RemoveAll(dir) }
		c.browser = ctx
		c.err = chromedp.Do(ctx)
	})
	if c.err != nil {
		t.Fatalf("starting %s: %v", path, c.err)
	}
	return c.browser
}

// hold takes one of the places for t until t ends. A subtest shares
// the place of a test above it that holds one (it would otherwise wait for
// ever for a place its parent keeps); subtests that run in parallel under
// a parent that holds none take a place each.
func hold(t testing.TB) {
	name := t.Name()
	if holderOf(name) {
		return
	}
	slots <- struct{}{}
	holders.Store(name, struct{}{})
	t.Cleanup(func() { holders.Delete(name); <-slots })
}

// Pause waits d without holding t's place: a test that only waits for
// time to pass (a page's backing-off retries) lets another test use the
// machine meanwhile, then takes a place again before it goes on.
func Pause(t testing.TB, d time.Duration) {
	held := holderOf(t.Name())
	if held {
		<-slots
	}
	time.Sleep(d)
	if held {
		slots <- struct{}{}
	}
}

// holderOf reports whether the test named name, or a test above it, holds
// a place.
func holderOf(name string) bool {
	for above := name; ; {
		if _, held := holders.Load(above); held {
			return true
		}
		i := strings.LastIndex(above, "/")
		if i < 0 {
			return false
		}
		above = above[:i]
	}
}

// NewWindow opens a tab of width×height CSS pixels in a BrowserContext of
// its own in the shared Chromium: a visitor with their own cookies. The
// returned context runs actions in that tab; it is cancelled, closing the
// tab and disposing of its BrowserContext, when t ends.
func NewWindow(t testing.TB, width, height int) context.Context {
	t.Helper()
	path := ChromiumPath(t)
	if _, ok := shell.path(); ok {
		return window(t, shell.shared(t, path), width, height)
	}
	return window(t, full.shared(t, path), width, height) // a developer's machine without the shell
}

// NewFullWindow is NewWindow in the full Chromium, for what the headless
// shell leaves out: notifications.
func NewFullWindow(t testing.TB, width, height int) context.Context {
	t.Helper()
	return window(t, full.shared(t, full.pathOrSkip(t)), width, height)
}

func window(t testing.TB, parent context.Context, width, height int) context.Context {
	t.Helper()
	hold(t)
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	// The first action on a chromedp context opens its tab and ties the
	// tab's life to the context it ran on: open it on the tab's own
	// context, so that a caller's per-action timeouts do not close it.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("opening a %d×%d window: %v", width, height, err)
	}
	return ctx
}
