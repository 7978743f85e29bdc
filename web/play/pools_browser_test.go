package play_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserQuickPairing: two guests, one on a phone, press the same pool
// in the lobby; the first is shown the wait with the time waited and
// Cancel; both pages go to one room within two seconds of the second
// press, seated opposite. The lobby with the wait passes axe in both
// themes; Cancel ends a wait.
func TestBrowserQuickPairing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ann := newTab(t, webtest.NewBrowser(t, 1280, 900), "ann")
	ann.Run("the lobby", chromedp.Navigate(ts.URL+"/"))
	ann.WaitJS("the pools on", `!document.querySelector("button[data-pool='kalah/fast']").disabled`)
	ann.Click("button[data-pool='kalah/fast']")
	ann.WaitShown("[data-testid=pool-waiting]")
	require.Contains(t, ann.Text("[data-testid=pool-waiting]"), "Kalah · Fast")
	require.Equal(t, "true", webtest.EvalJS[string](ann.Tab, `document.querySelector("button[data-pool='kalah/fast']").getAttribute("aria-pressed")`))
	ann.WaitText("[data-pool-waited]", "0:01")
	ann.WaitText("[data-testid=pool-status]", "Nobody else is waiting in this pool yet.")
	shots := webtest.ScreenshotDir(t)
	ann.Screenshot(filepath.Join(shots, "lobby-waiting.png"))
	failed := ann.AxeBothThemes("lobby, waiting in a pool")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))

	// Cancel ends the wait; pressing again waits again.
	ann.Click("[data-action=cancel-pool]")
	ann.WaitJS("the wait gone", `document.querySelector("[data-testid=pool-waiting]").hidden`)
	require.Eventually(t, func() bool { return len(ts.WaitingIn(t)) == 0 }, 10e9, 1e7)
	ann.Click("button[data-pool='kalah/fast']")
	ann.WaitShown("[data-testid=pool-waiting]")

	bea := newTab(t, webtest.NewBrowser(t, 390, 844), "bea")
	bea.Run("phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+"/"))
	require.True(t, webtest.EvalJS[bool](bea.Tab, `document.documentElement.scrollWidth <= window.innerWidth`), "the pools fit a phone")
	bea.WaitJS("the pools on", `!document.querySelector("button[data-pool='kalah/fast']").disabled`)
	bea.Screenshot(filepath.Join(shots, "lobby-pools-phone.png"))
	bea.Click("button[data-pool='kalah/fast']")
	for _, tb := range []*tab{ann, bea} {
		tb.WaitJSFor(10e9, "in the room", `location.pathname.startsWith("/r/") && !!document.querySelector("[data-testid=board]")`)
		tb.Connected()
	}
	require.Equal(t, ann.Location(), bea.Location(), "one room")
	require.Equal(t, 1, webtest.EvalJS[int](ann.Tab, `document.querySelectorAll(".player.yours").length`))
	require.Equal(t, 1, webtest.EvalJS[int](bea.Tab, `document.querySelectorAll(".player.yours").length`))
	require.NotEqual(t, webtest.EvalJS[string](ann.Tab, `document.querySelector(".player.yours").className`),
		webtest.EvalJS[string](bea.Tab, `document.querySelector(".player.yours").className`), "opposite seats")
}
