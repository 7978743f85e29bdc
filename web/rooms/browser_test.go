package rooms_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/web/webtest"
)

// TestBrowserPlaysEveryGame plays a short game of every game through the
// real pages: Alice creates the room in the lobby, Bob joins by the share
// link, Eve watches; every click goes through the WebSocket, and all three
// must see every move. Games that would take long are ended by resigning.
func TestBrowserPlaysEveryGame(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	tests := []struct {
		id       string
		opts     map[string]string
		maxTurns int
	}{
		{"kalah", map[string]string{"houses": "3", "seeds": "2"}, 60},
		{"angels", map[string]string{"size": "7", "power": "1"}, 60},
		{"demons", map[string]string{"size": "6", "turns": "3"}, 10},
		{"amazons", nil, 6},
		{"bishops", map[string]string{"setup": "classic"}, 8},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			t.Parallel() // a room of its own on the shared server
			alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")
			roomURL := alice.CreateGame(ts.Node, tc.id, "friend", tc.opts)
			require.True(t, strings.HasPrefix(roomURL, ts.URL+"/r/"), roomURL)
			share := webtest.EvalJS[string](alice.Tab, `document.querySelector("[data-testid=share-link]").value`)
			require.Equal(t, roomURL, share, "the share link is the room's absolute URL")

			bob.Run("open the shared link", chromedp.Navigate(share))
			bob.Connected()
			bob.Click("[data-action=join]")
			bob.WaitJS("Bob is seated", `!document.querySelector("[data-action=join]")`)
			eve.Run("open the shared link", chromedp.Navigate(share))
			eve.Connected()
			alice.WaitJS("one spectator", `document.querySelector("[data-testid=spectators]").textContent === "1"`)

			g, err := game.Lookup(tc.id)
			require.NoError(t, err)
			state, err := g.New(tc.opts)
			require.NoError(t, err)
			seats := [2]*tab{alice, bob}
			bot := game.NewRandomBot(7)
			var want []string
			for turn := 0; !state.Outcome().Over && turn < tc.maxTurns; turn++ {
				toMove := state.ToMove()
				moves := make([]game.Move, len(toMove))
				for i, p := range toMove {
					moves[i], err = bot.Choose(context.Background(), state, p)
					require.NoError(t, err)
					seats[p].WaitJS("its turn", `document.querySelector("[data-testid=turn]").textContent === "Your move"`)
					if i == 1 { // the first choice of a simultaneous turn is in: secret, but announced
						for _, other := range []*tab{seats[p], eve} {
							other.WaitJS("the first seat has chosen", `!!document.querySelector(".player.seat0 .chosen")`)
							require.Zero(t, webtest.EvalJS[int](other.Tab, `document.querySelectorAll("[data-testid=board] .chosen").length`),
								"%s must not see the other's choice", other.Name)
						}
					}
					path := moves[i].Path()
					for k, c := range path {
						seats[p].ClickCell(int(c.Row), int(c.Col))
						if k < len(path)-1 { // as a person would, wait to see the selection
							seats[p].WaitJS("selection shown", fmt.Sprintf(`!!document.querySelector('[data-cell="%d,%d"].selected')`, c.Row, c.Col))
						}
					}
				}
				want = append(want, game.FormatTurn(state, moves))
				require.NoError(t, state.Apply(moves...))
				for _, tb := range []*tab{alice, bob, eve} {
					tb.WaitMoves(len(want))
				}
			}
			require.Equal(t, want, eve.Moves(), "the spectator saw every move in order")
			require.Equal(t, want, bob.Moves())

			if !state.Outcome().Over {
				alice.Confirm("resign")
			}
			for _, tb := range []*tab{alice, bob, eve} {
				tb.WaitJS("the result", `document.querySelector("[data-testid=status]").textContent.length > 0`)
			}
			status := eve.Text("[data-testid=status]")
			if out := state.Outcome(); out.Over {
				require.Contains(t, status, out.Reason)
			} else {
				require.Contains(t, status, "resigned")
			}

			// Replay: the spectator steps back to the start and forward again.
			eve.Click("[data-action=replay-first]")
			eve.WaitJS("replay at the start", `document.querySelector(".replay-pos") && document.querySelector(".replay-pos").textContent.startsWith("Replay: move 0 of")`)
			eve.Click("[data-action=replay-next]")
			eve.WaitJS("one move on", `document.querySelector(".replay-pos").textContent.startsWith("Replay: move 1 of")`)
			eve.Click("[data-action=replay-last]")
			eve.WaitJS("back at the end", fmt.Sprintf(`document.querySelector(".replay-pos").textContent === "Replay: move %d of %d"`, len(want), len(want)))
		})
	}
}
