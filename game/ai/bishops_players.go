package ai

import (
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/game/bishops"
)

// Medium looks two plies ahead; Difficult's aspiration window is 60 units
// (a bishop is 100).
func init() {
	game.RegisterPlayers(bishops.Game{}.ID(), bishopsPlayers{profile: Profile{MediumDepth: 2, Aspiration: 60}})
}

// bishopsPlayers are the computer players of Mad Bishops.
type bishopsPlayers struct{ profile Profile }

// New implements game.Players.
func (b bishopsPlayers) New(level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	if err := CheckLevel(level); err != nil {
		return nil, err
	}
	algorithm, err := SearchAlgorithm(bishops.Game{}.Name(), algorithm)
	if err != nil {
		return nil, err
	}
	if level == LevelBeginner {
		return NewBeginner(bishops.Game{}, seed), nil
	}
	return NewSearchBot(b.profile.Settings(level, algorithm, budget), seed, b.Position, nil), nil
}

// Algorithms implements game.Players: Mad Bishops offers no choice.
func (bishopsPlayers) Algorithms() []game.Choice { return nil }

// Position implements Positioner.
func (bishopsPlayers) Position(s game.State) (Position, error) {
	st, ok := s.Clone().(*bishops.State)
	if !ok {
		return nil, fmt.Errorf("ai: not a Mad Bishops position: %s", s.Game().ID())
	}
	return newBishopsPos(st), nil
}

// Estimate implements game.Players: the evaluation in bishops from White's
// view (±Decided once the game is won).
func (b bishopsPlayers) Estimate(s game.State) (float64, bool) {
	if v, ok := FinishedEstimate(s); ok {
		return v, true
	}
	pos, err := b.Position(s)
	if err != nil {
		return 0, false
	}
	return EvalEstimate(pos), true
}
