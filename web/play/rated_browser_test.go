package play_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserARatedGame: Alice makes a rated room from the lobby; a guest
// who opens the link is shown the way in rather than Join; Bob, signed in
// on a phone, joins; when Bob resigns both see the change of their ratings
// on the seat cards. Alice's page then charts her rating, and the
// leaderboards, the room and her page pass axe in both themes.
func TestBrowserARatedGame(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	alice := newTab(t, webtest.NewBrowser(t, 1280, 900), "alice")
	alice.SignUpIn(ts.Node, "alice")
	alice.Run("the lobby", chromedp.Navigate(ts.URL+"/"))
	alice.Run("another mode hides rated", chromedp.SetValue(chromedp.CSS(`form[data-testid=new-room] [name=mode]`), "computer"))
	require.False(t, webtest.EvalJS[bool](alice.Tab, `document.querySelector("input[name=rated]").checkVisibility()`), "rated is offered only with a friend")
	loc := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend", "clock": "fast"}, "rated")
	alice.WaitShown("[data-testid=rated]")

	guest := newTab(t, webtest.NewBrowser(t, 1280, 900), "guest")
	guest.Open(loc)
	guest.WaitShown("[data-testid=rated-join]")
	require.False(t, webtest.EvalJS[bool](guest.Tab, `document.querySelector("form[data-testid=join]").checkVisibility()`), "no Join for a guest")

	bob := newTab(t, webtest.NewBrowser(t, 390, 844), "bob")
	bob.Run("phone", chromedp.EmulateViewport(390, 844))
	bob.SignUpIn(ts.Node, "bob")
	bob.Open(loc)
	require.False(t, webtest.EvalJS[bool](bob.Tab, `document.querySelector("[data-testid=rated-join]").checkVisibility()`))
	bob.Click("[data-action=join]")
	alice.WaitText(".player.seat1 a.holder", "bob")
	require.Equal(t, "1500?", alice.Text(".player.seat1 [data-testid=seat-rating]"))

	alice.ClickCell(1, 1)
	bob.WaitMoves(1)
	bob.ClickCell(0, 1)
	alice.WaitMoves(2)
	bob.Click("[data-action=resign]")
	bob.Click("[data-action=resign-confirm]")
	for _, tb := range []*tab{alice, bob, guest} {
		tb.WaitShown(".player.seat1 [data-testid=rating-change]")
		require.True(t, strings.HasPrefix(tb.Text(".player.seat0 [data-testid=rating-change]"), "+"), tb.Describe())
		require.True(t, strings.HasPrefix(tb.Text(".player.seat1 [data-testid=rating-change]"), "−"))
	}
	require.True(t, webtest.EvalJS[bool](bob.Tab, `document.documentElement.scrollWidth <= window.innerWidth`), "the seat cards fit a phone")
	shots := webtest.ScreenshotDir(t)
	bob.Screenshot(filepath.Join(shots, "rated-room-phone.png"))
	failed := alice.AxeBothThemes("a rated game, over")

	alice.Run("her page", chromedp.Navigate(ts.URL+"/@/alice"))
	alice.WaitShown("svg[data-testid=rating-chart]")
	require.Equal(t, 1, webtest.EvalJS[int](alice.Tab, `document.querySelectorAll("[data-testid=rating][data-game=kalah][data-speed=fast]").length`))
	alice.Screenshot(filepath.Join(shots, "player-page-chart.png"))
	failed = append(failed, alice.AxeBothThemes("player page with ratings")...)
	bob.Run("the players page, a search and the leaderboards", chromedp.Navigate(ts.URL+"/players?q=al"))
	bob.WaitShown("[data-testid=found] [data-testid=player]")
	bob.WaitShown("[data-testid=leaderboard][data-game=kalah][data-speed=fast]")
	require.True(t, webtest.EvalJS[bool](bob.Tab, `document.documentElement.scrollWidth <= window.innerWidth`), "the leaderboards fit a phone")
	bob.Screenshot(filepath.Join(shots, "leaderboards-phone.png"))
	failed = append(failed, bob.AxeBothThemes("leaderboards")...)
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
