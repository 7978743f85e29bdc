package templates

import (
	"context"
	"io"
	"strconv"
	"sync"

	"github.com/a-h/templ"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/view"
)

// Every cell is out of the tab order (tabindex -1): the board is one tab
// stop, whose cell app.js chooses, and the arrow keys move between cells.
//
// Board cells are most of every page the server sends, so a cell's button is
// written by hand: the parts that never change for a cell (its id and
// data-cell) are built once and reused, and only its classes and label are
// written per render. A cell carries no message of its own: the page's script
// (app.js) sends the clicked cell, which keeps every update about 30% smaller.

// maxGrid bounds the grids whose cell prefixes are cached (Angels & Devils
// goes up to 41×41).
const maxGrid = 48

var (
	prefixOnce sync.Once
	prefixes   [maxGrid][maxGrid]string
	cellIDs    [maxGrid][maxGrid]string
)

func fillPrefixes() {
	for r := range maxGrid {
		for col := range maxGrid {
			cell := game.Cell{Row: int8(r), Col: int8(col)}
			rc := strconv.Itoa(r) + "," + strconv.Itoa(col)
			cellIDs[r][col] = cellID(cell)
			prefixes[r][col] = `<button type="button" tabindex="-1" id="` + cellIDs[r][col] + `" data-cell="` + rc + `"`
		}
	}
}

func cached(c game.Cell) bool {
	return c.Row >= 0 && c.Col >= 0 && int(c.Row) < maxGrid && int(c.Col) < maxGrid
}

// cellPrefix is the start of a cell's button up to its class attribute.
func cellPrefix(c game.Cell) string {
	prefixOnce.Do(fillPrefixes)
	if !cached(c) {
		return `<button type="button" tabindex="-1" id="` + cellID(c) + `" data-cell="` + strconv.Itoa(int(c.Row)) + "," + strconv.Itoa(int(c.Col)) + `"`
	}
	return prefixes[c.Row][c.Col]
}

// cellPartID is the cell's element id, which is also its part's id.
func cellPartID(c game.Cell) string {
	prefixOnce.Do(fillPrefixes)
	if !cached(c) {
		return cellID(c)
	}
	return cellIDs[c.Row][c.Col]
}

// cellButton draws one clickable cell around its children (the piece), as
// a part of the frame of its own.
func cellButton(p *view.Page, c game.Cell, classes, label string) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		children := templ.GetChildren(ctx)
		ctx = templ.ClearChildren(ctx)
		b, w, err := framed(ctx, w)
		if err != nil {
			return err
		}
		if b != nil {
			b.Begin(cellPartID(c), frame.Element)
			defer b.End()
		}
		out := newCellWriter(w)
		out.open(p, c, classes, "", label, false)
		if out.err != nil {
			return out.err
		}
		if err := children.Render(ctx, w); err != nil {
			return err
		}
		_, err = io.WriteString(w, `</button>`)
		return err
	})
}
