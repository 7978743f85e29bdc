package players_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserEventResults (issue 40): on a phone, in the light and the
// dark theme, a player's events fit the window (no row wider than it, the
// medal and the points in view) and the page passes axe; a desktop's
// window lays them out too. Screenshots of the section: player-events-*.
func TestBrowserEventResults(t *testing.T) {
	t.Parallel()
	n := newTestServer(t)
	n.SignedUp(t, "Ann")
	annsEvents(t, n.Node)
	shots := webtest.ScreenshotDir(t)
	for _, size := range []struct {
		name          string
		width, height int
	}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
		tab := webtest.NewTab(t, webtest.NewBrowser(t, size.width, size.height), "visitor")
		tab.Run("Ann's page", chromedp.Navigate(n.URL+"/@/Ann"))
		tab.WaitShown("[data-testid=event-result]")
		require.Equal(t, 3, webtest.EvalJS[int](tab, `document.querySelectorAll("[data-testid=event-result]").length`))
		for _, theme := range []string{"light", "dark"} {
			tab.SetTheme(theme)
			require.True(t, webtest.EvalJS[bool](tab, `document.documentElement.scrollWidth <= innerWidth`), "the page fits a %s", size.name)
			require.True(t, webtest.EvalJS[bool](tab, `[...document.querySelectorAll("[data-testid=event-result], [data-testid=event-result] *")]
				.every(e => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth })`),
				"every row and its parts within a %s's window", size.name)
			require.True(t, webtest.EvalJS[bool](tab, `(() => {
				const m = document.querySelector("[data-event=arena] .medal").getBoundingClientRect();
				return m.width >= 20 && m.height >= 20 })()`), "the medal drawn")
			section := `[data-testid=event-results]`
			tab.Run("scroll", chromedp.ScrollIntoView(chromedp.CSS(section)))
			ctx, cancel := context.WithTimeout(tab.Ctx, 20*time.Second)
			png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(section)))
			cancel()
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(shots, "player-events-"+size.name+"-"+theme+".png"), png, 0o644))
		}
		failed := tab.AxeBothThemes("a player's events, " + size.name)
		require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
	}
}
