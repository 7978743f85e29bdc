package rooms_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime"
	"boardroom/realtime/clocktest"
	"boardroom/web/webtest"
)

// The rooms issue, point by point, through the real pages in Chromium:
// who sees a room, seats, clocks that wait, rematch, abort and claim, a
// level per computer seat, honest labels and the replay's way back.

// listed reports whether the lobby, freshly loaded, links to the room.
func (tb *tab) listed(ts *testServer, roomURL string) bool {
	tb.T.Helper()
	tb.Run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	path := strings.TrimPrefix(roomURL, ts.URL)
	return webtest.EvalJS[bool](tb.Tab, fmt.Sprintf(`!!document.querySelector('#watch a[href=%q]')`, path))
}

func TestBrowserRooms(t *testing.T) {
	t.Parallel()
	clock := clocktest.New()
	ts := newTestServer(t, func(c *realtime.Config) {
		c.Clock = clock
		// Real computer players, quick, so that their labels are their own.
		c.Bots = func(g game.Game, level, algorithm string, seed uint64) (game.Bot, error) {
			return game.PlayersOf(g).New(level, algorithm, seed, 20*time.Millisecond)
		}
	})
	ts.Store.SetNow(clock.Now) // the rooms' changes on the rooms' clock, which the live list reads
	browser := webtest.NewBrowser(t, 1280, 900)

	t.Run("who sees a room", func(t *testing.T) {
		alice, bob, carol := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "carol")
		room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
		require.False(t, carol.listed(ts, room), "a friend room waiting for its friend is not listed")
		bob.Open(room)
		bob.Click("[data-action=join]")
		bob.WaitGone("[data-action=join]")
		require.True(t, carol.listed(ts, room), "listed once both seats are held")

		private := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat"}, "private")
		require.False(t, carol.listed(ts, private), "a private room is never listed")
		carol.Open(private)
		require.Equal(t, 14, webtest.EvalJS[int](carol.Tab, `document.querySelectorAll("[data-testid=board] [data-cell]").length`),
			"but its link opens it")
		require.Equal(t, "1", carol.Text("[data-testid=spectators]"), "to watch")
		alice.ClickCell(1, 1)
		carol.WaitMoves(1)
		alice.ClickCell(0, 1)
		alice.WaitMoves(2)
		alice.Confirm("resign")
		alice.WaitShown(".banner.finished")
		require.False(t, carol.listed(ts, private), "not among finished games either")
	})

	t.Run("seats", func(t *testing.T) {
		alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")
		room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
		require.False(t, webtest.EvalJS[bool](alice.Tab, `!!document.querySelector("[data-action=join]")`), "the creator holds a seat")
		bob.Open(room)
		bob.Click("[data-action=join]")
		bob.WaitGone("[data-action=join]")
		eve.Open(room)
		require.False(t, webtest.EvalJS[bool](eve.Tab, `!!document.querySelector("[data-action=join]")`), "a full room offers no seat")
		// A join sent over the socket anyway is refused and changes nothing.
		ctx, cancel := context.WithTimeout(eve.Ctx, 20*time.Second)
		defer cancel()
		refusal, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new Promise(done => {
			const ws = new WebSocket(location.href.replace(/^http/, "ws") + "/ws");
			ws.onopen = () => ws.send(JSON.stringify({action: "join"}));
			ws.onmessage = e => { const m = /Both seats are taken[^<]*/.exec(e.data); if (m) { done(m[0]); ws.close(); } };
			setTimeout(() => done("no refusal"), 5000);
		})`, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		require.Equal(t, "Both seats are taken; you are watching.", refusal)
		bob.ClickCell(1, 1)
		bob.WaitText("[data-testid=error]", "It is not your turn.") // Bob is still the second seat
	})

	t.Run("clocks that wait", func(t *testing.T) {
		alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
		// A Bullet room against the computer, made and opened 20 s later.
		room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "computer", "clock": "bullet"})
		alice.Run("leave", chromedp.Navigate("about:blank"))
		clock.Advance(20 * time.Second)
		alice.Open(room)
		require.Equal(t, "Your move", alice.Text("[data-testid=turn]"))
		require.Empty(t, alice.Text("[data-testid=status]"), "not lost on time")
		require.Contains(t, alice.Text("[data-testid=clock]"), "First move")

		// Between two people: nothing runs until both are there; then the
		// first moves are off the clock, and after them the move clock runs.
		room = alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend", "clock": "bullet"})
		clock.Advance(30 * time.Second)
		alice.Open(room)
		require.Contains(t, alice.Text("[data-testid=turn]"), "Waiting for an opponent")
		bob.Open(room)
		bob.Click("[data-action=join]")
		alice.WaitText("[data-testid=turn]", "Your move")
		clock.Advance(20 * time.Second)
		alice.ClickCell(1, 1)
		bob.WaitText("[data-testid=turn]", "Your move")
		require.Contains(t, bob.Text("[data-testid=clock]"), "First move")
		bob.ClickCell(0, 1)
		alice.WaitJS("the move clock", `document.querySelector("[data-testid=clock]").textContent.includes("Bullet")`)
		clock.Advance(10 * time.Second)
		alice.WaitText("[data-testid=status]", "You lost — P1 ran out of time")

		// A first move not made in 60 s aborts the game.
		room = alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend", "clock": "fast"})
		bob.Open(room)
		bob.Click("[data-action=join]")
		alice.WaitText("[data-testid=turn]", "Your move")
		clock.Advance(60 * time.Second)
		bob.WaitText("[data-testid=status]", "Game aborted: P1 did not make a first move in time")
	})

	t.Run("rematch", func(t *testing.T) {
		alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")
		room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
		bob.Open(room)
		bob.Click("[data-action=join]")
		eve.Open(room)
		alice.ClickCell(1, 1)
		bob.WaitText("[data-testid=turn]", "Your move")
		bob.ClickCell(0, 1)
		alice.WaitMoves(2)
		alice.Confirm("resign")
		eve.WaitText("[data-testid=status]", webtest.EvalJS[string](bob.Tab, `localStorage.getItem("name")`)+" wins — P1 resigned")
		require.False(t, webtest.EvalJS[bool](eve.Tab, `!!document.querySelector("[data-action=rematch]")`), "spectators have no rematch")

		alice.Click("[data-action=rematch]")
		alice.WaitText("[data-action=rematch]", "Cancel rematch")
		bob.WaitText("[data-action=takeback-accept]", "Accept rematch") // the offer's card answers it
		require.False(t, webtest.EvalJS[bool](bob.Tab, `!!document.querySelector("[data-action=rematch]")`), "one Accept, not two")
		bob.Click("[data-action=takeback-accept]")
		for _, tb := range []*tab{alice, bob, eve} {
			tb.WaitMoves(0)
			tb.WaitText("[data-testid=status]", "")
		}
		bob.WaitText("[data-testid=turn]", "Your move") // Bob had the second seat: he moves first now
		require.Equal(t, "P1 to move", alice.Text("[data-testid=turn]"))
		require.Equal(t, room, alice.Location(), "the same link")
		bob.ClickCell(1, 1)
		eve.WaitMoves(1)

		// The finished game is listed and replays, with a way to the rematch.
		alice.Run("open the lobby", chromedp.Navigate(ts.URL+"/"))
		finished := webtest.EvalJS[string](alice.Tab, `document.querySelector("#watch .room-list:last-of-type a").getAttribute("href")`)
		require.NotEqual(t, strings.TrimPrefix(room, ts.URL), finished, "the finished game has a link of its own")
		alice.Open(ts.URL + finished)
		require.Equal(t, 2, len(alice.Moves()))
		require.Equal(t, "You lost — P1 resigned", alice.Text("[data-testid=status]"))
		next := webtest.EvalJS[string](alice.Tab, `document.querySelector("[data-testid=next-game]").getAttribute("href")`)
		require.Equal(t, strings.TrimPrefix(room, ts.URL), next, "and leads to the rematch")
	})

	t.Run("abort and claim", func(t *testing.T) {
		alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
		room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
		bob.Open(room)
		bob.Click("[data-action=join]")
		alice.ClickCell(1, 1)
		bob.WaitMoves(1)
		bob.Confirm("abort") // Bob has not moved yet
		alice.WaitText("[data-testid=status]", "Game aborted by P2")

		room = alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
		bob.Open(room)
		bob.Click("[data-action=join]")
		alice.ClickCell(1, 1)
		bob.WaitMoves(1)
		bob.ClickCell(0, 1)
		alice.WaitMoves(2)
		require.False(t, webtest.EvalJS[bool](alice.Tab, `!!document.querySelector("[data-action=abort]")`), "both have moved: no abort")
		alice.Run("leave", chromedp.Navigate("about:blank")) // Alice, to move, leaves
		bob.WaitShown(".player.seat0 .offline")
		require.Empty(t, bob.seatCardProblems(), "a guest who went offline: both badges in the card's right column")
		clock.Advance(59 * time.Second)
		time.Sleep(100 * time.Millisecond)
		require.False(t, webtest.EvalJS[bool](bob.Tab, `!!document.querySelector("[data-action=claim-win]")`), "not before a minute")
		clock.Advance(time.Second)
		bob.WaitShown("[data-action=claim-win]")
		bob.Click("[data-action=claim-win]")
		bob.WaitText("[data-testid=status]", "You won — P1 left the game")
	})

	t.Run("a level per computer seat", func(t *testing.T) {
		host := newTab(t, browser, "host")
		host.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "watch", "level": "medium", "level_second": "difficult", "pace": "slow"})
		require.Equal(t, "Computer · Medium", host.Text(".player.seat0 .holder"))
		require.Equal(t, "Computer · Difficult · Alpha-beta", host.Text(".player.seat1 .holder"))
	})

	t.Run("honest labels", func(t *testing.T) {
		me := newTab(t, browser, "me")
		form := `form[data-testid=new-room] `
		visible := func() bool {
			return webtest.EvalJS[bool](me.Tab, `document.querySelector("form[data-testid=new-room] [name=algorithm]").offsetParent !== null`)
		}
		me.Run("lobby", chromedp.Navigate(ts.URL+"/"),
			chromedp.Click(chromedp.CSS(`[data-game-card=amazons]`)),
			chromedp.SetValue(chromedp.CSS(form+`[name=mode]`), "computer"),
			chromedp.SetValue(chromedp.CSS(form+`[name=level]`), "beginner"))
		require.False(t, visible(), "Beginner does not search: no search choice")
		me.Run("medium", chromedp.SetValue(chromedp.CSS(form+`[name=level]`), "medium"))
		require.False(t, visible(), "Medium's search is fixed")
		me.Run("difficult", chromedp.SetValue(chromedp.CSS(form+`[name=level]`), "difficult"))
		require.True(t, visible())
		me.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "computer", "level": "difficult", "algorithm": "minimax"})
		require.Equal(t, "Computer · Difficult · Minimax", me.Text(".player.seat1 .holder"))
		me.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "computer", "level": "beginner", "algorithm": "minimax"})
		require.Equal(t, "Computer · Beginner", me.Text(".player.seat1 .holder"))
	})

	t.Run("replay controls", func(t *testing.T) {
		me := newTab(t, browser, "me")
		me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat"})
		me.ClickCell(1, 1)
		me.WaitMoves(1)
		me.ClickCell(0, 1)
		me.WaitMoves(2)
		me.Confirm("resign")
		me.WaitShown("[data-action=replay-first]")
		board := func() string { return me.Text("[data-testid=board]") }
		final := board()
		me.Click("[data-action=replay-first]")
		me.WaitJS("replay at the start", `(document.querySelector(".replay-pos")||{}).textContent === "Replay: move 0 of 2"`)
		require.NotEqual(t, final, board())
		me.Click("[data-action=replay-exit]")
		me.WaitGone(".replay-pos")
		me.WaitGone("[data-action=replay-exit]")
		require.Equal(t, "Game over", me.Text("[data-testid=turn]"))
		require.Equal(t, final, board(), "back at the final position")
	})
}

// TestBrowserPlaysAGameRegisteredOnlyInTests creates a room of tic-tac-toe,
// a game that only this package's tests register, through the real lobby
// form, and plays it to a win: adding a game needs nothing outside its own
// packages.
func TestBrowserPlaysAGameRegisteredOnlyInTests(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	x, o, eve := newTab(t, browser, "x"), newTab(t, browser, "o"), newTab(t, browser, "eve")
	room := x.CreateRoom(ts.Node, map[string]string{"game": "tictactoe", "mode": "friend"})
	o.Open(room)
	o.Click("[data-action=join]")
	eve.Open(room)
	for i, sq := range [][2]int{{1, 1}, {0, 0}, {0, 2}, {2, 0}, {1, 0}, {2, 2}, {1, 2}} { // X: 5, 3, 4, 6
		player := [2]*tab{x, o}[i%2]
		player.WaitText("[data-testid=turn]", "Your move")
		player.ClickCell(sq[0], sq[1])
		eve.WaitMoves(i + 1)
	}
	eve.WaitText("[data-testid=status]", webtest.EvalJS[string](x.Tab, `localStorage.getItem("name")`)+" wins — three in a row")
	require.Equal(t, []string{"5", "1", "3", "7", "4", "9", "6"}, eve.Moves())
	require.Equal(t, "X", strings.TrimSpace(eve.Text(`[data-cell="1,1"]`)))
	require.Equal(t, "Three in a row wins", eve.Text("[data-testid=score]"))
}

// seatCardProblems says what is out of place in the room's seat cards:
// their names must start at one line, and their badges (guest, has
// chosen, offline) sit at the card's right edge, right of the name and no
// wider than their words. A guest who went offline once pushed its guest
// badge under the dot, widening the dot's column and shifting its name.
func (tb *tab) seatCardProblems() string {
	tb.T.Helper()
	return webtest.EvalJS[string](tb.Tab, `(() => {
		const cards = [...document.querySelectorAll(".players .player")];
		const problems = [];
		const lefts = cards.map(c => Math.round(c.querySelector(".seat-name").getBoundingClientRect().left));
		if (new Set(lefts).size > 1) problems.push("the names start at " + lefts.join(", "));
		for (const c of cards) {
			const box = c.getBoundingClientRect(), style = getComputedStyle(c);
			const right = box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
			const name = c.querySelector(".seat-name").getBoundingClientRect();
			for (const b of c.querySelectorAll(".guest, .chosen, .offline")) {
				const r = b.getBoundingClientRect(), words = document.createRange();
				words.selectNodeContents(b);
				const what = JSON.stringify(b.textContent.trim());
				if (Math.abs(r.right - right) > 1) problems.push(what + " ends at " + r.right + ", the card's content at " + right);
				if (r.left < name.right) problems.push(what + " starts left of the seat's name");
				if (r.width > words.getBoundingClientRect().width + 20) problems.push(what + " is stretched to " + r.width + "px");
			}
		}
		return problems.join("; ");
	})()`)
}
