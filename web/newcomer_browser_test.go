package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"
)

// A newcomer's first ten minutes (issue 23), through the real pages: what
// asks before it ends a game, what the invited friend is told, who made
// each move, what a step of the replay says, and how proposals and draw
// offers are answered.

// confirm clicks a button that asks first, then its confirm button.
func (tb *tab) confirm(action string) {
	tb.t.Helper()
	tb.click("[data-action=" + action + "]")
	tb.waitJS(action+" asked again", fmt.Sprintf(`!!document.querySelector("[data-action=%s-confirm]") && document.querySelector("[data-action=%s-confirm]").offsetParent !== null`, action, action))
	tb.click("[data-action=" + action + "-confirm]")
}

// friendsInKalah is a Kalah room between Alice and Bob, each on their own
// page, where each side has moved once.
func friendsInKalah(t *testing.T, ts *testServer, alice, bob *tab, fields map[string]string) string {
	t.Helper()
	alice.run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	alice.typeInto(`form[data-testid=new-room] [name=name]`, "Alice")
	f := map[string]string{"game": "kalah", "mode": "friend"}
	for k, v := range fields {
		f[k] = v
	}
	room := createRoom(t, ts, alice, f)
	bob.open(room)
	bob.typeInto(`form[data-testid=join] input[name=name]`, "Bob")
	bob.click("[data-action=join]")
	alice.waitText(".player.seat1 .holder", "Bob")
	alice.clickCell(1, 1)
	bob.waitMoves(1)
	bob.clickCell(0, 1)
	alice.waitMoves(2)
	return room
}

// visible reports whether an element matching sel is shown.
func (tb *tab) visible(sel string) bool {
	return evalJS[bool](tb, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.offsetParent !== null })()`, sel))
}

// Item 4: resign, abort and new game ask again on the page; nothing is sent
// until confirmed, Escape and Cancel take the question back.
func TestBrowserEndingAGameAsksFirst(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := newBrowser(t, 390, 844)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	friendsInKalah(t, ts, alice, bob, nil)

	tests := []struct {
		name   string
		cancel func()
	}{
		{"Escape", func() {
			alice.run("press Escape", chromedp.KeyEvent(kb.Escape))
		}},
		{"Cancel", func() { alice.click("[data-confirm-cancel=resign]") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			alice.click("[data-action=resign]")
			alice.waitJS("the question", `document.activeElement && document.activeElement.dataset.action === "resign-confirm"`)
			require.Equal(t, "Resign this game?", alice.text("#confirm-resign .confirm-question"))
			require.False(t, alice.visible("[data-action=resign]"), "the question takes the button's place")
			require.False(t, evalJS[bool](alice, `document.querySelector("#live").classList.contains("over")`), "nothing sent yet")
			tc.cancel()
			alice.waitJS("the button back, focused", `document.activeElement && document.activeElement.dataset.action === "resign"`)
			require.False(t, alice.visible("[data-action=resign-confirm]"))
			require.Equal(t, "Your move", alice.text("[data-testid=turn]"), "the game goes on")
		})
	}

	// The question stays open through an update (Bob's chat redraws nothing
	// of it; his move would), then sends the resignation.
	alice.click("[data-action=resign]")
	bob.say("hello")
	alice.waitChat(1)
	require.True(t, alice.visible("[data-action=resign-confirm]"))
	alice.click("[data-action=resign-confirm]")
	alice.waitText("[data-testid=status]", "You lost — P1 resigned")
	bob.waitText("[data-testid=status]", "You won — P1 resigned")
}

func TestBrowserAbortAsksFirst(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	alice := newTab(t, browser, "alice")
	createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "hotseat"})
	alice.click("[data-action=abort]")
	require.True(t, alice.visible("[data-action=abort-confirm]"))
	require.False(t, evalJS[bool](alice, `document.querySelector("#live").classList.contains("over")`))
	alice.click("[data-action=abort-confirm]")
	alice.waitShown(".banner.finished")
}

// Item 5: the invited friend is told who invited them, to what game and
// clock and which side they will play, with Join as the main action; not to
// share the link, nor that they are watching.
func TestBrowserTheInvitation(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := newBrowser(t, 390, 844)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	alice.run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	alice.typeInto(`form[data-testid=new-room] [name=name]`, "Alice")
	room := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend", "clock": "fast"})
	require.Contains(t, alice.text("[data-testid=turn]"), "share the link", "the creator shares it")

	bob.open(room)
	require.Equal(t, "Alice invited you to play Kalah (Fast · 30 s a move). You will play P2, who moves second.",
		bob.text("[data-testid=invite]"))
	require.Equal(t, "Join to play", bob.text("[data-testid=turn]"))
	require.True(t, evalJS[bool](bob, `!!document.querySelector(".banner [data-action=join].primary")`), "Join is the main action, at the top")
	shown := evalJS[string](bob, `document.querySelector("#live").innerText`)
	require.NotContains(t, shown, "share the link")
	require.NotContains(t, shown, "watching")

	bob.click("[data-action=join]")
	bob.waitGone("[data-testid=invite]")
	alice.waitText(".player.seat1 .holder", evalJS[string](bob, `localStorage.getItem("name")`))
}

// Item 6: every move shows its mover, also after an extra turn, and is
// reached and opened with the keyboard.
func TestBrowserMoveListShowsTheMover(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	createRoom(t, ts, me, map[string]string{"game": "kalah", "mode": "hotseat"})
	me.clickCell(1, 3) // P1's 4 seeds end in the store: P1 again
	me.waitMoves(1)
	me.clickCell(1, 1)
	me.waitMoves(2)
	me.clickCell(0, 1)
	me.waitMoves(3)
	type item struct{ Seat, Dot, Label string }
	items := evalJS[[]item](me, `Array.from(document.querySelectorAll("[data-testid=move]")).map(li => {
		const b = li.querySelector("button"), dot = b && b.querySelector(".dot");
		return {Seat: li.dataset.seat, Dot: dot ? dot.className : "", Label: b ? b.getAttribute("aria-label") : ""} })`)
	require.Len(t, items, 3)
	require.Equal(t, []string{"P1", "P1", "P2"}, []string{items[0].Seat, items[1].Seat, items[2].Seat})
	require.Equal(t, "Move 2, P1: 1", items[1].Label, "the extra turn is P1's, and says so")
	require.Equal(t, items[0].Dot, items[1].Dot, "by colour too")
	require.NotEqual(t, items[1].Dot, items[2].Dot)
	require.NotEmpty(t, items[2].Dot)

	// Keyboard: a move is a button; Enter shows the position after it.
	evalJS[bool](me, `document.querySelector("[data-testid=move][data-ply='1'] button").focus(); true`)
	me.run("press Enter", chromedp.KeyEvent(kb.Enter))
	me.waitJS("looking back at move 1", `document.querySelector("#live").classList.contains("replaying")`)
	require.Equal(t, "Move 1 of 3: P1 played 3.", me.text("[data-testid=announce]"))
}

// Item 26: each step of the replay is announced, and the game's own count
// of turns is not shown beside the replay's.
func TestBrowserReplayStepsAreAnnounced(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	createRoom(t, ts, me, map[string]string{"game": "demons", "mode": "hotseat"})
	require.Contains(t, me.text("#board-note"), "Turn 1 of", "the game's count, while playing")
	me.clickCell(6, 1)
	me.waitText("[data-testid=turn]", "Demons to move")
	me.clickCell(3, 4)
	me.waitMoves(1)
	me.confirm("resign")
	me.waitShown(".banner.finished")
	me.click("[data-action=replay-first]")
	me.waitText("[data-testid=announce]", "Start of the game, before move 1 of 1.")
	me.click("[data-action=replay-next]")
	me.waitText("[data-testid=announce]", "Move 1 of 1: both chose b2+e5.")
	require.Equal(t, "Replay: move 1 of 1", me.text(".replay-pos"))
	require.Empty(t, me.text("#board-note"), "no \"Turn 2 of 8\" beside \"move 1 of 1\"")
}

// Items 11 and 28: one answer per proposal, named by what it accepts; the
// asker is told who must answer; a draw is offered and agreed.
func TestBrowserProposalsAndDraws(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
	friendsInKalah(t, ts, alice, bob, nil)
	accepts := func(tb *tab) []string {
		return evalJS[[]string](tb, `Array.from(document.querySelectorAll("#live button")).filter(b => b.offsetParent !== null &&
			/^Accept/.test(b.textContent.trim())).map(b => b.textContent.trim())`)
	}

	alice.click("[data-action=undo]")
	alice.waitText("#request p", "You asked for a takeback — waiting for Bob.")
	bob.waitText("#request p", "Alice asks to take back their last move.")
	require.Equal(t, []string{"Accept takeback"}, accepts(bob))
	bob.click("[data-action=takeback-decline]")
	alice.waitGone("#request .request")

	alice.click("[data-action=offer-draw]")
	alice.waitText("#request p", "You offered a draw — waiting for Bob.")
	require.False(t, alice.visible("[data-action=offer-draw]"))
	bob.waitText("#request p", "Alice offers a draw.")
	require.Equal(t, []string{"Accept draw"}, accepts(bob))
	bob.click("[data-action=takeback-accept]")
	for _, tb := range []*tab{alice, bob} {
		tb.waitText("[data-testid=status]", "Draw by agreement")
	}

	alice.click("[data-action=rematch]")
	alice.waitText("#request p", "You offered a rematch — waiting for Bob.")
	bob.waitText("#request p", "Alice offers a rematch.")
	require.Equal(t, []string{"Accept rematch"}, accepts(bob), "one Accept for one offer")
	bob.click("[data-action=takeback-accept]")
	alice.waitMoves(0)
	alice.waitJS("a new game", `!document.querySelector("#live").classList.contains("over")`)
}
