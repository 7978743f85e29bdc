package web

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/web/webtest"
)

// TestLayoutOnDesktopAndPhone opens the lobby, a rules page and a room of
// every game (after a few moves) at desktop and phone sizes, in the light
// and the dark theme, checks that nothing spills sideways and the whole
// board is on screen, and saves screenshots. They go to a temporary
// folder, or, to look at them or to regenerate the committed ones, to
// docs/screenshots:
//
//	SCREENSHOTS=docs/screenshots go test ./web -run TestLayoutOnDesktopAndPhone
//
// (a relative folder is taken from the repository's root).
func TestLayoutOnDesktopAndPhone(t *testing.T) {
	t.Parallel()
	dir := webtest.ScreenshotDir(t)
	sizes := []struct {
		name          string
		width, height int
	}{{"desktop", 1440, 900}, {"phone", 390, 844}}
	games := []struct {
		id    string
		opts  map[string]string
		turns int
	}{
		{"amazons", nil, 4}, {"kalah", nil, 5}, {"angels", nil, 6}, {"bishops", nil, 4}, {"demons", nil, 3},
	}
	for _, size := range sizes {
		for _, theme := range []string{"light", "dark"} {
			t.Run(size.name+"-"+theme, func(t *testing.T) {
				// In parallel, each on a server of its own: the lobby
				// pictured lists no other size's rooms.
				t.Parallel()
				ts := newTestServer(t)
				browser := webtest.NewBrowser(t, 1280, 900)
				me := newTab(t, browser, "me")
				// Chrome will not make a window narrower than about 500px: emulate
				// the phone's viewport instead.
				me.Run("viewport", chromedp.EmulateViewport(int64(size.width), int64(size.height)))
				me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
				setTheme(me, theme)
				name := func(what string) string { return filepath.Join(dir, size.name+"-"+theme+"-"+what+".png") }
				checkFits(t, me, false)
				// The pictures are of the five games: leave out the tic-tac-toe
				// that these tests register.
				webtest.EvalJS[bool](me.Tab, `(document.querySelectorAll("[data-game-card=tictactoe]").forEach(e => e.remove()), true)`)
				me.Screenshot(name("lobby"))
				me.Run("rules", chromedp.Navigate(ts.URL+"/rules/kalah"))
				checkFits(t, me, false)
				require.True(t, webtest.EvalJS[bool](me.Tab, `Array.from(document.querySelectorAll("[data-testid=diagram]")).every(d => d.getBoundingClientRect().right <= window.innerWidth)`),
					"a diagram is cut off on the right")
				me.Screenshot(name("rules"))
				for _, g := range games {
					me.CreateGame(ts.Node, g.id, "hotseat", g.opts)
					state := playSome(t, me, g.id, g.turns)
					if len(state.ToMove()) == 1 && state.ToMove()[0] == game.First {
						// Show a selection with its targets too, where a move takes clicks.
						legal := state.Legal(game.First, nil)
						if len(legal) > 0 && legal[0].Len > 1 {
							c := legal[0].Cells[0]
							me.ClickCell(int(c.Row), int(c.Col))
							me.WaitJS("selection", fmt.Sprintf(`!!document.querySelector('[data-cell="%d,%d"].selected')`, c.Row, c.Col))
						}
					}
					checkFits(t, me, true)
					me.Screenshot(name(g.id))
				}
			})
		}
	}
}

// setTheme chooses the page's theme with its toggle, as a person would.
func setTheme(tb *tab, theme string) {
	tb.T.Helper()
	dark := webtest.EvalJS[bool](tb.Tab, `getComputedStyle(document.documentElement).colorScheme === "dark"`)
	if dark != (theme == "dark") {
		tb.Click("[data-action=theme]")
	}
	tb.WaitJS(theme+" theme", `getComputedStyle(document.documentElement).colorScheme === "`+theme+`"`)
}

// playSome plays random moves in a hotseat room and returns the position.
func playSome(t *testing.T, tb *tab, id string, turns int) game.State {
	g, err := game.Lookup(id)
	require.NoError(t, err)
	state, err := g.New(nil)
	require.NoError(t, err)
	bot := game.NewRandomBot(3)
	for i := 0; i < turns && !state.Outcome().Over; i++ {
		var turn []game.Move
		for _, p := range state.ToMove() {
			m, err := bot.Choose(context.Background(), state, p)
			require.NoError(t, err)
			path := m.Path()
			for k, c := range path {
				tb.ClickCell(int(c.Row), int(c.Col))
				if k < len(path)-1 {
					tb.WaitJS("selection", fmt.Sprintf(`!!document.querySelector('[data-cell="%d,%d"].selected')`, c.Row, c.Col))
				}
			}
			turn = append(turn, m)
		}
		require.NoError(t, state.Apply(turn...))
		tb.WaitMoves(i + 1)
	}
	return state
}

// checkFits fails if the page scrolls sideways or the board is cut off.
func checkFits(t *testing.T, tb *tab, board bool) {
	t.Helper()
	overflow := webtest.EvalJS[int](tb.Tab, `document.documentElement.scrollWidth - window.innerWidth`)
	require.LessOrEqual(t, overflow, 0, "the page scrolls sideways by %dpx", overflow)
	if board {
		right := webtest.EvalJS[float64](tb.Tab, `document.querySelector("[data-testid=board]").getBoundingClientRect().right`)
		width := webtest.EvalJS[float64](tb.Tab, `window.innerWidth`)
		require.LessOrEqual(t, right, width, "the board is cut off on the right")
	}
}
