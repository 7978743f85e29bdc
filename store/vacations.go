package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"boardroom/vacation"
)

// Vacations keeps the players' vacations from their games of days
// (package vacation decides how they count and end). A vacation is a row
// from its start to the moment it ends by itself, or was stopped.
//
// Starting or stopping one also moves the deadline the store keeps of
// each correspondence room the player is to move in to the moment of the
// change, so that the deadline keeper loads each such room at once: loaded,
// the room reads its players' vacations and writes its deadline anew
// (store.Deadlines). A room running on some node hears of the change from
// its hub (realtime.Hub.VacationChanged) and does the same.
type Vacations interface {
	// AccountVacations lists the vacations of accounts (usernames) that
	// end after since, oldest first, by account as named; an account
	// with none is absent.
	AccountVacations(ctx context.Context, accounts []string, since time.Time) (map[string][]vacation.Span, error)
	// StartVacation starts account's vacation at now, to end by itself as
	// vacation.Plan says. vacation.ErrAway when one runs, ErrNoDaysLeft
	// when the year's days are used, ErrNotFound for no such account:
	// then nothing changed.
	StartVacation(ctx context.Context, account string, now time.Time) (vacation.Span, error)
	// StopVacation ends account's vacation under way at now:
	// vacation.ErrNotAway when none is, and nothing changed.
	StopVacation(ctx context.Context, account string, now time.Time) (vacation.Span, error)
}

// vacationTables are the vacations, for both engines (schema.go): from,
// to, in milliseconds.
const vacationTables = `CREATE TABLE IF NOT EXISTS vacations (
	user_id  {bigint} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	started  {bigint} NOT NULL,
	ends     {bigint} NOT NULL,
	PRIMARY KEY (user_id, started)
);`

// vacationsKept is how far back a start or stop reads an account's
// vacations: the year's and last year's (one that began in December may
// run into January).
const vacationsKept = 400 * 24 * time.Hour

// AccountVacations implements Vacations.
func (st *base) AccountVacations(ctx context.Context, accounts []string, since time.Time) (map[string][]vacation.Span, error) {
	out := map[string][]vacation.Span{}
	keys, names := keyed(accounts)
	if len(keys) == 0 {
		return out, nil
	}
	in, args := st.e.anyOf("u.key", 2, keys)
	rows, err := st.db.QueryContext(ctx, `SELECT u.key, v.started, v.ends FROM vacations v JOIN users u ON u.id = v.user_id
		WHERE `+in+` AND v.ends > $1 ORDER BY u.key, v.started`, append([]any{since.UnixMilli()}, args...)...)
	_, err = collect(rows, err, "vacations", func(r row) (key string, err error) {
		var from, to int64
		err = r.Scan(&key, &from, &to)
		for _, name := range names[key] {
			out[name] = append(out[name], vacation.Span{From: time.UnixMilli(from), To: time.UnixMilli(to)})
		}
		return key, err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// StartVacation implements Vacations: the account's row is locked first
// (PostgreSQL), so that two starts at once cannot both count the days
// left.
func (st *base) StartVacation(ctx context.Context, account string, now time.Time) (vacation.Span, error) {
	var v vacation.Span
	err := st.vacationTx(ctx, account, now, func(tx txn, user int64, past []vacation.Span) error {
		var err error
		if v, err = vacation.Plan(past, now); err != nil {
			return err
		}
		_, err = tx.Exec(`INSERT INTO vacations (user_id, started, ends) VALUES ($1, $2, $3)`, user, v.From.UnixMilli(), v.To.UnixMilli())
		return err
	})
	return v, err
}

// StopVacation implements Vacations.
func (st *base) StopVacation(ctx context.Context, account string, now time.Time) (vacation.Span, error) {
	var v vacation.Span
	err := st.vacationTx(ctx, account, now, func(tx txn, user int64, past []vacation.Span) error {
		var err error
		if v, err = vacation.Stop(past, now); err != nil {
			return err
		}
		_, err = tx.Exec(`UPDATE vacations SET ends = $1 WHERE user_id = $2 AND started = $3`, v.To.UnixMilli(), user, v.From.UnixMilli())
		return err
	})
	return v, err
}

// vacationTx runs change in a write that holds account's row, given the
// account's vacations of the last year, then moves the deadlines of the
// correspondence rooms the account is to move in to now.
func (st *base) vacationTx(ctx context.Context, account string, now time.Time, change func(tx txn, user int64, past []vacation.Span) error) error {
	err := st.e.writeTx(ctx, func(tx txn) error {
		var user int64
		if err := tx.QueryRow(`SELECT id FROM users WHERE key = $1`+st.e.forUpdate(), AccountKey(account)).Scan(&user); err != nil {
			return err
		}
		rows, err := tx.Query(`SELECT started, ends FROM vacations WHERE user_id = $1 AND ends > $2 ORDER BY started`,
			user, now.Add(-vacationsKept).UnixMilli())
		past, err := collect(rows, err, "vacations", func(r row) (s vacation.Span, err error) {
			var from, to int64
			err = r.Scan(&from, &to)
			return vacation.Span{From: time.UnixMilli(from), To: time.UnixMilli(to)}, err
		})
		if err != nil {
			return err
		}
		if err := change(tx, user, past); err != nil {
			return err
		}
		_, err = tx.Exec(`UPDATE rooms SET due_at = $1, alarm_at = 0 WHERE due_at > $1 AND NOT over AND (' ' || movers || ' ') LIKE $2 ESCAPE '\'`,
			now.UnixMilli(), "% "+likeEscaper.Replace(account)+" %")
		return err
	})
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("store: vacation of %q: %w", account, ErrNotFound)
	case errors.Is(err, vacation.ErrAway), errors.Is(err, vacation.ErrNotAway), errors.Is(err, vacation.ErrNoDaysLeft):
		return err
	}
	return wrap("vacation of "+account, err)
}

// likeEscaper makes a name match itself alone in a LIKE pattern (a
// username may hold "_").
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
