package templates

import (
	"context"
	"html"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/view"
)

// Square boards are most of every render (100 to 1,681 cells), so their
// cells are written straight into the output from cached strings: a templ
// component per cell and the strings built for it were most of the garbage
// a render made.

// squareCell is what one cell of a square board shows: classes for the
// cell, its name and what is on it (its accessible label), and the piece
// drawn on it (symbol "" for none). All are constants or cached strings.
type squareCell struct{ class, name, what, symbol, pieceClass string }

// squareCells draws every cell of a square board, each a part of the frame.
func squareCells(p *view.Page, size int, at func(r, c int) squareCell) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		b, w, err := framed(ctx, w)
		if err != nil {
			return err
		}
		out := newCellWriter(w)
		for r := range size {
			for c := range size {
				sc, cl := at(r, c), cell(r, c)
				if b != nil {
					b.Begin(cellPartID(cl), frame.Element)
				}
				out.open(p, cl, sc.class, sc.name, sc.what)
				if sc.symbol != "" {
					out.s(`<svg class="`)
					out.s(sc.pieceClass)
					out.s(`" aria-hidden="true" viewBox="0 0 100 100"><use href="#`)
					out.s(sc.symbol)
					out.s(`"></use></svg>`)
				}
				out.s(`</button>`)
				if b != nil {
					b.End()
				}
			}
		}
		return out.err
	})
}

// cellWriter writes a cell's button, keeping the first error.
type cellWriter struct {
	w   io.StringWriter
	err error
}

type stringWriter struct{ io.Writer }

func (s stringWriter) WriteString(str string) (int, error) { return io.WriteString(s.Writer, str) }

func newCellWriter(w io.Writer) *cellWriter {
	sw, ok := w.(io.StringWriter)
	if !ok {
		sw = stringWriter{w}
	}
	return &cellWriter{w: sw}
}

func (cw *cellWriter) s(str string) {
	if cw.err == nil {
		_, cw.err = cw.w.WriteString(str)
	}
}

// escaped writes text for an attribute; the strings here rarely need it.
func (cw *cellWriter) escaped(str string) {
	if strings.ContainsAny(str, `&<>"'`) {
		str = html.EscapeString(str)
	}
	cw.s(str)
}

// open writes a cell's start tag: its colour, what the game puts there
// (extra) and what the viewer may do with it, and its label.
func (cw *cellWriter) open(p *view.Page, c game.Cell, extra, name, what string) {
	cw.s(cellPrefix(c))
	if (int(c.Row)+int(c.Col))%2 == 1 {
		cw.s(` class="cell dark`)
	} else {
		cw.s(` class="cell light`)
	}
	if extra != "" {
		cw.s(" ")
		cw.escaped(extra)
	}
	selectable, selected, mine := p.Selectable(c), p.IsSelected(c), p.IsMyChoice(c)
	for _, f := range [...]struct {
		on   bool
		name string
	}{{selectable, " target"}, {selected, " selected"}, {p.InLastMove(c), " last"}, {mine, " chosen"}, {p.IsHint(c), " hint"}} {
		if f.on {
			cw.s(f.name)
		}
	}
	cw.s(`" aria-label="`)
	if name != "" {
		cw.escaped(name)
		cw.s(": ")
	}
	cw.escaped(what)
	switch {
	case selected:
		cw.s(", selected")
	case mine:
		cw.s(", your choice")
	case selectable:
		cw.s(", can be clicked")
	}
	cw.s(`">`)
}

// Cell names, cached: algebraic for the chess-like boards (a1 at the bottom
// left, so a name depends on the board's size), "row,column" from 1 for
// Angels & Devils.
var (
	squareNamesMu sync.Mutex
	squareNames   = map[int][][]string{}
	gridNamesOnce sync.Once
	gridNames     [maxGrid][maxGrid]string
)

// squareName names a cell of a square board in algebraic notation, as the
// games' notation does.
func squareName(c game.Cell, size int) string {
	if !cached(c) || int(c.Row) >= size || int(c.Col) >= size {
		return string(rune('a'+c.Col)) + strconv.Itoa(size-int(c.Row))
	}
	squareNamesMu.Lock()
	names := squareNames[size]
	if names == nil {
		names = make([][]string, size)
		for r := range names {
			names[r] = make([]string, size)
			for col := range names[r] {
				names[r][col] = string(rune('a'+col)) + strconv.Itoa(size-r)
			}
		}
		squareNames[size] = names
	}
	squareNamesMu.Unlock()
	return names[c.Row][c.Col]
}

// gridName names a cell by its 1-based row and column.
func gridName(r, c int) string {
	gridNamesOnce.Do(func() {
		for i := range maxGrid {
			for j := range maxGrid {
				gridNames[i][j] = strconv.Itoa(i+1) + "," + strconv.Itoa(j+1)
			}
		}
	})
	if r < 0 || c < 0 || r >= maxGrid || c >= maxGrid {
		return strconv.Itoa(r+1) + "," + strconv.Itoa(c+1)
	}
	return gridNames[r][c]
}

// moveItems writes the move list's items, marked as the items of the list
// part; a long game's list is written for every update, so it is written by
// hand too.
func moveItems(p *view.Page) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		b, w, err := framed(ctx, w)
		if err != nil {
			return err
		}
		out := newCellWriter(w)
		if b != nil {
			b.Items()
			defer b.ItemsEnd()
		}
		for _, m := range p.Moves {
			if b != nil {
				b.Item()
			}
			out.s(` <li data-testid="move" class="`)
			out.s(seatClass(m.Seat))
			if m.Current {
				out.s(" current")
			}
			out.s(`" title="`)
			out.s(templ.EscapeString(m.Info))
			out.s(`" data-seat="`)
			out.s(templ.EscapeString(seatNameOf(p, m.Seat)))
			out.s(`">`)
			out.s(templ.EscapeString(m.Text))
			out.s(`</li>`)
		}
		return out.err
	})
}
