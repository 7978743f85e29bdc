package demons

import (
	"fmt"

	"boardroom/game"
)

// State is a position of Angels & Demons. It is small and has no pointers
// into mutable data, so copying the struct copies the position.
type State struct {
	geo   *geometry    // shared, read-only
	opts  game.Options // shared, read-only
	own   [2]squares   // the squares of the Angels and of the Demons
	ply   int          // turns played
	turns int          // turns in the game
}

// Game implements game.State.
func (s *State) Game() game.Game { return Game{} }

// Options implements game.State.
func (s *State) Options() game.Options { return s.opts }

// Ply implements game.State: the turns played.
func (s *State) Ply() int { return s.ply }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Over reports whether every turn has been played.
func (s *State) Over() bool { return s.ply >= s.turns }

// ToMove implements game.State: both seats until the last turn is played.
func (s *State) ToMove() []game.Player {
	if s.Over() {
		return nil
	}
	return game.BothSeats()
}

// Legal implements game.State: every dark square, for either seat, until the
// end. It allocates only when dst is too small.
func (s *State) Legal(p game.Player, dst []game.Move) []game.Move {
	if s.Over() || !p.Valid() {
		return dst
	}
	return append(dst, s.geo.moves...)
}

// Apply implements game.State: moves are the Angels' choice, then the
// Demons'.
func (s *State) Apply(moves ...game.Move) error {
	if s.Over() {
		return fmt.Errorf("%w: all %d turns have been played", game.ErrGameOver, s.turns)
	}
	if len(moves) != 2 {
		return fmt.Errorf("%w: a turn is two choices, the Angels' then the Demons', got %d", game.ErrIllegalMove, len(moves))
	}
	var k [2]int
	for i, m := range moves {
		var err error
		if k[i], err = s.choice(m); err != nil {
			return fmt.Errorf("%w: %s: %s", game.ErrIllegalMove, Game{}.Seats()[i], err)
		}
	}
	s.MakeTurn(k[0], k[1])
	return nil
}

// choice returns the choice number of a legal move, or why it is not legal.
func (s *State) choice(m game.Move) (int, error) {
	switch {
	case m.Len != 1:
		return 0, fmt.Errorf("a choice is one square, got %d cells (%s)", m.Len, s.FormatMove(m))
	case m.Tag != 0:
		return 0, fmt.Errorf("%s has a tag (%d) this game does not use", s.FormatMove(m), m.Tag)
	case !s.geo.onBoard(m.Cells[0]):
		return 0, fmt.Errorf("%s is off the board", s.FormatMove(m))
	case !isDark(m.Cells[0]):
		return 0, fmt.Errorf("%s is a light square; choose a dark one", s.FormatMove(m))
	}
	return s.geo.index(m.Cells[0]), nil
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if !s.Over() {
		return game.Ongoing
	}
	n := s.Covered()
	switch {
	case n[0] > n[1]:
		return game.Win(game.First, "more squares")
	case n[1] > n[0]:
		return game.Win(game.Second, "more squares")
	}
	return game.Draw("equal squares")
}

// Score implements game.State: the covered counts, Angels first.
func (s *State) Score() [2]int { return s.Covered() }

// Covered returns how many squares each seat holds, Angels first.
func (s *State) Covered() [2]int { return [2]int{s.own[0].count(), s.own[1].count()} }

// Size returns the number of squares along a side of the board.
func (s *State) Size() int { return s.geo.size }

// Turns returns the number of turns the game lasts (option turns).
func (s *State) Turns() int { return s.turns }

// Turn returns the number of turns played so far (the same as Ply).
func (s *State) Turn() int { return s.ply }

// Owner returns the seat that holds a cell: game.First (Angels),
// game.Second (Demons), or game.NoPlayer for an empty square, a dark square
// (dark squares are never held) or a cell off the board.
func (s *State) Owner(c game.Cell) game.Player {
	if !s.geo.onBoard(c) || isDark(c) {
		return game.NoPlayer
	}
	i := s.geo.index(c)
	switch {
	case s.own[0].has(i):
		return game.First
	case s.own[1].has(i):
		return game.Second
	}
	return game.NoPlayer
}

// IsDark reports whether a cell is a dark square, a square a seat may choose.
func IsDark(c game.Cell) bool { return isDark(c) }

// NumChoices returns the number of dark squares: the choices of each seat on
// every turn, numbered 0..NumChoices()-1 in reading order.
func (s *State) NumChoices() int { return len(s.geo.moves) }

// ChoiceMove returns the move of choice number k.
func (s *State) ChoiceMove(k int) game.Move { return s.geo.moves[k] }

// ChoiceOf returns the choice number of a move, and false when the move is not
// a legal choice (whether or not the game is over).
func (s *State) ChoiceOf(m game.Move) (int, bool) {
	k, err := s.choice(m)
	return k, err == nil
}
