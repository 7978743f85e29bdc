package templates

import (
	"context"
	"io"
	"strconv"

	"github.com/a-h/templ"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/view"
)

// Boards are most of every render (14 to 1,681 cells), so their cells are
// written straight into the output from the strings the game's View gives
// (constants or cached): a templ component per cell and the strings built
// for it were most of the garbage a render made.

// boardOf is the board of the position the page shows.
func boardOf(p *view.Page) game.Board { return game.ViewOf(p.Game).Board(p.State) }

// gridClass sizes a CSS grid with n columns.
func gridClass(n int) string { return "board grid cols-" + strconv.Itoa(n) }

// boardCells draws every cell of the board, each a part of the frame.
func boardCells(p *view.Page, b game.Board) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		fb, w, err := framed(ctx, w)
		if err != nil {
			return err
		}
		v := game.ViewOf(p.Game)
		out := newCellWriter(w)
		for _, at := range b.Cells() {
			cv := v.Cell(p.State, at)
			if fb != nil {
				fb.Begin(cellPartID(at), frame.Element)
			}
			out.open(p, at, cv.Class, cv.Name, cv.What)
			if cv.Piece != "" {
				out.s(`<svg class="`)
				out.s(cv.PieceClass)
				out.s(`" aria-hidden="true" viewBox="0 0 100 100"><use href="#`)
				out.s(cv.Piece)
				out.s(`"></use></svg>`)
			}
			if cv.Counted {
				out.s(`<span class="seeds" aria-hidden="true">`)
				for range min(cv.Count, seedDots) {
					out.s(`<i></i>`)
				}
				out.s(`</span> <span class="count">`)
				out.s(strconv.Itoa(cv.Count))
				out.s(`</span>`)
			}
			if cv.Caption != "" {
				out.s(` <span class="caption" data-coord="`)
				out.escaped(cv.Caption)
				out.s(`">`)
				out.escaped(cv.Caption)
				out.s(`</span>`)
			}
			out.s(`</button>`)
			if fb != nil {
				fb.End()
			}
		}
		return out.err
	})
}

// seedDots draws up to this many seeds in a pit; more are only counted.
const seedDots = 18

// secondSeat reports whether the viewer plays the second seat only: the
// board is then turned round, so that their side is at the bottom.
func secondSeat(p *view.Page) bool { return p.Seats[1].Yours && !p.Seats[0].Yours }

// seatColor is the style class of seat i's colour in the game.
func seatColor(p *view.Page, i int) string {
	return "dot color-" + boardOf(p).SeatColors[i]
}

// Score is the scoreboard line: the computer's judgement where its players
// give one (Amazons' territory), else the game's own line.
func Score(s game.State) string {
	if sl, ok := game.PlayersOf(s.Game()).(game.ScoreLiner); ok {
		if line, ok := sl.ScoreLine(s); ok {
			return line
		}
	}
	return game.ViewOf(s.Game()).Score(s)
}
