package bishops

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// cellName writes a cell algebraically (file a–j from the left, rank 1–10 from
// the bottom: Cell{9,0} is a1). A cell off the board, which only a bad Move
// can hold, is written as [row,col] so that error messages can still name it.
func cellName(c game.Cell) string {
	if !onBoard(c) {
		return "[" + c.String() + "]"
	}
	return string(appendCell(nil, c))
}

// appendCell appends the algebraic name of a cell on the board.
func appendCell(dst []byte, c game.Cell) []byte {
	return strconv.AppendInt(append(dst, byte('a'+c.Col)), int64(Size-int(c.Row)), 10)
}

func onBoard(c game.Cell) bool {
	return c.Row >= 0 && c.Row < Size && c.Col >= 0 && c.Col < Size
}

// parseCell reads an algebraic square of the board (light or dark); ok is
// false for anything else. The file may be upper case.
func parseCell(text string) (game.Cell, bool) {
	if len(text) < 2 || len(text) > 3 {
		return game.Cell{}, false
	}
	f := text[0] | 0x20 // lower case
	if f < 'a' || f >= 'a'+Size {
		return game.Cell{}, false
	}
	rank := 0
	for _, ch := range []byte(text[1:]) {
		if ch < '0' || ch > '9' {
			return game.Cell{}, false
		}
		rank = rank*10 + int(ch-'0')
	}
	if text[1] == '0' || rank < 1 || rank > Size {
		return game.Cell{}, false
	}
	return game.Cell{Row: int8(Size - rank), Col: int8(f - 'a')}, true
}

// FormatMove implements game.State: "c3-e5" for an engage, "c3xf6" for a
// kill.
func (s *State) FormatMove(m game.Move) string {
	if m.Len != 2 {
		return fmt.Sprintf("<move of %d cells>", m.Len)
	}
	sep := "-"
	if m.Tag == TagKill {
		sep = "x"
	}
	if onBoard(m.Cells[0]) && onBoard(m.Cells[1]) {
		var buf [8]byte
		b := appendCell(buf[:0], m.Cells[0])
		b = append(b, sep...)
		return string(appendCell(b, m.Cells[1]))
	}
	return cellName(m.Cells[0]) + sep + cellName(m.Cells[1])
}

// ParseMove implements game.State. It reads "c3-e5" (an engage, TagEngage) or
// "c3xf6" (a kill, TagKill), with an upper-case X or files allowed and
// spaces around; both squares must be dark. Whether the move is legal, and
// whether its separator is true to it, is for Apply to say.
func (s *State) ParseMove(_ game.Player, text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	i := strings.IndexAny(t, "-xX")
	if i < 0 {
		return game.Move{}, fmt.Errorf("%w: %q: write a move as c3-e5 (engage) or c3xf6 (kill)", game.ErrBadNotation, text)
	}
	tag := TagEngage
	if t[i] != '-' {
		tag = TagKill
	}
	from, ok1 := parseCell(t[:i])
	to, ok2 := parseCell(t[i+1:])
	if !ok1 || !ok2 {
		return game.Move{}, fmt.Errorf("%w: %q: squares are a1 to j10, as in c3-e5 or c3xf6", game.ErrBadNotation, text)
	}
	for _, c := range []game.Cell{from, to} {
		if !IsDark(c) {
			return game.Move{}, fmt.Errorf("%w: %q: %s is a light square, where no piece can stand", game.ErrBadNotation, text, cellName(c))
		}
	}
	m := game.NewMove(from, to)
	m.Tag = tag
	return m, nil
}
