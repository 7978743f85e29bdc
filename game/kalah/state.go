package kalah

import (
	"fmt"
	"maps"

	"boardroom/game"
)

// State is a Kalah position with its options and ply count. It implements
// game.State; use pointer receivers throughout.
type State struct {
	b    Board
	ply  int
	opts game.Options // resolved; never written after New, so clones share it
}

var (
	_ game.State   = (*State)(nil)
	_ game.Perfter = (*State)(nil)
)

// Game implements game.State.
func (s *State) Game() game.Game { return Game{} }

// Options implements game.State.
func (s *State) Options() game.Options { return maps.Clone(s.opts) }

// Board returns a copy of the compact board, for searches and solvers.
func (s *State) Board() Board { return s.b }

// ToMove implements game.State.
func (s *State) ToMove() []game.Player {
	if s.b.Over() {
		return nil
	}
	return game.Seat(s.b.turn)
}

// Turn is the seat whose turn it is; when the game is over, the seat that
// was to move and could not.
func (s *State) Turn() game.Player { return s.b.turn }

// Legal implements game.State: the non-empty houses of p, house 1 first.
func (s *State) Legal(p game.Player, dst []game.Move) []game.Move {
	if p != s.b.turn {
		return dst
	}
	mask := s.b.Movable()
	for house := 1; mask != 0; house, mask = house+1, mask>>1 {
		if mask&1 != 0 {
			dst = append(dst, s.move(p, house))
		}
	}
	return dst
}

// move is the move that sows p's house.
func (s *State) move(p game.Player, house int) game.Move {
	var m game.Move
	m.Cells[0] = s.HouseCell(p, house)
	m.Len = 1
	return m
}

// Apply implements game.State. An error leaves the state untouched.
func (s *State) Apply(moves ...game.Move) error {
	if s.b.Over() {
		return fmt.Errorf("%w: no move after the end", game.ErrGameOver)
	}
	if len(moves) != 1 {
		return fmt.Errorf("%w: a Kalah turn is one move, got %d", game.ErrIllegalMove, len(moves))
	}
	house, err := s.check(moves[0])
	if err != nil {
		return err
	}
	s.b.Sow(house)
	s.ply++
	return nil
}

// check validates a move of the seat to move and returns its house.
func (s *State) check(m game.Move) (int, error) {
	me := s.b.turn
	name := Game{}.Seats()[me]
	if m.Len == 0 {
		return 0, fmt.Errorf("%w: a move with no cells", game.ErrIllegalMove)
	}
	if m.Len != 1 || m.Tag != 0 {
		return 0, fmt.Errorf("%w %s: a Kalah move is one house and no tag", game.ErrIllegalMove, s.FormatMove(m))
	}
	p, house, ok := s.HouseAt(m.Cells[0])
	if !ok {
		return 0, fmt.Errorf("%w %s: cell %s is not a house", game.ErrIllegalMove, s.FormatMove(m), m.Cells[0])
	}
	if p != me {
		return 0, fmt.Errorf("%w %s: that house is %s's, and %s is to move",
			game.ErrIllegalMove, s.FormatMove(m), Game{}.Seats()[p], name)
	}
	if s.b.Seeds(me, house) == 0 {
		return 0, fmt.Errorf("%w %s: house %d of %s is empty", game.ErrIllegalMove, s.FormatMove(m), house, name)
	}
	return house, nil
}

// Outcome implements game.State: the game ends when the seat to move has no
// seeds, and the higher score (houses plus store) wins.
func (s *State) Outcome() game.Outcome {
	if !s.b.Over() {
		return game.Ongoing
	}
	const reason = "houses empty"
	a, b := s.b.Score(game.First), s.b.Score(game.Second)
	switch {
	case a > b:
		return game.Win(game.First, reason)
	case b > a:
		return game.Win(game.Second, reason)
	}
	return game.Draw(reason)
}

// Score implements game.State: each seat's seeds in houses plus store.
func (s *State) Score() [2]int {
	return [2]int{s.b.Score(game.First), s.b.Score(game.Second)}
}

// Ply implements game.State: turns played, each extra turn counting as one.
func (s *State) Ply() int { return s.ply }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}
