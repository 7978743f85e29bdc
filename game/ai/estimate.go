package ai

import (
	"boardroom/game"
	"boardroom/game/demons"
)

// Decided is Estimate's value for a game that p has won (its negation: lost).
const Decided = 1000.0

// Estimate is a quick static evaluation of s from p's point of view, for
// scoreboards (Amazons shows it as the computer's estimate). Positive means p
// is ahead. The unit is the game's natural one, a hundred evaluation units:
// squares of territory in Amazons, seeds in Kalah, bishops in Mad Bishops,
// covered squares in Angels & Demons. In Angels & Devils (from the Angel's
// view) each free edge square adds 120/d³ for an edge d Angel moves away, less
// 2 per move to the nearest one, so an open Angel in the middle of the
// board is near +6 and one next to a wide free edge far above; a shut-in
// Angel is −Decided. The value is clamped to ±Decided. A finished game is
// ±Decided for a win or loss and 0 for a draw, except Kalah, whose finished
// estimate is the exact margin in seeds.
func Estimate(s game.State, p game.Player) float64 {
	out := s.Outcome()
	if out.Over {
		if s.Game().ID() == "kalah" {
			sc := s.Score()
			return float64(sc[p] - sc[p.Other()])
		}
		switch out.Winner {
		case p:
			return Decided
		case p.Other():
			return -Decided
		}
		return 0
	}
	if d, ok := s.(*demons.State); ok {
		c := d.Covered()
		return float64(c[p] - c[p.Other()])
	}
	pos, err := newPosition(s)
	if err != nil {
		return 0
	}
	v := pos.eval()
	if pos.side() != p {
		v = -v
	}
	return min(Decided, max(-Decided, float64(v)/100))
}
