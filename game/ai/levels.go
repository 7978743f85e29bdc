package ai

import (
	"fmt"
	"strings"
	"time"

	"boardroom/game"
)

// The levels and the core's algorithms.
const (
	LevelBeginner  = "beginner"
	LevelMedium    = "medium"
	LevelDifficult = "difficult"

	AlgoBest      = ""          // the strongest the game has
	AlgoAlphaBeta = "alphabeta" // alpha-beta with the enhancements of Searcher
	AlgoMinimax   = "minimax"   // plain minimax, same tree, no pruning
	AlgoMCTS      = "mcts"      // UCT with evaluation-cut playouts (MCTSBot)
)

// DefaultBudget is Difficult's think time per move.
const DefaultBudget = 2 * time.Second

// CheckLevel refuses a level that is not one of game.Levels.
func CheckLevel(level string) error {
	switch level {
	case LevelBeginner, LevelMedium, LevelDifficult:
		return nil
	}
	return fmt.Errorf("%w: unknown level %q (beginner, medium or difficult)", game.ErrBadOption, level)
}

// SearchAlgorithm resolves the algorithm a person asked of a turn-based
// game's search: AlgoBest is alpha-beta, alpha-beta and minimax are always
// offered, and extra lists what else the game offers. name is the game's,
// for the error.
func SearchAlgorithm(name, algorithm string, extra ...string) (string, error) {
	switch algorithm {
	case AlgoBest:
		return AlgoAlphaBeta, nil
	case AlgoAlphaBeta, AlgoMinimax:
		return algorithm, nil
	}
	for _, a := range extra {
		if algorithm == a {
			return algorithm, nil
		}
	}
	return "", fmt.Errorf("%w: unknown algorithm %q for %s (%s)", game.ErrBadOption, algorithm, name,
		strings.Join(append([]string{AlgoAlphaBeta, AlgoMinimax}, extra...), ", "))
}

// Profile is what a turn-based game's search plays with at each level.
type Profile struct {
	// MediumDepth is Medium's fixed search depth.
	MediumDepth int
	// Aspiration is Difficult's aspiration half-window, in evaluation units
	// (0 where it did not pay).
	Aspiration int
}

// Settings are one bot's search parameters.
type Settings struct {
	Level     string
	Algorithm string        // resolved: never AlgoBest
	Budget    time.Duration // time a move (Difficult thinks that long; no level takes longer)
	Depth     int           // fixed depth (0: iterative deepening until the budget)
	Noise     int           // amplitude of the seeded evaluation noise, in eval units
	// TTLog2 is the transposition table's size: Difficult searches a
	// worker's table (2^20 entries); Medium's fixed-depth search keeps a
	// small one of its own (2^12 entries, 96 KiB: a depth-4 Kalah search
	// stores about 1,500; with the 2^18 it had, 200 Medium Kalah games and
	// the recorded games of golden_test.go came out move for move the same).
	TTLog2 int
	Aspire int // aspiration half-window
}

// Settings returns the search parameters of a level for an algorithm
// already resolved (budget ≤ 0: DefaultBudget).
func (p Profile) Settings(level, algorithm string, budget time.Duration) Settings {
	st := Settings{Level: level, Algorithm: algorithm, Budget: budget, TTLog2: 12}
	if st.Budget <= 0 {
		st.Budget = DefaultBudget
	}
	if level == LevelDifficult {
		st.TTLog2 = WorkerTableLog2
		st.Noise = 2
		st.Aspire = p.Aspiration
		return st
	}
	// Medium: a shallow fixed search with a pinch of noise, quick to play
	// and beatable; it never uses more than Difficult's budget either.
	st.Depth = p.MediumDepth
	st.Noise = 25
	return st
}

// algorithmLabels are the core's searches as people read them.
var algorithmLabels = map[string]string{
	AlgoAlphaBeta: "Alpha-beta",
	AlgoMinimax:   "Minimax",
	AlgoMCTS:      "Monte Carlo tree search",
}

// AlgorithmLabel is how people read one of the core's algorithms
// ("Alpha-beta"); other names come back as they are.
func AlgorithmLabel(algorithm string) string {
	if l, ok := algorithmLabels[algorithm]; ok {
		return l
	}
	return algorithm
}

// Label says what plays, for the seat's card: the level and, at
// Difficult, the search it runs, as people read it ("Difficult ·
// Minimax"). Beginner plays the rules' heuristics and Medium a shallow
// fixed search, whatever algorithm was asked for, so theirs say the level
// only.
func Label(level, algorithmLabel string) string {
	l := strings.ToUpper(level[:1]) + level[1:]
	if level != LevelDifficult {
		return l
	}
	return l + " · " + algorithmLabel
}

// Label is the seat's label of a bot with these settings.
func (s Settings) Label() string { return Label(s.Level, AlgorithmLabel(s.Algorithm)) }
