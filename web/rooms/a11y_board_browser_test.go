package rooms_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"boardroom/docs"
	"boardroom/game"
	"boardroom/web/webtest"
)

// The board for screen readers and keyboards: its structure as Chromium
// exposes it, the names of its cells, and the way to it.

// axTree is the page's accessibility tree as Chromium computes it.
type axTree struct {
	nodes map[accessibility.NodeID]*accessibility.Node
	root  *accessibility.Node
}

func (tb *tab) axTree() axTree {
	tb.T.Helper()
	var res accessibility.GetFullAXTreeResult
	tb.Run("read the accessibility tree", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
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

// TestBrowserTheBoardIsAGrid: on every game's board in a room, Chromium exposes a grid of rows of gridcells, each holding
// one cell's button, and no button straight in the grid (axe's critical
// aria-required-children); the arrow keys still move between cells.
func TestBrowserTheBoardIsAGrid(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	for _, g := range game.All() {
		if !hasRules(g) {
			continue
		}
		resp, _ := ts.Create(t, ts.Browser(t), url.Values{"game": {g.ID()}, "mode": {"hotseat"}})
		me.Run("open a room of "+g.ID(), chromedp.Navigate(ts.URL+resp.Header.Get("Location")))
		me.WaitJS("the board", `document.querySelectorAll("[data-testid=board] [data-cell]").length > 0`)
		cells := webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=board] [data-cell]").length`)
		require.Positive(t, cells, g.ID())
		seen := map[string]int{}
		for _, p := range me.axTree().paths("grid", "button") {
			seen[p]++
		}
		require.Equal(t, map[string]int{"grid < row < gridcell < button": cells}, seen,
			"%s: every cell a button in a gridcell in a row of the grid", g.ID())
		rows := webtest.EvalJS[int](me.Tab, `new Set(Array.from(document.querySelectorAll("[data-testid=board] [data-cell]")).map(c => c.dataset.cell.split(",")[0])).size`)
		require.Equal(t, rows, webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=board] > [role=row]").length`),
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
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	for _, g := range game.All() {
		if !hasRules(g) {
			continue
		}
		me.Run("open the rules of "+g.ID(), chromedp.Navigate(ts.URL+"/rules/"+g.ID()))
		require.Empty(t, webtest.EvalJS[[]string](me.Tab, visibleInNameJS), "%s: names without their cells' visible text", g.ID())
	}
	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat"})
	me.ClickCell(1, 3)
	me.WaitMoves(1)
	require.Empty(t, webtest.EvalJS[[]string](me.Tab, visibleInNameJS), "kalah room after a move")
	require.Equal(t, "P1 house 3, 0 seeds", webtest.EvalJS[string](me.Tab, `document.querySelector('[data-cell="1,3"]').getAttribute("aria-label")`))
}

// TestBrowserChatIsAListInALog: the chat's messages are items of a list
// (axe's serious listitem), inside a live log region named Chat.
func TestBrowserChatIsAListInALog(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat"})
	me.Chat("Hello")
	me.WaitChat(1)
	me.Chat("Again")
	me.WaitChat(2)
	require.Equal(t, []string{"log < list < listitem", "log < list < listitem"}, me.axTree().paths("log", "listitem"))
	require.Equal(t, "Chat", webtest.EvalJS[string](me.Tab, `(function () {
		const log = document.querySelector("[role=log]");
		return document.getElementById(log.getAttribute("aria-labelledby")).textContent;
	})()`))
}

// TestBrowserHeadingsAndTheWayToTheBoard: every page has one h1 naming it,
// and its first Tab stop is a skip link: a room's to the board, where
// following it puts the keyboard on the board's one stop; any other page's
// to its main content.
func TestBrowserHeadingsAndTheWayToTheBoard(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	h1s := func() []string {
		return webtest.EvalJS[[]string](me.Tab, `Array.from(document.querySelectorAll("h1")).map(h => h.textContent.trim())`)
	}
	focused := func() string {
		return webtest.EvalJS[string](me.Tab, `(function () {
			const a = document.activeElement;
			if (a.dataset && a.dataset.cell) return "a cell of the board, tabindex " + a.getAttribute("tabindex");
			return a.tagName + (a.id ? "#" + a.id : "") + " " + (a.id === "main" ? "" : a.textContent.trim());
		})()`)
	}
	// skip presses Tab from the top of the page, then Enter on what it reached.
	skip := func(where, link, lands string) {
		t.Helper()
		me.Run("tab", chromedp.KeyEvent("\t"))
		require.Equal(t, "A "+link, focused(), "%s: the first Tab stop", where)
		me.Run("enter", chromedp.KeyEvent("\r"))
		me.WaitJS("the focus moved", `document.activeElement.tagName !== "A"`)
		require.Equal(t, lands, focused(), "%s: where the skip link leads", where)
	}
	for _, p := range []struct{ path, h1 string }{{"/", ""}, {"/rules", "How to play"}} {
		me.Run("open "+p.path, chromedp.Navigate(ts.URL+p.path))
		require.Len(t, h1s(), 1, p.path)
		if p.h1 != "" {
			require.Equal(t, p.h1, h1s()[0])
		}
		skip(p.path, "Skip to the main content", "DIV#main ")
	}
	for _, g := range game.All() {
		if hasRules(g) {
			me.Run("open the rules of "+g.ID(), chromedp.Navigate(ts.URL+"/rules/"+g.ID()))
			require.Equal(t, []string{g.Name()}, h1s(), "the rules page's heading names the game")
			skip("rules of "+g.ID(), "Skip to the main content", "DIV#main ")
		}
		me.CreateRoom(ts.Node, map[string]string{"game": g.ID(), "mode": "hotseat"})
		require.Equal(t, []string{g.Name()}, h1s(), "the room's heading is the game's name")
		me.Run("reload", chromedp.Reload())
		me.Connected()
		skip(g.ID()+" room", "Skip to the board", "a cell of the board, tabindex 0")
		require.Zero(t, webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=move], [data-testid=board] .selected").length`),
			"%s: the Enter that follows the link clicks nothing on the board", g.ID())
	}
}

// colourJS holds the colour arithmetic of WCAG 2 (relative luminance,
// contrast ratio) and reads what the board draws: a cell's square (its
// background, over the board's where it shows through, under any fill
// its box-shadow lays over it), and the marks on it.
const colourJS = `
const parse = c => { const m = /rgba?\(([^)]+)\)/.exec(c || ""); if (!m) return null;
	const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
const over = (t, u) => ({r: t.r * t.a + u.r * (1 - t.a), g: t.g * t.a + u.g * (1 - t.a), b: t.b * t.a + u.b * (1 - t.a), a: 1});
const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
	return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
const hex = c => "#" + [c.r, c.g, c.b].map(v => Math.round(v).toString(16).padStart(2, "0")).join("");
// The layers of a box-shadow: colour, spread and whether inset. A wide inset
// spread fills the cell; a narrow one is a ring.
const layers = s => !s || s === "none" ? [] : s.split(/,(?![^(]*\))/).map(l => {
	const nums = l.replace(/rgba?\([^)]*\)/, "").replace("inset", "").trim().split(/\s+/).map(parseFloat);
	return {color: parse(l), spread: nums[3] || 0, inset: l.includes("inset")}; });
const FILL = 40;
const square = el => {
	let bg = parse(getComputedStyle(el).backgroundColor);
	for (let up = el.parentElement; bg.a < 1 && up; up = up.parentElement) {
		const u = parse(getComputedStyle(up).backgroundColor);
		if (u && u.a > 0) bg = over(bg, u);
	}
	if (bg.a < 1) bg = over(bg, {r: 255, g: 255, b: 255, a: 1});
	for (const l of layers(getComputedStyle(el).boxShadow).reverse()) {
		if (l.inset && l.spread >= FILL && l.color) bg = over(l.color, bg);
	}
	return bg;
};
// A target's marks: its ::after (a dot, or a ring round a piece), else the
// rings its box-shadow draws (a pit).
const targetMarks = el => {
	const a = getComputedStyle(el, "::after"), out = [];
	if (a.content !== "none" && a.display !== "none") {
		const bg = parse(a.backgroundColor), bd = parse(a.borderTopColor);
		if (bg && bg.a > 0) out.push(bg);
		if (parseFloat(a.borderTopWidth) > 0 && bd && bd.a > 0) out.push(bd);
		return out;
	}
	for (const l of layers(getComputedStyle(el).boxShadow)) {
		if (l.inset && l.spread > 0 && l.spread < FILL && l.color && l.color.a > 0) out.push(l.color);
	}
	return out;
};
`

// weakMarksJS lists the board's target marks and piece outlines with less
// than 3:1 against the square they are drawn on (WCAG 1.4.11).
const weakMarksJS = `(function () {` + colourJS + `
	const weak = [];
	document.querySelectorAll("[data-testid=board] [data-cell]").forEach(el => {
		const sq = square(el);
		if (el.classList.contains("target")) {
			const marks = targetMarks(el);
			if (!marks.length) weak.push(el.dataset.cell + ": a target with no mark");
			for (const m of marks) {
				const r = ratio(over(m, sq), sq);
				if (r < 3) weak.push(el.dataset.cell + ": target mark " + hex(over(m, sq)) + " on " + hex(sq) + " " + r.toFixed(2));
			}
		}
		el.querySelectorAll("svg.piece").forEach(p => {
			const cs = getComputedStyle(p);
			if (cs.stroke === "none" || parseFloat(cs.strokeWidth) === 0) return;
			const s = parse(cs.stroke);
			if (!s) return;
			const r = ratio(over(s, sq), sq);
			if (r < 3) weak.push(el.dataset.cell + ": outline of " + p.getAttribute("class") + " " + hex(s) + " on " + hex(sq) + " " + r.toFixed(2));
		});
	});
	return weak;
})()`

// TestBrowserMarksStandOutFromTheirSquares: in every game and both themes,
// each mark of a cell that may be clicked (a dot, a ring round a piece, a
// pit's ring) and each piece's outline has a contrast of at least 3:1
// against its square, at the start, while a move of several clicks is being
// built, and after a move (its squares tinted as the last move).
func TestBrowserMarksStandOutFromTheirSquares(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	var weak []string
	check := func(where string) {
		targets := webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=board] .target").length`)
		for _, theme := range []string{"light", "dark"} {
			me.SetTheme(theme)
			for _, w := range webtest.EvalJS[[]string](me.Tab, weakMarksJS) {
				weak = append(weak, fmt.Sprintf("%s, %s theme (%d targets): %s", where, theme, targets, w))
			}
		}
	}
	for _, g := range game.All() {
		me.CreateRoom(ts.Node, map[string]string{"game": g.ID(), "mode": "hotseat"})
		for move := 1; move <= 2; move++ {
			count := webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=move]").length`)
			for click := 1; click <= 4; click++ {
				me.WaitShown("[data-testid=board] .target")
				check(fmt.Sprintf("%s, move %d, click %d", g.ID(), move, click))
				me.Click("[data-testid=board] .target:not(.selected)")
				if me.Soon(fmt.Sprintf(`document.querySelectorAll("[data-testid=move]").length > %d`, count), 2*time.Second) {
					break
				}
			}
		}
		if !me.Soon(`!!document.querySelector("[data-testid=board] .target")`, 5*time.Second) {
			continue
		}
		check(g.ID() + ", after two moves")
	}
	require.Empty(t, weak, "marks under 3:1 against their squares:\n%s", strings.Join(weak, "\n"))
}

// focusAndSelectionJS describes how a cell looks: its focus ring (the
// colours of its ::before, drawn only for keyboard focus) and its selection
// (the colours of its box-shadow's rings and fills), and the square.
const focusAndSelectionJS = `(function (cell) {` + colourJS + `
	const el = document.querySelector('[data-testid=board] [data-cell="' + cell + '"]');
	const b = getComputedStyle(el, "::before"), ring = [];
	if (b.content !== "none" && b.display !== "none") {
		if (parseFloat(b.borderTopWidth) > 0) ring.push(parse(b.borderTopColor));
		for (const l of layers(b.boxShadow)) if (l.color && l.color.a > 0) ring.push(l.color);
	}
	const own = layers(getComputedStyle(el).boxShadow).filter(l => l.color && l.color.a > 0);
	const sq = square(el);
	return {
		ring: ring.map(hex),
		ringOnSquare: ring.length ? Math.max(...ring.map(c => ratio(c, sq))) : 0,
		selection: own.filter(l => l.spread > 0 && l.spread < FILL).map(l => hex(l.color)),
		fill: own.some(l => l.spread >= FILL),
		square: hex(sq),
		ringOnSelection: ring.length ? Math.min(...own.filter(l => l.spread > 0 && l.spread < FILL).map(s => Math.max(...ring.map(c => ratio(c, s.color))))) : 0,
	};
})`

type cellLook struct {
	Ring            []string `json:"ring"`
	RingOnSquare    float64  `json:"ringOnSquare"`
	Selection       []string `json:"selection"`
	Fill            bool     `json:"fill"`
	Square          string   `json:"square"`
	RingOnSelection float64  `json:"ringOnSelection"`
}

// TestBrowserFocusIsNotSelection: during a keyboard move, the cell with the
// keyboard's focus and the selected cell look different, in colour and in
// shape: the focus is a dark and light ring inside the cell that stands out
// (3:1) from any square and from the selection's colour; the selection is a
// filled orange highlight with no such ring.
func TestBrowserFocusIsNotSelection(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "hotseat"})
	me.Run("reload", chromedp.Reload())
	me.Connected()
	me.Run("skip to the board, choose an amazon", chromedp.KeyEvent("\t"), chromedp.KeyEvent("\r"))
	me.WaitJS("the board focused", `!!(document.activeElement.dataset && document.activeElement.dataset.cell)`)
	chosen := webtest.EvalJS[string](me.Tab, `document.activeElement.dataset.cell`)
	me.Run("choose", chromedp.KeyEvent("\r"))
	me.WaitShown(`[data-cell="` + chosen + `"].selected`)
	look := func(cell string) cellLook {
		return webtest.EvalJS[cellLook](me.Tab, focusAndSelectionJS+"("+fmt.Sprintf("%q", cell)+")")
	}
	for _, theme := range []string{"light", "dark"} {
		me.SetTheme(theme)
		both := look(chosen)
		require.True(t, both.Fill, "%s: the selection is a fill", theme)
		require.NotEmpty(t, both.Ring, "%s: the focused and selected cell shows its focus ring", theme)
		require.GreaterOrEqual(t, both.RingOnSelection, 3.0, "%s: the ring stands out from the selection's edge: %+v", theme, both)
	}
	me.Run("move the focus up", chromedp.KeyEvent(kb.ArrowUp))
	focused := webtest.EvalJS[string](me.Tab, `document.activeElement.dataset.cell`)
	require.NotEqual(t, chosen, focused)
	for _, theme := range []string{"light", "dark"} {
		me.SetTheme(theme)
		sel, foc := look(chosen), look(focused)
		require.Empty(t, sel.Ring, "%s: a selected cell without the focus has no focus ring", theme)
		require.NotEmpty(t, sel.Selection, "%s: the selection's edge", theme)
		require.NotEmpty(t, foc.Ring, "%s: the focused cell has a ring", theme)
		require.False(t, foc.Fill, "%s: focus fills nothing", theme)
		require.GreaterOrEqual(t, foc.RingOnSquare, 3.0, "%s: the focus ring stands out from its square: %+v", theme, foc)
		for _, c := range foc.Ring {
			require.NotContains(t, sel.Selection, c, "%s: the focus ring is not the selection's colour", theme)
		}
	}
}

// TestBrowserCellsAreFingerSized: on a phone (390×844), every game's cells
// are at least 24 px square as the board first shows (WCAG 2.5.8), and the
// page does not spill sideways.
func TestBrowserCellsAreFingerSized(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 390, 844)
	me := newTab(t, browser, "me")
	me.Run("phone", chromedp.EmulateViewport(390, 844))
	sizes := map[string]string{}
	for _, g := range game.All() {
		me.CreateRoom(ts.Node, map[string]string{"game": g.ID(), "mode": "hotseat"})
		sizes[g.ID()] = webtest.EvalJS[string](me.Tab, `(function () {
			const r = Array.from(document.querySelectorAll("[data-testid=board] [data-cell]")).map(c => c.getBoundingClientRect());
			const w = Math.min(...r.map(x => x.width)), h = Math.min(...r.map(x => x.height));
			return (w >= 24 && h >= 24 ? "ok" : "small") + " " + w.toFixed(1) + "×" + h.toFixed(1);
		})()`)
		require.True(t, webtest.EvalJS[bool](me.Tab, `document.documentElement.scrollWidth <= window.innerWidth`), "%s spills sideways", g.ID())
	}
	for id, size := range sizes {
		require.True(t, strings.HasPrefix(size, "ok"), "%s's smallest cell on a phone: %s (all: %v)", id, size, sizes)
	}
}

// hasRules says whether the rule book has a section for g, so that its
// rules pages draw it (tic-tac-toe, registered by these tests, has none).
func hasRules(g game.Game) bool {
	_, ok := docs.Section(game.ViewOf(g).RulesAnchor())
	return ok
}
