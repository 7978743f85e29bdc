package templates

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"

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
func boardOf(p *view.Page) *game.Board { return p.Board() }

// gridClass sizes a CSS grid with n columns.
func gridClass(n int) string { return "board grid cols-" + strconv.Itoa(n) }

// boardCells draws every cell of the board, each a part of the frame.
func boardCells(p *view.Page, b game.Board) templ.Component { return cells(p, b, false, nil) }

// cells draws the cells of a board: buttons, or, for a picture of the
// board (static), plain elements that nothing can click, the cells in marks
// pointed out (a how-to-play diagram's).
//
// The room's board is an ARIA grid (one tab stop, arrow keys, keys.js): a
// row for each of the board's rows, and each button in a gridcell, as the
// grid role requires. Rows and gridcells are display: contents (app.css),
// so the buttons stay the CSS grid's items; they are outside the cells'
// parts, so an update still carries only the buttons that changed.
func cells(p *view.Page, b game.Board, static bool, marks []game.Cell) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		fb, w, err := framed(ctx, w)
		if err != nil {
			return err
		}
		v := game.ViewOf(p.Game)
		out := newCellWriter(w)
		row := -1
		for _, at := range b.Cells() {
			cv := v.Cell(p.State, at)
			if static {
				class := cv.Class
				if slices.Contains(marks, at) {
					class = strings.TrimSpace(class + " marked")
				}
				out.picture(at, class)
			} else {
				if int(at.Row) != row {
					if row >= 0 {
						out.s(`</div>`)
					}
					row = int(at.Row)
					out.s(`<div role="row" class="row">`)
				}
				out.s(`<div role="gridcell" class="gridcell">`)
				if fb != nil {
					fb.Begin(cellPartID(at), frame.Element)
				}
				out.open(p, at, cv.Class, cv.Name, cv.What, cv.Piece != "")
			}
			if cv.Piece != "" {
				out.s(`<svg class="`)
				out.s(cv.PieceClass)
				out.s(`" aria-hidden="true" viewBox="0 0 100 100"><use href="#`)
				out.s(cv.Piece)
				out.s(`"></use></svg>`)
			}
			// The caption before the count: the text a cell shows reads in
			// the order of its accessible name ("P1 house 3, 4 seeds" shows
			// "3" and "4"), which WCAG 2.5.3 asks of a label; both are placed
			// by the style sheet, not by their order.
			if cv.Caption != "" {
				out.s(`<span class="caption" data-coord="`)
				out.escaped(cv.Caption)
				out.s(`">`)
				out.escaped(cv.Caption)
				out.s(`</span> `)
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
			if static {
				out.s(`</span>`)
				continue
			}
			out.s(`</button>`)
			if fb != nil {
				fb.End()
			}
			out.s(`</div>`)
		}
		if row >= 0 {
			out.s(`</div>`)
		}
		return out.err
	})
}

// coordList draws the ranks or files along the board (nothing when the
// game names none), by hand: a templ expression goes through fmt.Sprint,
// and a board has up to 82 of them here in every render.
func coordList(class string, coords []string) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if len(coords) == 0 {
			return nil
		}
		out := newCellWriter(w)
		out.s(`<ol class="`)
		out.s(class)
		out.s(`" aria-hidden="true">`)
		for _, c := range coords {
			out.s(`<li data-coord="`)
			out.escaped(c)
			out.s(`">`)
			out.escaped(c)
			out.s(`</li>`)
		}
		out.s(`</ol>`)
		return out.err
	})
}

// MiniBoard is a small picture of a position (the lobby's cards and lists,
// the rules' index): the same cells as the room's board, not clickable and
// hidden from screen readers, which read the text beside it.
func MiniBoard(p *view.Page) templ.Component {
	b := boardOf(p)
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		out := newCellWriter(w)
		out.s(`<div class="mini-board ` + gridClass(b.Cols) + " ")
		out.escaped(b.Style)
		out.s(`" aria-hidden="true">`)
		if out.err != nil {
			return out.err
		}
		if err := cells(p, *b, true, nil).Render(ctx, w); err != nil {
			return err
		}
		_, err := io.WriteString(w, `</div>`)
		return err
	})
}

// zoomFrom is the widest board drawn without a zoom control: on a phone a
// wider one's cells are smaller than a finger.
const zoomFrom = 12

// seedDots draws up to this many seeds in a pit; more are only counted.
const seedDots = 18

// secondSeat reports whether the viewer plays the second seat only: the
// board is then turned round, so that their side is at the bottom.
func secondSeat(p *view.Page) bool { return p.Seats[1].Yours && !p.Seats[0].Yours }

// seatColor is the style class of seat i's colour in the game.
func seatColor(p *view.Page, i int) string {
	return "dot color-" + boardOf(p).SeatColors[i]
}

// scoreLine is the page's scoreboard line: as the room worked it out once
// for the position (the Amazons line is a territory estimate, worth not
// repeating for every viewer), else worked out here.
func scoreLine(p *view.Page) string {
	if p.Score != "" {
		return p.Score
	}
	return game.ScoreLine(p.State)
}
