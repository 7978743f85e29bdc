package web

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// signUpIn signs a browser up through the form.
func (tb *tab) signUpIn(ts *testServer, name string) {
	tb.t.Helper()
	tb.run("sign up as "+name, chromedp.Navigate(ts.URL+"/signup"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=username]`), name),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=signup]`)))
	tb.waitShown("a[data-testid=me]")
}

// TestBrowserARatedGame: Alice makes a rated room from the lobby; a guest
// who opens the link is shown the way in rather than Join; Bob, signed in
// on a phone, joins; when Bob resigns both see the change of their ratings
// on the seat cards. Alice's page then charts her rating, and the
// leaderboards, the room and her page pass axe in both themes.
func TestBrowserARatedGame(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	alice := newTab(t, newBrowser(t, 1280, 900), "alice")
	alice.signUpIn(ts, "alice")
	alice.run("the lobby", chromedp.Navigate(ts.URL+"/"))
	alice.run("another mode hides rated", chromedp.SetValue(chromedp.CSS(`form[data-testid=new-room] [name=mode]`), "computer"))
	require.False(t, evalJS[bool](alice, `document.querySelector("input[name=rated]").checkVisibility()`), "rated is offered only with a friend")
	loc := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend", "clock": "fast"}, "rated")
	alice.waitShown("[data-testid=rated]")

	guest := newTab(t, newBrowser(t, 1280, 900), "guest")
	guest.open(loc)
	guest.waitShown("[data-testid=rated-join]")
	require.False(t, evalJS[bool](guest, `document.querySelector("form[data-testid=join]").checkVisibility()`), "no Join for a guest")

	bob := newTab(t, newBrowser(t, 390, 844), "bob")
	bob.run("phone", chromedp.EmulateViewport(390, 844))
	bob.signUpIn(ts, "bob")
	bob.open(loc)
	require.False(t, evalJS[bool](bob, `document.querySelector("[data-testid=rated-join]").checkVisibility()`))
	bob.click("[data-action=join]")
	alice.waitText(".player.seat1 a.holder", "bob")
	require.Equal(t, "1500?", alice.text(".player.seat1 [data-testid=seat-rating]"))

	alice.clickCell(1, 1)
	bob.waitMoves(1)
	bob.clickCell(0, 1)
	alice.waitMoves(2)
	bob.click("[data-action=resign]")
	bob.click("[data-action=resign-confirm]")
	for _, tb := range []*tab{alice, bob, guest} {
		tb.waitShown(".player.seat1 [data-testid=rating-change]")
		require.True(t, strings.HasPrefix(tb.text(".player.seat0 [data-testid=rating-change]"), "+"), tb.describe())
		require.True(t, strings.HasPrefix(tb.text(".player.seat1 [data-testid=rating-change]"), "−"))
	}
	require.True(t, evalJS[bool](bob, `document.documentElement.scrollWidth <= window.innerWidth`), "the seat cards fit a phone")
	shots := screenshotDir(t)
	bob.screenshot(filepath.Join(shots, "rated-room-phone.png"))
	failed := alice.axeBothThemes("a rated game, over")

	alice.run("her page", chromedp.Navigate(ts.URL+"/@/alice"))
	alice.waitShown("svg[data-testid=rating-chart]")
	require.Equal(t, 1, evalJS[int](alice, `document.querySelectorAll("[data-testid=rating][data-game=kalah][data-speed=fast]").length`))
	alice.screenshot(filepath.Join(shots, "player-page-chart.png"))
	failed = append(failed, alice.axeBothThemes("player page with ratings")...)
	bob.run("the players page, a search and the leaderboards", chromedp.Navigate(ts.URL+"/players?q=al"))
	bob.waitShown("[data-testid=found] [data-testid=player]")
	bob.waitShown("[data-testid=leaderboard][data-game=kalah][data-speed=fast]")
	require.True(t, evalJS[bool](bob, `document.documentElement.scrollWidth <= window.innerWidth`), "the leaderboards fit a phone")
	bob.screenshot(filepath.Join(shots, "leaderboards-phone.png"))
	failed = append(failed, bob.axeBothThemes("leaderboards")...)
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
