package ai

import "boardroom/game"

// Decided is an estimate's value for a game the first seat has won (its
// negation: lost). Estimates are clamped to ±Decided.
const Decided = 1000.0

// Estimates are quick static judgements of a position for scoreboards and
// the replay's graph (game.Players.Estimate), from the first seat's view,
// in the game's natural unit: a hundred evaluation units.

// FinishedEstimate is the estimate of a finished game: ±Decided for a win
// or loss, 0 for a draw; ok is false while the game goes on.
func FinishedEstimate(s game.State) (float64, bool) {
	out := s.Outcome()
	if !out.Over {
		return 0, false
	}
	switch out.Winner {
	case game.First:
		return Decided, true
	case game.Second:
		return -Decided, true
	}
	return 0, true
}

// EvalEstimate is pos's static evaluation as an estimate: from the first
// seat's view, in units of a hundred, clamped to ±Decided.
func EvalEstimate(pos Position) float64 {
	v := pos.Eval()
	if pos.Side() != game.First {
		v = -v
	}
	return min(Decided, max(-Decided, float64(v)/100))
}
