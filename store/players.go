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

// summaryRows is what both drivers' rows offer.
type summaryRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// summaryColumns are a Summary's columns, in scanSummaries's order.
const summaryColumns = `id, game, options, mode, clock, seats, turns, over, winner, reason, updated_at, rated, rating_changes`

// scanSummaries reads rows of summaryColumns.
func scanSummaries(rows summaryRows) ([]Summary, error) {
	var out []Summary
	for rows.Next() {
		var (
			sum         Summary
			opts, seats string
			updated     int64
			changes     *string
		)
		if err := rows.Scan(&sum.ID, &sum.Game, &opts, &sum.Mode, &sum.Clock, &seats, &sum.Turns, &sum.Over, &sum.Winner,
			&sum.Reason, &updated, &sum.Rated, &changes); err != nil {
			return nil, err
		}
		var err error
		if sum.RatingChanges, err = (ratedGame{changes: changes}).applied(sum.ID); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(opts), &sum.Options); err != nil {
			return nil, fmt.Errorf("room %q options: %w", sum.ID, err)
		}
		if err := json.Unmarshal([]byte(seats), &sum.Seats); err != nil {
			return nil, fmt.Errorf("room %q seats: %w", sum.ID, err)
		}
		sum.Updated = time.UnixMilli(updated)
		out = append(out, sum)
	}
	return out, rows.Err()
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

// countAborts counts, from a player's newest game back, the games they
// aborted themselves: rows of aborted, aborted_by and seats, newest first.
func countAborts(rows summaryRows, account string) (int, error) {
	n := 0
	for rows.Next() {
		var (
			aborted bool
			by      int
			text    string
		)
		if err := rows.Scan(&aborted, &by, &text); err != nil {
			return 0, err
		}
		var seats [2]Seat
		if err := json.Unmarshal([]byte(text), &seats); err != nil {
			return 0, err
		}
		if !aborted || by < 0 || by > 1 || AccountKey(seats[by].Account) != AccountKey(account) {
			break
		}
		n++
	}
	return n, rows.Err()
}

// played is the condition "account played this finished game": listed
// (not aborted, not private) and in one of its seats ($1).
func (st *base) played() string {
	return `over = TRUE AND aborted = FALSE AND private = FALSE AND (` + st.e.seatField("seats", 0, "account") + ` = $1 OR ` +
		st.e.seatField("seats", 1, "account") + ` = $1)`
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
	if err != nil {
		return nil, fmt.Errorf("store: player games: %w", err)
	}
	defer rows.Close()
	out, err := scanSummaries(rows)
	if err != nil {
		return nil, fmt.Errorf("store: player games: %w", err)
	}
	return out, nil
}

// AbortsInARow implements PlayerGames.
func (st *base) AbortsInARow(ctx context.Context, account string) (int, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT aborted, aborted_by, seats FROM rooms
		WHERE over = TRUE AND private = FALSE AND (`+st.e.seatField("seats", 0, "account")+` = $1 OR `+
		st.e.seatField("seats", 1, "account")+` = $1)
		ORDER BY updated_at DESC LIMIT $2`, account, abortsScanned)
	if err != nil {
		return 0, fmt.Errorf("store: aborts: %w", err)
	}
	defer rows.Close()
	return countAborts(rows, account)
}
