// Package all registers every Boardroom game; import it for its side effect.
// It is the one place that lists the games: adding a game is adding its
// packages here (its rules, which register the game and its View, and its
// computer players) and its id to the lobby's order.
package all

import (
	"boardroom/game"
	_ "boardroom/game/ai"      // the computer players
	_ "boardroom/game/amazons" // Game of the Amazons
	_ "boardroom/game/angels"  // Angels & Devils
	_ "boardroom/game/bishops" // Mad Bishops
	_ "boardroom/game/demons"  // Angels & Demons
	_ "boardroom/game/kalah"   // Kalah
)

func init() {
	game.SetOrder("amazons", "kalah", "angels", "bishops", "demons")
}
