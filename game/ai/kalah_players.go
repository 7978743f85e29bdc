package ai

import (
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/game/kalah"
)

// Medium looks four plies ahead; Difficult's aspiration window is a seed and
// a half.
func init() {
	game.RegisterPlayers(kalah.Game{}.ID(), kalahPlayers{profile: Profile{MediumDepth: 4, Aspiration: 150}})
}

// kalahPlayers are the computer players of Kalah.
type kalahPlayers struct{ profile Profile }

// New implements game.Players: Difficult asks the exact solver first once
// few seeds are left (kalah_exact.go), then searches.
func (k kalahPlayers) New(level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	if err := CheckLevel(level); err != nil {
		return nil, err
	}
	algorithm, err := SearchAlgorithm(kalah.Game{}.Name(), algorithm)
	if err != nil {
		return nil, err
	}
	if level == LevelBeginner {
		return NewBeginner(kalah.Game{}, seed), nil
	}
	st := k.profile.Settings(level, algorithm, budget)
	if level == LevelDifficult {
		return NewSearchBot(st, seed, k.Position, newKalahExact(st.Budget)), nil
	}
	return NewSearchBot(st, seed, k.Position, nil), nil
}

// Algorithms implements game.Players: Kalah offers no choice.
func (kalahPlayers) Algorithms() []game.Choice { return nil }

// Position implements Positioner.
func (kalahPlayers) Position(s game.State) (Position, error) {
	st, ok := s.Clone().(*kalah.State)
	if !ok {
		return nil, fmt.Errorf("ai: not a Kalah position: %s", s.Game().ID())
	}
	return newKalahPos(st), nil
}

// Estimate implements game.Players: the evaluation in seeds from the first
// seat's view; a finished game's is its exact margin.
func (k kalahPlayers) Estimate(s game.State) (float64, bool) {
	if s.Outcome().Over {
		sc := s.Score()
		return float64(sc[0] - sc[1]), true
	}
	pos, err := k.Position(s)
	if err != nil {
		return 0, false
	}
	return EvalEstimate(pos), true
}
