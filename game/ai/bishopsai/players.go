package bishopsai

import (
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/bishops"
)

// Medium looks two plies ahead; Difficult's aspiration window is 60 units
// (a bishop is 100).
func init() {
	game.RegisterPlayers(bishops.Game{}.ID(), players{profile: ai.Profile{MediumDepth: 2, Aspiration: 60}})
}

// players are the computer players of Mad Bishops.
type players struct{ profile ai.Profile }

// New implements game.Players.
func (b players) New(level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	if err := ai.CheckLevel(level); err != nil {
		return nil, err
	}
	algorithm, err := ai.SearchAlgorithm(bishops.Game{}.Name(), algorithm)
	if err != nil {
		return nil, err
	}
	if level == ai.LevelBeginner {
		return ai.NewBeginner(bishops.Game{}, seed), nil
	}
	return ai.NewSearchBot(b.profile.Settings(level, algorithm, budget), seed, b.Position, nil), nil
}

// Algorithms implements game.Players: Mad Bishops offers no choice.
func (players) Algorithms() []game.Choice { return nil }

// Position implements Positioner.
func (players) Position(s game.State) (ai.Position, error) {
	st, ok := s.Clone().(*bishops.State)
	if !ok {
		return nil, fmt.Errorf("bishopsai: not a Mad Bishops position: %s", s.Game().ID())
	}
	return newBishopsPos(st), nil
}

// Estimate implements game.Players: the evaluation in bishops from White's
// view (±Decided once the game is won).
func (b players) Estimate(s game.State) (float64, bool) {
	if v, ok := ai.FinishedEstimate(s); ok {
		return v, true
	}
	pos, err := b.Position(s)
	if err != nil {
		return 0, false
	}
	return ai.EvalEstimate(pos), true
}
