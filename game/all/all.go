// Package all registers every Boardroom game and its computer players;
// import it for its side effect. It is the one place that lists the games:
// adding a game is adding its packages here (its rules, which register the
// game and its View, and its AI package, which registers its computer
// players) and its id to the lobby's order.
package all

import (
	"boardroom/game"

	_ "boardroom/game/ai/amazonsai" // its computer players
	_ "boardroom/game/amazons"      // Game of the Amazons

	_ "boardroom/game/ai/kalahai" // its computer players
	_ "boardroom/game/kalah"      // Kalah

	_ "boardroom/game/ai/angelsai" // its computer players
	_ "boardroom/game/angels"      // Angels & Devils

	_ "boardroom/game/ai/bishopsai" // its computer players
	_ "boardroom/game/bishops"      // Mad Bishops

	_ "boardroom/game/ai/demonsai" // its computer players
	_ "boardroom/game/demons"      // Angels & Demons
)

func init() {
	game.SetOrder("amazons", "kalah", "angels", "bishops", "demons")
}
