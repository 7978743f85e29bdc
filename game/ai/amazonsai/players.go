package amazonsai

import (
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/amazons"
)

func init() { game.RegisterPlayers(amazons.Game{}.ID(), players{par: defaultParams()}) }

// amazonsBest is Difficult's Amazons algorithm when none is named:
// alpha-beta, which now beats MCTS 15–5 in 20 games at 500 ms a move (issue
// 28's faster evaluation and wider nodes went to it; the two had come out
// even before, 3–3 at 300 ms and 3–3 at 1 s). Its choices also repeat for
// a seed at a fixed depth, it proves won endgames exactly, and its
// principal variation is meaningful to show (game/ai/RESULTS.md, "Amazons:
// MCTS vs alpha-beta" and "Session 17").
const amazonsBest = ai.AlgoAlphaBeta

// params are the Amazons players' tuning knobs, with their defaults.
type params struct {
	// profile: Medium looks one turn ahead; Difficult's aspiration window
	// is a square and a half (default {1, 150}).
	profile ai.Profile
	// prune is how many turns a node keeps when it has depth to spare, the
	// best by the evaluation one turn ahead (default 24: once the
	// evaluation counted rings and ran twice as fast, 16 beat 12 by 33–7
	// and then 24 beat 16 by 30–10, 40 games each at 500 ms a move; 32
	// did not beat 24, 20–20 at 500 ms and 18–22 at 2 s with random
	// openings: game/ai/RESULTS.md).
	prune int
	// mcts shapes the tree search (default ai.DefaultMCTSParams).
	mcts ai.MCTSParams
}

func defaultParams() params {
	return params{profile: ai.Profile{MediumDepth: 1, Aspiration: 150}, prune: 24, mcts: ai.DefaultMCTSParams()}
}

// players are the computer players of the Game of the Amazons.
type players struct{ par params }

// New implements game.Players: Difficult with alpha-beta (the default),
// minimax or MCTS; Medium a one-turn search (or MCTS, when asked).
func (a players) New(level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	if err := ai.CheckLevel(level); err != nil {
		return nil, err
	}
	if algorithm == ai.AlgoBest {
		algorithm = amazonsBest
	}
	algorithm, err := ai.SearchAlgorithm(amazons.Game{}.Name(), algorithm, ai.AlgoMCTS)
	if err != nil {
		return nil, err
	}
	if level == ai.LevelBeginner {
		return ai.NewBeginner(amazons.Game{}, seed), nil
	}
	st := a.par.profile.Settings(level, algorithm, budget)
	if algorithm == ai.AlgoMCTS {
		return ai.NewMCTSBot(st, seed, newAmazonsTree, a.par.mcts), nil
	}
	return ai.NewSearchBot(st, seed, a.Position, nil), nil
}

// Algorithms implements game.Players: alpha-beta first (the default), then
// MCTS, which loses to it (amazonsBest), then minimax, which searches
// alpha-beta's tree without its pruning and so less deep in the same time.
func (players) Algorithms() []game.Choice {
	out := make([]game.Choice, 0, 3)
	for _, a := range []string{ai.AlgoAlphaBeta, ai.AlgoMCTS, ai.AlgoMinimax} {
		out = append(out, game.Choice{Value: a, Label: ai.AlgorithmLabel(a)})
	}
	return out
}

// Position implements ai.Positioner.
func (a players) Position(s game.State) (ai.Position, error) {
	st, ok := s.Clone().(*amazons.State)
	if !ok {
		return nil, fmt.Errorf("amazonsai: not an Amazons position: %s", s.Game().ID())
	}
	return newAmazonsPos(st, a.par), nil
}

// Estimate implements game.Players: the evaluation in squares of territory
// from White's view (±Decided once the game is won).
func (a players) Estimate(s game.State) (float64, bool) {
	if v, ok := ai.FinishedEstimate(s); ok {
		return v, true
	}
	pos, err := a.Position(s)
	if err != nil {
		return 0, false
	}
	return ai.EvalEstimate(pos), true
}

// ScoreLine implements game.ScoreLiner: Amazons' scoreboard shows the
// computer's estimate of the territory instead of the rules' line.
func (a players) ScoreLine(s game.State) (string, bool) {
	e, ok := a.Estimate(s)
	switch {
	case !ok:
		return "", false
	case e >= ai.Decided:
		return "Estimate: White has won", true
	case e <= -ai.Decided:
		return "Estimate: Black has won", true
	case e >= 0.05:
		return fmt.Sprintf("Estimate: White +%.1f squares of territory", e), true
	case e <= -0.05:
		return fmt.Sprintf("Estimate: Black +%.1f squares of territory", -e), true
	}
	return "Estimate: even", true
}
