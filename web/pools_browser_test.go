package web

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestBrowserQuickPairing: two guests, one on a phone, press the same pool
// in the lobby; the first is shown the wait with the time waited and
// Cancel; both pages go to one room within two seconds of the second
// press, seated opposite. The lobby with the wait passes axe in both
// themes; Cancel ends a wait.
func TestBrowserQuickPairing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ann := newTab(t, newBrowser(t, 1280, 900), "ann")
	ann.run("the lobby", chromedp.Navigate(ts.URL+"/"))
	ann.waitJS("the pools on", `!document.querySelector("button[data-pool='kalah/fast']").disabled`)
	ann.click("button[data-pool='kalah/fast']")
	ann.waitShown("[data-testid=pool-waiting]")
	require.Contains(t, ann.text("[data-testid=pool-waiting]"), "Kalah · Fast")
	require.Equal(t, "true", evalJS[string](ann, `document.querySelector("button[data-pool='kalah/fast']").getAttribute("aria-pressed")`))
	ann.waitText("[data-pool-waited]", "0:01")
	ann.waitText("[data-testid=pool-status]", "Nobody else is waiting in this pool yet.")
	shots := screenshotDir(t)
	ann.screenshot(filepath.Join(shots, "lobby-waiting.png"))
	failed := ann.axeBothThemes("lobby, waiting in a pool")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))

	// Cancel ends the wait; pressing again waits again.
	ann.click("[data-action=cancel-pool]")
	ann.waitJS("the wait gone", `document.querySelector("[data-testid=pool-waiting]").hidden`)
	require.Eventually(t, func() bool { return len(ts.waitingIn(t)) == 0 }, 10e9, 1e7)
	ann.click("button[data-pool='kalah/fast']")
	ann.waitShown("[data-testid=pool-waiting]")

	bea := newTab(t, newBrowser(t, 390, 844), "bea")
	bea.run("phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+"/"))
	require.True(t, evalJS[bool](bea, `document.documentElement.scrollWidth <= window.innerWidth`), "the pools fit a phone")
	bea.waitJS("the pools on", `!document.querySelector("button[data-pool='kalah/fast']").disabled`)
	bea.screenshot(filepath.Join(shots, "lobby-pools-phone.png"))
	bea.click("button[data-pool='kalah/fast']")
	for _, tb := range []*tab{ann, bea} {
		tb.waitJSFor(10e9, "in the room", `location.pathname.startsWith("/r/") && !!document.querySelector("[data-testid=board]")`)
		tb.connected()
	}
	require.Equal(t, ann.location(), bea.location(), "one room")
	require.Equal(t, 1, evalJS[int](ann, `document.querySelectorAll(".player.yours").length`))
	require.Equal(t, 1, evalJS[int](bea, `document.querySelectorAll(".player.yours").length`))
	require.NotEqual(t, evalJS[string](ann, `document.querySelector(".player.yours").className`),
		evalJS[string](bea, `document.querySelector(".player.yours").className`), "opposite seats")
}
