package web

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
)

// The rooms issue, point by point, through the real pages in Chromium:
// who sees a room, seats, clocks that wait, rematch, abort and claim, a
// level per computer seat, honest labels and the replay's way back.

// createRoom fills the lobby's form (selects and inputs by name, then the
// checkboxes named in ticks), submits it and returns the room's URL.
func createRoom(t *testing.T, ts *testServer, tb *tab, fields map[string]string, ticks ...string) string {
	t.Helper()
	form := `form[data-testid=new-room] `
	actions := []chromedp.Action[chromedp.Void]{chromedp.Navigate(ts.URL + "/")}
	if v, ok := fields["game"]; ok { // first: the game and mode decide which fields show
		actions = append(actions, chromedp.Click(chromedp.CSS(`[data-game-card=`+v+`]`)))
	}
	if v, ok := fields["mode"]; ok {
		actions = append(actions, chromedp.SetValue(chromedp.CSS(form+`[name=mode]`), v))
	}
	for k, v := range fields {
		if k != "game" && k != "mode" {
			actions = append(actions, chromedp.SetValue(chromedp.CSS(form+`[name=`+k+`]`), v))
		}
	}
	for _, name := range ticks {
		actions = append(actions, chromedp.Click(chromedp.CSS(form+`input[type=checkbox][name=`+name+`]`)))
	}
	actions = append(actions,
		chromedp.Click(chromedp.CSS(form+`button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid=board]`)),
	)
	tb.run("create a room", actions...)
	tb.connected()
	return tb.location()
}

// open opens a room's link and waits for its socket.
func (tb *tab) open(url string) {
	tb.t.Helper()
	tb.run("open "+url, chromedp.Navigate(url))
	tb.connected()
}

// waitText waits until the element's text is want.
func (tb *tab) waitText(sel, want string) {
	tb.t.Helper()
	tb.waitJS(fmt.Sprintf("%s to read %q", sel, want), fmt.Sprintf(`(document.querySelector(%q)||{}).textContent === %q`, sel, want))
}

// waitGone waits until nothing matches sel.
func (tb *tab) waitGone(sel string) {
	tb.t.Helper()
	tb.waitJS(sel+" gone", fmt.Sprintf(`!document.querySelector(%q)`, sel))
}

// waitShown waits until something matches sel.
func (tb *tab) waitShown(sel string) {
	tb.t.Helper()
	tb.waitJS(sel+" shown", fmt.Sprintf(`!!document.querySelector(%q)`, sel))
}

// listed reports whether the lobby, freshly loaded, links to the room.
func (tb *tab) listed(ts *testServer, roomURL string) bool {
	tb.t.Helper()
	tb.run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	path := strings.TrimPrefix(roomURL, ts.URL)
	return evalJS[bool](tb, fmt.Sprintf(`!!document.querySelector('#watch a[href=%q]')`, path))
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
	ts.store.SetNow(clock.Now) // the rooms' changes on the rooms' clock, which the live list reads
	browser := newBrowser(t, 1280, 900)

	t.Run("who sees a room", func(t *testing.T) {
		alice, bob, carol := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "carol")
		room := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend"})
		require.False(t, carol.listed(ts, room), "a friend room waiting for its friend is not listed")
		bob.open(room)
		bob.click("[data-action=join]")
		bob.waitGone("[data-action=join]")
		require.True(t, carol.listed(ts, room), "listed once both seats are held")

		private := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "hotseat"}, "private")
		require.False(t, carol.listed(ts, private), "a private room is never listed")
		carol.open(private)
		require.Equal(t, 14, evalJS[int](carol, `document.querySelectorAll("[data-testid=board] [data-cell]").length`),
			"but its link opens it")
		require.Equal(t, "1", carol.text("[data-testid=spectators]"), "to watch")
		alice.clickCell(1, 1)
		carol.waitMoves(1)
		alice.clickCell(0, 1)
		alice.waitMoves(2)
		alice.confirm("resign")
		alice.waitShown(".banner.finished")
		require.False(t, carol.listed(ts, private), "not among finished games either")
	})

	t.Run("seats", func(t *testing.T) {
		alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")
		room := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend"})
		require.False(t, evalJS[bool](alice, `!!document.querySelector("[data-action=join]")`), "the creator holds a seat")
		bob.open(room)
		bob.click("[data-action=join]")
		bob.waitGone("[data-action=join]")
		eve.open(room)
		require.False(t, evalJS[bool](eve, `!!document.querySelector("[data-action=join]")`), "a full room offers no seat")
		// A join sent over the socket anyway is refused and changes nothing.
		ctx, cancel := context.WithTimeout(eve.ctx, 20*time.Second)
		defer cancel()
		refusal, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new Promise(done => {
			const ws = new WebSocket(location.href.replace(/^http/, "ws") + "/ws");
			ws.onopen = () => ws.send(JSON.stringify({action: "join"}));
			ws.onmessage = e => { const m = /Both seats are taken[^<]*/.exec(e.data); if (m) { done(m[0]); ws.close(); } };
			setTimeout(() => done("no refusal"), 5000);
		})`, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		require.Equal(t, "Both seats are taken; you are watching.", refusal)
		bob.clickCell(1, 1)
		bob.waitText("[data-testid=error]", "It is not your turn.") // Bob is still the second seat
	})

	t.Run("clocks that wait", func(t *testing.T) {
		alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
		// A Bullet room against the computer, made and opened 20 s later.
		room := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "computer", "clock": "bullet"})
		alice.run("leave", chromedp.Navigate("about:blank"))
		clock.Advance(20 * time.Second)
		alice.open(room)
		require.Equal(t, "Your move", alice.text("[data-testid=turn]"))
		require.Empty(t, alice.text("[data-testid=status]"), "not lost on time")
		require.Contains(t, alice.text("[data-testid=clock]"), "First move")

		// Between two people: nothing runs until both are there; then the
		// first moves are off the clock, and after them the move clock runs.
		room = createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend", "clock": "bullet"})
		clock.Advance(30 * time.Second)
		alice.open(room)
		require.Contains(t, alice.text("[data-testid=turn]"), "Waiting for an opponent")
		bob.open(room)
		bob.click("[data-action=join]")
		alice.waitText("[data-testid=turn]", "Your move")
		clock.Advance(20 * time.Second)
		alice.clickCell(1, 1)
		bob.waitText("[data-testid=turn]", "Your move")
		require.Contains(t, bob.text("[data-testid=clock]"), "First move")
		bob.clickCell(0, 1)
		alice.waitJS("the move clock", `document.querySelector("[data-testid=clock]").textContent.includes("Bullet")`)
		clock.Advance(10 * time.Second)
		alice.waitText("[data-testid=status]", "You lost — P1 ran out of time")

		// A first move not made in 60 s aborts the game.
		room = createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend", "clock": "fast"})
		bob.open(room)
		bob.click("[data-action=join]")
		alice.waitText("[data-testid=turn]", "Your move")
		clock.Advance(60 * time.Second)
		bob.waitText("[data-testid=status]", "Game aborted: P1 did not make a first move in time")
	})

	t.Run("rematch", func(t *testing.T) {
		alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")
		room := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend"})
		bob.open(room)
		bob.click("[data-action=join]")
		eve.open(room)
		alice.clickCell(1, 1)
		bob.waitText("[data-testid=turn]", "Your move")
		bob.clickCell(0, 1)
		alice.waitMoves(2)
		alice.confirm("resign")
		eve.waitText("[data-testid=status]", evalJS[string](bob, `localStorage.getItem("name")`)+" wins — P1 resigned")
		require.False(t, evalJS[bool](eve, `!!document.querySelector("[data-action=rematch]")`), "spectators have no rematch")

		alice.click("[data-action=rematch]")
		alice.waitText("[data-action=rematch]", "Cancel rematch")
		bob.waitText("[data-action=takeback-accept]", "Accept rematch") // the offer's card answers it
		require.False(t, evalJS[bool](bob, `!!document.querySelector("[data-action=rematch]")`), "one Accept, not two")
		bob.click("[data-action=takeback-accept]")
		for _, tb := range []*tab{alice, bob, eve} {
			tb.waitMoves(0)
			tb.waitText("[data-testid=status]", "")
		}
		bob.waitText("[data-testid=turn]", "Your move") // Bob had the second seat: he moves first now
		require.Equal(t, "P1 to move", alice.text("[data-testid=turn]"))
		require.Equal(t, room, alice.location(), "the same link")
		bob.clickCell(1, 1)
		eve.waitMoves(1)

		// The finished game is listed and replays, with a way to the rematch.
		alice.run("open the lobby", chromedp.Navigate(ts.URL+"/"))
		finished := evalJS[string](alice, `document.querySelector("#watch .room-list:last-of-type a").getAttribute("href")`)
		require.NotEqual(t, strings.TrimPrefix(room, ts.URL), finished, "the finished game has a link of its own")
		alice.open(ts.URL + finished)
		require.Equal(t, 2, len(alice.moves()))
		require.Equal(t, "You lost — P1 resigned", alice.text("[data-testid=status]"))
		next := evalJS[string](alice, `document.querySelector("[data-testid=next-game]").getAttribute("href")`)
		require.Equal(t, strings.TrimPrefix(room, ts.URL), next, "and leads to the rematch")
	})

	t.Run("abort and claim", func(t *testing.T) {
		alice, bob := newTab(t, browser, "alice"), newTab(t, browser, "bob")
		room := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend"})
		bob.open(room)
		bob.click("[data-action=join]")
		alice.clickCell(1, 1)
		bob.waitMoves(1)
		bob.confirm("abort") // Bob has not moved yet
		alice.waitText("[data-testid=status]", "Game aborted by P2")

		room = createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend"})
		bob.open(room)
		bob.click("[data-action=join]")
		alice.clickCell(1, 1)
		bob.waitMoves(1)
		bob.clickCell(0, 1)
		alice.waitMoves(2)
		require.False(t, evalJS[bool](alice, `!!document.querySelector("[data-action=abort]")`), "both have moved: no abort")
		alice.run("leave", chromedp.Navigate("about:blank")) // Alice, to move, leaves
		bob.waitShown(".player.seat0 .offline")
		require.Empty(t, bob.seatCardProblems(), "a guest who went offline: both badges in the card's right column")
		clock.Advance(59 * time.Second)
		time.Sleep(100 * time.Millisecond)
		require.False(t, evalJS[bool](bob, `!!document.querySelector("[data-action=claim-win]")`), "not before a minute")
		clock.Advance(time.Second)
		bob.waitShown("[data-action=claim-win]")
		bob.click("[data-action=claim-win]")
		bob.waitText("[data-testid=status]", "You won — P1 left the game")
	})

	t.Run("a level per computer seat", func(t *testing.T) {
		host := newTab(t, browser, "host")
		createRoom(t, ts, host, map[string]string{"game": "kalah", "mode": "watch", "level": "medium", "level_second": "difficult", "pace": "slow"})
		require.Equal(t, "Computer · Medium", host.text(".player.seat0 .holder"))
		require.Equal(t, "Computer · Difficult · Alpha-beta", host.text(".player.seat1 .holder"))
	})

	t.Run("honest labels", func(t *testing.T) {
		me := newTab(t, browser, "me")
		form := `form[data-testid=new-room] `
		visible := func() bool {
			return evalJS[bool](me, `document.querySelector("form[data-testid=new-room] [name=algorithm]").offsetParent !== null`)
		}
		me.run("lobby", chromedp.Navigate(ts.URL+"/"),
			chromedp.Click(chromedp.CSS(`[data-game-card=amazons]`)),
			chromedp.SetValue(chromedp.CSS(form+`[name=mode]`), "computer"),
			chromedp.SetValue(chromedp.CSS(form+`[name=level]`), "beginner"))
		require.False(t, visible(), "Beginner does not search: no search choice")
		me.run("medium", chromedp.SetValue(chromedp.CSS(form+`[name=level]`), "medium"))
		require.False(t, visible(), "Medium's search is fixed")
		me.run("difficult", chromedp.SetValue(chromedp.CSS(form+`[name=level]`), "difficult"))
		require.True(t, visible())
		createRoom(t, ts, me, map[string]string{"game": "amazons", "mode": "computer", "level": "difficult", "algorithm": "minimax"})
		require.Equal(t, "Computer · Difficult · Minimax", me.text(".player.seat1 .holder"))
		createRoom(t, ts, me, map[string]string{"game": "amazons", "mode": "computer", "level": "beginner", "algorithm": "minimax"})
		require.Equal(t, "Computer · Beginner", me.text(".player.seat1 .holder"))
	})

	t.Run("replay controls", func(t *testing.T) {
		me := newTab(t, browser, "me")
		createRoom(t, ts, me, map[string]string{"game": "kalah", "mode": "hotseat"})
		me.clickCell(1, 1)
		me.waitMoves(1)
		me.clickCell(0, 1)
		me.waitMoves(2)
		me.confirm("resign")
		me.waitShown("[data-action=replay-first]")
		board := func() string { return me.text("[data-testid=board]") }
		final := board()
		me.click("[data-action=replay-first]")
		me.waitJS("replay at the start", `(document.querySelector(".replay-pos")||{}).textContent === "Replay: move 0 of 2"`)
		require.NotEqual(t, final, board())
		me.click("[data-action=replay-exit]")
		me.waitGone(".replay-pos")
		me.waitGone("[data-action=replay-exit]")
		require.Equal(t, "Game over", me.text("[data-testid=turn]"))
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
	browser := newBrowser(t, 1280, 900)
	x, o, eve := newTab(t, browser, "x"), newTab(t, browser, "o"), newTab(t, browser, "eve")
	room := createRoom(t, ts, x, map[string]string{"game": "tictactoe", "mode": "friend"})
	o.open(room)
	o.click("[data-action=join]")
	eve.open(room)
	for i, sq := range [][2]int{{1, 1}, {0, 0}, {0, 2}, {2, 0}, {1, 0}, {2, 2}, {1, 2}} { // X: 5, 3, 4, 6
		player := [2]*tab{x, o}[i%2]
		player.waitText("[data-testid=turn]", "Your move")
		player.clickCell(sq[0], sq[1])
		eve.waitMoves(i + 1)
	}
	eve.waitText("[data-testid=status]", evalJS[string](x, `localStorage.getItem("name")`)+" wins — three in a row")
	require.Equal(t, []string{"5", "1", "3", "7", "4", "9", "6"}, eve.moves())
	require.Equal(t, "X", strings.TrimSpace(eve.text(`[data-cell="1,1"]`)))
	require.Equal(t, "Three in a row wins", eve.text("[data-testid=score]"))
}

// seatCardProblems says what is out of place in the room's seat cards:
// their names must start at one line, and their badges (guest, has
// chosen, offline) sit at the card's right edge, right of the name and no
// wider than their words. A guest who went offline once pushed its guest
// badge under the dot, widening the dot's column and shifting its name.
func (tb *tab) seatCardProblems() string {
	tb.t.Helper()
	return evalJS[string](tb, `(() => {
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
