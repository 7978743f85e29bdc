package rooms_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// A move of several clicks is built in the page: choosing an amazon marks
// where it may go at once, sending nothing; choosing again, another piece,
// Escape and a click that fits no move behave as they did on the server;
// the finished move goes out as one message, and its update leaves none of
// the page's own marks behind.
func TestBrowserAMoveOfSeveralClicksIsBuiltInThePage(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "hotseat"})
	// Every message the page's socket sends, from now on.
	webtest.EvalJS[bool](me.Tab, `(function () {
		window.sentMessages = [];
		var send = WebSocket.prototype.send;
		WebSocket.prototype.send = function (data) { window.sentMessages.push(String(data)); return send.call(this, data); };
		return true;
	})()`)
	sent := func() []string { return webtest.EvalJS[[]string](me.Tab, `window.sentMessages`) }
	targets := func() []string {
		return webtest.EvalJS[[]string](me.Tab, `Array.from(document.querySelectorAll("[data-testid=board] .target")).map(e => e.dataset.cell).sort()`)
	}
	whiteAmazons := []string{"6,0", "6,9", "9,3", "9,6"}
	require.Equal(t, whiteAmazons, targets(), "the page marks White's amazons")
	require.Equal(t, "d1: white amazon, can be clicked", webtest.EvalJS[string](me.Tab, `document.querySelector('[data-cell="9,3"]').getAttribute("aria-label")`))

	me.ClickCell(9, 3) // d1
	me.WaitShown(`[data-cell="9,3"].selected`)
	require.Contains(t, targets(), "3,3", "d7 is where d1 may go")
	require.NotContains(t, targets(), "6,0", "another amazon is no target once one is chosen")
	require.Equal(t, "d1: white amazon, selected", webtest.EvalJS[string](me.Tab, `document.querySelector('[data-cell="9,3"]').getAttribute("aria-label")`))
	require.Empty(t, sent(), "choosing an amazon sends nothing")

	me.ClickCell(9, 3) // put down
	me.WaitJS("d1 put down", `!document.querySelector("[data-testid=board] .selected")`)
	require.Equal(t, whiteAmazons, targets(), "the first marks are back")

	me.ClickCell(9, 3)
	me.ClickCell(6, 0) // another amazon of one's own
	me.WaitShown(`[data-cell="6,0"].selected`)
	require.Equal(t, 1, webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=board] .selected").length`))

	me.ClickCell(9, 3)
	me.ClickCell(3, 3) // d7: now the arrows
	me.WaitShown(`[data-cell="3,3"].selected`)
	require.Contains(t, targets(), "9,3", "the arrow may go back to d1, now empty")
	webtest.EvalJS[bool](me.Tab, `document.querySelector('[data-cell="3,3"]').dispatchEvent(new KeyboardEvent("keydown", {key: "Escape", bubbles: true}))`)
	me.WaitJS("Escape drops the choice", `!document.querySelector("[data-testid=board] .selected")`)
	require.Equal(t, whiteAmazons, targets())
	require.Empty(t, sent())

	me.ClickCell(9, 3)
	me.ClickCell(5, 5) // fits no move of d1's: the server says why
	me.WaitShown("[data-testid=error]")
	require.Contains(t, me.Text("[data-testid=error]"), "not a legal move")
	require.Equal(t, []string{`{"cell":"5,5"}`}, sent())

	for _, c := range [][2]int{{9, 3}, {3, 3}, {3, 5}} { // d1-d7/f7
		me.ClickCell(c[0], c[1])
	}
	me.WaitMoves(1)
	require.Equal(t, []string{"d1-d7/f7"}, me.Moves())
	require.Equal(t, []string{`{"cell":"5,5"}`, `{"path":"9,3 3,3 3,5"}`}, sent(), "the whole move, once")
	me.WaitJS("the page's marks gone", `!document.querySelector("[data-testid=board] .selected")`)
	require.Equal(t, []string{"0,3", "0,6", "3,0", "3,9"}, targets(), "Black's amazons, and nothing of White's choice")
}

// The Devil may block any free square: the page marks them all itself, and
// the update that ends its turn (or the Angel's) carries only the cells
// that changed, not every cell of the board twice a turn.
func TestBrowserTheDevilsSquaresAreMarkedByThePage(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "angels", "mode": "hotseat"})
	webtest.EvalJS[bool](me.Tab, `(function () {
		window.cellsSwapped = 0;
		document.addEventListener("htmx:wsBeforeMessage", function (e) {
			window.cellsSwapped += (String(e.detail.message).match(/data-cell=/g) || []).length;
		});
		return true;
	})()`)
	targets := func() int {
		return webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=board] .target").length`)
	}
	require.Equal(t, 9, targets(), "the Angel's eight squares around it, and its own (it may stay)")
	me.ClickCell(6, 7) // the Angel, from the centre of 15×15, one up
	me.WaitMoves(1)
	require.Equal(t, 15*15-1, targets(), "every free square for the Devil")
	me.ClickCell(0, 0)
	me.WaitMoves(2)
	require.Equal(t, 9, targets())
	require.Less(t, webtest.EvalJS[int](me.Tab, `window.cellsSwapped`), 12, "only the cells that changed were sent")
}
