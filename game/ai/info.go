package ai

import (
	"fmt"
	"strings"
	"time"

	"boardroom/game"
)

// Info is what a search found and how hard it looked: for the report line
// people read, for tests and for benchmarks.
type Info struct {
	Algorithm string        // the search that chose: "alphabeta", "minimax", "mcts", or a game's own ("exact": a solver)
	Depth     int           // deepest completed iteration (MCTS: deepest tree line)
	Nodes     uint64        // positions visited (MCTS: playouts)
	Time      time.Duration // wall time of the search
	Eval      int           // value from the mover's view, in evaluation units
	Exact     bool          // Eval is the game's true value (the line was searched to the end)
	Move      game.Move     // the move chosen
	PV        []string      // principal variation in the game's notation, the move first
	Note      string        // anything else worth a word (a mixed strategy's support)
}

// String is the one-line report: algorithm, depth, nodes, time, evaluation
// from the mover's view, and the principal variation.
func (i Info) String() string {
	var b strings.Builder
	if i.Algorithm == "exact" {
		// A solver has no nominal depth: it searched to the end.
		fmt.Fprintf(&b, "exact solver, %d nodes in %v, eval %s", i.Nodes,
			i.Time.Round(time.Millisecond), formatEval(i.Eval, i.Exact))
	} else {
		fmt.Fprintf(&b, "%s depth %d, %d nodes in %v, eval %s", i.Algorithm, i.Depth, i.Nodes,
			i.Time.Round(time.Millisecond), formatEval(i.Eval, i.Exact))
	}
	if len(i.PV) > 0 {
		fmt.Fprintf(&b, ", pv %s", strings.Join(i.PV, " "))
	}
	if i.Note != "" {
		fmt.Fprintf(&b, ", %s", i.Note)
	}
	return b.String()
}

// formatEval writes a value for people: "win in 5", "loss in 3", or the
// evaluation in units of a hundred (a pawn, a seed, a square) with a sign.
func formatEval(v int, exact bool) string {
	switch {
	case v > WinThreshold:
		return fmt.Sprintf("win in %d", Win-v)
	case v < -WinThreshold:
		return fmt.Sprintf("loss in %d", Win+v)
	}
	s := fmt.Sprintf("%+.2f", float64(v)/100)
	if exact {
		s += " (exact)"
	}
	return s
}

// Thought is the search's finding for people (game.Thinker): the value is
// in the game's units, a hundredth of the evaluation's.
func (i Info) Thought() game.Thought {
	t := game.Thought{Took: i.Time, Known: true, Value: float64(i.Eval) / 100, Exact: i.Exact}
	switch {
	case i.Eval > WinThreshold:
		t.WinIn = Win - i.Eval
	case i.Eval < -WinThreshold:
		t.LossIn = Win + i.Eval
	}
	return t
}
