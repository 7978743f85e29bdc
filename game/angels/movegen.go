package angels

import (
	"fmt"
	"math/bits"

	"boardroom/game"
)

// Why the Devil always has a move while the game is on: the Devil moves right
// after an Angel move that did not end the game. If the Angel left a square,
// that square is empty (the Devil may never block the Angel's square, and
// nothing else changed since the Angel stood there) and it is not the Angel's
// square now. If the Angel stayed, it was allowed to only because some other
// square in reach was free, and that square is still free. Either way there
// is an empty square other than the Angel's. Decode refuses positions that
// break this (TestDevilAlwaysHasAMove checks it).
//
// Why staying never needs its own check: the Angel may stay only while some
// other square in reach is free, and when none is the Angel is trapped and
// the game is already over. So on the Angel's turn of a live game staying is
// always legal.

// Game implements game.State.
func (s *State) Game() game.Game { return Game{} }

// Options implements game.State.
func (s *State) Options() game.Options { return s.opts }

// Ply implements game.State.
func (s *State) Ply() int { return int(s.ply) }

// Score implements game.State: Angels & Devils keeps no score.
func (s *State) Score() [2]int { return [2]int{} }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// turn returns the seat whose turn it is by the ply count (game over or not).
func (s *State) turn() game.Player {
	if s.ply&1 == 0 {
		return game.First
	}
	return game.Second
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.OnEdge() {
		return game.Win(game.First, "reached the edge")
	}
	if s.Trapped() {
		return game.Win(game.Second, "angel trapped")
	}
	return game.Ongoing
}

func (s *State) over() bool { return s.OnEdge() || s.Trapped() }

// ToMove implements game.State.
func (s *State) ToMove() []game.Player {
	if s.over() {
		return nil
	}
	return game.Seat(s.turn())
}

// Legal implements game.State. Moves come in row-major order; the Angel's
// list includes staying (its own square).
func (s *State) Legal(p game.Player, dst []game.Move) []game.Move {
	if p != s.turn() || s.over() {
		return dst
	}
	if p == game.First {
		r0, r1, mask := s.window(s.angel)
		for r := r0; r <= r1; r++ {
			dst = appendRow(dst, r, ^s.rows[r]&mask)
		}
		return dst
	}
	for r := 0; r < int(s.n); r++ {
		free := ^s.rows[r] & s.full
		if r == int(s.angel.r) {
			free &^= 1 << uint(s.angel.c)
		}
		dst = appendRow(dst, r, free)
	}
	return dst
}

func appendRow(dst []game.Move, r int, free uint64) []game.Move {
	for free != 0 {
		c := bits.TrailingZeros64(free)
		free &= free - 1
		dst = append(dst, game.Move{Cells: [game.MaxMoveCells]game.Cell{{Row: int8(r), Col: int8(c)}}, Len: 1})
	}
	return dst
}

// countLegal is len(Legal(seat to move)) without building moves.
func (s *State) countLegal() int {
	if s.over() {
		return 0
	}
	if s.ply&1 == 0 {
		return s.FreeInReach() + 1
	}
	return int(s.n)*int(s.n) - int(s.blocked) - 1
}

// Apply implements game.State.
func (s *State) Apply(moves ...game.Move) error {
	if s.over() {
		return fmt.Errorf("%w: %s", game.ErrGameOver, s.Outcome().Reason)
	}
	if len(moves) != 1 {
		return fmt.Errorf("%w: one move per turn, got %d", game.ErrIllegalMove, len(moves))
	}
	m := moves[0]
	if err := s.check(m); err != nil {
		return err
	}
	s.Make(int(m.Cells[0].Row), int(m.Cells[0].Col))
	return nil
}

// check tells why m is not a legal move of the seat to move in a live game.
func (s *State) check(m game.Move) error {
	if m.Len != 1 {
		return fmt.Errorf("%w: %s: a move is one square", game.ErrIllegalMove, s.FormatMove(m))
	}
	if m.Tag != 0 {
		return fmt.Errorf("%w: %s carries tag %d, Angels & Devils uses none", game.ErrIllegalMove, s.FormatMove(m), m.Tag)
	}
	cell := m.Cells[0]
	r, c := int(cell.Row), int(cell.Col)
	name := s.FormatMove(m)
	switch {
	case !s.OnBoard(r, c):
		return fmt.Errorf("%w: %s is off the %d×%d board", game.ErrIllegalMove, name, s.n, s.n)
	case s.ply&1 == 0 && !s.InReach(r, c):
		return fmt.Errorf("%w: %s is out of the Angel's reach (power %d)", game.ErrIllegalMove, name, s.k)
	case s.Blocked(r, c):
		return fmt.Errorf("%w: %s is blocked", game.ErrIllegalMove, name)
	case s.ply&1 == 1 && r == int(s.angel.r) && c == int(s.angel.c):
		return fmt.Errorf("%w: %s is the Angel's square", game.ErrIllegalMove, name)
	}
	return nil
}
