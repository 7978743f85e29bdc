package amazons

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// Fairy-Stockfish plays the Game of the Amazons as UCI_Variant "amazons",
// on the same squares (files a–j from the left, ranks 1–10 from the
// bottom), White first. Its FEN writes an arrow as '*', and its move
// "d1d7,d7g7" is the amazon from d1 to d7, then the arrow from d7 to g7:
// our "d1-d7/g7".

var _ game.UCIGame = Game{}

// UCIVariant implements game.UCIGame: the game has no options, so every
// game is the variant's.
func (Game) UCIVariant(game.Options) string { return "amazons" }

// UCIPosition implements game.UCIGame: rank 10 first, 'Q' a White amazon,
// 'q' a Black one, '*' an arrow, a digit run (up to "10") for empty
// squares, then the side to move.
func (Game) UCIPosition(gs game.State) string {
	s := gs.(*State)
	var b strings.Builder
	for row := range Size {
		if row > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for col := range Size {
			c := byte(0)
			switch s.b.at(SquareAt(row, col)) {
			case WhiteAmazon:
				c = 'Q'
			case BlackAmazon:
				c = 'q'
			case Arrow:
				c = '*'
			}
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	side := "w"
	if s.b.toMove == Black {
		side = "b"
	}
	// No castling, no en passant; the move counters are the turns played.
	fmt.Fprintf(&b, " %s - - 0 %d", side, s.b.ply/2+1)
	return b.String()
}

// FormatUCI implements game.UCIGame.
func (Game) FormatUCI(_ game.State, m game.Move) string {
	c := m.Path()
	if len(c) != 3 {
		return fmt.Sprintf("(a move of %d cells)", len(c))
	}
	from, to, arrow := appendCell(nil, c[0]), appendCell(nil, c[1]), appendCell(nil, c[2])
	return string(from) + string(to) + "," + string(to) + string(arrow)
}

// ParseUCI implements game.UCIGame: "d1d7,d7g7"; the arrow must leave from
// where the amazon landed.
func (Game) ParseUCI(_ game.State, _ game.Player, text string) (game.Move, error) {
	move, arrow, ok := strings.Cut(strings.TrimSpace(text), ",")
	if !ok {
		return game.Move{}, fmt.Errorf("%w: %q is not an Amazons UCI move (d1d7,d7g7)", game.ErrBadNotation, text)
	}
	from, to, err := splitSquares(move)
	if err != nil {
		return game.Move{}, fmt.Errorf("in %q: %w", text, err)
	}
	shotFrom, shot, err := splitSquares(arrow)
	if err != nil {
		return game.Move{}, fmt.Errorf("in %q: %w", text, err)
	}
	if shotFrom != to {
		return game.Move{}, fmt.Errorf("%w: in %q the arrow leaves from %v, not from %v where the amazon landed", game.ErrBadNotation, text, shotFrom, to)
	}
	return Turn{From: from, To: to, Arrow: shot}.Move(), nil
}

// splitSquares reads two squares written together ("d1d10"): the second
// starts at the first letter after the first.
func splitSquares(text string) (Square, Square, error) {
	i := strings.IndexFunc(text[min(1, len(text)):], func(r rune) bool { return r >= 'a' && r <= 'z' })
	if i < 0 {
		return NoSquare, NoSquare, fmt.Errorf("%w: %q is not two squares", game.ErrBadNotation, text)
	}
	i++
	a, err := ParseSquare(text[:i])
	if err != nil {
		return NoSquare, NoSquare, err
	}
	b, err := ParseSquare(text[i:])
	if err != nil {
		return NoSquare, NoSquare, err
	}
	return a, b, nil
}
