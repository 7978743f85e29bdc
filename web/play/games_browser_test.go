package play_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// turnCount is the header's count of games awaiting the tab's player's
// move as it shows: its number, or "hidden".
func (tb *tab) turnCount() string {
	return webtest.EvalJS[string](tb.Tab, `(() => {
		const c = document.querySelector("header [data-testid=turn-count]");
		return !c ? "none" : c.hidden ? "hidden" : c.dataset.count + "|" + c.textContent;
	})()`)
}

// waitTurnCount waits until the header's count reads want ("hidden", or
// the count's number).
func (tb *tab) waitTurnCount(want string) {
	tb.T.Helper()
	expr := `(() => { const c = document.querySelector("header [data-testid=turn-count]"); return !!c && c.hidden; })()`
	if want != "hidden" {
		expr = fmt.Sprintf(`(() => { const c = document.querySelector("header [data-testid=turn-count]"); return !!c && !c.hidden && c.dataset.count === %q; })()`, want)
	}
	tb.WaitJSFor(5*time.Second, "the header's count at "+want, expr)
}

// myTurns lists /games's rows as the tab shows them: room:my-turn.
func (tb *tab) myTurns() []string {
	return webtest.EvalJS[[]string](tb.Tab, `[...document.querySelectorAll("[data-testid=my-game]")].map(r => r.dataset.room + ":" + r.dataset.myTurn)`)
}

// TestBrowserYourTurn (issue 39, item 3): Alice and Bob play in two tabs.
// The header's count of games awaiting each one's move follows the game
// live, without a reload: Bob's, in the room, when Alice moves; Alice's,
// on /games, when Bob moves, and her list is drawn again with the game now
// hers to move (said in the page's status line, the keyboard's focus kept
// on the game's link), its row a link to the room. /games passes axe in both
// themes, on a desktop and on a phone, where at 320 and 390 px the Games
// link with its count stays in the folded bar and every destination is in
// the open menu, nothing scrolling sideways. A guest sent to /games logs
// in and comes back to it.
func TestBrowserYourTurn(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	alice := newTab(t, webtest.NewBrowser(t, 1280, 900), "alice")
	bob := newTab(t, webtest.NewBrowser(t, 1280, 900), "bob")
	alice.SignUpIn(ts.Node, "alice")
	bob.SignUpIn(ts.Node, "bob")
	require.Equal(t, "hidden", alice.turnCount(), "no game yet")

	loc := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
	room := loc[strings.LastIndex(loc, "/")+1:]
	bob.Open(loc)
	bob.Click("[data-action=join]")
	alice.WaitText(".player.seat1 a.holder", "bob")
	alice.waitTurnCount("1") // the game began: her move
	require.Contains(t, alice.turnCount(), "1 game awaiting your move", "the count read out")
	require.Equal(t, "hidden", bob.turnCount())

	alice.ClickCell(1, 1)
	bob.WaitMoves(1)
	bob.waitTurnCount("1") // in the room, without a reload
	alice.waitTurnCount("hidden")

	alice.Run("her games", chromedp.Navigate(ts.URL+"/games"))
	alice.WaitShown("[data-testid=my-game]")
	require.Equal(t, []string{room + ":false"}, alice.myTurns())
	require.Equal(t, "Waiting for bob", alice.Text("[data-testid=my-game] [data-testid=turn]"))
	alice.Run("the keyboard on the game's link", chromedp.Focus(chromedp.CSS("[data-testid=my-game] [data-action=play]")))

	bob.ClickCell(0, 1)
	alice.waitTurnCount("1")
	alice.WaitJSFor(5*time.Second, "her list drawn again", fmt.Sprintf(`(document.querySelector("[data-testid=my-game][data-room='%s']")||{dataset:{}}).dataset.myTurn === "true"`, room))
	require.Equal(t, "Your move", alice.Text("[data-testid=my-game] [data-testid=turn]"))
	alice.WaitText("[data-testid=my-games-news]", "Your games were updated: 1 game awaiting your move.")
	require.Equal(t, "play", webtest.EvalJS[string](alice.Tab, `document.activeElement.dataset.action || ""`),
		"the keyboard's focus kept on the game's link")
	bob.waitTurnCount("hidden")
	shots := webtest.ScreenshotDir(t)
	alice.Screenshot(filepath.Join(shots, "my-games.png"))
	failed := alice.AxeBothThemes("/games, a game awaiting her move")

	for _, width := range []int{320, 390} {
		alice.Run(fmt.Sprint("a phone of ", width, " px"), chromedp.EmulateViewport(int64(width), 800), chromedp.Navigate(ts.URL+"/games"))
		alice.WaitJS("styled", `document.readyState === "complete"`)
		require.Empty(t, alice.hiddenOf([]string{"[data-testid=games-link]", "[data-testid=turn-count]", "[data-testid=menu-button]"}),
			"at %d px, the Games link and its count in the folded bar", width)
		alice.Screenshot(filepath.Join(shots, fmt.Sprintf("my-games-phone-%d-folded.png", width)))
		alice.Click("[data-testid=menu-button]")
		destinations := []string{`a[href="/#new"]`, `a[href="/#watch"]`, `a[href="/rules"]`, `a[href="/players"]`,
			"[data-testid=games-link]", "[data-testid=turn-count]", "[data-testid=me]", "[data-action=logout]"}
		require.Empty(t, alice.hiddenOf(destinations), "at %d px, every destination in the open menu", width)
		require.Empty(t, alice.hiddenOf([]string{"[data-testid=my-game] [data-action=play]"}), "the row's link on the screen")
		alice.Screenshot(filepath.Join(shots, fmt.Sprintf("my-games-phone-%d.png", width)))
		if width == 320 {
			failed = append(failed, alice.AxeBothThemes("/games on a phone, the menu open")...)
		}
	}
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))

	alice.Run("follow the row", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(ts.URL+"/games"))
	alice.Click("[data-testid=my-game] [data-action=play]")
	alice.WaitJS("in the room", fmt.Sprintf(`location.pathname === %q`, "/r/"+room))

	guest := newTab(t, webtest.NewBrowser(t, 1280, 900), "guest")
	guest.Run("a guest asks for /games", chromedp.Navigate(ts.URL+"/games"))
	guest.WaitJS("sent to log in", `location.pathname === "/login"`)
	guest.Run("log in as bob", chromedp.SendKeys(chromedp.CSS(`form[data-testid=login] input[name=username]`), "bob"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=login] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=login]`)))
	guest.WaitJS("back to /games", `location.pathname === "/games" && !!document.querySelector("[data-testid=my-game]")`)
	require.Equal(t, []string{room + ":false"}, guest.myTurns(), "Bob's game, Alice's move")
}

// hiddenOf lists the header's or page's elements (selectors) a player
// cannot see or reach: missing, folded away, of no size or off the screen;
// and "the page scrolls sideways" if anything is wider than the window.
func (tb *tab) hiddenOf(selectors []string) []string {
	list, _ := json.Marshal(selectors)
	return webtest.EvalJS[[]string](tb.Tab, fmt.Sprintf(`(() => {
		const hidden = [];
		for (const sel of %s) {
			const e = document.querySelector(sel);
			const r = e && e.getBoundingClientRect();
			if (!e || !e.checkVisibility() || r.width === 0 || r.height === 0 || r.left < 0 || r.right > innerWidth) hidden.push(sel);
		}
		if (document.documentElement.scrollWidth > innerWidth) hidden.push("the page scrolls sideways");
		return hidden;
	})()`, list))
}
