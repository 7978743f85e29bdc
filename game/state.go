package game

import "errors"

// Errors that the games wrap with detail; test for them with errors.Is.
var (
	ErrIllegalMove = errors.New("illegal move")
	ErrNotYourTurn = errors.New("not your turn")
	ErrGameOver    = errors.New("the game is over")
	ErrBadNotation = errors.New("bad notation")
	ErrBadOption   = errors.New("bad option")
	ErrBadPosition = errors.New("bad position")
	ErrUnknownGame = errors.New("unknown game")
)

// Game describes one game and makes its positions. A Game is immutable and safe
// for concurrent use.
type Game interface {
	// ID is the short name used in URLs, forms and commands ("kalah").
	ID() string
	// Name is the display name ("Kalah").
	Name() string
	// Seats names the two seats, first mover first ("P1", "P2").
	Seats() [2]string
	// Options is the schema of the game's options, in display order.
	Options() []Option
	// Simultaneous reports whether both seats choose their moves at once.
	Simultaneous() bool
	// New makes the starting position. Options that are absent take their
	// defaults; an unknown key or a value out of range is an ErrBadOption.
	New(opts map[string]string) (State, error)
	// Decode restores a position from the body that its Encode wrote, under the
	// given (already resolved) options. Most callers want the package-level
	// Decode, which reads the options from the text as well.
	Decode(opts Options, body string) (State, error)
}

// State is a position of a game, and everything needed to go on from it.
//
// A State is owned by one goroutine at a time. Methods that only read it
// never write hidden caches, so concurrent readers are safe.
type State interface {
	// Game returns the game this is a position of.
	Game() Game
	// Options returns the resolved options the game was started with.
	Options() Options
	// ToMove returns the seats to move: one seat on an ordinary turn, both in
	// seat order on a simultaneous turn, none when the game is over. The slice
	// is shared: do not modify it.
	ToMove() []Player
	// Legal appends the legal moves of seat p to dst and returns it; nothing is
	// appended when p is not to move. It allocates only when dst is too small.
	Legal(p Player, dst []Move) []Move
	// Apply plays one turn: the move of the seat to move, or on a simultaneous
	// turn one move per seat in seat order. An illegal turn returns an error
	// wrapping ErrIllegalMove (or ErrGameOver) and leaves the state unchanged.
	Apply(moves ...Move) error
	// Outcome tells whether the game is over, who won and why.
	Outcome() Outcome
	// Score is the scoreboard's pair of numbers, first seat first (Kalah:
	// seeds in houses plus store; Angels & Demons: covered squares; Mad
	// Bishops: pieces on the board; 0 0 where a game has no score).
	Score() [2]int
	// Ply counts the turns played since the start.
	Ply() int
	// Clone returns an independent copy.
	Clone() State
	// Encode writes the position as one line of text that Decode restores.
	Encode() string
	// Render draws the position as the text board of docs/rules.md, ending in a
	// newline.
	Render() string
	// FormatMove writes a move in the game's notation.
	FormatMove(m Move) string
	// ParseMove reads a move of seat p in the game's notation. It checks the
	// syntax and fills in what the notation implies; Apply checks legality.
	ParseMove(p Player, text string) (Move, error)
}

// Outcome is how a game stands: still going, won, or drawn.
type Outcome struct {
	Over bool
	// Winner is the seat that won, or NoPlayer for a draw or a game still on.
	Winner Player
	// Reason says why the game ended, in a few words ("no legal move").
	Reason string
}

// Ongoing is the outcome of a game that is not over.
var Ongoing = Outcome{Winner: NoPlayer}

// Win is the outcome of a game that seat p won.
func Win(p Player, reason string) Outcome { return Outcome{Over: true, Winner: p, Reason: reason} }

// Draw is the outcome of a drawn game.
func Draw(reason string) Outcome { return Outcome{Over: true, Winner: NoPlayer, Reason: reason} }

// IsDraw reports whether the game ended without a winner.
func (o Outcome) IsDraw() bool { return o.Over && o.Winner == NoPlayer }

// Shared answers for ToMove, so that it never allocates.
var (
	toMoveFirst  = []Player{First}
	toMoveSecond = []Player{Second}
	toMoveBoth   = []Player{First, Second}
)

// Seat returns the shared one-seat ToMove answer for p.
func Seat(p Player) []Player {
	if p == First {
		return toMoveFirst
	}
	return toMoveSecond
}

// BothSeats returns the shared ToMove answer of a simultaneous turn.
func BothSeats() []Player { return toMoveBoth }

// Drawable is implemented by a game whose games may end drawn (Kalah's
// equal stores, Angels & Demons' equal squares). Between two people, the
// players of such a game may also agree a draw; a game that never ends
// drawn offers no draw.
type Drawable interface {
	// CanEndDrawn reports whether a game of it may end without a winner.
	CanEndDrawn() bool
}

// CanEndDrawn reports whether games of g may end drawn (Drawable).
func CanEndDrawn(g Game) bool {
	d, ok := g.(Drawable)
	return ok && d.CanEndDrawn()
}
