package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// The players' experience, through the real pages: coordinates and the
// board's orientation.

func TestBrowserCoordinates(t *testing.T) {
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	labels := func(sel string) []string {
		return evalJS[[]string](me, `Array.from(document.querySelectorAll("`+sel+` [data-coord]")).map(e => e.dataset.coord + "=" + e.textContent.trim())`)
	}
	pairs := func(xs ...string) []string {
		out := make([]string, len(xs))
		for i, x := range xs {
			out[i] = x + "=" + x
		}
		return out
	}
	tests := []struct {
		fields       map[string]string
		files, ranks []string
	}{
		{map[string]string{"game": "amazons"}, pairs("a", "b", "c", "d", "e", "f", "g", "h", "i", "j"), pairs("10", "9", "8", "7", "6", "5", "4", "3", "2", "1")},
		{map[string]string{"game": "bishops"}, pairs("a", "b", "c", "d", "e", "f", "g", "h", "i", "j"), pairs("10", "9", "8", "7", "6", "5", "4", "3", "2", "1")},
		{map[string]string{"game": "demons", "size": "8"}, pairs("a", "b", "c", "d", "e", "f", "g", "h"), pairs("8", "7", "6", "5", "4", "3", "2", "1")},
		{map[string]string{"game": "angels", "size": "7"}, pairs("1", "2", "3", "4", "5", "6", "7"), pairs("1", "2", "3", "4", "5", "6", "7")},
	}
	for _, tc := range tests {
		t.Run(tc.fields["game"], func(t *testing.T) {
			tc.fields["mode"] = "hotseat"
			createRoom(t, ts, me, tc.fields)
			require.Equal(t, tc.files, labels(".files"))
			require.Equal(t, tc.ranks, labels(".ranks"))
		})
	}
	t.Run("kalah", func(t *testing.T) {
		createRoom(t, ts, me, map[string]string{"game": "kalah", "mode": "hotseat", "houses": "4"})
		require.Equal(t, []string{"P2=P2", "4=4", "3=3", "2=2", "1=1", "1=1", "2=2", "3=3", "4=4", "P1=P1"}, labels("[data-testid=board]"),
			"house numbers on the houses, as the notation counts them")
	})
}

func TestBrowserOrientation(t *testing.T) {
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	room := createRoom(t, ts, alice, map[string]string{"game": "amazons", "mode": "friend"})
	bob.open(room)
	bob.click("[data-action=join]")
	bob.waitGone("[data-action=join]")
	// The cell under the board's top-left corner, as the viewer sees it.
	topLeft := func(tb *tab) string {
		return evalJS[string](tb, `(() => {
			const r = document.querySelector("[data-testid=board]").getBoundingClientRect();
			return document.elementFromPoint(r.left + 5, r.top + 5).closest("[data-cell]").dataset.cell;
		})()`)
	}
	firstRank := func(tb *tab) string {
		return evalJS[string](tb, `(() => {
			const labels = Array.from(document.querySelectorAll(".ranks [data-coord]"));
			labels.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
			return labels[0].dataset.coord;
		})()`)
	}
	require.Equal(t, "0,0", topLeft(alice), "White sees a10 at the top left")
	require.Equal(t, "10", firstRank(alice))
	bob.waitJS("Bob's board turned", `getComputedStyle(document.querySelector("[data-testid=board]")).transform !== "none"`)
	require.Equal(t, "9,9", topLeft(bob), "Black sees j1 at the top left")
	require.Equal(t, "1", firstRank(bob))

	// Anyone may turn it; the cells keep the game's coordinates.
	alice.click("[data-action=flip]")
	require.Equal(t, "9,9", topLeft(alice))
	alice.click("[data-action=flip]")
	require.Equal(t, "0,0", topLeft(alice))

	for _, c := range [][2]int{{9, 3}, {3, 3}, {3, 5}} { // White d1-d7/f7, waiting to see each click as a person would
		alice.clickCell(c[0], c[1])
		if c != [2]int{3, 5} {
			alice.waitShown(fmt.Sprintf(`[data-cell="%d,%d"].selected`, c[0], c[1]))
		}
	}
	bob.waitText("[data-testid=turn]", "Your move")
	for _, c := range [][2]int{{0, 3}, {2, 3}, {2, 4}} { // Black d10-d8/e8, clicked on the turned board
		bob.clickCell(c[0], c[1])
		if c != [2]int{2, 4} {
			bob.waitShown(fmt.Sprintf(`[data-cell="%d,%d"].selected`, c[0], c[1]))
		}
	}
	alice.waitMoves(2)
	require.Equal(t, []string{"d1-d7/f7", "d10-d8/e8"}, alice.moves())
	require.Equal(t, "9,9", topLeft(bob), "still turned after the update")
}

func TestBrowserRulesPages(t *testing.T) {
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.run("lobby", chromedp.Navigate(ts.URL+"/"))
	me.click("[data-testid=rules-link]")
	me.waitShown("[data-testid=rules-index]")
	require.Equal(t, []string{"Game of the Amazons", "Kalah", "Angels & Devils", "Mad Bishops", "Angels & Demons"},
		evalJS[[]string](me, `Array.from(document.querySelectorAll("[data-testid=rules-index] strong")).map(e => e.textContent)`),
		"every game with rules (tic-tac-toe, registered by these tests, has none)")
	require.Equal(t, 5, evalJS[int](me, `document.querySelectorAll("[data-testid=rules-index] .mini-board").length`))
	for _, g := range []struct {
		id, heading string
		cells       int
	}{
		{"amazons", "Game of the Amazons", 100}, {"kalah", "Kalah", 14}, {"angels", "Angels & Devils", 225},
		{"bishops", "Mad Bishops", 100}, {"demons", "Angels & Demons", 64},
	} {
		me.run("open "+g.id, chromedp.Navigate(ts.URL+"/rules/"+g.id))
		require.Contains(t, me.text("[data-testid=rules-text] h2"), g.heading)
		require.Equal(t, g.cells, evalJS[int](me, `document.querySelectorAll("[data-testid=rules-diagram] [data-testid=board] [data-cell]").length`),
			"the diagram is the room's own board")
	}
	me.click("[data-testid=play-this]")
	me.waitShown("form[data-testid=new-room]")
	require.True(t, evalJS[bool](me, `document.querySelector("form[data-testid=new-room] input[name=game][value=demons]").checked`),
		"Play leads to the lobby with the game chosen")

	createRoom(t, ts, me, map[string]string{"game": "bishops", "mode": "hotseat"})
	require.Equal(t, "/rules/bishops", evalJS[string](me, `document.querySelector("[data-testid=game-rules]").getAttribute("href")`))
	me.run("missing", chromedp.Navigate(ts.URL+"/rules/chess"))
	require.Equal(t, "No such game", me.text("h1"))
}
