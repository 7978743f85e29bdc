package templates

import (
	"bytes"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/frame/frametest"
	"boardroom/realtime/view"
)

// viewerPages plays a random game and returns what one viewer would be
// shown after every turn: the spectator's page, or the player's with their
// targets when the first seat is to move, an occasional flash and message,
// and an undo now and then.
func viewerPages(t *testing.T, id string, seed uint64, player bool) []*view.Page {
	rng := game.NewRand(seed)
	p := page(t, id, nil)
	s := p.State
	var states []game.State
	var moves []view.Move
	var pages []*view.Page
	for ply := 0; ply < 60 && !s.Outcome().Over; ply++ {
		toMove := s.ToMove()
		turn := randomTurn(rng, s)
		text := game.FormatTurn(s, turn)
		states = append(states, s.Clone())
		require.NoError(t, s.Apply(turn...))
		moves = append(moves, view.Move{Ply: len(moves) + 1, Seat: int(toMove[0]), Text: text})
		if player && rng.IntN(8) == 0 && len(states) > 1 { // an undo
			s = states[len(states)-2]
			states, moves = states[:len(states)-2], moves[:len(moves)-2]
		}
		np := *p
		np.State = s.Clone()
		np.Version = uint64(ply + 1)
		np.Moves = append([]view.Move(nil), moves...)
		if tm := s.ToMove(); len(tm) > 0 {
			np.Turn = p.Game.Seats()[tm[0]] + " to move"
		}
		for _, m := range turn {
			np.LastMove = append(np.LastMove, m.Path()...)
		}
		if player && !s.Outcome().Over && s.ToMove()[0] == game.First {
			np.Turn = "Your move"
			np.Targets = map[game.Cell]bool{}
			for _, m := range s.Legal(game.First, nil) {
				np.Targets[m.Cells[0]] = true
			}
			if rng.IntN(5) == 0 {
				np.Flash, np.Error, np.FlashID = "bad", "That is not a legal move.", uint64(ply)
			}
		}
		pages = append(pages, &np)
	}
	return pages
}

// randomTurn picks a legal move at random for each seat to move in s.
func randomTurn(rng interface{ IntN(int) int }, s game.State) []game.Move {
	var turn []game.Move
	for _, q := range s.ToMove() {
		legal := s.Legal(q, nil)
		turn = append(turn, legal[rng.IntN(len(legal))])
	}
	return turn
}

// TestUpdatesRedrawThePage checks, over random games of every game, that
// the updates sent (the parts that changed) turn the page the viewer shows
// into exactly the page the server drew, and that they are smaller.
func TestUpdatesRedrawThePage(t *testing.T) {
	for _, id := range game.IDs() {
		for _, player := range []bool{false, true} {
			name := id + "/spectator"
			if player {
				name = id + "/player"
			}
			t.Run(name, func(t *testing.T) {
				var shown *frame.Frame
				var doc *goquery.Document
				sent, whole, appends := 0, 0, 0
				for _, p := range viewerPages(t, id, 7, player) {
					f := Renderer{}.Frame(p, nil)
					require.Greater(t, f.Parts(), 5, "the fragment is cut into parts")
					update := frame.Delta(shown.Digest(), f)
					if doc == nil {
						var err error
						doc, err = goquery.NewDocumentFromReader(bytes.NewReader(update))
						require.NoError(t, err)
					} else {
						require.NoError(t, frametest.Apply(doc, update))
					}
					want, err := goquery.NewDocumentFromReader(bytes.NewReader(f.HTML))
					require.NoError(t, err)
					wantHTML, err := frametest.Live(want)
					require.NoError(t, err)
					gotHTML, err := frametest.Live(doc)
					require.NoError(t, err)
					require.Equal(t, wantHTML, gotHTML)
					shown = f
					if bytes.Contains(update, []byte(`hx-swap-oob="beforeend:#moves"`)) {
						appends++
					}
					sent += len(update)
					whole += len(f.HTML)
				}
				t.Logf("%s: sent %d bytes instead of %d (%.0f%%)", name, sent, whole, 100*float64(sent)/float64(whole))
				require.Positive(t, appends, "new moves are appended, not the list resent")
				if id != "kalah" { // a Kalah sowing redraws most of its 14 pits
					require.Less(t, sent, whole/2)
				}
			})
		}
	}
}

// TestPartsAreElementsWithTheirIDs checks every part of real frames: it is
// one element carrying the id the room uses to swap it.
func TestPartsAreElementsWithTheirIDs(t *testing.T) {
	for _, id := range game.IDs() {
		for _, p := range viewerPages(t, id, 3, true)[:3] {
			f := Renderer{}.Frame(p, nil)
			for i := range f.Parts() {
				pid, html := f.Part(i)
				doc, err := goquery.NewDocumentFromReader(bytes.NewReader(html))
				require.NoError(t, err)
				top := doc.Find("body").Children()
				require.Equal(t, 1, top.Length(), "part %s is one element: %s", pid, html)
				require.Equal(t, pid, top.AttrOr("id", ""), "%s", html)
			}
		}
	}
}
