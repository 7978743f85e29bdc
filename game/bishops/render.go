package bishops

import (
	"strconv"

	"boardroom/game"
)

// fileHeader labels the columns above the board, aligned with the cells.
const fileHeader = "   a b c d e f g h i j"

// Render implements game.State; the format is in the package doc.
func (s *State) Render() string {
	b := make([]byte, 0, (Size+1)*(2*Size+6))
	b = append(b, fileHeader...)
	b = append(b, '\n')
	for r := range int8(Size) {
		rank := Size - int(r)
		if rank < 10 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(rank), 10)
		for c := range int8(Size) {
			b = append(b, ' ', s.cellChar(game.Cell{Row: r, Col: c}))
		}
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(rank), 10)
		b = append(b, '\n')
	}
	return string(b)
}

// cellChar is a cell's character in Render: ' ' for a light square, '.' for
// an empty dark one, 'W' or 'B' for a piece.
func (s *State) cellChar(c game.Cell) byte {
	if !IsDark(c) {
		return ' '
	}
	switch s.At(c) {
	case game.First:
		return 'W'
	case game.Second:
		return 'B'
	}
	return '.'
}
