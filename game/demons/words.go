package demons

import "boardroom/game"

// Angels & Demons in words for people: its seats are plural.

var (
	_ game.WinPhraser = Game{}
	_ game.MoveBoxer  = Game{}
)

var wins = [2]string{"The Angels win", "The Demons win"}

// Wins implements game.WinPhraser.
func (Game) Wins(p game.Player) string { return wins[p] }

// MoveBox implements game.MoveBoxer.
func (Game) MoveBox(game.State) (example, help string) {
	return "b2", "Type the dark square you choose, as b2."
}
