package rooms_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai/engine"
	"boardroom/realtime"
	"boardroom/realtime/match"
	"boardroom/web/webtest"
)

// Issue 23, a newcomer's first ten minutes: the page says what happens and
// what comes next in words.

// labelOf is a cell's accessible name.
func labelOf(tb *tab, row, col int) string { return labelAt(tb, fmt.Sprintf("%d,%d", row, col)) }

// labelAt is the accessible name of the cell "ROW,COL".
func labelAt(tb *tab, cell string) string {
	return webtest.EvalJS[string](tb.Tab, fmt.Sprintf(`document.querySelector('[data-testid=board] [data-cell="%s"]').getAttribute("aria-label")`, cell))
}

// An amazon's move of three clicks shows the amazon where it goes (ghosted
// where it stood) before its arrow, and says each step in the banner and to
// a screen reader; a bishop's says its second step. Everything the page
// drew is gone once the move is played.
func TestBrowserAMoveOfSeveralClicksSaysWhatComesNext(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "hotseat"})
	step := func() string { return me.Text("[data-testid=step]") }
	require.Equal(t, "Choose an amazon", step())

	me.ClickCell(9, 3) // d1
	me.WaitText("[data-testid=step]", "Now choose where it moves")
	me.WaitText("[data-testid=step-announce]", "Now choose where it moves")

	me.ClickCell(3, 3) // d7
	me.WaitText("[data-testid=step]", "Now shoot an arrow")
	me.WaitText("[data-testid=step-announce]", "Now shoot an arrow")
	require.True(t, webtest.EvalJS[bool](me.Tab, `!!document.querySelector('[data-cell="3,3"] svg.piece.white.preview')`), "the amazon is drawn on d7")
	require.True(t, webtest.EvalJS[bool](me.Tab, `document.querySelector('[data-cell="9,3"]').classList.contains("ghost")`), "and ghosted on d1")
	require.Equal(t, "0.3", webtest.EvalJS[string](me.Tab, `getComputedStyle(document.querySelector('[data-cell="9,3"] svg.piece')).opacity`))
	require.Equal(t, "d7: white amazon, moved here", labelOf(me, 3, 3))
	require.Equal(t, "d1: white amazon, moving away", labelOf(me, 9, 3))
	require.True(t, webtest.EvalJS[bool](me.Tab, `document.querySelector('[data-cell="9,3"]').classList.contains("target")`), "the arrow may go back to d1")
	require.False(t, webtest.EvalJS[bool](me.Tab, `!!document.querySelector("[data-testid=board] .capture")`), "d1 is no capture: the amazon left it")
	require.Equal(t, "50%", webtest.EvalJS[string](me.Tab, `getComputedStyle(document.querySelector('[data-cell="9,3"]'), "::after").borderTopLeftRadius`), "a plain target dot")
	require.Equal(t, "White to move", me.Text("[data-testid=turn]"), "the turn is still the same")

	me.ClickCell(3, 3) // take d7 back: the amazon is home again
	me.WaitText("[data-testid=step]", "Now choose where it moves")
	require.False(t, webtest.EvalJS[bool](me.Tab, `!!document.querySelector("[data-testid=board] .preview, [data-testid=board] .ghost")`))

	for _, c := range [][2]int{{3, 3}, {3, 5}} { // d7, then the arrow on f7
		me.ClickCell(c[0], c[1])
	}
	me.WaitMoves(1)
	me.WaitText("[data-testid=turn]", "Black to move")
	me.WaitText("[data-testid=step]", "Choose an amazon")
	require.False(t, webtest.EvalJS[bool](me.Tab, `!!document.querySelector("[data-testid=board] .preview, [data-testid=board] .ghost, [data-testid=board] .moved-here")`), "nothing of the preview is left")
	require.Equal(t, 1, webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-cell='3,3'] svg.piece").length`), "one amazon on d7")
	require.Equal(t, "White played d1-d7/f7. Black to move.", me.Text("[data-testid=announce]"))

	me.CreateRoom(ts.Node, map[string]string{"game": "bishops", "mode": "hotseat"})
	require.Equal(t, "Choose a bishop", step())
	start := webtest.EvalJS[string](me.Tab, `document.querySelector("[data-testid=board] .target").dataset.cell`)
	me.Click(`[data-testid=board] [data-cell="` + start + `"]`)
	me.WaitText("[data-testid=step]", "Now choose its target")
	me.WaitText("[data-testid=step-announce]", "Now choose its target")
}

// Mad Bishops marks a bishop one may move and an enemy piece one may take
// with two different shapes: a ring, and a dashed square with a cross.
func TestBrowserMadBishopsMarksCapturesApart(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "bishops", "mode": "hotseat"})
	// White's first move lines up a kill, which Black may then make.
	start := webtest.EvalJS[string](me.Tab, `document.querySelector("[data-testid=board] .target").dataset.cell`)
	me.Click(`[data-testid=board] [data-cell="` + start + `"]`)
	me.WaitShown("[data-testid=board] .selected")
	to := webtest.EvalJS[string](me.Tab, `document.querySelector("[data-testid=board] .target").dataset.cell`)
	me.Click(`[data-testid=board] [data-cell="` + to + `"]`)
	me.WaitMoves(1)
	me.WaitText("[data-testid=turn]", "Black to move")

	afterStyle := func(cell, prop string) string {
		return webtest.EvalJS[string](me.Tab, fmt.Sprintf(`getComputedStyle(document.querySelector('[data-cell="%s"]'), "::after").%s`, cell, prop))
	}
	black := webtest.EvalJS[[]string](me.Tab, `Array.from(document.querySelectorAll("[data-testid=board] .target")).map(e => e.dataset.cell)`)
	require.NotEmpty(t, black)
	require.Equal(t, "solid", afterStyle(black[0], "borderTopStyle"), "a piece one may move: a ring")
	require.Equal(t, "50%", afterStyle(black[0], "borderTopLeftRadius"))
	require.False(t, webtest.EvalJS[bool](me.Tab, `!!document.querySelector("[data-testid=board] .capture")`), "nothing to take before a bishop is chosen")

	found := false
	for _, b := range black {
		me.Click(`[data-testid=board] [data-cell="` + b + `"]`)
		me.WaitShown(`[data-cell="` + b + `"].selected`)
		captures := webtest.EvalJS[[]string](me.Tab, `Array.from(document.querySelectorAll("[data-testid=board] .target.capture")).map(e => e.dataset.cell)`)
		if len(captures) > 0 {
			found = true
			c := captures[0]
			require.True(t, webtest.EvalJS[bool](me.Tab, `!!document.querySelector('[data-cell="`+c+`"] svg.piece.white')`), "a capture mark is on an enemy piece")
			require.Equal(t, "dashed", afterStyle(c, "borderTopStyle"), "a piece one may take: a dashed square")
			require.Equal(t, "0px", afterStyle(c, "borderTopLeftRadius"))
			require.Regexp(t, `: white bishop, can be taken$`, labelAt(me, c))
			break
		}
		me.Click(`[data-testid=board] [data-cell="` + b + `"]`) // put it down
		me.WaitGone(`[data-cell="` + b + `"].selected`)
	}
	require.True(t, found, "some black bishop may take the white one that lined up a kill")
}

// Kalah says what its moves did (an extra turn, a capture) on the page and
// to a screen reader, and at the end shows the final count as the rules
// score it, with the seeds left in the houses gathered into their stores.
// Its move box and share card speak to people.
func TestBrowserKalahSaysWhatHappened(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat", "houses": "3", "seeds": "2"})
	require.Equal(t, "3", webtest.EvalJS[string](me.Tab, `document.getElementById("move-text").placeholder`))
	require.Equal(t, "Type the number of one of your houses, 1 to 3.", me.Text("#move-help"))
	share := me.Text(".share .muted")
	require.Contains(t, share, "houses per side: 3 · seeds per house: 2 · captures from empty houses: off")
	require.NotContains(t, share, "=")
	require.Regexp(t, `^P1 house 1, 2 seeds(, can be clicked)?$`, labelOf(me, 1, 1))

	me.ClickCell(1, 1) // P1's house 1
	me.WaitMoves(1)
	me.ClickCell(0, 2) // P2's house 2: its last seed in its store
	me.WaitMoves(2)
	const again = "P2 played 2: the last seed lands in the store: another turn."
	me.WaitText("[data-testid=last-said]", again)
	require.Contains(t, me.Text("[data-testid=announce]"), again)
	require.Equal(t, "P2 to move", me.Text("[data-testid=turn]"))

	for i, c := range [][2]int{{0, 3}, {1, 3}, {0, 2}, {0, 3}} {
		me.ClickCell(c[0], c[1])
		me.WaitMoves(3 + i)
	}
	me.WaitShown(".live.over")
	require.Contains(t, me.Text("[data-testid=announce]"), "P2 played 1: captured 4 seeds.")
	status := me.Text("[data-testid=status]")
	score := me.Text("[data-testid=score]")
	m := regexp.MustCompile(`^Final score: P1 (\d+) · P2 (\d+)$`).FindStringSubmatch(score)
	require.NotNil(t, m, "the final score, not the stores: %q", score)
	p1, _ := strconv.Atoi(m[1])
	p2, _ := strconv.Atoi(m[2])
	require.Equal(t, 12, p1+p2, "every seed is counted")
	switch {
	case p1 > p2:
		require.Contains(t, status, "P1 wins")
	case p2 > p1:
		require.Contains(t, status, "P2 wins")
	default:
		require.Contains(t, status, "Draw")
	}
	counts := webtest.EvalJS[[]string](me.Tab, `Array.from(document.querySelectorAll("[data-testid=board] .house .count")).map(e => e.textContent)`)
	require.Equal(t, []string{"0", "0", "0", "0", "0", "0"}, counts, "the houses' seeds are gathered into the stores")
	require.Equal(t, strconv.Itoa(p1), me.Text(`[data-cell="1,4"] .count`), "P1's store holds its final count")
	require.Equal(t, strconv.Itoa(p2), me.Text(`[data-cell="0,0"] .count`))
}

// A hint is a plain sentence, with the search's numbers behind a Details
// toggle; while the computer thinks about its move, the banner says so.
func TestBrowserHintsAndThinkingInPlainWords(t *testing.T) {
	t.Parallel()
	pool := engine.New(engine.Config{Workers: 1})
	ts := newTestServer(t, func(c *realtime.Config) {
		c.Engine = pool
		c.Hint = func(ctx context.Context, s game.State, p game.Player) (engine.Hinted, error) {
			return pool.Hint(ctx, s, p, match.HintBudget)
		}
		c.Bots = func(g game.Game, level, algorithm string, seed uint64) (game.Bot, error) {
			b, err := game.PlayersOf(g).New(level, algorithm, seed, 0)
			return slowBot{b}, err
		}
	})
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "computer", "level": "beginner"})
	me.Click("[data-action=hint]")
	me.WaitShown("[data-testid=error-details]")
	said := me.Text("[data-testid=error]")
	require.Regexp(t, `^\s*Difficult suggests moving the amazon from [a-j]\d+ to [a-j]\d+ and shooting at [a-j]\d+; it (thinks (you are ahead|you are behind|the game is even)|knows .*|sees .*)\.`, said)
	require.NotContains(t, said[:len(said)-len(me.Text("[data-testid=error-details]"))], "nodes", "no engine log in the sentence")
	require.False(t, webtest.EvalJS[bool](me.Tab, `document.querySelector("[data-testid=error-details]").open`))
	me.Click("[data-testid=error-details] summary")
	require.Contains(t, me.Text("[data-testid=error-details] p"), "nodes", "the numbers are there for who wants them")

	webtest.EvalJS[bool](me.Tab, `(function () { // every banner the page shows
		window.turnsSeen = [];
		new MutationObserver(function () {
			var t = document.querySelector("[data-testid=turn]");
			if (t) window.turnsSeen.push(t.textContent);
		}).observe(document.getElementById("live"), {subtree: true, childList: true, characterData: true});
		return true;
	})()`)
	for _, c := range [][2]int{{9, 3}, {3, 3}, {3, 5}} { // d1-d7/f7
		me.ClickCell(c[0], c[1])
	}
	me.WaitMoves(2)
	me.WaitText("[data-testid=turn]", "Your move")
	// The banner's words on the way (the clicks may take longer than the
	// computer's thought on a loaded machine, so they are recorded).
	require.Contains(t, webtest.EvalJS[[]string](me.Tab, "window.turnsSeen"), "The computer is thinking…")
}

// slowBot thinks a second before its move, so that the page is seen while
// it does.
type slowBot struct{ game.Bot }

func (b slowBot) Choose(ctx context.Context, s game.State, p game.Player) (game.Move, error) {
	select {
	case <-time.After(time.Second):
	case <-ctx.Done():
		return game.Move{}, ctx.Err()
	}
	return b.Bot.Choose(ctx, s, p)
}
