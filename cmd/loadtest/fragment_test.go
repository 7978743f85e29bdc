package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/frame/frametest"
)

// follower reads a page's updates twice: with the load tool's scanner and
// into a DOM the way htmx applies them, and checks that both agree.
type follower struct {
	p   page
	doc *goquery.Document
}

func (fl *follower) read(t *testing.T, b []byte) page {
	t.Helper()
	require.NoError(t, fl.p.apply(b))
	if bytes.Contains(b[:min(len(b), 200)], liveMark) {
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(b))
		require.NoError(t, err)
		fl.doc = doc
	} else {
		require.NotNil(t, fl.doc, "a delta before any whole fragment")
		require.NoError(t, frametest.Apply(fl.doc, b))
	}
	live := fl.doc.Find("#live")
	require.Equal(t, 1, live.Length())
	require.Equal(t, live.Find("#version").AttrOr("data-version", ""), strconv.FormatUint(fl.p.version, 10))
	want := []string{}
	live.Find("[data-testid=move]").Each(func(_ int, s *goquery.Selection) { want = append(want, strings.TrimSpace(s.Text())) })
	require.Equal(t, want, append([]string{}, fl.p.moves...))
	require.Equal(t, strings.TrimSpace(live.Find("[data-testid=turn]").Text()), fl.p.turn)
	require.Equal(t, bytes.Contains(b, errorMark), fl.p.hasError, "the update brought an error toast")
	if fl.p.hasError {
		require.Equal(t, strings.TrimSpace(live.Find("[data-testid=error]").Text()), fl.p.errText)
	}
	require.Equal(t, live.Find("[data-action=takeback-accept]").Length() > 0, fl.p.request)
	return fl.p
}

// TestFragmentScanner plays through a real server's pages (a move, a
// refused click, a new-game proposal) and reads every update both ways.
func TestFragmentScanner(t *testing.T) {
	srv := newServer(t)
	base, err := checkTarget(srv.URL, false)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
	defer cancel()
	for _, id := range []string{"amazons", "demons", "kalah"} {
		g, _ := game.Lookup(id)
		tr := newTransport(true)
		alice, bob := newBrowser(base, tr, browserAddr(0)), newBrowser(base, tr, browserAddr(1))
		path, err := alice.createRoom(ctx, friendForm(id))
		require.NoError(t, err)
		require.NoError(t, alice.get(ctx, path))
		require.NoError(t, bob.get(ctx, path))
		wa, err := alice.dial(ctx, path)
		require.NoError(t, err)
		defer wa.CloseNow()
		followers := map[*websocket.Conn]*follower{}
		read := func(ws *websocket.Conn) page {
			if followers[ws] == nil {
				followers[ws] = &follower{}
			}
			for {
				_, b, err := ws.Read(ctx)
				require.NoError(t, err)
				if !countOnly(b) {
					return followers[ws].read(t, b)
				}
			}
		}
		send := func(ws *websocket.Conn, msg string) {
			require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(msg)))
		}
		read(wa) // alice's page, before bob connects (the room takes connections in the order it hears of them)
		wb, err := bob.dial(ctx, path)
		require.NoError(t, err)
		defer wb.CloseNow()
		require.Equal(t, "Join to play", read(wb).turn)
		send(wb, `{"action":"join"}`)
		require.Equal(t, "Your move", read(wa).turn)
		read(wb)

		state, _ := g.New(nil)
		m := state.Legal(game.First, nil)[0]
		var f page
		for _, c := range m.Path() {
			send(wa, `{"cell":"`+c.String()+`"}`)
			f = read(wa)
		}
		if g.Simultaneous() {
			read(wb) // "has chosen"
			mb := state.Legal(game.Second, nil)[0]
			for _, c := range mb.Path() {
				send(wb, `{"cell":"`+c.String()+`"}`)
				read(wb)
			}
			f = read(wa)
			require.NoError(t, state.Apply(m, mb))
		} else {
			require.NoError(t, state.Apply(m))
			read(wb)
		}
		require.Len(t, f.moves, 1, id)
		require.Equal(t, game.FormatTurn(mustNew(t, g), []game.Move{m}), strings.Split(f.moves[0], "+")[0])

		send(wb, `{"cell":"99,99"}`)
		f = read(wb)
		require.True(t, f.hasError)
		require.NotEmpty(t, f.errText)

		send(wa, `{"action":"new"}`)
		read(wa)
		require.True(t, read(wb).request, "bob is asked to accept a new game")
		send(wb, `{"action":"takeback-accept"}`)
		require.Empty(t, read(wb).moves, "a new game")
		require.Empty(t, read(wa).moves)
	}
}

func mustNew(t *testing.T, g game.Game) game.State {
	s, err := g.New(nil)
	require.NoError(t, err)
	return s
}

func TestFragmentScannerRefuses(t *testing.T) {
	for _, b := range []string{
		``,
		`toast`,
		`<div id="live" class="live">no version</div>`,
		`<div id="live"><span id="version" data-version="x1"></span>`,
	} {
		var p page
		require.Error(t, p.apply([]byte(b)), b)
	}
}

func TestFragmentScannerFollowsDeltas(t *testing.T) {
	var p page
	require.NoError(t, p.apply([]byte(`<div id="live"><span id="version" hidden data-version="7"></span>`+
		`<div id="banner"><div data-testid="turn" class="turn">White to move</div></div>`+
		`<ol id="moves"><li data-testid="move" class="seat0"><button type="button" class="move" title="a &gt; b">d1-d7/g7<span class="dot"></span></button></li></ol></div>`)))
	require.Equal(t, uint64(7), p.version)
	require.Equal(t, []string{"d1-d7/g7"}, p.moves)
	require.NoError(t, p.apply([]byte(`<span id="version" hidden data-version="8"></span><button id="c0-0"></button>`+
		`<div hx-swap-oob="beforeend:#moves"> <li data-testid="move"><button type="button" class="move" title="">b2&#43;e5</button></li></div>`)))
	require.Equal(t, uint64(8), p.version)
	require.Equal(t, "White to move", p.turn, "a delta without the banner keeps the turn")
	require.Equal(t, []string{"d1-d7/g7", "b2+e5"}, p.moves)
	require.NoError(t, p.apply([]byte(`<div id="banner"><div data-testid="turn">Game over</div></div>`+
		`<div id="toast"><div data-testid="error">No.</div></div><ol id="moves"><li data-testid="move"><button type="button" class="move">a1</button></li></ol>`)))
	require.True(t, p.over())
	require.True(t, p.hasError)
	require.Equal(t, []string{"a1"}, p.moves, "a list sent whole replaces the moves")
	require.NoError(t, p.apply([]byte(`<div id="toast"></div>`)))
	require.False(t, p.hasError)
}

// TestSeatMark: the mark the tool reads a player's seat by (resumeMark) is
// on every whole view of a player's page, before the first move and after
// the end (where the game's buttons give way), and on no spectator's. A
// player cut after a game ended was counted as having lost the seat.
func TestSeatMark(t *testing.T) {
	srv := newServer(t)
	base, err := checkTarget(srv.URL, false)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
	defer cancel()
	tr := newTransport(true)
	alice, bob, carol := newBrowser(base, tr, browserAddr(0)), newBrowser(base, tr, browserAddr(1)), newBrowser(base, tr, browserAddr(2))
	path, err := alice.createRoom(ctx, friendForm("kalah"))
	require.NoError(t, err)
	// whole is the first view of a page opened now (the whole fragment).
	whole := func(b *browser) []byte {
		require.NoError(t, b.get(ctx, path))
		ws, err := b.dial(ctx, path)
		require.NoError(t, err)
		defer ws.CloseNow()
		for {
			_, msg, err := ws.Read(ctx)
			require.NoError(t, err)
			if !countOnly(msg) {
				require.Contains(t, string(msg[:min(len(msg), 200)]), string(liveMark))
				return msg
			}
		}
	}
	require.True(t, bytes.Contains(whole(alice), resumeMark), "a player before the first move")
	require.NoError(t, bob.get(ctx, path)) // the page gives the browser its token
	wb, err := bob.dial(ctx, path)
	require.NoError(t, err)
	defer wb.CloseNow()
	require.NoError(t, wb.Write(ctx, websocket.MessageText, []byte(`{"action":"join"}`)))
	wa, err := alice.dial(ctx, path)
	require.NoError(t, err)
	defer wa.CloseNow()
	var p page
	until := func(turn string) {
		for p.turn != turn {
			_, msg, err := wa.Read(ctx)
			require.NoError(t, err)
			if !countOnly(msg) {
				require.NoError(t, p.apply(msg))
			}
		}
	}
	until("Your move") // Bob is seated
	require.NoError(t, wa.Write(ctx, websocket.MessageText, []byte(`{"action":"abort"}`)))
	until("Game over")
	for name, b := range map[string]*browser{"alice": alice, "bob": bob} {
		require.True(t, bytes.Contains(whole(b), resumeMark), "%s, a player, after the end", name)
	}
	require.False(t, bytes.Contains(whole(carol), resumeMark), "a spectator")
}
