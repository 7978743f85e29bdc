package amazons

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// String writes sq algebraically: file a–j from the left, rank 1–10 from the
// bottom ("d1" is row 9, column 3). A square off the board writes as "??".
func (sq Square) String() string {
	if !sq.Valid() {
		return "??"
	}
	return string(appendSquare(nil, sq))
}

func appendSquare(buf []byte, sq Square) []byte {
	buf = append(buf, byte('a'+sq.Col()))
	return strconv.AppendInt(buf, int64(Size-sq.Row()), 10)
}

// appendCell writes a cell of a move: algebraic on the board, and "(row,col)"
// off it, so that error messages can name any move a client sends.
func appendCell(buf []byte, c game.Cell) []byte {
	if sq := SquareAt(int(c.Row), int(c.Col)); sq != NoSquare {
		return appendSquare(buf, sq)
	}
	return append(append(append(buf, '('), c.String()...), ')')
}

func formatTurn(t Turn) string {
	if !t.From.Valid() || !t.To.Valid() || !t.Arrow.Valid() {
		return fmt.Sprintf("%v-%v/%v", t.From, t.To, t.Arrow)
	}
	buf := make([]byte, 0, 11)
	buf = appendSquare(buf, t.From)
	buf = append(buf, '-')
	buf = appendSquare(buf, t.To)
	buf = append(buf, '/')
	return string(appendSquare(buf, t.Arrow))
}

// FormatMove implements game.State: "d1-d7/g7" is the amazon from d1 to d7
// shooting an arrow to g7. A malformed move is written as well as it can be
// (cells off the board as "(row,col)", a stray tag as "[tag N]"), never
// panicking, because error messages name whatever a client sent.
func (s *State) FormatMove(m game.Move) string {
	buf := make([]byte, 0, 11)
	// Not m.Path(): a hand-made Move may claim more cells than it holds.
	for i, c := range m.Cells[:min(int(m.Len), len(m.Cells))] {
		switch i {
		case 0:
		case 1:
			buf = append(buf, '-')
		default:
			buf = append(buf, '/')
		}
		buf = appendCell(buf, c)
	}
	if m.Len == 0 {
		buf = append(buf, "(no cells)"...)
	}
	if int(m.Len) > len(m.Cells) {
		buf = fmt.Appendf(buf, " [%d cells]", m.Len)
	}
	if m.Tag != 0 {
		buf = fmt.Appendf(buf, " [tag %d]", m.Tag)
	}
	return string(buf)
}

// ParseSquare reads an algebraic square such as "d1" or "j10" (the file
// letter in either case).
func ParseSquare(text string) (Square, error) {
	if len(text) < 2 || len(text) > 3 {
		return NoSquare, fmt.Errorf("%w: %q is not a square (a1 to j10)", game.ErrBadNotation, text)
	}
	file := text[0] | 0x20 // lower case
	if file < 'a' || file >= 'a'+Size {
		return NoSquare, fmt.Errorf("%w: %q is not a square: the file must be a to j", game.ErrBadNotation, text)
	}
	rank := 0
	for i := 1; i < len(text); i++ {
		ch := text[i]
		if ch < '0' || ch > '9' || (i == 1 && ch == '0') {
			return NoSquare, fmt.Errorf("%w: %q is not a square: the rank must be 1 to 10", game.ErrBadNotation, text)
		}
		rank = rank*10 + int(ch-'0')
	}
	if rank > Size {
		return NoSquare, fmt.Errorf("%w: %q is not a square: the rank must be 1 to 10", game.ErrBadNotation, text)
	}
	return SquareAt(Size-rank, int(file-'a')), nil
}

// ParseTurn reads a turn in notation ("d1-d7/g7", surrounding spaces
// allowed). It checks the syntax only.
func ParseTurn(text string) (Turn, error) {
	t := strings.TrimSpace(text)
	from, rest, ok1 := strings.Cut(t, "-")
	to, arrow, ok2 := strings.Cut(rest, "/")
	if !ok1 || !ok2 {
		return Turn{}, fmt.Errorf("%w: %q is not a turn: write the amazon, its destination and the arrow as d1-d7/g7", game.ErrBadNotation, text)
	}
	var out Turn
	var err error
	for _, part := range []struct {
		text string
		sq   *Square
	}{{from, &out.From}, {to, &out.To}, {arrow, &out.Arrow}} {
		if *part.sq, err = ParseSquare(part.text); err != nil {
			return Turn{}, fmt.Errorf("in %q: %w", text, err)
		}
	}
	return out, nil
}

// ParseMove implements game.State: it reads "d1-d7/g7" (see ParseTurn) for
// any seat; Apply checks whose amazon it is and whether the turn is legal.
func (s *State) ParseMove(p game.Player, text string) (game.Move, error) {
	t, err := ParseTurn(text)
	if err != nil {
		return game.Move{}, err
	}
	return t.Move(), nil
}
