// Package all registers every Boardroom game and its computer players;
// import it for its side effect. Each game's rules package sits next to its
// AI package (game/ai/...), which registers the computer players.
package all

import (
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
