package store

import (
	"context"
)

// A player's games in play, for their page: the rooms whose game goes on
// (not over, not aborted) with both seats held, one of them by the
// player's account. Read only when a player page is drawn: nothing on a
// room's move path reads it, and it needs no index of its own (it looks
// among the unfinished rooms, which both engines' indexes single out).

// GamesInPlay is what a player page reads of the games going on.
type GamesInPlay interface {
	// LiveGames lists the games in play where a seat bears account (as
	// PlayerGames matches it), most recently changed first: at most limit.
	// A private room's game is among them only with private true (the
	// player's own page; others see what the lobby would list).
	LiveGames(ctx context.Context, account string, private bool, limit int) ([]Summary, error)
}

// LiveGames implements GamesInPlay.
func (st *base) LiveGames(ctx context.Context, account string, private bool, limit int) ([]Summary, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+summaryColumns+` FROM rooms
		WHERE over = FALSE AND aborted = FALSE AND seated = TRUE AND (private = FALSE OR $2) AND `+st.inSeat("account", 1)+`
		ORDER BY updated_at DESC, id LIMIT $3`, account, private, limit)
	return collect(rows, err, "games in play", scanSummary)
}
