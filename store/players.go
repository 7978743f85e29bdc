package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Players' records: the finished games a signed-in player held a seat in
// (a seat's Account), for their page. Private rooms and aborted games are
// never counted or listed.

// Record counts a player's finished games.
type Record struct {
	Played, Won, Lost, Drawn int
}

// PlayerGames is what the player pages read.
type PlayerGames interface {
	// PlayerRecord counts the finished games account held a seat in.
	PlayerRecord(ctx context.Context, account string) (Record, error)
	// PlayerGames lists them, newest first: limit from offset.
	PlayerGames(ctx context.Context, account string, limit, offset int) ([]Summary, error)
	// AbortsInARow counts account's last games (any room but a private
	// one's) that they aborted themselves, from the newest back to the
	// first they did not (at most a few dozen).
	AbortsInARow(ctx context.Context, account string) (int, error)
}

// summaryColumns are a Summary's columns, in scanSummary's order.
//
// The count of turns is the room's log's (a move of the SQLite store does
// not write it in the row: AppendTurn); its last ply is one seek.
const summaryColumns = `id, game, options, mode, clock, seats,
	(SELECT coalesce(max(ply) + 1, 0) FROM turns WHERE turns.room_id = rooms.id), over, winner, reason, updated_at, rated, rating_changes, days`

// scanSummary reads a row of summaryColumns.
func scanSummary(r row) (sum Summary, err error) {
	var (
		opts, seats string
		updated     int64
		changes     *string
	)
	if err := r.Scan(&sum.ID, &sum.Game, &opts, &sum.Mode, &sum.Clock, &seats, &sum.Turns, &sum.Over, &sum.Winner,
		&sum.Reason, &updated, &sum.Rated, &changes, &sum.Days); err != nil {
		return sum, err
	}
	if sum.RatingChanges, err = decodeChanges(changes, sum.ID); err != nil {
		return sum, err
	}
	if err := json.Unmarshal([]byte(opts), &sum.Options); err != nil {
		return sum, fmt.Errorf("room %q options: %w", sum.ID, err)
	}
	if err := json.Unmarshal([]byte(seats), &sum.Seats); err != nil {
		return sum, fmt.Errorf("room %q seats: %w", sum.ID, err)
	}
	sum.Updated = time.UnixMilli(updated)
	return sum, nil
}

// abortsScanned bounds how far back AbortsInARow looks.
const abortsScanned = 20

// abortedBy is the aborted_by column of a result.
func abortedBy(res Result) int {
	if !res.Aborted || res.AbortedBy < 0 || res.AbortedBy > 1 {
		return -1
	}
	return res.AbortedBy
}

// played is the condition "account played this finished game": listed
// (not aborted, not private) and in one of its seats ($1).
func (st *base) played() string {
	return `over = TRUE AND aborted = FALSE AND private = FALSE AND ` + st.inSeat("account", 1)
}

// PlayerRecord implements PlayerGames.
func (st *base) PlayerRecord(ctx context.Context, account string) (Record, error) {
	var r Record
	err := st.db.QueryRowContext(ctx, `SELECT count(*),
		coalesce(sum(CASE WHEN (winner = 0 AND `+st.e.seatField("seats", 0, "account")+` = $1)
			OR (winner = 1 AND `+st.e.seatField("seats", 1, "account")+` = $1) THEN 1 ELSE 0 END), 0),
		coalesce(sum(CASE WHEN winner = -1 THEN 1 ELSE 0 END), 0)
		FROM rooms WHERE `+st.played(), account).Scan(&r.Played, &r.Won, &r.Drawn)
	if err != nil {
		return Record{}, fmt.Errorf("store: player record: %w", err)
	}
	r.Lost = r.Played - r.Won - r.Drawn
	return r, nil
}

// PlayerGames implements PlayerGames.
func (st *base) PlayerGames(ctx context.Context, account string, limit, offset int) ([]Summary, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+summaryColumns+`
		FROM rooms WHERE `+st.played()+` ORDER BY updated_at DESC, id LIMIT $2 OFFSET $3`, account, limit, offset)
	return collect(rows, err, "player games", scanSummary)
}

// AbortsInARow implements PlayerGames: from the player's newest game back,
// the games they aborted themselves.
func (st *base) AbortsInARow(ctx context.Context, account string) (int, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT aborted, aborted_by, seats FROM rooms
		WHERE over = TRUE AND private = FALSE AND `+st.inSeat("account", 1)+` ORDER BY updated_at DESC LIMIT $2`, account, abortsScanned)
	mine, err := collect(rows, err, "aborts", func(r row) (bool, error) {
		var (
			aborted bool
			by      int
			text    string
			seats   [2]Seat
		)
		if err := r.Scan(&aborted, &by, &text); err != nil || !aborted || by < 0 || by > 1 {
			return false, err
		}
		err := json.Unmarshal([]byte(text), &seats)
		return AccountKey(seats[by].Account) == AccountKey(account), err
	})
	n := 0
	for n < len(mine) && mine[n] {
		n++
	}
	return n, err
}
