package bishops

import (
	"fmt"
	"math/bits"

	"boardroom/game"
)

// The reasons a game ends.
const (
	ReasonAllCaptured = "all pieces captured"
	ReasonNoMove      = "no legal move"
)

// The Tag of a game.Move: a kill or an engage.
const (
	TagEngage uint8 = 0
	TagKill   uint8 = 1
)

// State is a Mad Bishops position. Its methods have pointer receivers; the
// zero value is not a position (use New or Decode).
type State struct {
	opts    game.Options
	board   Board
	turn    game.Player
	ply     int
	outcome game.Outcome // kept up to date by every change, never by a read
}

var _ game.State = (*State)(nil)

func newState(opts game.Options, b Board, turn game.Player, ply int) *State {
	s := &State{opts: opts, board: b, turn: turn, ply: ply}
	s.settle()
	return s
}

// settle works out the outcome for the seat to move.
func (s *State) settle() {
	switch {
	case s.board.Pieces[s.turn] == 0:
		s.outcome = game.Win(s.turn.Other(), ReasonAllCaptured)
	case !s.board.HasMove(s.turn):
		s.outcome = game.Win(s.turn.Other(), ReasonNoMove)
	default:
		s.outcome = game.Ongoing
	}
}

// Game implements game.State.
func (s *State) Game() game.Game { return Game{} }

// Options implements game.State.
func (s *State) Options() game.Options { return s.opts }

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome { return s.outcome }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// ToMove implements game.State.
func (s *State) ToMove() []game.Player {
	if s.outcome.Over {
		return nil
	}
	return game.Seat(s.turn)
}

// Turn returns the seat whose turn it is; when the game is over, the seat that
// would have moved (the loser).
func (s *State) Turn() game.Player { return s.turn }

// Board returns a copy of the compact board, for search.
func (s *State) Board() Board { return s.board }

// At returns the seat whose piece stands on c, or game.NoPlayer for an empty
// square, a light square or a cell off the board.
func (s *State) At(c game.Cell) game.Player {
	sq, ok := SquareOf(c)
	if !ok {
		return game.NoPlayer
	}
	return s.board.At(sq)
}

// Count returns how many pieces seat p has on the board.
func (s *State) Count(p game.Player) int { return s.board.Count(p) }

// Score implements game.State: the pieces each seat has on the board (the
// scoreboard shows White's minus Black's).
func (s *State) Score() [2]int {
	return [2]int{s.board.Count(game.First), s.board.Count(game.Second)}
}

// Legal implements game.State: kills carry TagKill, engages TagEngage.
func (s *State) Legal(p game.Player, dst []game.Move) []game.Move {
	if s.outcome.Over || p != s.turn {
		return dst
	}
	_, _, sight := s.board.Threats(p)
	for own := s.board.Pieces[p]; own != 0; own &= own - 1 {
		from := Square(bits.TrailingZeros64(own))
		to, kill := s.board.targets(p, from, sight)
		for ; to != 0; to &= to - 1 {
			dst = append(dst, toMove(BoardMove{From: from, To: Square(bits.TrailingZeros64(to)), Kill: kill}))
		}
	}
	return dst
}

func toMove(m BoardMove) game.Move {
	mv := game.Move{Len: 2, Tag: TagEngage}
	mv.Cells[0], mv.Cells[1] = m.From.Cell(), m.To.Cell()
	if m.Kill {
		mv.Tag = TagKill
	}
	return mv
}

// Apply implements game.State. The one move must be the seat to move's, with
// the Tag saying truly whether it kills.
func (s *State) Apply(moves ...game.Move) error {
	if s.outcome.Over {
		return fmt.Errorf("%w: %s won (%s)", game.ErrGameOver, Game{}.Seats()[s.outcome.Winner], s.outcome.Reason)
	}
	if len(moves) != 1 {
		return fmt.Errorf("%w: a turn is one move, got %d", game.ErrIllegalMove, len(moves))
	}
	bm, err := s.check(moves[0])
	if err != nil {
		return err
	}
	s.board.Make(s.turn, bm)
	s.turn = s.turn.Other()
	s.ply++
	s.settle()
	return nil
}

// check returns the board move of m if it is legal for the seat to move, and
// an error that names the move and says what is wrong otherwise.
func (s *State) check(m game.Move) (BoardMove, error) {
	// The move's text is built only for an error, so that a legal move costs
	// no allocation.
	illegal := func(format string, args ...any) (BoardMove, error) {
		return BoardMove{}, fmt.Errorf("%w: %s%s", game.ErrIllegalMove, s.FormatMove(m), fmt.Sprintf(format, args...))
	}
	if m.Len != 2 {
		return BoardMove{}, fmt.Errorf("%w: a move is two cells (from, to), got %d", game.ErrIllegalMove, m.Len)
	}
	if m.Tag != TagEngage && m.Tag != TagKill {
		return illegal(" has an unknown tag %d", m.Tag)
	}
	from, ok1 := SquareOf(m.Cells[0])
	to, ok2 := SquareOf(m.Cells[1])
	if !ok1 || !ok2 {
		return illegal(": pieces stand only on the dark squares of the board")
	}
	seats := Game{}.Seats()
	switch s.board.At(from) {
	case game.NoPlayer:
		return illegal(": no piece on %s", cellName(m.Cells[0]))
	case s.turn.Other():
		return illegal(": the piece on %s is %s's and %s is to move", cellName(m.Cells[0]), seats[s.turn.Other()], seats[s.turn])
	}
	targets, kill := s.board.Targets(s.turn, from)
	if targets&to.Bit() == 0 {
		switch {
		case kill:
			return illegal(": the piece on %s sees an enemy piece, so it may only kill", cellName(m.Cells[0]))
		case targets == 0:
			return illegal(": the piece on %s can neither kill nor engage", cellName(m.Cells[0]))
		}
		return illegal(": an engage must slide over empty squares to an empty square that sees an enemy piece")
	}
	bm := BoardMove{From: from, To: to, Kill: kill}
	if want := toMove(bm); want.Tag != m.Tag {
		if kill {
			return illegal(" captures a piece: write it %s", s.FormatMove(want))
		}
		return illegal(" captures nothing: write it %s", s.FormatMove(want))
	}
	return bm, nil
}
