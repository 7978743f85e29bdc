package ai

import (
	"fmt"
	"time"

	"boardroom/game"
)

// players registers the computer players of every game this package
// plays, for game.PlayersOf. (Until the package is split per game: then
// each game's AI package registers its own.)
type players struct{ id string }

func init() {
	for _, id := range []string{"amazons", "kalah", "angels", "bishops", "demons"} {
		game.RegisterPlayers(id, players{id})
	}
}

// New implements game.Players.
func (p players) New(level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	g, err := game.Lookup(p.id)
	if err != nil {
		return nil, err
	}
	return NewWithBudget(g, level, algorithm, seed, budget)
}

// Algorithms implements game.Players: Amazons' Difficult may search with
// each of its three searches.
func (p players) Algorithms() []game.Choice {
	if p.id != "amazons" {
		return nil
	}
	return []game.Choice{{Value: AlgoAlphaBeta, Label: "Alpha-beta"}, {Value: AlgoMinimax, Label: "Minimax"},
		{Value: AlgoMCTS, Label: "Monte Carlo tree search"}}
}

// Estimate implements game.Players.
func (p players) Estimate(s game.State) (float64, bool) { return Estimate(s, game.First), true }

// ScoreLine implements game.ScoreLiner: Amazons' scoreboard is the
// computer's estimate of the territory, in squares, from White's side.
func (p players) ScoreLine(s game.State) (string, bool) {
	if p.id != "amazons" {
		return "", false
	}
	e := Estimate(s, game.First)
	switch {
	case e >= Decided:
		return "Estimate: White has won", true
	case e <= -Decided:
		return "Estimate: Black has won", true
	case e >= 0.05:
		return fmt.Sprintf("Estimate: White +%.1f squares of territory", e), true
	case e <= -0.05:
		return fmt.Sprintf("Estimate: Black +%.1f squares of territory", -e), true
	}
	return "Estimate: even territory", true
}
