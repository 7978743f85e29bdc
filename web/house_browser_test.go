package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestBrowserAHouseGame: a newcomer who signed up finds the house bots
// first on /bots, opens one's page, challenges it and is in a rated game
// against the computer at once, its seat marked BOT with its rating; the
// computer answers a move, and offers no takeback or draw. /bots, the
// house bot's page and the room pass axe in both themes and fit a phone.
func TestBrowserAHouseGame(t *testing.T) {
	t.Parallel()
	ts := newHouseServer(t, 2)
	dir := screenshotDir(t)
	browser := newBrowser(t, 1440, 900)
	me := newTab(t, browser, "newcomer")
	me.signUpIn(ts, "Nadia")

	me.run("the bots", chromedp.Navigate(ts.URL+"/bots"))
	me.waitShown("[data-testid=house-note]")
	require.Contains(t, me.text("[data-testid=bot-row]"), "Computer · Beginner", "the house first, named as in a room")
	failed := me.axeBothThemes("bots, with the house")
	me.botScreenshots(dir, "house-ladder")

	me.click(`[data-testid=bot-row][data-bot=Boardroom-Beginner] a`)
	me.waitShown("[data-testid=house-bot]")
	require.Equal(t, "Online now", me.text("[data-testid=presence]"))
	me.click("[data-action=challenge]")
	me.waitShown("form[data-testid=challenge]")
	require.Contains(t, me.text("form[data-testid=challenge]"), "The computer accepts at once")
	failed = append(failed, me.axeBothThemes("a house bot's page")...)
	me.botScreenshots(dir, "house-page")

	me.run("choose Kalah, slow", chromedp.SetValue(`form[data-testid=challenge] select[name=game]`, "kalah"),
		chromedp.SetValue(`form[data-testid=challenge] select[name=clock]`, "slow"),
		chromedp.Click(`form[data-testid=challenge] input[name=rated]`),
		chromedp.Submit(`form[data-testid=challenge]`))
	me.waitJS("in the room", `location.pathname.startsWith("/r/")`)
	me.waitShown("[data-testid=board]")
	me.waitJS("the house bot's seat", `[...document.querySelectorAll(".player")].some(p => p.textContent.includes("Computer · Beginner") && p.querySelector("[data-testid=bot]") && p.querySelector("[data-testid=seat-rating]"))`)
	require.Equal(t, 1, evalJS[int](me, `document.querySelectorAll("[data-testid=rated]").length`), "rated")
	require.True(t, me.playSomething(), "a move, and the computer's answer")
	deadline := time.Now().Add(15 * time.Second)
	for !evalJS[bool](me, `!!document.querySelector("[data-testid=board] .target")`) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond) // the computer's turn (Kalah may give it several)
	}
	controls := evalJS[string](me, `[...document.querySelectorAll("#controls button, .controls button")].filter(b => b.offsetParent !== null && !b.disabled).map(b => b.textContent.trim()).join("|")`)
	require.NotContains(t, strings.ToLower(controls), "takeback", controls)
	require.NotContains(t, strings.ToLower(controls), "draw", controls)
	failed = append(failed, me.axeBothThemes("a house game")...)
	me.botScreenshots(dir, "house-game")

	// From the lobby: against the computer, rated; one house game at a
	// time, so not while this one is in play.
	game := me.location()
	fromTheLobby := func() {
		me.run("the lobby", chromedp.Navigate(ts.URL+"/"))
		me.waitShown("form[data-testid=new-room]")
		evalJS[bool](me, `(function () {
			var f = document.querySelector("form[data-testid=new-room]");
			f.querySelector("select[name=mode]").value = "computer";
			f.querySelector("select[name=level]").value = "medium";
			f.querySelector("select[name=mode]").dispatchEvent(new Event("change", { bubbles: true }));
			return true;
		})()`)
		me.waitShown("form[data-testid=new-room] input[name=house]")
		me.click("form[data-testid=new-room] input[name=house]")
	}
	fromTheLobby()
	me.run("play", chromedp.Submit(`form[data-testid=new-room]`))
	me.waitShown("[data-testid=form-error] [data-testid=game-in-play]")
	require.Contains(t, me.text("[data-testid=form-error]"), "You are playing the computer already")
	failed = append(failed, me.axeBothThemes("the lobby, refused a second house game")...)
	me.click("[data-testid=game-in-play]")
	me.waitJS("back in the game", fmt.Sprintf(`location.href === %q`, game))
	me.connected()
	me.click("[data-action=resign]")
	me.click("[data-action=resign-confirm]")
	me.waitShown(".player [data-testid=rating-change]")

	fromTheLobby()
	failed = append(failed, me.axeBothThemes("the lobby, rated against the computer")...)
	me.run("play", chromedp.Submit(`form[data-testid=new-room]`))
	me.waitJS("in the room", `location.pathname.startsWith("/r/")`)
	me.waitJS("against Computer · Medium", `[...document.querySelectorAll(".player")].some(p => p.textContent.includes("Computer · Medium"))`)
	require.Equal(t, 1, evalJS[int](me, `document.querySelectorAll("[data-testid=rated]").length`), "rated")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
