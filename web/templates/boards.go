package templates

import (
	"fmt"
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
	return fmt.Sprintf("%c%d", 'a'+rune(c.Col), size-int(c.Row))
}

// cellClasses are the classes every clickable cell shares.
func cellClasses(p *view.Page, c game.Cell, extra ...string) string {
	cls := append([]string{"cell"}, extra...)
	if (int(c.Row)+int(c.Col))%2 == 1 {
		cls = append(cls, "dark")
	} else {
		cls = append(cls, "light")
	}
	if p.Selectable(c) {
		cls = append(cls, "target")
	}
	if p.IsSelected(c) {
		cls = append(cls, "selected")
	}
	if p.InLastMove(c) {
		cls = append(cls, "last")
	}
	if p.IsMyChoice(c) {
		cls = append(cls, "chosen")
	}
	if p.IsHint(c) {
		cls = append(cls, "hint")
	}
	return strings.Join(cls, " ")
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
