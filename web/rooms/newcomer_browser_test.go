package rooms_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// A newcomer's first ten minutes (issue 23), through the real pages: what
// asks before it ends a game, what the invited friend is told, who made
// each move, what a step of the replay says, and how proposals and draw
// offers are answered.

// friendsInKalah is a Kalah room between Alice and Bob, each on their own
// page, where each side has moved once.
func friendsInKalah(t *testing.T, ts *testServer, alice, bob *tab, fields map[string]string) string {
	t.Helper()
	alice.Run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	alice.TypeInto(`form[data-testid=new-room] [name=name]`, "Alice")
	f := map[string]string{"game": "kalah", "mode": "friend"}
	for k, v := range fields {
		f[k] = v
	}
	room := alice.CreateRoom(ts.Node, f)
	bob.Open(room)
	bob.TypeInto(`form[data-testid=join] input[name=name]`, "Bob")
	bob.Click("[data-action=join]")
	alice.WaitText(".player.seat1 .holder", "Bob")
	alice.ClickCell(1, 1)
	bob.WaitMoves(1)
	bob.ClickCell(0, 1)
	alice.WaitMoves(2)
	return room
}

// visible reports whether an element matching sel is shown.
func (tb *tab) visible(sel string) bool {
	return webtest.EvalJS[bool](tb.Tab, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.offsetParent !== null })()`, sel))
}

// Item 4: resign, abort and new game ask again on the page; nothing is sent
// until confirmed, Escape and Cancel take the question back.
func TestBrowserEndingAGameAsksFirst(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 390, 844)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	friendsInKalah(t, ts, alice, bob, nil)

	tests := []struct {
		name   string
		cancel func()
	}{
		{"Escape", func() {
			alice.Run("press Escape", chromedp.KeyEvent(kb.Escape))
		}},
		{"Cancel", func() { alice.Click("[data-confirm-cancel=resign]") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			alice.Click("[data-action=resign]")
			alice.WaitJS("the question", `document.activeElement && document.activeElement.dataset.action === "resign-confirm"`)
			require.Equal(t, "Resign this game?", alice.Text("#confirm-resign .confirm-question"))
			require.False(t, alice.visible("[data-action=resign]"), "the question takes the button's place")
			require.False(t, webtest.EvalJS[bool](alice.Tab, `document.querySelector("#live").classList.contains("over")`), "nothing sent yet")
			tc.cancel()
			alice.WaitJS("the button back, focused", `document.activeElement && document.activeElement.dataset.action === "resign"`)
			require.False(t, alice.visible("[data-action=resign-confirm]"))
			require.Equal(t, "Your move", alice.Text("[data-testid=turn]"), "the game goes on")
		})
	}

	// The question stays open through an update (Bob's chat redraws nothing
	// of it; his move would), then sends the resignation.
	alice.Click("[data-action=resign]")
	bob.Chat("hello")
	alice.WaitChat(1)
	require.True(t, alice.visible("[data-action=resign-confirm]"))
	alice.Click("[data-action=resign-confirm]")
	alice.WaitText("[data-testid=status]", "You lost — P1 resigned")
	bob.WaitText("[data-testid=status]", "You won — P1 resigned")
}

func TestBrowserAbortAsksFirst(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	alice := newTab(t, browser, "alice")
	alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat"})
	alice.Click("[data-action=abort]")
	require.True(t, alice.visible("[data-action=abort-confirm]"))
	require.False(t, webtest.EvalJS[bool](alice.Tab, `document.querySelector("#live").classList.contains("over")`))
	alice.Click("[data-action=abort-confirm]")
	alice.WaitShown(".banner.finished")
}

// Item 5: the invited friend is told who invited them, to what game and
// clock and which side they will play, with Join as the main action; not to
// share the link, nor that they are watching.
func TestBrowserTheInvitation(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 390, 844)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	alice.Run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	alice.TypeInto(`form[data-testid=new-room] [name=name]`, "Alice")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend", "clock": "fast"})
	require.Contains(t, alice.Text("[data-testid=turn]"), "share the link", "the creator shares it")

	bob.Open(room)
	require.Equal(t, "Alice invited you to play Kalah (Fast · 30 s a move). You will play P2, who moves second.",
		bob.Text("[data-testid=invite]"))
	require.Equal(t, "Join to play", bob.Text("[data-testid=turn]"))
	require.True(t, webtest.EvalJS[bool](bob.Tab, `!!document.querySelector(".banner [data-action=join].primary")`), "Join is the main action, at the top")
	shown := webtest.EvalJS[string](bob.Tab, `document.querySelector("#live").innerText`)
	require.NotContains(t, shown, "share the link")
	require.NotContains(t, shown, "watching")

	bob.Click("[data-action=join]")
	bob.WaitGone("[data-testid=invite]")
	alice.WaitText(".player.seat1 .holder", webtest.EvalJS[string](bob.Tab, `localStorage.getItem("name")`))
}

// Item 6: every move shows its mover, also after an extra turn, and is
// reached and opened with the keyboard.
func TestBrowserMoveListShowsTheMover(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat"})
	me.ClickCell(1, 3) // P1's 4 seeds end in the store: P1 again
	me.WaitMoves(1)
	me.ClickCell(1, 1)
	me.WaitMoves(2)
	me.ClickCell(0, 1)
	me.WaitMoves(3)
	type item struct{ Seat, Dot, Label string }
	items := webtest.EvalJS[[]item](me.Tab, `Array.from(document.querySelectorAll("[data-testid=move]")).map(li => {
		const b = li.querySelector("button"), dot = b && b.querySelector(".dot");
		return {Seat: li.dataset.seat, Dot: dot ? dot.className : "", Label: b ? b.getAttribute("aria-label") : ""} })`)
	require.Len(t, items, 3)
	require.Equal(t, []string{"P1", "P1", "P2"}, []string{items[0].Seat, items[1].Seat, items[2].Seat})
	require.Equal(t, "Move 2, P1: 1", items[1].Label, "the extra turn is P1's, and says so")
	require.Equal(t, items[0].Dot, items[1].Dot, "by colour too")
	require.NotEqual(t, items[1].Dot, items[2].Dot)
	require.NotEmpty(t, items[2].Dot)

	// Keyboard: a move is a button; Enter shows the position after it.
	webtest.EvalJS[bool](me.Tab, `document.querySelector("[data-testid=move][data-ply='1'] button").focus(); true`)
	me.Run("press Enter", chromedp.KeyEvent(kb.Enter))
	me.WaitJS("looking back at move 1", `document.querySelector("#live").classList.contains("replaying")`)
	require.Equal(t, "Move 1 of 3: P1 played 3.", me.Text("[data-testid=announce]"))
}

// Item 26: each step of the replay is announced, and the game's own count
// of turns is not shown beside the replay's.
func TestBrowserReplayStepsAreAnnounced(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "demons", "mode": "hotseat"})
	require.Contains(t, me.Text("#board-note"), "Turn 1 of", "the game's count, while playing")
	me.ClickCell(6, 1)
	me.WaitText("[data-testid=turn]", "Demons to move")
	me.ClickCell(3, 4)
	me.WaitMoves(1)
	me.Confirm("resign")
	me.WaitShown(".banner.finished")
	me.Click("[data-action=replay-first]")
	me.WaitText("[data-testid=announce]", "Start of the game, before move 1 of 1.")
	me.Click("[data-action=replay-next]")
	me.WaitText("[data-testid=announce]", "Move 1 of 1: both chose b2+e5.")
	require.Equal(t, "Replay: move 1 of 1", me.Text(".replay-pos"))
	require.Empty(t, me.Text("#board-note"), "no \"Turn 2 of 8\" beside \"move 1 of 1\"")
}

// Items 11 and 28: one answer per proposal, named by what it accepts; the
// asker is told who must answer; a draw is offered and agreed.
func TestBrowserProposalsAndDraws(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	friendsInKalah(t, ts, alice, bob, nil)
	accepts := func(tb *tab) []string {
		return webtest.EvalJS[[]string](tb.Tab, `Array.from(document.querySelectorAll("#live button")).filter(b => b.offsetParent !== null &&
			/^Accept/.test(b.textContent.trim())).map(b => b.textContent.trim())`)
	}

	alice.Click("[data-action=undo]")
	alice.WaitText("#request p", "You asked for a takeback — waiting for Bob.")
	bob.WaitText("#request p", "Alice asks to take back their last move.")
	require.Equal(t, []string{"Accept takeback"}, accepts(bob))
	bob.Click("[data-action=takeback-decline]")
	alice.WaitGone("#request .request")

	alice.Click("[data-action=offer-draw]")
	alice.WaitText("#request p", "You offered a draw — waiting for Bob.")
	require.False(t, alice.visible("[data-action=offer-draw]"))
	bob.WaitText("#request p", "Alice offers a draw.")
	require.Equal(t, []string{"Accept draw"}, accepts(bob))
	bob.Click("[data-action=takeback-accept]")
	for _, tb := range []*tab{alice, bob} {
		tb.WaitText("[data-testid=status]", "Draw by agreement")
	}

	alice.Click("[data-action=rematch]")
	alice.WaitText("#request p", "You offered a rematch — waiting for Bob.")
	bob.WaitText("#request p", "Alice offers a rematch.")
	require.Equal(t, []string{"Accept rematch"}, accepts(bob), "one Accept for one offer")
	bob.Click("[data-action=takeback-accept]")
	alice.WaitMoves(0)
	alice.WaitJS("a new game", `!document.querySelector("#live").classList.contains("over")`)
}
