package rooms_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/realtime"
	"boardroom/realtime/vocab"
	"boardroom/web/webtest"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"
)

// The players' experience, through the real pages: coordinates and the
// board's orientation.

func TestBrowserCoordinates(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	labels := func(sel string) []string {
		return webtest.EvalJS[[]string](me.Tab, `Array.from(document.querySelectorAll("`+sel+` [data-coord]")).map(e => e.dataset.coord + "=" + e.textContent.trim())`)
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
			me.CreateRoom(ts.Node, tc.fields)
			require.Equal(t, tc.files, labels(".files"))
			require.Equal(t, tc.ranks, labels(".ranks"))
		})
	}
	t.Run("kalah", func(t *testing.T) {
		me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat", "houses": "4"})
		require.Equal(t, []string{"P2=P2", "4=4", "3=3", "2=2", "1=1", "1=1", "2=2", "3=3", "4=4", "P1=P1"}, labels("[data-testid=board]"),
			"house numbers on the houses, as the notation counts them")
	})
}

func TestBrowserOrientation(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "friend"})
	bob.Open(room)
	bob.Click("[data-action=join]")
	bob.WaitGone("[data-action=join]")
	// The cell under the board's top-left corner, as the viewer sees it.
	topLeft := func(tb *tab) string {
		return webtest.EvalJS[string](tb.Tab, `(() => {
			const r = document.querySelector("[data-testid=board]").getBoundingClientRect();
			return document.elementFromPoint(r.left + 5, r.top + 5).closest("[data-cell]").dataset.cell;
		})()`)
	}
	firstRank := func(tb *tab) string {
		return webtest.EvalJS[string](tb.Tab, `(() => {
			const labels = Array.from(document.querySelectorAll(".ranks [data-coord]"));
			labels.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
			return labels[0].dataset.coord;
		})()`)
	}
	require.Equal(t, "0,0", topLeft(alice), "White sees a10 at the top left")
	require.Equal(t, "10", firstRank(alice))
	bob.WaitJS("Bob's board turned", `getComputedStyle(document.querySelector("[data-testid=board]")).transform !== "none"`)
	require.Equal(t, "9,9", topLeft(bob), "Black sees j1 at the top left")
	require.Equal(t, "1", firstRank(bob))

	// Anyone may turn it; the cells keep the game's coordinates.
	alice.Click("[data-action=flip]")
	require.Equal(t, "9,9", topLeft(alice))
	alice.Click("[data-action=flip]")
	require.Equal(t, "0,0", topLeft(alice))

	for _, c := range [][2]int{{9, 3}, {3, 3}, {3, 5}} { // White d1-d7/f7, waiting to see each click as a person would
		alice.ClickCell(c[0], c[1])
		if c != [2]int{3, 5} {
			alice.WaitShown(fmt.Sprintf(`[data-cell="%d,%d"].selected`, c[0], c[1]))
		}
	}
	bob.WaitText("[data-testid=turn]", "Your move")
	for _, c := range [][2]int{{0, 3}, {2, 3}, {2, 4}} { // Black d10-d8/e8, clicked on the turned board
		bob.ClickCell(c[0], c[1])
		if c != [2]int{2, 4} {
			bob.WaitShown(fmt.Sprintf(`[data-cell="%d,%d"].selected`, c[0], c[1]))
		}
	}
	alice.WaitMoves(2)
	require.Equal(t, []string{"d1-d7/f7", "d10-d8/e8"}, alice.Moves())
	require.Equal(t, "9,9", topLeft(bob), "still turned after the update")
}

func TestBrowserRulesPages(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	me.Click("[data-testid=rules-link]")
	me.WaitShown("[data-testid=rules-index]")
	require.Equal(t, []string{"Game of the Amazons", "Kalah", "Angels & Devils", "Mad Bishops", "Angels & Demons"},
		webtest.EvalJS[[]string](me.Tab, `Array.from(document.querySelectorAll("[data-testid=rules-index] strong")).map(e => e.textContent)`),
		"every game with rules (tic-tac-toe, registered by these tests, has none)")
	require.Equal(t, 5, webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=rules-index] .mini-board").length`))
	for _, g := range []struct {
		id, heading string
		cells       int
	}{
		{"amazons", "Game of the Amazons", 100}, {"kalah", "Kalah", 14}, {"angels", "Angels & Devils", 225},
		{"bishops", "Mad Bishops", 100}, {"demons", "Angels & Demons", 64},
	} {
		me.Run("open "+g.id, chromedp.Navigate(ts.URL+"/rules/"+g.id))
		require.Equal(t, g.heading, me.Text("h1"))
		require.Equal(t, g.cells, webtest.EvalJS[int](me.Tab, `document.querySelector("[data-testid=diagram]").querySelectorAll(".cell").length`),
			"the diagram is drawn by the room's own cells")
	}
	me.Click("[data-testid=play-this]")
	me.WaitShown("form[data-testid=new-room]")
	require.True(t, webtest.EvalJS[bool](me.Tab, `document.querySelector("form[data-testid=new-room] input[name=game][value=demons]").checked`),
		"Play leads to the lobby with the game chosen")

	me.CreateRoom(ts.Node, map[string]string{"game": "bishops", "mode": "hotseat"})
	require.Equal(t, "/rules/bishops", webtest.EvalJS[string](me.Tab, `document.querySelector("[data-testid=game-rules]").getAttribute("href")`))
	me.Run("missing", chromedp.Navigate(ts.URL+"/rules/chess"))
	require.Equal(t, "No such game", me.Text("h1"))
}

// contrastJS is the lowest contrast ratio (WCAG) between the text of the
// elements matching the selectors and the background behind them.
const contrastJS = `((sels) => {
	const rgb = c => (c.match(/[\d.]+/g) || []).map(Number);
	const lum = c => { const v = rgb(c).slice(0, 3).map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
		return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
	const bg = el => { for (; el; el = el.parentElement) { const c = getComputedStyle(el).backgroundColor; const a = rgb(c);
		if (a.length === 3 || a[3] > 0.5) return c; } return getComputedStyle(document.documentElement).backgroundColor; };
	let worst = 21, where = "";
	for (const sel of sels) for (const el of document.querySelectorAll(sel)) {
		if (!el.offsetParent || !el.textContent.trim()) continue;
		const a = lum(getComputedStyle(el).color), b = lum(bg(el));
		const r = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
		if (r < worst) { worst = r; where = sel; }
	}
	return worst.toFixed(2) + " " + where;
})`

func TestBrowserDarkTheme(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.Run("system dark", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return chromedp.Void{}, err
	})
	texts := []string{"h1", "h2", ".hero p", ".muted", ".button", ".field > span", ".game-card small", ".game-card strong",
		"[data-testid=turn]", ".holder", ".seat-name", ".score", ".moves li", ".share label", ".topbar a"}
	check := func(theme string) {
		t.Helper()
		got := webtest.EvalJS[string](me.Tab, contrastJS+"("+jsonList(texts)+")")
		var ratio float64
		var where string
		fmt.Sscanf(got, "%f %s", &ratio, &where)
		require.GreaterOrEqual(t, ratio, 4.5, "%s theme: the lowest contrast is %s", theme, got)
	}
	background := func() string {
		return webtest.EvalJS[string](me.Tab, `getComputedStyle(document.documentElement).backgroundColor`)
	}
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	require.Equal(t, "rgb(18, 21, 28)", background(), "the system's dark theme")
	check("dark lobby")
	room := me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat"})
	me.ClickCell(1, 1)
	me.WaitMoves(1)
	check("dark room")

	me.Click("[data-action=theme]")
	require.Equal(t, "rgb(244, 241, 234)", background(), "the toggle turns it light")
	check("light room")
	me.Open(room)
	require.Equal(t, "rgb(244, 241, 234)", background(), "and the browser remembers")
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	check("light lobby")
	me.Click("[data-action=theme]")
	require.Equal(t, "rgb(18, 21, 28)", background())
}

func jsonList(xs []string) string {
	b, _ := json.Marshal(xs)
	return string(b)
}

// TestBrowserPhonesAndBigScreens: every page fits from 360 px to 2560 px
// wide, and a 41×41 Angels & Devils board is playable on a phone through
// its zoom, with cells of at least 32 px.
func TestBrowserPhonesAndBigScreens(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	room := me.CreateRoom(ts.Node, map[string]string{"game": "angels", "mode": "hotseat", "size": "41"})
	fits := `document.documentElement.scrollWidth <= window.innerWidth`
	for _, w := range []int64{320, 360, 390, 768, 1440, 2560} {
		me.Run("viewport", chromedp.EmulateViewport(w, 900))
		for _, page := range []string{ts.URL + "/", ts.URL + "/rules", ts.URL + "/rules/kalah", ts.URL + "/rules/angels", room} {
			me.Run("open", chromedp.Navigate(page))
			require.True(t, webtest.EvalJS[bool](me.Tab, fits), "%s at %d px spills sideways", page, w)
		}
	}
	me.Run("phone", chromedp.EmulateViewport(390, 844))
	me.Open(room)
	cellWidth := func() float64 {
		return webtest.EvalJS[float64](me.Tab, `document.querySelector('[data-cell="20,20"]').getBoundingClientRect().width`)
	}
	require.Less(t, cellWidth(), 32.0, "41 cells across a phone are small")
	me.Click("[data-action=zoom]")
	require.GreaterOrEqual(t, cellWidth(), 32.0, "zoomed: a finger's width")
	require.True(t, webtest.EvalJS[bool](me.Tab, fits), "the zoomed board scrolls in its box, not the page")
	me.ClickCell(19, 21) // the Angel flies from the centre (21,21 counted from 1) to 20,22
	me.WaitMoves(1)
	require.Equal(t, []string{"20,22"}, me.Moves())
	require.GreaterOrEqual(t, cellWidth(), 32.0, "still zoomed after the update")
	require.Equal(t, "true", webtest.EvalJS[string](me.Tab, `document.querySelector("[data-action=zoom]").getAttribute("aria-pressed")`))
}

// TestBrowserKeyboardAndScreenReaders plays by keyboard alone: the board is
// one tab stop, the arrow keys move between cells as they are drawn, Enter
// clicks, and every move and the result are announced.
func TestBrowserKeyboardAndScreenReaders(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat"})
	require.Equal(t, 1, webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=board] [data-cell]:not([tabindex='-1'])").length`),
		"the board is one tab stop")
	focused := func() string {
		return webtest.EvalJS[string](me.Tab, `(document.activeElement.dataset || {}).cell || ""`)
	}
	// Tab from the top of the page reaches the board's one stop: a cell P1 can play.
	me.Run("tab to the board", chromedp.Navigate(me.Location()))
	me.Connected()
	for i := 0; i < 30 && focused() == ""; i++ {
		me.Run("tab", chromedp.KeyEvent("\t"))
	}
	require.Equal(t, "1,1", focused(), "P1's house 1")
	me.Run("right, enter", chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("\r"))
	me.WaitMoves(1)
	require.Equal(t, []string{"2"}, me.Moves())
	me.WaitText("[data-testid=announce]", "P1 played 2. P2 to move.")
	// P2's houses are the top row: up from where the focus is, then left.
	me.Run("up, left, space", chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(" "))
	me.WaitMoves(2)
	require.Equal(t, "0,1", webtest.EvalJS[string](me.Tab, `document.activeElement.dataset.cell`))
	me.WaitText("[data-testid=announce]", "P2 played 6. P1 to move.")
	me.Confirm("resign")
	me.WaitText("[data-testid=announce]", "P2 played 6. P2 wins — P1 resigned.")
	require.Equal(t, "polite", webtest.EvalJS[string](me.Tab, `document.querySelector("[data-testid=announce]").getAttribute("aria-live")`))
}

// TestBrowserSoundsAndAlerts: sounds for your turn, a move, a capture and
// low time; the mute toggle, remembered; "Your move" in a background tab's
// title.
func TestBrowserSoundsAndAlerts(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, func(c *realtime.Config) {
		c.Periods = map[vocab.Clock]time.Duration{vocab.BulletClock: 3 * time.Second}
	})
	browser := webtest.NewBrowser(t, 1280, 900)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend", "clock": "bullet"})
	bob.Open(room)
	bob.Click("[data-action=join]")
	sound := func(tb *tab) string { return webtest.EvalJS[string](tb.Tab, `document.body.dataset.lastSound || ""`) }
	heard := func(tb *tab, name string) {
		tb.T.Helper()
		tb.WaitJS("the "+name+" sound", `(document.body.dataset.lastSound || "").startsWith("`+name+` ")`)
	}
	alice.ClickCell(1, 1)
	heard(bob, "turn")
	bob.WaitJS("Your move in the title of a tab in the background",
		`document.hasFocus() || document.title.startsWith("Your move · ")`)
	bob.ClickCell(0, 1)
	heard(alice, "turn")
	heard(bob, "move") // his own move, played
	// Alice's move clock (3 s) runs now: under a quarter of it, the warning.
	heard(alice, "low")

	// A capture (a piece taken), and the mute toggle, remembered.
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "bishops", "mode": "hotseat"})
	g, err := game.Lookup("bishops")
	require.NoError(t, err)
	state, err := g.New(nil)
	require.NoError(t, err)
	play := func() { // the first legal move, every one a kill from the classic set-up's first moves
		m := state.Legal(state.ToMove()[0], nil)[0]
		for i, c := range m.Path() {
			me.ClickCell(int(c.Row), int(c.Col))
			if i == 0 { // as a person does: the piece is seen picked up before it is put down
				me.WaitShown(fmt.Sprintf(`[data-testid=board] .selected[data-cell="%d,%d"]`, c.Row, c.Col))
			}
		}
		require.NoError(t, state.Apply(m))
	}
	play()
	heard(me, "capture")
	me.Click("[data-action=mute]")
	last := sound(me)
	me.Open(me.Location())
	require.Equal(t, "true", webtest.EvalJS[string](me.Tab, `document.querySelector("[data-action=mute]").getAttribute("aria-pressed")`), "remembered")
	play() // Black's reply: unheard
	me.WaitMoves(2)
	require.Equal(t, "", sound(me), "muted: no sound (the page was reloaded, so none since)")
	require.NotEmpty(t, last)
}

// TestBrowserLookingBackDuringPlay: anyone steps through earlier positions
// by clicking a move or with the arrow keys, without changing the game, and
// one key or click returns to the live position.
func TestBrowserLookingBackDuringPlay(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
	bob.Open(room)
	bob.Click("[data-action=join]")
	eve.Open(room)
	store := func(tb *tab) string { return strings.TrimSpace(tb.Text(`[data-cell="1,7"] .count`)) }
	alice.ClickCell(1, 3) // into the store: P1 again
	alice.WaitMoves(1)
	alice.ClickCell(1, 1)
	eve.WaitMoves(2)
	require.Equal(t, "1", store(eve))

	eve.Click(`[data-testid=move][data-ply="1"]`)
	eve.WaitShown("[data-testid=back-to-live]")
	require.Contains(t, eve.Text(".replay-pos"), "Looking back: move 1 of 2")
	eve.Run("back to the start", chromedp.KeyEvent(kb.ArrowLeft))
	eve.WaitJS("the start", `document.querySelector(".replay-pos").textContent.includes("move 0 of 2")`)
	require.Equal(t, "0", store(eve))

	bob.ClickCell(0, 1) // the game goes on meanwhile
	eve.WaitMoves(3)
	require.Contains(t, eve.Text(".replay-pos"), "move 0 of 3", "still looking back")
	eve.Run("back to the live position", chromedp.KeyEvent(kb.Escape))
	eve.WaitGone("[data-testid=back-to-live]")
	require.Equal(t, "1", store(eve))

	// A player looking back cannot move from the old position.
	webtest.EvalJS[bool](alice.Tab, `(document.activeElement.blur(), true)`) // off the board, whose arrows move between cells
	alice.Run("one back", chromedp.KeyEvent(kb.ArrowLeft))
	alice.WaitShown("[data-testid=back-to-live]")
	alice.ClickCell(1, 2)
	alice.WaitText("[data-testid=error]", "You are looking at an earlier position: go back to the live one to move.")
	alice.Click("[data-testid=back-to-live]")
	alice.WaitGone("[data-testid=back-to-live]")
	alice.ClickCell(1, 2)
	bob.WaitMoves(4)
}

// TestBrowserMoveBox plays by typing the game's notation; an illegal move
// is answered with a message and changes nothing.
func TestBrowserMoveBox(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "friend"})
	bob.Open(room)
	bob.Click("[data-action=join]")
	alice.WaitText("[data-testid=turn]", "Your move")
	typeMove := func(tb *tab, text string) {
		tb.Run("type "+text, chromedp.SetValue(chromedp.CSS("form[data-testid=move-input] input[name=move]"), text),
			chromedp.Click(chromedp.CSS("form[data-testid=move-input] button[type=submit]")))
	}
	typeMove(alice, "d1-d9/d10")
	alice.WaitJS("the refusal", `(document.querySelector("[data-testid=error]")||{textContent:""}).textContent.includes("is not a legal move here")`)
	require.Empty(t, alice.Moves())
	typeMove(alice, "d1-d7/g7")
	bob.WaitMoves(1)
	require.Equal(t, []string{"d1-d7/g7"}, bob.Moves())
	typeMove(bob, "d10-d8/d9")
	alice.WaitMoves(2)
	require.Equal(t, []string{"d1-d7/g7", "d10-d8/d9"}, alice.Moves())
}
