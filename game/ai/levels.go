package ai

import (
	"fmt"
	"time"

	"boardroom/game"
)

// The levels and algorithms New accepts.
const (
	LevelBeginner  = "beginner"
	LevelMedium    = "medium"
	LevelDifficult = "difficult"

	AlgoBest      = ""          // the strongest for the game
	AlgoAlphaBeta = "alphabeta" // alpha-beta with the enhancements in the package doc
	AlgoMinimax   = "minimax"   // plain minimax, same tree, no pruning
	AlgoMCTS      = "mcts"      // UCT with evaluation-cut playouts (Amazons)
)

// DefaultBudget is Difficult's think time per move.
const DefaultBudget = 2 * time.Second

// settings are one bot's search parameters.
type settings struct {
	game      string
	level     string
	algorithm string // resolved: never AlgoBest
	budget    time.Duration
	depth     int     // fixed depth (0: iterative deepening until the budget)
	noise     int     // amplitude of the seeded evaluation noise, in eval units
	ttLog2    int     // transposition table size
	aspire    int     // aspiration half-window
	matrixIt  int     // Angels & Demons: regret-matching iterations
	lookahead int     // Angels & Demons: turns of lookahead
	explore   float64 // MCTS exploration constant
}

// configure resolves a level and an algorithm for a game into settings.
func configure(g game.Game, level, algorithm string, budget time.Duration) (settings, error) {
	id := g.ID()
	st := settings{game: id, level: level, algorithm: algorithm, budget: budget, ttLog2: 18}
	switch level {
	case LevelBeginner, LevelMedium, LevelDifficult:
	default:
		return st, fmt.Errorf("ai: unknown level %q (beginner, medium or difficult)", level)
	}
	switch {
	case algorithm == AlgoBest:
		st.algorithm = bestAlgorithm(id)
	case id == "demons" && algorithm == AlgoEquilibrium && level == LevelDifficult:
		// Difficult without its opponent model, for measurements.
	case id == "demons":
		return st, fmt.Errorf("ai: Angels & Demons has no algorithm choice (its turns are simultaneous), got %q", algorithm)
	case algorithm == AlgoAlphaBeta || algorithm == AlgoMinimax:
	case algorithm == AlgoMCTS && id == "amazons":
	default:
		return st, fmt.Errorf("ai: unknown algorithm %q for %s (alphabeta, minimax%s)", algorithm, id,
			map[bool]string{true: " or mcts", false: ""}[id == "amazons"])
	}
	if st.budget <= 0 {
		st.budget = DefaultBudget
	}
	if level == LevelDifficult {
		st.ttLog2 = 20
		st.noise = 2
		st.aspire = aspiration[id]
		st.matrixIt, st.lookahead = 4000, 2
		st.explore = 0.4
		return st, nil
	}
	// Medium: a shallow fixed search with a pinch of noise, quick to play
	// and beatable; it never uses more than Difficult's budget either.
	st.depth = mediumDepth[id]
	st.noise = 25
	st.matrixIt, st.lookahead = 20, 1 // Angels & Demons: demons_medium.go
	st.explore = 0.4
	return st, nil
}

// bestAlgorithm is the algorithm Difficult uses when none is named: for
// Amazons the stronger in our matches (game/ai/RESULTS.md, "Amazons: MCTS
// vs alpha-beta").
func bestAlgorithm(id string) string {
	switch id {
	case "demons":
		return "matrix"
	case "amazons":
		return amazonsBest
	}
	return AlgoAlphaBeta
}

// mediumDepth is Medium's fixed search depth per game.
var mediumDepth = map[string]int{
	"amazons": 1,
	"kalah":   4,
	"angels":  2,
	"bishops": 2,
	"demons":  1,
}

// aspiration is Difficult's aspiration half-window per game, in evaluation
// units (0 where it did not pay).
var aspiration = map[string]int{
	"amazons": 150,
	"kalah":   150,
	"angels":  0,
	"bishops": 60,
}
