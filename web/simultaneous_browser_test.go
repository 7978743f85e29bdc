package web

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
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
	ann := newTab(t, newBrowser(t, 1280, 900), "ann")
	room := createRoom(t, ts, ann, map[string]string{"game": "demons", "mode": "friend", "clock": "fast"})
	bea := newTab(t, newBrowser(t, 1280, 900), "bea")
	bea.run("phone", chromedp.EmulateViewport(390, 844))
	bea.open(room)
	bea.click("[data-action=join]")
	ann.waitJS("an opponent", `document.querySelectorAll(".player .holder").length === 2 && !document.querySelector("[data-action=join]")`)
	spec := newTab(t, newBrowser(t, 1280, 900), "spectator")
	spec.open(room)

	boardHTML := `document.querySelector("[data-testid=board]").outerHTML`
	before := map[string]string{bea.name: evalJS[string](bea, boardHTML), spec.name: evalJS[string](spec, boardHTML)}
	ann.clickCell(0, 1) // b8
	// The server's word: the page's own mark of a click (.selected) comes
	// first and goes, the server marks the choice (.chosen).
	ann.waitShown(`[data-testid=board] [data-cell="0,1"].chosen`)
	require.Equal(t, "Waiting for Demons", ann.text("[data-testid=turn]"))
	require.Contains(t, ann.text("[data-testid=status]"), "Your choice is secret")
	require.Equal(t, "Demons' time", ann.text("[data-testid=clock-whose]"))
	for _, tb := range []*tab{bea, spec} {
		tb.waitShown(".player.seat0 .chosen")
		require.Zero(t, evalJS[int](tb, `document.querySelectorAll("[data-testid=board] :is(.selected, .chosen)").length`), "%s sees no square of the choice", tb.name)
		require.Equal(t, before[tb.name], evalJS[string](tb, boardHTML), "%s's board did not change", tb.name)
		require.Empty(t, tb.moves())
		require.Empty(t, tb.seatCardProblems(), "%s: the seat cards with a chosen badge", tb.name)
	}
	require.Empty(t, ann.seatCardProblems())
	require.Equal(t, "Your time", bea.text("[data-testid=clock-whose]"))
	require.Empty(t, bea.clockProblems(), "the first move's clock on a phone")

	ann.clickCell(1, 0) // a change of mind: a7, taken by the server before the Demons choose
	ann.waitShown(`[data-testid=board] [data-cell="1,0"].chosen`)
	require.Zero(t, evalJS[int](ann, `document.querySelectorAll('[data-testid=board] [data-cell="0,1"].chosen').length`), "b8 is no longer the choice")
	bea.clickCell(2, 1) // b6
	for _, tb := range []*tab{ann, bea, spec} {
		tb.waitMoves(1)
		require.Equal(t, []string{"a7+b6"}, tb.moves(), tb.name)
		require.Zero(t, evalJS[int](tb, `document.querySelectorAll(".player .chosen").length`), "%s: a new turn, nobody has chosen", tb.name)
	}
}

// clockProblems says where the clock's parts (time, whose time, label)
// touch or overlap on one line: on a phone "0:54" once ran into "Your time".
func (tb *tab) clockProblems() string {
	tb.t.Helper()
	return evalJS[string](tb, `(() => {
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
