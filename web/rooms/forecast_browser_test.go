package rooms_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// Conditional moves through the room page: Bob, waiting for Alice's move
// in a Kalah game across days, opens the editor, stores two lines (one
// typed wrong first, refused in words), deletes one; Alice's move that his
// line foresaw is answered at once, and Bob's page says so. Every state of
// the editor passes axe in both themes.
func TestBrowserForecastAnswersAtOnce(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend", "clock": "correspondence", "days": "3"})
	bob.Open(room)
	bob.Click("[data-action=join]")
	bob.WaitJS("Bob is seated", `!document.querySelector("[data-action=join]")`)
	require.False(t, webtest.EvalJS[bool](alice.Tab, `!!document.querySelector("[data-testid=forecast-form]")`),
		"Alice is to move: she has no line to add")

	bob.WaitShown("[data-action=forecast]")
	require.Equal(t, "false", webtest.EvalJS[string](bob.Tab, `document.querySelector("[data-action=forecast]").getAttribute("aria-expanded")`))
	bob.Click("[data-action=forecast]")
	bob.WaitJS("the editor open", `!document.getElementById("forecast-editor").hidden`)
	require.Equal(t, "forecast-text", webtest.EvalJS[string](bob.Tab, `document.activeElement.id`), "the line's box has the focus")
	require.Equal(t, "Their moves now: 1, 2, 3, 4, 5, 6.", bob.Text("#forecast-theirs"))

	addLine := func(text string) {
		bob.Run("add the line "+text, chromedp.SetValue(chromedp.CSS("#forecast-text"), text),
			chromedp.Click(chromedp.CSS("#forecast-form button[type=submit]")))
	}
	addLine("1 9")
	bob.WaitJS("the refusal", `(document.querySelector("[data-testid=error]")||{textContent: ""}).textContent.includes("Not stored: line 1:")`)
	addLine("1 4")
	bob.WaitText("[data-testid=error]", "1 line of conditional moves stored.")
	addLine("2 5")
	bob.WaitText("[data-testid=error]", "2 lines of conditional moves stored.")
	bob.WaitJS("two lines", `document.querySelectorAll("[data-testid=forecast-line]").length === 2`)
	require.True(t, webtest.EvalJS[bool](bob.Tab, `!document.getElementById("forecast-editor").hidden`), "the editor stays open across updates")
	require.Equal(t, "Conditional moves: 2 lines", bob.Text("[data-action=forecast]"))
	settled(bob)
	require.Empty(t, bob.AxeBothThemes("the conditional moves' editor with two lines"))
	bob.ShotsThatFit(webtest.ScreenshotDir(t), "forecast-editor")

	bob.Click(`[data-forecast-drop="2"]`)
	bob.WaitJS("one line left", `document.querySelectorAll("[data-testid=forecast-line]").length === 1`)
	bob.WaitJS("the focus kept in the editor", `document.activeElement.id === "forecast-toggle"`)
	require.Equal(t, "1 → 4", bob.Text("[data-testid=forecast-line] .forecast-moves"))

	alice.Run("type 1", chromedp.SetValue(chromedp.CSS("#move-text"), "1"),
		chromedp.Click(chromedp.CSS("#move-form button[type=submit]")))
	alice.WaitMoves(2)
	bob.WaitMoves(2)
	require.Equal(t, []string{"1", "4"}, bob.Moves()[:2])
	bob.WaitText("[data-testid=forecast-said]", "Your forecast answered 1 with 4.")
	require.Contains(t, bob.Text("[data-testid=announce]"), "Your forecast answered 1 with 4.", "said to a screen reader too")
	bob.WaitShown("[data-testid=forecast-none]")
	settled(alice)
	settled(bob)
	require.Empty(t, alice.AxeBothThemes("a room whose move a forecast answered"))
	require.Empty(t, bob.AxeBothThemes("the conditional moves' card after its answer"))
}

// settled waits for the clock's flash to end (axe reads its colours
// mid-animation otherwise).
func settled(tb *tab) {
	tb.WaitJS("the clock's flash over", `Array.from(document.querySelectorAll(".clock, .banner")).every(e => e.getAnimations().length === 0)`)
}
