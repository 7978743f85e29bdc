package templates

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
	"boardroom/game/amazons"
	"boardroom/game/angels"
	"boardroom/game/bishops"
	"boardroom/game/demons"
	"boardroom/realtime/view"
)

// square names a cell of a square board in algebraic notation (a1 at the
// bottom left), as the games' notation does.
func square(c game.Cell, size int) string {
	return string(rune('a'+c.Col)) + strconv.Itoa(size-int(c.Row))
}

// cellClasses are the classes of a clickable cell: its colour, what the game
// puts there (extra) and what the viewer may do with it.
func cellClasses(p *view.Page, c game.Cell, extra string) string {
	var b strings.Builder
	b.Grow(48)
	b.WriteString("cell ")
	if (int(c.Row)+int(c.Col))%2 == 1 {
		b.WriteString("dark")
	} else {
		b.WriteString("light")
	}
	if extra != "" {
		b.WriteString(" " + extra)
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{p.Selectable(c), " target"}, {p.IsSelected(c), " selected"}, {p.InLastMove(c), " last"}, {p.IsMyChoice(c), " chosen"}, {p.IsHint(c), " hint"}} {
		if f.on {
			b.WriteString(f.name)
		}
	}
	return b.String()
}

// cellLabel adds what the viewer may do to a cell's description.
func cellLabel(p *view.Page, c game.Cell, what string) string {
	switch {
	case p.IsSelected(c):
		return what + ", selected"
	case p.IsMyChoice(c):
		return what + ", your choice"
	case p.Selectable(c):
		return what + ", can be clicked"
	}
	return what
}

// gridClass sizes a CSS grid with n columns.
func gridClass(n int) string { return fmt.Sprintf("board grid cols-%d", n) }

// squareCell is what one cell of a square board shows: classes for the
// cell, its accessible label, and the piece drawn on it (symbol "" for none).
type squareCell struct{ class, label, symbol, pieceClass string }

func amazonsCell(s *amazons.State) func(r, c int) squareCell {
	return func(r, c int) squareCell {
		at := cell(r, c)
		name := square(at, amazons.Size) + ": "
		switch s.At(at) {
		case amazons.WhiteAmazon:
			return squareCell{label: name + "white amazon", symbol: "amazon", pieceClass: "piece white"}
		case amazons.BlackAmazon:
			return squareCell{label: name + "black amazon", symbol: "amazon", pieceClass: "piece black"}
		case amazons.Arrow:
			return squareCell{label: name + "arrow", symbol: "arrow", pieceClass: "piece arrow"}
		}
		return squareCell{label: name + "empty"}
	}
}

func bishopsCell(s *bishops.State) func(r, c int) squareCell {
	return func(r, c int) squareCell {
		at := cell(r, c)
		name := square(at, bishops.Size) + ": "
		switch s.At(at) {
		case game.First:
			return squareCell{label: name + "white bishop", symbol: "bishop", pieceClass: "piece white"}
		case game.Second:
			return squareCell{label: name + "black bishop", symbol: "bishop", pieceClass: "piece black"}
		}
		return squareCell{label: name + "empty"}
	}
}

func demonsCell(s *demons.State) func(r, c int) squareCell {
	return func(r, c int) squareCell {
		at := cell(r, c)
		name := square(at, s.Size()) + ": "
		switch s.Owner(at) {
		case game.First:
			return squareCell{class: "owner-angels", label: name + "held by the Angels", symbol: "halo", pieceClass: "piece halo"}
		case game.Second:
			return squareCell{class: "owner-demons", label: name + "held by the Demons", symbol: "horns", pieceClass: "piece horns"}
		}
		if demons.IsDark(at) {
			return squareCell{label: name + "a choice"}
		}
		return squareCell{label: name + "empty"}
	}
}

func angelsCell(s *angels.State) func(r, c int) squareCell {
	return func(r, c int) squareCell {
		name := itoa(r+1) + "," + itoa(c+1) + ": "
		switch {
		case s.Angel() == cell(r, c):
			return squareCell{class: "angel-here", label: name + "the Angel", symbol: "angel", pieceClass: "piece angel"}
		case s.Blocked(r, c):
			return squareCell{class: "blocked", label: name + "blocked"}
		case r == 0 || c == 0 || r == s.Size()-1 || c == s.Size()-1:
			return squareCell{class: "edge", label: name + "edge, free"}
		}
		return squareCell{label: name + "free"}
	}
}

// seedDots draws up to this many seeds in a pit; more are only counted.
const seedDots = 18

func dots(n int) []int {
	return make([]int, min(n, seedDots))
}

func kalahHouseLabel(p game.Player, house, seeds int) string {
	return fmt.Sprintf("P%d house %d, %d seeds", int(p)+1, house, seeds)
}

func kalahStoreLabel(p game.Player, seeds int) string {
	return fmt.Sprintf("P%d store, %d seeds", int(p)+1, seeds)
}

func cell(r, c int) game.Cell { return game.Cell{Row: int8(r), Col: int8(c)} }

func rangeN(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func reversed(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = n - i
	}
	return out
}
