package account_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// TestBrowserAVacation: Ann and Bea play a correspondence game of 3 days a
// move, Ann to make the first move. Ann starts a vacation on her account
// page, which then says she is away and the days she has left; Bea's room,
// open all along, shows at once that Ann is on vacation, beside Ann's
// clock, which stands still. Ann ends it, and Bea's room shows her clock
// running again. The account page and the room pass axe in both themes.
func TestBrowserAVacation(t *testing.T) {
	t.Parallel()
	ts := sitetest.New(t)
	dir := webtest.ScreenshotDir(t)
	ann := webtest.NewTab(t, webtest.NewBrowser(t, 1280, 900), "ann")
	ann.SignUpIn(ts, "ann")
	loc := ann.CreateRoom(ts, map[string]string{"game": "kalah", "mode": "friend", "clock": string(vocab.CorrespondenceClock), "days": "3"})
	bea := webtest.NewTab(t, webtest.NewBrowser(t, 390, 844), "bea")
	bea.Run("phone", chromedp.EmulateViewport(390, 844))
	bea.SignUpIn(ts, "bea")
	bea.Open(loc)
	bea.Click("[data-action=join]")
	bea.WaitText(".player.seat1 a.holder", "bea (you)")
	bea.WaitJS("Ann's clock runs", `document.querySelector("[data-testid=clock]").dataset.running === "true"`)
	require.False(t, webtest.EvalJS[bool](bea, `!!document.querySelector("[data-testid=seat-vacation]")`), "nobody is away")

	ann.Run("her account page", chromedp.Navigate(ts.URL+"/account"))
	ann.WaitShown("[data-testid=vacation]")
	require.Contains(t, ann.Text("[data-testid=vacation-days]"), "14 days left")
	ann.Click("[data-action=vacation]")
	ann.WaitShown("[data-testid=account-notice]")
	require.Contains(t, ann.Text("[data-testid=account-notice]"), "Your vacation has begun")
	require.Contains(t, ann.Text("[data-testid=vacation-status]"), "You are on vacation since")
	require.Contains(t, ann.Text("[data-testid=vacation-days]"), "13 days left", "the day begun counts")
	require.Equal(t, "End my vacation", ann.Text("[data-action=vacation]"))
	failed := ann.AxeBothThemes("account, on vacation")
	ann.Screenshot(filepath.Join(dir, "account-vacation.png"))

	bea.WaitShown(".player.seat0 [data-testid=seat-vacation]")
	require.Equal(t, "on vacation", bea.Text(".player.seat0 [data-testid=seat-vacation]"))
	bea.WaitShown("[data-testid=clock-vacation]")
	require.True(t, strings.HasPrefix(bea.Text("[data-testid=clock-vacation]"), "On vacation until "), bea.Text("[data-testid=clock-vacation]"))
	require.Equal(t, "false", webtest.EvalJS[string](bea, `document.querySelector("[data-testid=clock]").dataset.running`), "Ann's clock stands still")
	stood := bea.Text("[data-testid=clock] .time")
	require.Contains(t, []string{"3 days 0 h", "2 days 23 h"}, stood)
	require.True(t, webtest.EvalJS[bool](bea, `document.documentElement.scrollWidth <= window.innerWidth`), "the room fits a phone")
	failed = append(failed, bea.AxeBothThemes("a room, the player to move on vacation")...)
	bea.Screenshot(filepath.Join(dir, "room-opponent-on-vacation-phone.png"))

	ann.Click("[data-action=vacation]")
	ann.WaitText("[data-action=vacation]", "Start a vacation")
	require.Contains(t, ann.Text("[data-testid=account-notice]"), "Your vacation has ended")
	bea.WaitGone("[data-testid=clock-vacation]")
	bea.WaitJS("Ann's clock runs again", `document.querySelector("[data-testid=clock]").dataset.running === "true"`)
	require.False(t, webtest.EvalJS[bool](bea, `!!document.querySelector("[data-testid=seat-vacation]")`))
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
