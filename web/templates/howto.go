package templates

import (
	"context"
	"io"
	"math"
	"strconv"

	"github.com/a-h/templ"

	"boardroom/game"
	"boardroom/realtime/view"
)

// The how-to-play pages (rules.templ): for each game its sections, each
// with a diagram drawn by the room's own board at a small size, as one
// picture with a text alternative: not a grid of cells, nothing to click.

// HowToGame is one game's how-to-play page: the game, its starting
// position (the index's picture) and its sections, each diagram's position
// decoded.
type HowToGame struct {
	Game     game.Game
	Start    *view.Page
	Sections []HowToSection
}

// HowToSection is a section of a how-to-play page with its diagram's
// position; Picture is nil when the position does not decode (gametest
// makes sure it does), and then only the caption shows.
type HowToSection struct {
	game.HowToSection
	Picture *view.Page
}

// sectionID is a section's element id, for its heading's label.
func sectionID(i int) string { return "howto-" + strconv.Itoa(i+1) }

// stepNumber is a section's number as shown beside its title.
func stepNumber(i int) string { return strconv.Itoa(i + 1) }

// whoPlays says who plays, from the game's seats: "For two players, White
// and Black. White moves first."
func whoPlays(g game.Game) string {
	s := g.Seats()
	if g.Simultaneous() {
		return "For two players, " + s[0] + " and " + s[1] + ", who play at the same time."
	}
	return "For two players, " + s[0] + " and " + s[1] + ". " + s[0] + " moves first."
}

// Diagram draws a how-to-play diagram: the position's cells as the room
// draws them, the marked ones ringed and the arrows on top, as one image
// whose accessible name is the diagram's Alt.
func Diagram(p *view.Page, d game.Diagram) templ.Component {
	b := boardOf(p)
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		out := newCellWriter(w)
		out.s(`<div class="howto-board mini-board ` + gridClass(b.Cols) + " ")
		out.escaped(b.Style)
		out.s(`" role="img" aria-label="`)
		out.escaped(d.Alt)
		out.s(`" data-testid="diagram">`)
		if out.err != nil {
			return out.err
		}
		if err := cells(p, *b, true, d.Marks).Render(ctx, w); err != nil {
			return err
		}
		if len(d.Arrows) > 0 && b.Layout == game.LayoutGrid {
			arrows(out, *b, d.Arrows)
		}
		out.s(`</div>`)
		return out.err
	})
}

// arrows draws a diagram's moves over its grid, one cell a unit: a shaft
// from the centre of one cell towards the centre of the other, and a head.
func arrows(out *cellWriter, b game.Board, moves []game.Arrow) {
	out.s(`<svg class="howto-arrows" viewBox="0 0 ` + strconv.Itoa(b.Cols) + " " + strconv.Itoa(b.Rows) +
		`" preserveAspectRatio="none" aria-hidden="true" focusable="false">`)
	for _, a := range moves {
		x1, y1 := float64(a.From.Col)+.5, float64(a.From.Row)+.5
		x2, y2 := float64(a.To.Col)+.5, float64(a.To.Row)+.5
		dx, dy := x2-x1, y2-y1
		n := math.Hypot(dx, dy)
		ux, uy := dx/n, dy/n
		// The head ends a little short of the centre, so that the piece
		// there stays visible; the shaft stops where the head starts.
		const head, halfWidth, short = .42, .26, .12
		tx, ty := x2-ux*short, y2-uy*short
		bx, by := tx-ux*head, ty-uy*head
		out.s(`<line x1="` + num(x1) + `" y1="` + num(y1) + `" x2="` + num(bx) + `" y2="` + num(by) + `"></line>`)
		out.s(`<polygon points="` + num(tx) + "," + num(ty) + " " +
			num(bx-uy*halfWidth) + "," + num(by+ux*halfWidth) + " " +
			num(bx+uy*halfWidth) + "," + num(by-ux*halfWidth) + `"></polygon>`)
	}
	out.s(`</svg>`)
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }
