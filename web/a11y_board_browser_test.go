package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// The board for screen readers and keyboards: its structure as Chromium
// exposes it, the names of its cells, and the way to it.

// axTree is the page's accessibility tree as Chromium computes it.
type axTree struct {
	nodes map[accessibility.NodeID]*accessibility.Node
	root  *accessibility.Node
}

func (tb *tab) axTree() axTree {
	tb.t.Helper()
	var res accessibility.GetFullAXTreeResult
	tb.run("read the accessibility tree", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		var err error
		res, err = cdp.Call(ctx, tg, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
		return chromedp.Void{}, err
	})
	tree := axTree{nodes: map[accessibility.NodeID]*accessibility.Node{}}
	for _, n := range res.Nodes {
		tree.nodes[n.NodeID] = n
		if tree.root == nil {
			tree.root = n
		}
	}
	return tree
}

// axValue is a role's or a name's text.
func axValue(v *accessibility.Value) string {
	if v == nil {
		return ""
	}
	return strings.Trim(string(v.Value), `"`)
}

// role is a node's role, "" for one the tree ignores or that is only a
// box (generic, none): what a screen reader would not stop at.
func (tr axTree) role(n *accessibility.Node) string {
	r := axValue(n.Role)
	if n.Ignored || r == "generic" || r == "none" || r == "InlineTextBox" || r == "StaticText" {
		return ""
	}
	return r
}

// paths lists, for every node of role leaf, the roles above it up to the
// first of role top ("grid < row < gridcell < button"), skipping the nodes
// a screen reader passes over.
func (tr axTree) paths(top, leaf string) []string {
	var out []string
	var walk func(n *accessibility.Node, above []string)
	walk = func(n *accessibility.Node, above []string) {
		if r := tr.role(n); r != "" {
			if len(above) > 0 || r == top {
				above = append(above, r)
			}
			if r == leaf && len(above) > 0 {
				out = append(out, strings.Join(above, " < "))
				return
			}
		}
		for _, id := range n.ChildIDs {
			if c, ok := tr.nodes[id]; ok {
				walk(c, above)
			}
		}
	}
	walk(tr.root, nil)
	return out
}

// TestBrowserTheBoardIsAGrid: on every game's board (the rules pages draw
// the room's), Chromium exposes a grid of rows of gridcells, each holding
// one cell's button, and no button straight in the grid (axe's critical
// aria-required-children); the arrow keys still move between cells.
func TestBrowserTheBoardIsAGrid(t *testing.T) {
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	for _, g := range game.All() {
		if _, ok := rulesGame(g); !ok {
			continue
		}
		me.run("open the rules of "+g.ID(), chromedp.Navigate(ts.URL+"/rules/"+g.ID()))
		cells := evalJS[int](me, `document.querySelectorAll("[data-testid=board] [data-cell]").length`)
		require.Positive(t, cells, g.ID())
		seen := map[string]int{}
		for _, p := range me.axTree().paths("grid", "button") {
			seen[p]++
		}
		require.Equal(t, map[string]int{"grid < row < gridcell < button": cells}, seen,
			"%s: every cell a button in a gridcell in a row of the grid", g.ID())
		rows := evalJS[int](me, `new Set(Array.from(document.querySelectorAll("[data-testid=board] [data-cell]")).map(c => c.dataset.cell.split(",")[0])).size`)
		require.Equal(t, rows, evalJS[int](me, `document.querySelectorAll("[data-testid=board] > [role=row]").length`),
			"%s: a row of the grid for each of the board's rows", g.ID())
	}
}

// visibleInNameJS lists the board's cells whose accessible name does not
// hold their visible text, word for word and in order (WCAG 2.5.3, axe's
// label-content-name-mismatch).
const visibleInNameJS = `(function () {
	const words = s => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
	const contains = (hay, needle) => {
		for (let i = 0; i + needle.length <= hay.length; i++) {
			if (needle.every((w, j) => hay[i + j] === w)) return true;
		}
		return false;
	};
	return Array.from(document.querySelectorAll("[data-testid=board] [data-cell]")).filter(c => {
		const seen = words(c.innerText);
		return seen.length > 0 && !contains(words(c.getAttribute("aria-label") || ""), seen);
	}).map(c => c.dataset.cell + ": shows " + JSON.stringify(c.innerText.replace(/\s+/g, " ").trim()) + ", named " + JSON.stringify(c.getAttribute("aria-label")));
})()`

// TestBrowserCellNamesHoldWhatTheyShow: a cell that shows text (Kalah's
// seed counts and house numbers) is named with that text, in the order it
// is shown, so a person using speech to click says what they see.
func TestBrowserCellNamesHoldWhatTheyShow(t *testing.T) {
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	for _, g := range game.All() {
		if _, ok := rulesGame(g); !ok {
			continue
		}
		me.run("open the rules of "+g.ID(), chromedp.Navigate(ts.URL+"/rules/"+g.ID()))
		require.Empty(t, evalJS[[]string](me, visibleInNameJS), "%s: names without their cells' visible text", g.ID())
	}
	createRoom(t, ts, me, map[string]string{"game": "kalah", "mode": "hotseat"})
	me.clickCell(1, 3)
	me.waitMoves(1)
	require.Empty(t, evalJS[[]string](me, visibleInNameJS), "kalah room after a move")
	require.Equal(t, "P1 house 3, 0 seeds", evalJS[string](me, `document.querySelector('[data-cell="1,3"]').getAttribute("aria-label")`))
}

// TestBrowserChatIsAListInALog: the chat's messages are items of a list
// (axe's serious listitem), inside a live log region named Chat.
func TestBrowserChatIsAListInALog(t *testing.T) {
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	createRoom(t, ts, me, map[string]string{"game": "kalah", "mode": "hotseat"})
	me.say("Hello")
	me.waitChat(1)
	me.say("Again")
	me.waitChat(2)
	require.Equal(t, []string{"log < list < listitem", "log < list < listitem"}, me.axTree().paths("log", "listitem"))
	require.Equal(t, "Chat", evalJS[string](me, `(function () {
		const log = document.querySelector("[role=log]");
		return document.getElementById(log.getAttribute("aria-labelledby")).textContent;
	})()`))
}

// TestBrowserHeadingsAndTheWayToTheBoard: every page has one h1 naming it,
// and its first Tab stop is a skip link: a room's to the board, where
// following it puts the keyboard on the board's one stop; any other page's
// to its main content.
func TestBrowserHeadingsAndTheWayToTheBoard(t *testing.T) {
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	h1s := func() []string {
		return evalJS[[]string](me, `Array.from(document.querySelectorAll("h1")).map(h => h.textContent.trim())`)
	}
	focused := func() string {
		return evalJS[string](me, `(function () {
			const a = document.activeElement;
			if (a.dataset && a.dataset.cell) return "a cell of the board, tabindex " + a.getAttribute("tabindex");
			return a.tagName + (a.id ? "#" + a.id : "") + " " + (a.id === "main" ? "" : a.textContent.trim());
		})()`)
	}
	// skip presses Tab from the top of the page, then Enter on what it reached.
	skip := func(where, link, lands string) {
		t.Helper()
		me.run("tab", chromedp.KeyEvent("\t"))
		require.Equal(t, "A "+link, focused(), "%s: the first Tab stop", where)
		me.run("enter", chromedp.KeyEvent("\r"))
		me.waitJS("the focus moved", `document.activeElement.tagName !== "A"`)
		require.Equal(t, lands, focused(), "%s: where the skip link leads", where)
	}
	for _, p := range []struct{ path, h1 string }{{"/", ""}, {"/rules", "Rules"}} {
		me.run("open "+p.path, chromedp.Navigate(ts.URL+p.path))
		require.Len(t, h1s(), 1, p.path)
		if p.h1 != "" {
			require.Equal(t, p.h1, h1s()[0])
		}
		skip(p.path, "Skip to the main content", "DIV#main ")
	}
	for _, g := range game.All() {
		if _, ok := rulesGame(g); ok {
			me.run("open the rules of "+g.ID(), chromedp.Navigate(ts.URL+"/rules/"+g.ID()))
			require.Equal(t, []string{g.Name()}, h1s(), "the rules page's heading names the game")
			skip("rules of "+g.ID(), "Skip to the main content", "DIV#main ")
		}
		createRoom(t, ts, me, map[string]string{"game": g.ID(), "mode": "hotseat"})
		require.Equal(t, []string{g.Name()}, h1s(), "the room's heading is the game's name")
		me.run("reload", chromedp.Reload())
		me.connected()
		skip(g.ID()+" room", "Skip to the board", "a cell of the board, tabindex 0")
	}
}
