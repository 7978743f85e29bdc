package amazons

import (
	"fmt"

	"boardroom/game"
)

// Apply implements game.State: it plays one turn of the seat to move, after
// checking every part of it. A refused turn changes nothing.
func (s *State) Apply(moves ...game.Move) error {
	if !s.b.canMove(s.b.toMove) {
		return fmt.Errorf("amazons: %w: %s has no legal move", game.ErrGameOver, seatNames[s.b.toMove])
	}
	if len(moves) != 1 {
		return fmt.Errorf("amazons: %w: a turn is one move, got %d", game.ErrIllegalMove, len(moves))
	}
	t, err := s.check(moves[0])
	if err != nil {
		return fmt.Errorf("amazons: %w %s: %s", game.ErrIllegalMove, s.FormatMove(moves[0]), err)
	}
	s.b.make(t)
	return nil
}

// check returns the turn that m stands for when it is legal for the seat to
// move, or why it is not.
func (s *State) check(m game.Move) (Turn, error) {
	if m.Len != 3 {
		return Turn{}, fmt.Errorf("a turn has three cells (amazon, destination, arrow), got %d", m.Len)
	}
	if m.Tag != 0 {
		return Turn{}, fmt.Errorf("tag %d is not used in this game", m.Tag)
	}
	var sqs [3]Square
	for i, c := range m.Path() {
		if sqs[i] = SquareAt(int(c.Row), int(c.Col)); sqs[i] == NoSquare {
			return Turn{}, fmt.Errorf("cell %s is off the board", c)
		}
	}
	t := Turn{sqs[0], sqs[1], sqs[2]}
	p := s.b.toMove
	if !s.b.amazons[p].Has(t.From) {
		return Turn{}, fmt.Errorf("%s holds no %s amazon", t.From, seatNames[p])
	}
	occ := s.b.occupied()
	if !QueenReach(t.From, occ).Has(t.To) {
		return Turn{}, fmt.Errorf("the amazon cannot move from %s to %s (a queen's move over free squares)", t.From, t.To)
	}
	occ.Clear(t.From)
	if !QueenReach(t.To, occ).Has(t.Arrow) {
		return Turn{}, fmt.Errorf("the arrow cannot fly from %s to %s (a queen's move over free squares)", t.To, t.Arrow)
	}
	return t, nil
}
