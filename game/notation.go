package game

import (
	"fmt"
	"strings"
)

// TurnSeparator joins the two choices of a simultaneous turn ("b2+e5").
const TurnSeparator = "+"

// FormatTurn writes a whole turn: one move, or a simultaneous turn's moves
// joined by TurnSeparator in seat order.
func FormatTurn(s State, moves []Move) string {
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = s.FormatMove(m)
	}
	return strings.Join(parts, TurnSeparator)
}

// ParseTurn reads a whole turn for the seats to move in s: one move, or on a
// simultaneous turn one move per seat joined by TurnSeparator.
func ParseTurn(s State, text string) ([]Move, error) {
	seats := s.ToMove()
	if len(seats) == 0 {
		return nil, fmt.Errorf("%w: no move after the end (%q)", ErrGameOver, text)
	}
	parts := []string{text}
	if len(seats) > 1 {
		parts = strings.Split(text, TurnSeparator)
		if len(parts) != len(seats) {
			return nil, fmt.Errorf("%w: a simultaneous turn is written A%sB, got %q", ErrBadNotation, TurnSeparator, text)
		}
	}
	moves := make([]Move, len(seats))
	for i, p := range seats {
		m, err := s.ParseMove(p, strings.TrimSpace(parts[i]))
		if err != nil {
			return nil, err
		}
		moves[i] = m
	}
	return moves, nil
}

// PlayTurns parses and applies a sequence of turns in notation, stopping at the
// first one that does not parse or is illegal.
func PlayTurns(s State, turns ...string) error {
	for i, t := range turns {
		moves, err := ParseTurn(s, t)
		if err == nil {
			err = s.Apply(moves...)
		}
		if err != nil {
			return fmt.Errorf("turn %d (%s): %w", i+1, t, err)
		}
	}
	return nil
}

// IsLegal reports whether m is among seat p's legal moves. It allocates; the
// games check legality faster themselves.
func IsLegal(s State, p Player, m Move) bool {
	for _, l := range s.Legal(p, nil) {
		if l == m {
			return true
		}
	}
	return false
}
