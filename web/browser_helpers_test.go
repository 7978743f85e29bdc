package web

import (
	"os"
	"testing"

	"boardroom/internal/browsertest"
	"boardroom/web/webtest"
)

// TestMain shares one Chromium among the package's browser tests
// (browsertest.Main stops it after the last).
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }

// tab is one person's browser window (webtest.Tab), which this package's
// tests teach more ways to look at a page.
type tab struct{ *webtest.Tab }

func newTab(t *testing.T, browser webtest.BrowserSize, name string) *tab {
	t.Helper()
	return &tab{webtest.NewTab(t, browser, name)}
}
