package store

import (
	"context"
)

// A player's games in play, for their page and for /games: the rooms whose
// game goes on (not over, not aborted) with both seats held, one of them
// by the player's account. Read only when a page is drawn or a count of
// games awaiting a player is asked for (a site socket opened, a turn
// changed): nothing on a room's move path reads it. The unfinished rooms
// of an account are found by their partial indexes (rooms_playing0 and 1,
// on each seat's account, of the rooms not over), so that a player's
// count does not read every unfinished room stored.

// GamesInPlay is what a player page and /games read of the games going on.
type GamesInPlay interface {
	// LiveGames lists the games in play where a seat bears account (as
	// PlayerGames matches it), most recently changed first: at most limit.
	// A private room's game is among them only with private true (the
	// player's own page; others see what the lobby would list).
	LiveGames(ctx context.Context, account string, private bool, limit int) ([]Summary, error)
	// Playing lists every game in play where a seat bears account, private
	// ones too, with the deadline of its turn (a correspondence game's,
	// with its movers), most recently changed first: at most limit.
	Playing(ctx context.Context, account string, limit int) ([]Playing, error)
}

// Playing is one of a player's games in play, as Playing lists it.
type Playing struct {
	Summary
	// Due is the deadline of the turn being played and who is to move, in
	// a correspondence room (zero: none; Deadlines).
	Due Due
}

// LiveGames implements GamesInPlay.
func (st *base) LiveGames(ctx context.Context, account string, private bool, limit int) ([]Summary, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+summaryColumns+` FROM rooms
		WHERE over = FALSE AND aborted = FALSE AND seated = TRUE AND (private = FALSE OR $2) AND `+st.inSeat("account", 1)+`
		ORDER BY updated_at DESC, id LIMIT $3`, account, private, limit)
	return collect(rows, err, "games in play", scanSummary)
}

// playingSQL is Playing's query: a search of each seat's index
// (rooms_playing0 and rooms_playing1, whose condition, NOT over, it says
// as they say it), the second seat's without the rooms the first found.
// With one OR of the two seats SQLite read the whole of one index.
func (st *base) playingSQL() string {
	seat := func(i int) string { return st.e.seatField("seats", i, "account") }
	cols := summaryColumns + `, due_at, alarm_at, movers`
	return `SELECT ` + cols + ` FROM rooms WHERE NOT over AND ` + seat(0) + ` = $1 AND NOT aborted AND seated
		UNION ALL
		SELECT ` + cols + ` FROM rooms WHERE NOT over AND ` + seat(1) + ` = $1 AND coalesce(` + seat(0) + `, '') <> $1
			AND NOT aborted AND seated
		ORDER BY updated_at DESC, id LIMIT $2`
}

// Playing implements GamesInPlay.
func (st *base) Playing(ctx context.Context, account string, limit int) ([]Playing, error) {
	rows, err := st.db.QueryContext(ctx, st.playingSQL(), account, limit)
	return collect(rows, err, "games to play", func(r row) (p Playing, err error) {
		var at, alarm int64
		var movers string
		p.Summary, err = scanSummary(extra{r, []any{&at, &alarm, &movers}})
		p.Due = readDue(at, alarm, movers)
		return p, err
	})
}

// extra is a row whose last columns (after those its reader scans) go to
// dest.
type extra struct {
	row
	dest []any
}

func (e extra) Scan(dest ...any) error { return e.row.Scan(append(dest, e.dest...)...) }
