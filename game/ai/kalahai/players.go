package kalahai

import (
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/kalah"
)

// Medium looks four plies ahead; Difficult's aspiration window is a seed and
// a half.
func init() {
	game.RegisterPlayers(kalah.Game{}.ID(), players{profile: ai.Profile{MediumDepth: 4, Aspiration: 150}})
}

// players are the computer players of Kalah.
type players struct{ profile ai.Profile }

// New implements game.Players: Difficult asks the exact solver first once
// few seeds are left (exact.go), then searches.
func (k players) New(level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	if err := ai.CheckLevel(level); err != nil {
		return nil, err
	}
	algorithm, err := ai.SearchAlgorithm(kalah.Game{}.Name(), algorithm)
	if err != nil {
		return nil, err
	}
	if level == ai.LevelBeginner {
		return ai.NewBeginner(kalah.Game{}, seed), nil
	}
	st := k.profile.Settings(level, algorithm, budget)
	if level == ai.LevelDifficult {
		return ai.NewSearchBot(st, seed, k.difficultPosition, kalahExact{}), nil
	}
	return ai.NewSearchBot(st, seed, k.Position, nil), nil
}

// Algorithms implements game.Players: Kalah offers no choice.
func (players) Algorithms() []game.Choice { return nil }

// Position implements ai.Positioner.
func (players) Position(s game.State) (ai.Position, error) {
	st, ok := s.Clone().(*kalah.State)
	if !ok {
		return nil, fmt.Errorf("kalahai: not a Kalah position: %s", s.Game().ID())
	}
	return newKalahPos(st), nil
}

// difficultPosition is Difficult's search position: on the standard board
// its evaluation is the one fitted to the solver's values (eval.go). The
// other levels keep the plain one, so that they play as they did (Medium
// is a four-ply search with it, recorded in game/ai's golden test).
func (k players) difficultPosition(s game.State) (ai.Position, error) {
	pos, err := k.Position(s)
	if err != nil {
		return nil, err
	}
	kp := pos.(*kalahPos)
	kp.fitted = standardBoard(&kp.stack[0], kp.total)
	return kp, nil
}

// Estimate implements game.Players: the evaluation in seeds from the first
// seat's view; a finished game's is its exact margin.
func (k players) Estimate(s game.State) (float64, bool) {
	if s.Outcome().Over {
		sc := s.Score()
		return float64(sc[0] - sc[1]), true
	}
	pos, err := k.Position(s)
	if err != nil {
		return 0, false
	}
	return ai.EvalEstimate(pos), true
}
