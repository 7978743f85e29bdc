package pages_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// TestBrowserRoomRulesToHowTo follows a room's "Rules of GAME" link: it
// opens (in a tab of its own, the game going on) the game's how-to-play
// page, whose diagrams are pictures with words for those who cannot see
// them, and whose bottom leads to the precise reference.
func TestBrowserRoomRulesToHowTo(t *testing.T) {
	t.Parallel()
	ts := sitetest.New(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := webtest.NewTab(t, browser, "me")
	me.CreateRoom(ts, map[string]string{"game": "bishops", "mode": "hotseat"})
	require.Equal(t, "Rules of Mad Bishops", strings.TrimSpace(me.Text("[data-testid=game-rules]")))

	opened := chromedp.WaitNewTarget(me.Ctx, func(info *target.Info) bool { return strings.HasSuffix(info.URL, "/rules/bishops") })
	me.Click("[data-testid=game-rules]")
	var id target.ID
	select {
	case id = <-opened:
	case <-time.After(20 * time.Second):
		t.Fatal("the rules link opened no tab")
	}
	ctx, cancel := chromedp.NewContext(me.Ctx, chromedp.WithTargetID(id))
	t.Cleanup(cancel)
	// Attached on its own context, not a timed one (see newTab).
	require.NoError(t, chromedp.Do(ctx), "attaching to the rules tab")
	rules := &webtest.Tab{T: t, Name: "rules", Ctx: ctx}
	rules.WaitJS("the how-to-play page", `document.querySelectorAll("[data-testid=howto-section]").length === 4`)
	require.Equal(t, "Mad Bishops", rules.Text("h1"))
	require.Equal(t, []string{"1 Goal of the game", "2 Your turn", "3 Special rules", "4 End of the game"},
		webtest.EvalJS[[]string](rules, `Array.from(document.querySelectorAll("main h2")).map(e => e.textContent.replace(/\s+/g, " ").trim())`))
	require.Equal(t, 4, webtest.EvalJS[int](rules, `Array.from(document.querySelectorAll("figure [role=img]")).filter(e => e.getAttribute("aria-label").length > 20 && e.getBoundingClientRect().width > 100).length`),
		"four diagrams drawn, each with words")
	require.Equal(t, 0, webtest.EvalJS[int](rules, `document.querySelectorAll("main button, main [role=grid], main [tabindex]").length`),
		"a diagram is not a board to click")

	rules.Click("[data-testid=reference-link]")
	rules.WaitJS("the reference", `location.pathname === "/rules/bishops/reference"`)
	require.Contains(t, rules.Text("h1"), "Mad Bishops")
	require.Contains(t, rules.Text("[data-testid=rules-text]"), "Engage", "the rule book's own words")
}
