package ai

import "boardroom/game"

// Move is a game's move in the compact form its adapter packs (a turn's
// squares, a house, ...). 0 is never a legal move in any adapter, so it
// doubles as "no move".
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

// Position is what the search core needs from a game: a mutable position
// walked with make/unmake. Implementations keep their own undo stack, so
// Make and Unmake take only the move, and never allocate once warm.
type Position interface {
	// Side is the seat to move (0 or 1).
	Side() game.Player
	// Moves appends the moves to search at this node, for a search with
	// depth plies left. A game may prune here (keep the most promising
	// moves); alpha-beta and minimax see the same lists. It appends
	// nothing when the game is over.
	Moves(dst []Move, depth int) []Move
	// Valid reports whether m is a legal move here, cheaply: the core
	// checks moves from the transposition table when following the
	// principal variation.
	Valid(m Move) bool
	Make(m Move)
	Unmake(m Move)
	// Hash is a 64-bit key of the position (side to move included).
	Hash() uint64
	// Terminal reports whether the game is over and, if so, its value from
	// the mover's view: ±Win for a win or loss, or an exact score (a
	// margin); the core subtracts the distance from the root.
	Terminal() (bool, int)
	// Eval is the static evaluation from the mover's view.
	Eval() int
	// GameMove and Format turn a compact move into the game API's and its
	// notation.
	GameMove(m Move) game.Move
	Format(m Move) string
}

// NoisyPosition is a Position with moves that change the evaluation too
// much to stop on (captures). At the horizon the search then plays on those
// moves only, with the evaluation as a floor (the mover may decline them),
// up to QuiesceDepth plies, or QuiesceLimit's when the position says.
type NoisyPosition interface {
	Position
	Noisy(dst []Move) []Move
}

// QuiesceLimiter is implemented by positions whose noisy lines need another
// bound than QuiesceDepth (a ladder that plays out for many plies).
type QuiesceLimiter interface {
	QuiesceLimit() int
}

// Clocked is implemented by positions that do expensive work outside the
// core's node loop (ranking moves by evaluation) and must watch the move's
// clock while they do: the core hands them the clock before it searches.
type Clocked interface {
	SetClock(c *Clock)
}

// Helped is a Position whose own work (ranking its moves) can use more
// cores: the bot hands it the worker its search runs on before the search,
// and the position borrows cores from it (Worker.Borrow) as it needs them.
type Helped interface {
	SetWorker(w *Worker)
}

// ScoredMove is a move with a score, for ordering.
type ScoredMove struct {
	M     Move
	Score int32
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
