package ai

import "boardroom/game"

// Move is a game's move in the compact form its adapter packs (an Amazons
// turn's three squares, a Kalah house, ...). 0 is never a legal move in any
// adapter, so it doubles as "no move".
type Move uint32

// NoMove is the absence of a move.
const NoMove Move = 0

// Score bounds. A finished game is worth ±Win from the mover's view, less
// the plies it took to get there; anything beyond ±WinThreshold is such a
// result, and anything below it is an evaluation.
const (
	Win          = 1_000_000
	WinThreshold = Win - 10_000
	infinity     = Win + 1
)

// position is what the search core needs from a game: a mutable position
// walked with make/unmake. Implementations keep their own undo stack, so
// make and unmake take only the move, and never allocate once warm.
type position interface {
	// side is the seat to move (0 or 1).
	side() game.Player
	// moves appends the moves to search at this node, for a search with
	// depth plies left. A game may prune here (Amazons keeps the most
	// promising turns); both algorithms see the same lists. It appends
	// nothing when the game is over.
	moves(dst []Move, depth int) []Move
	// valid reports whether m is a legal move here, cheaply: it checks
	// moves from the transposition table when following the principal
	// variation.
	valid(m Move) bool
	make(m Move)
	unmake(m Move)
	// hash is a 64-bit key of the position (side to move included).
	hash() uint64
	// terminal reports whether the game is over and, if so, its value from
	// the mover's view: ±Win for a win or loss, or an exact score (Kalah's
	// margin); the core subtracts the distance from the root.
	terminal() (bool, int)
	// eval is the static evaluation from the mover's view.
	eval() int
	// gameMove and format turn a compact move into the game API's and its
	// notation.
	gameMove(m Move) game.Move
	format(m Move) string
}

// adjustForPly turns a terminal value at ply into a value that prefers quick
// wins and slow losses.
func adjustForPly(v, ply int) int {
	switch {
	case v > WinThreshold:
		return v - ply
	case v < -WinThreshold:
		return v + ply
	}
	return v
}
