package angels

import "boardroom/game"

// Angels & Devils in words for people.

var (
	_ game.WinPhraser = Game{}
	_ game.MoveBoxer  = Game{}
)

var wins = [2]string{"The Angel wins", "The Devil wins"}

// Wins implements game.WinPhraser.
func (Game) Wins(p game.Player) string { return wins[p] }

// MoveBox implements game.MoveBoxer.
func (Game) MoveBox(game.State) (example, help string) {
	return "6,7", "Type the square to fly to (Angel) or to block (Devil) as column,row: 6,7."
}
