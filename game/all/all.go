// Package all registers every Boardroom game and its computer players;
// import it for its side effect.
package all

import (
	_ "boardroom/game/ai" // the computer players (being split per game)
	_ "boardroom/game/ai/amazonsai"
	_ "boardroom/game/ai/angelsai"
	_ "boardroom/game/ai/bishopsai"
	_ "boardroom/game/ai/kalahai"
	_ "boardroom/game/amazons" // Game of the Amazons
	_ "boardroom/game/angels"  // Angels & Devils
	_ "boardroom/game/bishops" // Mad Bishops
	_ "boardroom/game/demons"  // Angels & Demons
	_ "boardroom/game/kalah"   // Kalah
)
