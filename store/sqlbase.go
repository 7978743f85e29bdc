package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// The domains are written once, over database/sql, for both engines: the
// SQL uses PostgreSQL's $n placeholders, which SQLite (modernc) accepts as
// they are, and RETURNING, which both have. What truly differs between the
// engines is behind engine: how a write is committed (SQLite's one writer
// batching the writes waiting at any moment; PostgreSQL's transaction per
// write), how a room's write is held (PostgreSQL's fence and row lock), how
// a room and its turns are inserted (PostgreSQL records owners and epochs),
// a unique violation, and a list parameter (SQLite's IN (…) against
// PostgreSQL's = ANY($n)). The tables' column types are schema.go's.

// txn is a write's transaction. Its statements have no context of their
// own: SQLite commits the writes of many callers in one transaction, which
// one caller giving up must not cut short.
type txn interface {
	Exec(query string, args ...any) (sql.Result, error)
	QueryRow(query string, args ...any) *sql.Row
	Query(query string, args ...any) (*sql.Rows, error)
}

// engine is what one database engine does its own way.
type engine interface {
	// writeTx runs fn in a write transaction and returns once it is
	// committed (or fn failed and nothing of it was).
	writeTx(ctx context.Context, fn func(tx txn) error) error
	// exec runs one write statement on its own.
	exec(ctx context.Context, query string, args ...any) (sql.Result, error)
	// updateRoom runs one UPDATE of room id's row, set assigning its
	// columns from parameters $1 on (args), on PostgreSQL only while ctx's
	// fence owns the room. With a condition cond on the row too, it
	// reports whether it changed the row; with none ("") a row it did not
	// change is an error: ErrNotFound for no room, ErrFenced for a fence
	// that does not own it.
	updateRoom(ctx context.Context, id, set, cond string, args ...any) (changed bool, err error)
	// roomTx runs fn in a write transaction that first takes room id's
	// row: updating it by set (its columns from parameters $1 on, args),
	// or, for set "", only holding it. ErrNotFound for no room; on
	// PostgreSQL the row is locked under ctx's fence, ErrFenced when the
	// fence does not own it.
	roomTx(ctx context.Context, id, set string, args []any, fn func(tx txn) error) error
	// fencedTx runs fn in a write transaction that makes rooms: on
	// PostgreSQL under ctx's fence (key names the write in errors).
	fencedTx(ctx context.Context, key string, fn func(tx txn) error) error
	// insertRooms inserts rooms with their turns in tx; on PostgreSQL
	// owned by ctx's fence when owned (logged as their first acquisition),
	// else by nobody (epoch 0).
	insertRooms(ctx context.Context, tx txn, rooms []encodedRoom, owned bool) error
	// rowsPerInsert is how many rows one INSERT of many carries: many on
	// PostgreSQL, where each statement is a round trip; one on SQLite, in
	// process, which compiles a long VALUES list slower than it runs a
	// row at a time (an arena's 500 games: 33 ms a wave one by one, 72 ms
	// in one statement).
	rowsPerInsert() int
	// insertTurns inserts turns as plies first, first+1, … of room id.
	insertTurns(ctx context.Context, tx txn, id string, first int, turns []Turn) error
	// lockPool takes the pairing of pool in tx, or reports that another
	// node is pairing it (PostgreSQL's advisory lock; the one writer
	// always has it).
	lockPool(tx txn, pool string) (bool, error)
	// unique reports whether err is a unique constraint's violation (on
	// table, or any table for "").
	unique(err error, table string) bool
	// forUpdate is the clause that locks the rows a SELECT reads until
	// the write commits ("" where the one writer needs no lock).
	forUpdate() string
	// seatField is the text field key of seat i in the JSON column col
	// (the rooms' seats).
	seatField(col string, i int, key string) string
	// anyOf is the condition "col is one of values", values' placeholders
	// numbered from n, with the arguments it takes.
	anyOf(col string, n int, values []string) (string, []any)
}

// base is the domains' code, shared by both engines: db reads, e writes.
type base struct {
	db  *sql.DB
	e   engine
	now func() time.Time
}

// stamp is the time of a room's change, in milliseconds (SetNow).
func (b *base) stamp() int64 { return b.now().UnixMilli() }

// SetNow makes the store stamp the rooms' changes (their created and
// changed times) with now rather than time.Now: the rooms' clock when it is
// not the system's (a test's fake one), so that a room's changed time and
// its game times are on one clock. Call it before the store is used.
func (b *base) SetNow(now func() time.Time) { b.now = now }

// setRoom is engine.updateRoom with no condition: the room's row must
// change.
func (b *base) setRoom(ctx context.Context, id, set string, args ...any) error {
	_, err := b.e.updateRoom(ctx, id, set, "", args...)
	return err
}

// inSeat is the condition "either seat's field key is $n".
func (b *base) inSeat(key string, n int) string {
	p := " = $" + strconv.Itoa(n)
	return `(` + b.e.seatField("seats", 0, key) + p + ` OR ` + b.e.seatField("seats", 1, key) + p + `)`
}

// ctxTx is a database/sql transaction whose statements run under the
// write's context (PostgreSQL's: one caller's transaction).
type ctxTx struct {
	tx  *sql.Tx
	ctx context.Context
}

func (t ctxTx) Exec(query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(t.ctx, query, args...)
}

func (t ctxTx) QueryRow(query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(t.ctx, query, args...)
}

func (t ctxTx) Query(query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(t.ctx, query, args...)
}

// inTx runs fn in a transaction of db under ctx, committed if fn succeeds.
func inTx(ctx context.Context, db *sql.DB, fn func(tx txn) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(ctxTx{tx, ctx}); err != nil {
		if rb := tx.Rollback(); !errors.Is(rb, sql.ErrTxDone) {
			err = errors.Join(err, rb)
		}
		return err
	}
	return tx.Commit()
}

// affected checks that a write (res and err its result) changed a row: none
// is the error when it changed none.
func affected(res sql.Result, err error, none error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err == nil && n == 0 {
		return none
	}
	return err
}

// wrap names what failed in a store's error (nil stays nil).
func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

// row is a row to read: database/sql's *Row, or *Rows at a row.
type row interface{ Scan(dest ...any) error }

// collect reads every row of a query's result (rows, or the query's error
// err) with scan; what names the read in errors.
func collect[T any](rows *sql.Rows, err error, what string, scan func(row) (T, error)) ([]T, error) {
	if err != nil {
		return nil, wrap(what, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, wrap(what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(what, err)
	}
	return out, nil
}

// one reads the one row of a query with scan: ErrNotFound for none.
func one[T any](r *sql.Row, what string, scan func(row) (T, error)) (*T, error) {
	v, err := scan(r)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, wrap(what, err)
	}
	return &v, nil
}

// scanValue reads a row of one column.
func scanValue[T any](r row) (v T, err error) {
	err = r.Scan(&v)
	return v, err
}

// names runs a query of one text column.
func (b *base) names(ctx context.Context, what, query string, args ...any) ([]string, error) {
	rows, err := b.db.QueryContext(ctx, query, args...)
	return collect(rows, err, what, scanValue[string])
}

// keyed are the distinct keys of accounts (usernames, any case), without
// "", with the names given for each key.
func keyed(accounts []string) (keys []string, names map[string][]string) {
	names = map[string][]string{}
	for _, a := range accounts {
		if k := AccountKey(a); k != "" {
			if names[k] == nil {
				keys = append(keys, k)
			}
			names[k] = append(names[k], a)
		}
	}
	return keys, names
}

// millis is t in milliseconds for a nullable column: NULL for the zero
// time.
func millis(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// millisOrZero is t in milliseconds, 0 for the zero time (never).
func millisOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}
