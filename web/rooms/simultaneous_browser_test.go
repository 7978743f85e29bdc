package rooms_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserSimultaneousChoice: two people and a spectator at Angels &
// Demons, one of them on a phone. When the Angels choose, their page marks
// the square and says the choice is secret; the Demons' page and the
// spectator's say only that the Angels have chosen: their boards do not
// change. The Angels may change their mind; once the Demons choose,
// everyone sees both choices together. The seat cards keep their badges in
// one column, and the clock says "Demons' time".
func TestBrowserSimultaneousChoice(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ann := newTab(t, webtest.NewBrowser(t, 1280, 900), "ann")
	room := ann.CreateRoom(ts.Node, map[string]string{"game": "demons", "mode": "friend", "clock": "fast"})
	bea := newTab(t, webtest.NewBrowser(t, 1280, 900), "bea")
	bea.Run("phone", chromedp.EmulateViewport(390, 844))
	bea.Open(room)
	bea.Click("[data-action=join]")
	ann.WaitJS("an opponent", `document.querySelectorAll(".player .holder").length === 2 && !document.querySelector("[data-action=join]")`)
	spec := newTab(t, webtest.NewBrowser(t, 1280, 900), "spectator")
	spec.Open(room)

	boardHTML := `document.querySelector("[data-testid=board]").outerHTML`
	before := map[string]string{bea.Name: webtest.EvalJS[string](bea.Tab, boardHTML), spec.Name: webtest.EvalJS[string](spec.Tab, boardHTML)}
	ann.ClickCell(0, 1) // b8
	// The server's word: the page's own mark of a click (.selected) comes
	// first and goes, the server marks the choice (.chosen).
	ann.WaitShown(`[data-testid=board] [data-cell="0,1"].chosen`)
	require.Equal(t, "Waiting for Demons", ann.Text("[data-testid=turn]"))
	require.Contains(t, ann.Text("[data-testid=status]"), "Your choice is secret")
	require.Equal(t, "Demons' time", ann.Text("[data-testid=clock-whose]"))
	for _, tb := range []*tab{bea, spec} {
		tb.WaitShown(".player.seat0 .chosen")
		require.Zero(t, webtest.EvalJS[int](tb.Tab, `document.querySelectorAll("[data-testid=board] :is(.selected, .chosen)").length`), "%s sees no square of the choice", tb.Name)
		require.Equal(t, before[tb.Name], webtest.EvalJS[string](tb.Tab, boardHTML), "%s's board did not change", tb.Name)
		require.Empty(t, tb.Moves())
		require.Empty(t, tb.seatCardProblems(), "%s: the seat cards with a chosen badge", tb.Name)
	}
	require.Empty(t, ann.seatCardProblems())
	require.Equal(t, "Your time", bea.Text("[data-testid=clock-whose]"))
	require.Empty(t, bea.clockProblems(), "the first move's clock on a phone")

	ann.ClickCell(1, 0) // a change of mind: a7, taken by the server before the Demons choose
	ann.WaitShown(`[data-testid=board] [data-cell="1,0"].chosen`)
	require.Zero(t, webtest.EvalJS[int](ann.Tab, `document.querySelectorAll('[data-testid=board] [data-cell="0,1"].chosen').length`), "b8 is no longer the choice")
	bea.ClickCell(2, 1) // b6
	for _, tb := range []*tab{ann, bea, spec} {
		tb.WaitMoves(1)
		require.Equal(t, []string{"a7+b6"}, tb.Moves(), tb.Name)
		require.Zero(t, webtest.EvalJS[int](tb.Tab, `document.querySelectorAll(".player .chosen").length`), "%s: a new turn, nobody has chosen", tb.Name)
	}
}

// clockProblems says where the clock's parts (time, whose time, label)
// touch or overlap on one line: on a phone "0:54" once ran into "Your time".
func (tb *tab) clockProblems() string {
	tb.T.Helper()
	return webtest.EvalJS[string](tb.Tab, `(() => {
		const parts = [...document.querySelectorAll("[data-testid=clock] > *")].map(e => [e.textContent.trim(), e.getBoundingClientRect()]);
		const problems = [];
		for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
			const [a, ra] = parts[i], [b, rb] = parts[j];
			const sameLine = ra.top < rb.bottom && rb.top < ra.bottom;
			if (sameLine && ra.right + 4 > rb.left && rb.right + 4 > ra.left) problems.push(JSON.stringify(a) + " touches " + JSON.stringify(b));
		}
		return problems.join("; ");
	})()`)
}
