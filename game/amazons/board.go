package amazons

import "boardroom/game"

// Piece is what stands on a square.
type Piece uint8

// The contents of a square.
const (
	Empty Piece = iota
	WhiteAmazon
	BlackAmazon
	Arrow
)

// Symbol is the piece's character in Render and Encode: '#' empty, 'W', 'B',
// 'X' for an arrow.
func (p Piece) Symbol() byte { return "#WBX"[p&3] }

// Owner is the seat an amazon belongs to, or game.NoPlayer for an arrow or an
// empty square.
func (p Piece) Owner() game.Player {
	switch p {
	case WhiteAmazon:
		return White
	case BlackAmazon:
		return Black
	}
	return game.NoPlayer
}

// The seats: White moves first.
const (
	White = game.First
	Black = game.Second
)

// AmazonsPerSide is how many amazons each side has, for the whole game.
const AmazonsPerSide = 4

// board is the position without its history: where the amazons and arrows
// stand and who moves. It is small and flat so that search can copy it or
// make and unmake turns on it cheaply.
type board struct {
	amazons [2]Bitboard // indexed by game.Player
	arrows  Bitboard
	toMove  game.Player
	ply     int
}

// State is a position of the Game of the Amazons. Its zero value is not a
// position: make one with New, Game.New or Decode.
//
// The read-only accessors below (At, Amazons, Arrows, Occupied, ...) are what
// a board renderer or an evaluator needs; MakeTurn / UnmakeTurn and
// AppendTurns are the unchecked fast path for search.
type State struct {
	b    board
	opts game.Options
}

var _ game.State = (*State)(nil)

// Rows is the number of rows of the board (10).
func (s *State) Rows() int { return Size }

// Cols is the number of columns of the board (10).
func (s *State) Cols() int { return Size }

// At returns what stands on cell c; Empty for a cell off the board.
func (s *State) At(c game.Cell) Piece {
	sq := SquareAt(int(c.Row), int(c.Col))
	if sq == NoSquare {
		return Empty
	}
	return s.b.at(sq)
}

func (b *board) at(sq Square) Piece {
	switch {
	case b.amazons[White].Has(sq):
		return WhiteAmazon
	case b.amazons[Black].Has(sq):
		return BlackAmazon
	case b.arrows.Has(sq):
		return Arrow
	}
	return Empty
}

// Amazons returns the squares of seat p's four amazons as a set.
func (s *State) Amazons(p game.Player) Bitboard { return s.b.amazons[p&1] }

// AmazonSquares returns the squares of seat p's four amazons in ascending
// order (top row first, left to right).
func (s *State) AmazonSquares(p game.Player) [AmazonsPerSide]Square {
	var out [AmazonsPerSide]Square
	set := s.b.amazons[p&1]
	for i := range out {
		out[i] = set.Pop()
	}
	return out
}

// Arrows returns the squares blocked by arrows.
func (s *State) Arrows() Bitboard { return s.b.arrows }

// Occupied returns every blocked square: amazons of both sides and arrows.
func (s *State) Occupied() Bitboard { return s.b.occupied() }

// EmptySquares returns every free square.
func (s *State) EmptySquares() Bitboard { return s.b.occupied().Not() }

func (b *board) occupied() Bitboard {
	return Bitboard{
		b.amazons[0][0] | b.amazons[1][0] | b.arrows[0],
		b.amazons[0][1] | b.amazons[1][1] | b.arrows[1],
	}
}

// SideToMove returns the seat whose turn it is; when the game is over, that
// is the seat that lost (it had no turn to make).
func (s *State) SideToMove() game.Player { return s.b.toMove }

// Game implements game.State.
func (s *State) Game() game.Game { return Game{} }

// Options implements game.State.
func (s *State) Options() game.Options { return s.opts }

// Ply implements game.State: the turns played, which is also the number of
// arrows on the board.
func (s *State) Ply() int { return s.b.ply }

// Score implements game.State: Amazons has no score of its own (the
// scoreboard shows the computer's estimate instead).
func (s *State) Score() [2]int { return [2]int{} }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// ToMove implements game.State.
func (s *State) ToMove() []game.Player {
	if !s.b.canMove(s.b.toMove) {
		return nil
	}
	return game.Seat(s.b.toMove)
}

// Outcome implements game.State: the seat to move that has no complete turn
// loses.
func (s *State) Outcome() game.Outcome {
	if s.b.canMove(s.b.toMove) {
		return game.Ongoing
	}
	return game.Win(s.b.toMove.Other(), "no legal move")
}

// canMove reports whether seat p has a complete turn. An amazon that can step
// at all can always shoot back onto the square it left, so a turn exists
// exactly when some amazon of p has a free neighbouring square.
func (b *board) canMove(p game.Player) bool {
	occ := b.occupied()
	set := b.amazons[p]
	for !set.IsEmpty() {
		n := neighbours[set.Pop()]
		if n[0]&^occ[0]|n[1]&^occ[1] != 0 {
			return true
		}
	}
	return false
}

// start is the opening position.
func start() board {
	var b board
	for _, sq := range []Square{93, 96, 60, 69} { // d1 g1 a4 j4
		b.amazons[White].Set(sq)
	}
	for _, sq := range []Square{3, 6, 30, 39} { // d10 g10 a7 j7
		b.amazons[Black].Set(sq)
	}
	b.toMove = White
	return b
}
