package web

import (
	_ "embed"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/web/webtest"
)

// TestBrowserAxe runs axe-core on every kind of page, in both themes: the
// lobby, the rules, a room of each game in play against the computer (after
// a move, with a chat message), the same room once resigned, and a game
// the computer played out against itself. Any critical or serious
// violation fails it, named with its rule, impact and first nodes.
func TestBrowserAxe(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	var failed []string
	check := func(page string) { failed = append(failed, me.AxeBothThemes(page)...) }

	pages := []struct{ name, path string }{{"lobby", "/"}, {"rules", "/rules"}}
	for _, g := range game.All() {
		pages = append(pages, struct{ name, path string }{"rules of " + g.ID(), "/rules/" + g.ID()})
	}
	for _, p := range pages {
		me.Run("open "+p.path, chromedp.Navigate(ts.URL+p.path))
		check(p.name)
	}

	for _, g := range game.All() {
		me.CreateRoom(ts.Node, map[string]string{"game": g.ID(), "mode": "computer", "level": "beginner"})
		check(g.ID() + " room, start")
		if me.PlaySomething() {
			me.Chat("Good luck!")
			me.WaitChat(1)
			check(g.ID() + " room, in play")
		}
		// Ending a game asks first, on the page: the question, then yes.
		end := "resign"
		if webtest.EvalJS[bool](me.Tab, `!!document.querySelector("[data-action=abort]")`) {
			end = "abort"
		}
		me.Confirm(end)
		me.WaitShown(".banner.finished")
		check(g.ID() + " room, finished")
	}

	// A whole game the computer plays against itself: a long move list.
	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "watch", "level": "beginner", "level_second": "beginner", "pace": "fast"})
	me.WaitJSFor(60*time.Second, "the game played out", `!!document.querySelector(".banner.finished")`)
	check("kalah played out by the computer")

	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
