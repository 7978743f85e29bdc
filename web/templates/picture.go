package templates

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"boardroom/game"
	"boardroom/web/static"
)

// A picture is a position drawn as one small SVG image, for the lobby's
// game cards and lists: one element on the page instead of a cell, piece
// and seed each (a lobby of a dozen rooms was 3,000 elements), fetched
// once and cached by the browser under an address naming its content.
//
// It is drawn from the game's View like the room's board, with the style
// sheet's colours (app.css: the board styles and the pieces) written into
// it, since an image sees neither the page's style sheet nor its sprite.

// unit is a cell's side in the picture's coordinates.
const unit = 10

// Picture is a position drawn as SVG, and a short digest of it for its
// address (the same position gives the same bytes, so the browser keeps it
// for as long as it likes).
type Picture struct {
	SVG     []byte
	Version string
	// Width and Height are its size in cells, for the page to keep its
	// room before it arrives; Label names the board ("Kalah board").
	Width, Height int
	Label         string
	// Style is the board's style (Board.Style), for the page to dim a
	// light board in the dark theme.
	Style string
}

// DrawPicture draws position s of game g.
func DrawPicture(g game.Game, s game.State) Picture {
	v := game.ViewOf(g)
	b := v.Board(s)
	var out pictureWriter
	if b.Layout == game.LayoutPits {
		out.pits(v, s, b)
	} else {
		out.grid(v, s, b)
	}
	svg := []byte(out.body.String())
	sum := sha256.Sum256(svg)
	h := b.Rows
	if b.Layout == game.LayoutPits {
		h = 2
	}
	return Picture{SVG: svg, Version: hex.EncodeToString(sum[:6]), Width: b.Cols, Height: h, Label: b.Label, Style: b.Style}
}

// paint is how a style-sheet class colours a cell or a piece.
type paint struct {
	fill, stroke, detail string
	size                 float64 // a piece's share of its cell
}

// cellFills are the cells' colours by class, as app.css gives them (a
// class later in a cell's list wins, as there).
var cellFills = map[string]string{
	"light": "#efe4cc", "dark": "#b98b5e", // checker
	"burnt":       "#8d6748",
	"edge":        "#e3f1ec", // lattice
	"blocked":     "#2d3142",
	"angel-here":  "#fff3c4",
	"owner-first": "#ffd166", "owner-second": "#e63946", // territory
}

// piecePaints are the pieces' colours and sizes by class (app.css).
var piecePaints = map[string]paint{
	"white": {fill: "#fbfbf8", stroke: "#1a1a1a", detail: "#1a1a1a", size: .82},
	"black": {fill: "#242424", stroke: "#000", detail: "#f2f2f2", size: .82},
	"arrow": {fill: "#6b3e26", stroke: "#3a2013", size: .7},
	"angel": {fill: "#fff", stroke: "#b08900", size: .92},
	"halo":  {fill: "none", stroke: "#a07800", size: .7},
	"horns": {fill: "#7a0c16", stroke: "#3d060b", size: .64},
}

// lonePiece is the least share of the picture's width a piece alone on
// its board is drawn at: the Angel on a board of 15 was a dot on its card.
const lonePiece = 0.2

type pictureWriter struct {
	body strings.Builder
	defs map[string]bool
	uses strings.Builder
}

func (w *pictureWriter) s(parts ...string) {
	for _, p := range parts {
		w.body.WriteString(p)
	}
}

// num writes a coordinate of a drawing, to a thousandth of a unit.
func num(f float64) string { return strconv.FormatFloat(math.Round(f*1000)/1000, 'f', -1, 64) }

// grid draws a board of rows and columns: the board's ground, runs of
// cells of one colour, the lattice's lines, then the pieces.
func (w *pictureWriter) grid(v game.View, s game.State, b game.Board) {
	width, height := b.Cols*unit, b.Rows*unit
	lattice := hasClass(b.Style, "lattice")
	ground := cellFills["dark"]
	if lattice {
		ground = "#f7f7fb"
	}
	type piece struct {
		at   game.Cell
		view game.CellView
	}
	var pieces []piece
	var cells strings.Builder
	for r := range b.Rows {
		runStart, runFill := 0, ""
		flush := func(end int) {
			if runFill != "" && runFill != ground {
				cells.WriteString(`<rect x="` + strconv.Itoa(runStart*unit) + `" y="` + strconv.Itoa(r*unit) + `" width="` +
					strconv.Itoa((end-runStart)*unit) + `" height="` + strconv.Itoa(unit) + `" fill="` + runFill + `"/>`)
			}
		}
		for c := range b.Cols {
			at := game.Cell{Row: int8(r), Col: int8(c)}
			cv := v.Cell(s, at)
			fill := ground
			if !lattice {
				fill = cellFills[shade(at)]
			}
			for cls := range strings.FieldsSeq(cv.Class) {
				if f, ok := cellFills[cls]; ok {
					fill = f
				}
			}
			if fill != runFill {
				flush(c)
				runStart, runFill = c, fill
			}
			if cv.Piece != "" {
				pieces = append(pieces, piece{at, cv})
			}
		}
		flush(b.Cols)
	}
	w.open(width, height)
	w.s(`<rect width="`, strconv.Itoa(width), `" height="`, strconv.Itoa(height), `" fill="`, ground, `"/>`)
	w.s(cells.String())
	if lattice {
		w.s(`<defs><pattern id="lines" width="10" height="10" patternUnits="userSpaceOnUse">`,
			`<path d="M10 0V10H0" fill="none" stroke="#9aa3b5" stroke-width="1"/></pattern></defs>`,
			`<rect width="`, strconv.Itoa(width), `" height="`, strconv.Itoa(height), `" fill="url(#lines)"/>`)
	}
	for _, p := range pieces {
		x, y := float64(int(p.at.Col)*unit)+unit/2, float64(int(p.at.Row)*unit)+unit/2
		least := 0.0
		if len(pieces) == 1 {
			least = lonePiece * float64(width)
		}
		w.piece(p.view, x, y, least)
	}
	w.close()
}

// pits draws a mancala board: the stores at the ends, two rows of houses,
// each pit's seeds as dots.
func (w *pictureWriter) pits(v game.View, s game.State, b game.Board) {
	width, height := b.Cols*unit, 2*unit
	w.open(width, height)
	w.s(`<rect width="`, strconv.Itoa(width), `" height="`, strconv.Itoa(height), `" rx="4" fill="#8a5a34"/>`)
	for _, at := range b.Cells() {
		cv := v.Cell(s, at)
		x := float64(int(at.Col)*unit) + unit/2
		y := float64(int(at.Row)*unit) + unit/2
		store := hasClass(cv.Class, "store")
		if store {
			y = unit
			w.s(`<rect x="`, num(x-4), `" y="1" width="8" height="18" rx="4" fill="#6b4226"/>`)
		} else {
			w.s(`<circle cx="`, num(x), `" cy="`, num(y), `" r="4.2" fill="#6b4226"/>`)
		}
		if !cv.Counted {
			continue
		}
		most := 9 // seeds drawn in a house; more are only counted on the room's board
		if store {
			most = 21
		}
		n := min(cv.Count, most)
		rows := (n + 2) / 3
		for i := range n {
			dx, dy := float64(i%3-1)*2.2, (float64(i/3)-float64(rows-1)/2)*2.2
			w.s(`<circle cx="`, num(x+dx), `" cy="`, num(y+dy), `" r=".9" fill="#e2b34f"/>`)
		}
	}
	w.close()
}

// piece draws a piece from the sprite centred on (x, y), at least least
// wide.
func (w *pictureWriter) piece(cv game.CellView, x, y, least float64) {
	p := paint{fill: "#888", stroke: "#222", size: .8}
	for cls := range strings.FieldsSeq(cv.PieceClass) {
		if pp, ok := piecePaints[cls]; ok {
			p = pp
		}
	}
	size := max(p.size*unit, least)
	if w.defs == nil {
		w.defs = map[string]bool{}
	}
	w.defs[cv.Piece] = true
	w.uses.WriteString(`<use href="#` + cv.Piece + `" x="` + num(x-size/2) + `" y="` + num(y-size/2) + `" width="` + num(size) +
		`" height="` + num(size) + `" fill="` + p.fill + `" stroke="` + p.stroke + `"`)
	if p.detail != "" {
		w.uses.WriteString(` color="` + p.detail + `"`)
	}
	w.uses.WriteString(`/>`)
}

func (w *pictureWriter) open(width, height int) {
	w.s(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `, strconv.Itoa(width), ` `, strconv.Itoa(height),
		`" width="`, strconv.Itoa(width*4), `" height="`, strconv.Itoa(height*4), `">`)
}

func (w *pictureWriter) close() {
	if len(w.defs) > 0 {
		w.s(`<defs>`)
		for _, name := range sortedKeys(w.defs) {
			w.s(symbol(name))
		}
		w.s(`</defs>`)
	}
	w.s(w.uses.String(), `</svg>`)
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ { // a handful: insertion sort
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

func hasClass(list, class string) bool {
	for c := range strings.FieldsSeq(list) {
		if c == class {
			return true
		}
	}
	return false
}

// symbols are the sprite's pieces as a picture carries them: an inner
// detail, which the page colours with a CSS variable, takes the colour
// the <use> gives (color).
var symbols = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	re := regexp.MustCompile(`(?s)<symbol id="([a-z-]+)".*?</symbol>`)
	for _, m := range re.FindAllStringSubmatch(static.Sprite(), -1) {
		out[m[1]] = strings.ReplaceAll(m[0], `class="detail"`, `stroke="currentColor"`)
	}
	return out
})

func symbol(name string) string { return symbols()[name] }
