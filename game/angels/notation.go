package angels

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// FormatMove implements game.State: "X,Y", row then column, from 1. A value
// that is not one square (only ever seen in error messages) is written with
// its cells in brackets.
func (s *State) FormatMove(m game.Move) string {
	if m.Len == 1 {
		return formatSquare(m.Cells[0].Row, m.Cells[0].Col)
	}
	parts := make([]string, m.Len)
	for i, c := range m.Path() {
		parts[i] = formatSquare(c.Row, c.Col)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// formatSquare writes a 0-based square as 1-based "X,Y".
func formatSquare(r, c int8) string {
	return strconv.Itoa(int(r)+1) + "," + strconv.Itoa(int(c)+1)
}

// ParseMove implements game.State. Both seats name one square "X,Y"; spaces
// around either number are fine. Whether the seat may play it is Apply's
// business.
func (s *State) ParseMove(p game.Player, text string) (game.Move, error) {
	if !p.Valid() {
		return game.Move{}, fmt.Errorf("%w: no seat %d", game.ErrBadNotation, p)
	}
	sq, err := parseSquare(text, int(s.n))
	if err != nil {
		return game.Move{}, err
	}
	return game.NewMove(game.Cell{Row: sq.r, Col: sq.c}), nil
}

// parseSquare reads "X,Y" (1-based, spaces around the numbers allowed) into a
// 0-based square of an n×n board.
func parseSquare(text string, n int) (pos, error) {
	x, y, ok := strings.Cut(text, ",")
	if !ok {
		return pos{}, fmt.Errorf("%w: %q is not a square X,Y (row,column)", game.ErrBadNotation, text)
	}
	r, okR := parseCoord(x, n)
	c, okC := parseCoord(y, n)
	if !okR || !okC {
		return pos{}, fmt.Errorf("%w: %q is not a square X,Y with row and column from 1 to %d", game.ErrBadNotation, text, n)
	}
	return pos{int8(r - 1), int8(c - 1)}, nil
}

// parseCoord reads a coordinate from 1 to n: digits only (no sign), with
// spaces around.
func parseCoord(text string, n int) (int, bool) {
	text = strings.TrimSpace(text)
	if text == "" || len(text) > 3 {
		return 0, false
	}
	v := 0
	for _, ch := range []byte(text) {
		if ch < '0' || ch > '9' {
			return 0, false
		}
		v = v*10 + int(ch-'0')
	}
	return v, v >= 1 && v <= n
}
