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
)

// checkAgainstDOM compares the scanner's reading of an update with a DOM
// parse of the same bytes.
func checkAgainstDOM(t *testing.T, b []byte) fragment {
	t.Helper()
	f, err := parseFragment(b, nil)
	require.NoError(t, err)
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(b))
	require.NoError(t, err)
	live := doc.Find("#live")
	require.Equal(t, 1, live.Length())
	require.Equal(t, live.AttrOr("data-version", ""), strconv.FormatUint(f.version, 10))
	var want, got []string
	live.Find("[data-testid=move]").Each(func(_ int, s *goquery.Selection) { want = append(want, strings.TrimSpace(s.Text())) })
	for i := range f.moves {
		got = append(got, f.moveText(i))
	}
	require.Equal(t, want, got)
	require.Equal(t, strings.TrimSpace(live.Find("[data-testid=turn]").Text()), f.turn)
	toast := live.Find("[data-testid=error]")
	require.Equal(t, toast.Length() > 0, f.hasError)
	require.Equal(t, strings.TrimSpace(toast.Text()), f.errText)
	require.Equal(t, live.Find("[data-action=takeback-accept]").Length() > 0, f.request)
	return f
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
		path, err := alice.createRoom(ctx, id)
		require.NoError(t, err)
		require.NoError(t, alice.get(ctx, path))
		require.NoError(t, bob.get(ctx, path))
		wa, err := alice.dial(ctx, path)
		require.NoError(t, err)
		defer wa.CloseNow()
		read := func(ws *websocket.Conn) fragment {
			for {
				_, b, err := ws.Read(ctx)
				require.NoError(t, err)
				if !countOnly(b) {
					return checkAgainstDOM(t, b)
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
		require.True(t, strings.HasPrefix(read(wb).turn, "Waiting for an opponent"))
		send(wb, `{"action":"join"}`)
		require.Equal(t, "Your move", read(wa).turn)
		read(wb)

		state, _ := g.New(nil)
		m := state.Legal(game.First, nil)[0]
		var f fragment
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
		require.Equal(t, game.FormatTurn(mustNew(t, g), []game.Move{m}), strings.Split(f.moveText(0), "+")[0])

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
		`<div class="toast">x</div>`,
		`<div id="live" class="live">no version</div>`,
		`<div id="live" data-version="x1">`,
	} {
		_, err := parseFragment([]byte(b), nil)
		require.Error(t, err, b)
	}
	f, err := parseFragment([]byte(`<div id="live" data-version="7"><div data-testid="turn" class="turn">Game over</div>`+
		`<li data-testid="move" class="seat0" title="a &gt; b">d1-d7/g7</li><li data-testid="move">b2&#43;e5</li></div>`), nil)
	require.NoError(t, err)
	require.Equal(t, uint64(7), f.version)
	require.True(t, f.over())
	require.Equal(t, "d1-d7/g7", f.moveText(0))
	require.Equal(t, "b2+e5", f.moveText(1))
}
