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
// Tests run in parallel, but no more of them hold windows at once than
// there are cores (GOMAXPROCS, go test's default -parallel): under -race a
// browser test keeps a core busy (its server and its pages), so more at
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

var (
	startOnce sync.Once
	browser   context.Context // the shared Chromium's first tab
	stop      context.CancelFunc
	startErr  error

	slots   = make(chan struct{}, runtime.GOMAXPROCS(0)) // a place per core for the tests holding windows
	holders sync.Map                                     // test name → struct{}: the tests holding a place
)

// Main runs a package's tests and then stops the shared Chromium, if any
// test started it.
func Main(m *testing.M) int {
	code := m.Run()
	if stop != nil {
		stop()
	}
	return code
}

// ChromiumPath finds Debian's Chromium. Browser tests skip on a developer
// machine without it, but fail in CI (CI=true), where .ci/run installs it.
func ChromiumPath(t testing.TB) string {
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

// shared starts the package's Chromium on first use. It is not tied to
// any test's context: Main stops it after the last test.
func shared(t testing.TB) context.Context {
	t.Helper()
	path := ChromiumPath(t)
	startOnce.Do(func() {
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
			startErr = err
			return
		}
		opts = append(opts, chromedp.UserDataDir(dir))
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(alloc)
		stop = func() { cancelBrowser(); cancelAlloc(); os.RemoveAll(dir) }
		browser = ctx
		startErr = chromedp.Do(ctx)
	})
	if startErr != nil {
		t.Fatalf("starting Chromium: %v", startErr)
	}
	return browser
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
	parent := shared(t)
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
