package rooms_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/realtime"
	"boardroom/web/webtest"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// The rough edges seen by eye, each checked through the real pages.

// TestBrowserLongMoveList plays a long computer-against-computer game and
// checks, on a desktop and a phone, that the move list shows every move,
// scrolls inside its card with the latest move in view, and never spills
// sideways.
func TestBrowserLongMoveList(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, size := range []struct {
		name          string
		width, height int
	}{{"desktop", 1280, 900}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			browser := webtest.NewBrowser(t, 1280, 900)
			host := newTab(t, browser, "host")
			host.Run("viewport", chromedp.EmulateViewport(int64(size.width), int64(size.height)))
			host.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "watch", "pace": "fast"})
			// Forty moves take a few seconds, more under the race detector on a busy machine.
			host.WaitJSFor(90*time.Second, "40 moves", `document.querySelectorAll("[data-testid=move]").length >= 40`)
			// The controls are redrawn at every move: click from the page itself.
			host.WaitJS("paused or over", `(document.querySelector("[data-action=pause]") || {click() {}}).click() ||
				!!document.querySelector("[data-action=resume], .banner.finished")`)
			n := len(host.Moves())
			require.GreaterOrEqual(t, n, 40)
			require.True(t, webtest.EvalJS[bool](host.Tab, `(() => {
				const list = document.getElementById("moves"), card = list.closest(".card");
				return list.scrollWidth <= list.clientWidth && list.getBoundingClientRect().right <= card.getBoundingClientRect().right + 0.5;
			})()`), "the list never overflows sideways")
			host.WaitJS("the latest move in view", `(() => {
				const list = document.getElementById("moves"), items = list.querySelectorAll("[data-testid=move]");
				const last = items[items.length-1].getBoundingClientRect(), box = list.getBoundingClientRect();
				return list.scrollHeight > list.clientHeight && last.bottom <= box.bottom + 1 && last.top >= box.top - 1;
			})()`)
			require.True(t, webtest.EvalJS[bool](host.Tab, `document.documentElement.scrollWidth <= window.innerWidth`), "nothing spills sideways")
			require.True(t, webtest.EvalJS[bool](host.Tab, `(() => {
				const list = document.getElementById("moves"), first = list.querySelector("[data-testid=move]");
				list.scrollTop = 0;
				const a = first.getBoundingClientRect(), box = list.getBoundingClientRect();
				return a.top >= box.top - 1 && a.bottom <= box.bottom + 1 && a.width > 0;
			})()`), "the first move is there to scroll back to")
		})
	}
}

// TestBrowserShowsOnlyWhatApplies: no clock box in a room with no clock
// (a click's flash shows on the banner), no empty controls card for a
// spectator, and Amazons' estimate says what it counts.
func TestBrowserShowsOnlyWhatApplies(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
	bob.Open(room)
	bob.Click("[data-action=join]")
	eve.Open(room)
	hidden := func(tb *tab, sel string) bool {
		return webtest.EvalJS[bool](tb.Tab, `(() => { const el = document.querySelector("`+sel+`"); return !el || el.offsetParent === null; })()`)
	}
	require.True(t, hidden(alice, "[data-testid=clock]"), "no clock, no clock box")
	require.True(t, hidden(eve, "#controls"), "a spectator of a game in play has no controls")
	require.False(t, hidden(alice, "#controls"))
	alice.ClickCell(0, 1) // not hers: refused, and the banner flashes
	alice.WaitShown(".banner.flash-bad")
	alice.ClickCell(1, 1)
	alice.WaitShown(".banner.flash-ok")

	clocked := alice.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "hotseat", "clock": "slow"})
	require.NotEmpty(t, clocked)
	require.False(t, hidden(alice, "[data-testid=clock]"))
	require.Contains(t, alice.Text("[data-testid=score]"), "squares of territory")
}

// TestBrowserLobbyLists: the live rooms show small boards kept current
// without reloading, the lists are paged, and a finished game shows its
// result and opens in its replay.
func TestBrowserLobbyLists(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me, visitor := newTab(t, browser, "me"), newTab(t, browser, "visitor")
	room := me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat"})
	id := room[strings.LastIndex(room, "/")+1:]
	visitor.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	picture := func() string {
		return webtest.EvalJS[string](visitor.Tab, `(() => { const img = document.querySelector('[data-testid=live-rooms] a[data-room="`+id+`"] img.picture');
			return img && img.complete && img.naturalWidth > 0 ? img.getAttribute("src") : ""; })()`)
	}
	visitor.WaitJS("the new room listed (the lists are made at most every few seconds)",
		`!!document.querySelector('[data-testid=live-rooms] a[data-room="`+id+`"] img.picture')`)
	visitor.WaitJS("its picture shown", `(() => { const img = document.querySelector('[data-testid=live-rooms] a[data-room="`+id+`"] img.picture');
		return img.complete && img.naturalWidth > 0; })()`)
	start := picture()
	require.Contains(t, start, "/r/"+id+"/picture.svg?v=", "the room's board, as a picture")
	me.ClickCell(1, 3) // P1 sows house 3 into its store
	visitor.WaitJS("the lobby's picture follows without a reload", `(() => {
		const img = document.querySelector('[data-testid=live-rooms] a[data-room="`+id+`"] img.picture');
		return img && img.getAttribute("src") !== "`+start+`" && img.complete && img.naturalWidth > 0; })()`)
	require.Contains(t, visitor.Text(`[data-room="`+id+`"]`), "1 move")

	// Eight rooms a page: the ninth is on the second.
	browserClient := ts.Browser(t)
	for range 9 {
		resp, _ := ts.Create(t, browserClient, url.Values{"game": {"amazons"}, "mode": {"hotseat"}})
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	}
	visitor.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	visitor.WaitShown("[data-testid=older-live]")
	require.Equal(t, 8, webtest.EvalJS[int](visitor.Tab, `document.querySelectorAll("[data-testid=live-rooms] li").length`))
	visitor.Click("[data-testid=older-live]")
	visitor.WaitJS("the second page", `document.querySelectorAll("[data-testid=live-rooms] li").length === 2`)
	require.Contains(t, visitor.Text("[data-testid=live-rooms]"), "Kalah", "the oldest room is on the second page")

	// A finished game: its result, and it opens in its replay.
	me.ClickCell(1, 1)
	me.WaitMoves(2)
	me.ClickCell(0, 1)
	me.WaitMoves(3)
	me.Confirm("resign")
	me.WaitShown(".banner.finished")
	visitor.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	visitor.WaitShown(`[data-testid=finished-rooms] [data-room="` + id + `"]`)
	require.Equal(t, "P2 won — P1 resigned", visitor.Text(`[data-testid=finished-rooms] [data-room="`+id+`"] [data-testid=result]`))
	visitor.Click(`[data-testid=finished-rooms] [data-room="` + id + `"]`)
	visitor.WaitJS("the replay from the start", `(document.querySelector(".replay-pos")||{}).textContent === "Replay: move 0 of 3"`)
}

// TestBrowserAResignationIsFinal: after resigning against the computer Undo
// is not offered (nor shown); a game that ended on the board can still be
// undone.
func TestBrowserAResignationIsFinal(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "computer"})
	me.ClickCell(1, 1)
	me.WaitJS("the computer's reply", `document.querySelectorAll("[data-testid=move]").length >= 2 &&
		document.querySelector("[data-testid=turn]").textContent === "Your move"`)
	me.Confirm("resign")
	me.WaitShown(".banner.finished")
	require.False(t, webtest.EvalJS[bool](me.Tab, `!!document.querySelector("[data-action=undo]")`), "a resignation is final: no Undo")

	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat", "houses": "1", "seeds": "1"})
	me.ClickCell(1, 1) // the one seed goes home and the game is over on the board
	me.WaitShown(".banner.finished")
	me.Click("[data-action=undo]")
	me.WaitMoves(0)
	me.WaitText("[data-testid=status]", "")
}

// TestBrowserTheComputerSaysItPlainly: after the computer's move the page
// says in one sentence how long it thought and what it expects; the search's
// own report is behind a Details disclosure.
func TestBrowserTheComputerSaysItPlainly(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, func(c *realtime.Config) {
		c.Bots = func(g game.Game, level, algorithm string, seed uint64) (game.Bot, error) {
			return game.PlayersOf(g).New(level, algorithm, seed, 100*time.Millisecond)
		}
	})
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "computer", "level": "difficult", "seat": "second"})
	me.WaitShown("[data-testid=bot-info]")
	said := me.Text("[data-testid=bot-info]")
	require.Regexp(t, `^Thought for \d+(\.\d)? m?s and (expects (to win|to lose|an even game)( by about [\d.]+ seeds)?|knows .*|sees .*)\.$`, said)
	require.False(t, webtest.EvalJS[bool](me.Tab, `document.querySelector("[data-testid=bot-details]").open`), "details are closed at first")
	me.Click("[data-testid=bot-details] summary")
	require.Contains(t, me.Text("[data-testid=bot-details] p"), "nodes", "the search's report")
}
