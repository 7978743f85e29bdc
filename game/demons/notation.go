package demons

import (
	"fmt"
	"strings"

	"boardroom/game"
)

// FormatMove implements game.State: the algebraic square, "b2". A move that is
// not a single square of the board (only an illegal one) is written so that an
// error message can still name it: its cells, off-board ones as "(row,col)".
func (s *State) FormatMove(m game.Move) string {
	if m.Len == 1 && s.geo.onBoard(m.Cells[0]) {
		return s.square(m.Cells[0])
	}
	if m.Len == 0 || int(m.Len) > len(m.Cells) {
		return "(no square)"
	}
	parts := make([]string, m.Len)
	for i, c := range m.Path() {
		if s.geo.onBoard(c) {
			parts[i] = s.square(c)
		} else {
			parts[i] = "(" + c.String() + ")"
		}
	}
	return strings.Join(parts, " ")
}

// square writes the algebraic name of a cell on the board.
func (s *State) square(c game.Cell) string {
	return fmt.Sprintf("%c%d", 'a'+c.Col, s.geo.size-int(c.Row))
}

// ParseMove implements game.State: a square of the board, "b2" (also "B2",
// with spaces around). The notation is the same for both seats. Whether the
// square is dark is for Apply to check.
func (s *State) ParseMove(_ game.Player, text string) (game.Move, error) {
	c, ok := s.parseSquare(strings.TrimSpace(text))
	if !ok {
		return game.Move{}, fmt.Errorf("%w: %q is not a square of the %dx%d board (like b2)",
			game.ErrBadNotation, text, s.geo.size, s.geo.size)
	}
	return game.NewMove(c), nil
}

func (s *State) parseSquare(t string) (game.Cell, bool) {
	if len(t) < 2 || len(t) > 3 {
		return game.Cell{}, false
	}
	f := t[0] | 0x20 // lower case for letters
	col := int(f) - 'a'
	if f < 'a' || f > 'z' || col >= s.geo.size {
		return game.Cell{}, false
	}
	rank := 0
	for i := 1; i < len(t); i++ {
		d := t[i]
		if d < '0' || d > '9' || (i == 1 && d == '0') {
			return game.Cell{}, false
		}
		rank = rank*10 + int(d-'0')
	}
	if rank < 1 || rank > s.geo.size {
		return game.Cell{}, false
	}
	return game.Cell{Row: int8(s.geo.size - rank), Col: int8(col)}, true
}
