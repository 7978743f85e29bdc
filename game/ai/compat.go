package ai

import (
	"time"

	"boardroom/game"
)

// New is game.PlayersOf(g).New with the default budget.
//
// Deprecated: call game.PlayersOf(g).New.
func New(g game.Game, level, algorithm string, seed uint64) (game.Bot, error) {
	return game.PlayersOf(g).New(level, algorithm, seed, 0)
}

// NewWithBudget is game.PlayersOf(g).New.
//
// Deprecated: call game.PlayersOf(g).New.
func NewWithBudget(g game.Game, level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	return game.PlayersOf(g).New(level, algorithm, seed, budget)
}

// Estimate is game.PlayersOf(s.Game()).Estimate from p's view.
//
// Deprecated: call game.PlayersOf(s.Game()).Estimate.
func Estimate(s game.State, p game.Player) float64 {
	v, _ := game.PlayersOf(s.Game()).Estimate(s)
	if p != game.First {
		v = -v
	}
	return v
}
