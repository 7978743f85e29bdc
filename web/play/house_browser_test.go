package play_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserAHouseGame: a newcomer who signed up finds the house bots
// first on /bots, opens one's page, challenges it and is in a rated game
// against the computer at once, its seat marked BOT with its rating; the
// computer answers a move, and offers no takeback or draw. /bots, the
// house bot's page and the room pass axe in both themes and fit a phone.
func TestBrowserAHouseGame(t *testing.T) {
	t.Parallel()
	ts := newHouseServer(t, 2)
	dir := webtest.ScreenshotDir(t)
	browser := webtest.NewBrowser(t, 1440, 900)
	me := newTab(t, browser, "newcomer")
	me.SignUpIn(ts.Node, "Nadia")

	me.Run("the bots", chromedp.Navigate(ts.URL+"/bots"))
	me.WaitShown("[data-testid=house-note]")
	require.Contains(t, me.Text("[data-testid=bot-row]"), "Computer · Beginner", "the house first, named as in a room")
	failed := me.AxeBothThemes("bots, with the house")
	me.ShotsThatFit(dir, "bots-house-ladder")

	me.Click(`[data-testid=bot-row][data-bot=Boardroom-Beginner] a`)
	me.WaitShown("[data-testid=house-bot]")
	require.Equal(t, "Online now", me.Text("[data-testid=presence]"))
	me.Click("[data-action=challenge]")
	me.WaitShown("form[data-testid=challenge]")
	require.Contains(t, me.Text("form[data-testid=challenge]"), "The computer accepts at once")
	failed = append(failed, me.AxeBothThemes("a house bot's page")...)
	me.ShotsThatFit(dir, "bots-house-page")

	me.Run("choose Kalah, slow", chromedp.SetValue(`form[data-testid=challenge] select[name=game]`, "kalah"),
		chromedp.SetValue(`form[data-testid=challenge] select[name=clock]`, "slow"),
		chromedp.Click(`form[data-testid=challenge] input[name=rated]`),
		chromedp.Submit(`form[data-testid=challenge]`))
	me.WaitJS("in the room", `location.pathname.startsWith("/r/")`)
	me.WaitShown("[data-testid=board]")
	me.WaitJS("the house bot's seat", `[...document.querySelectorAll(".player")].some(p => p.textContent.includes("Computer · Beginner") && p.querySelector("[data-testid=bot]") && p.querySelector("[data-testid=seat-rating]"))`)
	require.Equal(t, 1, webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=rated]").length`), "rated")
	require.True(t, me.PlaySomething(), "a move, and the computer's answer")
	deadline := time.Now().Add(15 * time.Second)
	for !webtest.EvalJS[bool](me.Tab, `!!document.querySelector("[data-testid=board] .target")`) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond) // the computer's turn (Kalah may give it several)
	}
	controls := webtest.EvalJS[string](me.Tab, `[...document.querySelectorAll("#controls button, .controls button")].filter(b => b.offsetParent !== null && !b.disabled).map(b => b.textContent.trim()).join("|")`)
	require.NotContains(t, strings.ToLower(controls), "takeback", controls)
	require.NotContains(t, strings.ToLower(controls), "draw", controls)
	failed = append(failed, me.AxeBothThemes("a house game")...)
	me.ShotsThatFit(dir, "bots-house-game")

	// From the lobby: against the computer, rated; one house game at a
	// time, so not while this one is in play.
	game := me.Location()
	fromTheLobby := func() {
		me.Run("the lobby", chromedp.Navigate(ts.URL+"/"))
		me.WaitShown("form[data-testid=new-room]")
		webtest.EvalJS[bool](me.Tab, `(function () {
			var f = document.querySelector("form[data-testid=new-room]");
			f.querySelector("select[name=mode]").value = "computer";
			f.querySelector("select[name=level]").value = "medium";
			f.querySelector("select[name=mode]").dispatchEvent(new Event("change", { bubbles: true }));
			return true;
		})()`)
		me.WaitShown("form[data-testid=new-room] input[name=house]")
		me.Click("form[data-testid=new-room] input[name=house]")
	}
	fromTheLobby()
	me.Run("play", chromedp.Submit(`form[data-testid=new-room]`))
	me.WaitShown("[data-testid=form-error] [data-testid=game-in-play]")
	require.Contains(t, me.Text("[data-testid=form-error]"), "You are playing the computer already")
	failed = append(failed, me.AxeBothThemes("the lobby, refused a second house game")...)
	me.Click("[data-testid=game-in-play]")
	me.WaitJS("back in the game", fmt.Sprintf(`location.href === %q`, game))
	me.Connected()
	me.Click("[data-action=resign]")
	me.Click("[data-action=resign-confirm]")
	me.WaitShown(".player [data-testid=rating-change]")

	fromTheLobby()
	failed = append(failed, me.AxeBothThemes("the lobby, rated against the computer")...)
	me.Run("play", chromedp.Submit(`form[data-testid=new-room]`))
	me.WaitJS("in the room", `location.pathname.startsWith("/r/")`)
	me.WaitJS("against Computer · Medium", `[...document.querySelectorAll(".player")].some(p => p.textContent.includes("Computer · Medium"))`)
	require.Equal(t, 1, webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=rated]").length`), "rated")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
