package demonsai

import (
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/demons"
)

func init() { game.RegisterPlayers(demons.Game{}.ID(), players{}) }

// algorithmLabels are Angels & Demons' searches as people read them.
var algorithmLabels = map[string]string{AlgoMatrix: "Matrix game", AlgoEquilibrium: "Equilibrium"}

// players are the computer players of Angels & Demons, whose turns
// are simultaneous: Difficult plays each turn's matrix game
// (matrixBot), Medium answers the opponent's last square (greedyBot).
type players struct{}

// New implements game.Players. The algorithm offers no choice, but
// Difficult accepts AlgoEquilibrium (no opponent model), for measurements.
func (players) New(level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	if err := ai.CheckLevel(level); err != nil {
		return nil, err
	}
	switch {
	case algorithm == ai.AlgoBest:
		algorithm = AlgoMatrix
	case algorithm == AlgoEquilibrium && level == ai.LevelDifficult:
	default:
		return nil, fmt.Errorf("%w: Angels & Demons has no algorithm choice (its turns are simultaneous), got %q",
			game.ErrBadOption, algorithm)
	}
	// Only the level, the algorithm and the budget matter to these bots.
	st := ai.Profile{}.Settings(level, algorithm, budget)
	switch level {
	case ai.LevelBeginner:
		return ai.NewBeginner(demons.Game{}, seed), nil
	case ai.LevelMedium:
		return newGreedyBot(st, seed), nil
	}
	return newMatrixBot(st, seed), nil
}

// Algorithms implements game.Players: Angels & Demons offers no choice.
func (players) Algorithms() []game.Choice { return nil }

// Estimate implements game.Players: the covered squares' difference, Angels
// minus Demons (±Decided once the game is won).
func (players) Estimate(s game.State) (float64, bool) {
	if v, ok := ai.FinishedEstimate(s); ok {
		return v, true
	}
	d, ok := s.(*demons.State)
	if !ok {
		return 0, false
	}
	c := d.Covered()
	return float64(c[0] - c[1]), true
}
