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

func amazonsPiece(s *amazons.State, c game.Cell) (symbol, class, name string) {
	switch s.At(c) {
	case amazons.WhiteAmazon:
		return "amazon", "piece white", "white amazon"
	case amazons.BlackAmazon:
		return "amazon", "piece black", "black amazon"
	case amazons.Arrow:
		return "arrow", "piece arrow", "arrow"
	}
	return "", "", "empty"
}

func bishopsPiece(s *bishops.State, c game.Cell) (class, name string) {
	switch s.At(c) {
	case game.First:
		return "piece white", "white bishop"
	case game.Second:
		return "piece black", "black bishop"
	}
	return "", "empty"
}

func demonsOwner(s *demons.State, c game.Cell) (class, name string) {
	switch s.Owner(c) {
	case game.First:
		return "owner-angels", "held by the Angels"
	case game.Second:
		return "owner-demons", "held by the Demons"
	}
	if demons.IsDark(c) {
		return "", "a choice"
	}
	return "", "empty"
}

func angelsCell(s *angels.State, r, c int) (class, name string) {
	switch {
	case s.Angel() == game.Cell{Row: int8(r), Col: int8(c)}:
		return "angel-here", "the Angel"
	case s.Blocked(r, c):
		return "blocked", "blocked"
	case r == 0 || c == 0 || r == s.Size()-1 || c == s.Size()-1:
		return "edge", "edge, free"
	}
	return "", "free"
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
