package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
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
	// updateRoom runs one UPDATE of room id's row, set assigning its
	// columns from parameters $1 on (args): ErrNotFound for no room, and
	// on PostgreSQL ErrFenced unless ctx's fence owns the room.
	updateRoom(ctx context.Context, id, set string, args ...any) error
	// tryUpdateRoom is updateRoom on the condition cond too, reporting
	// whether it changed the row rather than why not.
	tryUpdateRoom(ctx context.Context, id, set, cond string, args ...any) (bool, error)
	// roomTx runs fn in a write transaction that first takes room id's
	// row: updating it by set (its columns from parameters $1 on, args),
	// or, for set "", only holding it. ErrNotFound for no room; on
	// PostgreSQL the row is locked under ctx's fence, ErrFenced when the
	// fence does not own it.
	roomTx(ctx context.Context, id, set string, args []any, fn func(tx txn) error) error
	// fencedTx runs fn in a write transaction that makes rooms: on
	// PostgreSQL under ctx's fence (key names the write in errors).
	fencedTx(ctx context.Context, key string, fn func(tx txn) error) error
	// insertRoom inserts e with its turns in tx; on PostgreSQL owned by
	// ctx's fence when owned (logged as its first acquisition), else by
	// nobody (epoch 0).
	insertRoom(ctx context.Context, tx txn, e encodedRoom, owned bool) error
	// insertTurns inserts turns as plies first, first+1, … of room id.
	insertTurns(ctx context.Context, tx txn, id string, first int, turns []Turn) error
	// lockPool takes the pairing of pool in tx, or reports that another
	// node is pairing it (PostgreSQL's advisory lock; the one writer
	// always has it).
	lockPool(tx txn, pool string) (bool, error)
	// stamp is the time of a room's change, in milliseconds (SetNow).
	stamp() int64
	// exec runs one write statement on its own.
	exec(ctx context.Context, query string, args ...any) (sql.Result, error)
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
	db *sql.DB
	e  engine
}

// anyOfIn is SQLite's anyOf: col IN ($n, $n+1, …) (FALSE for no values).
func anyOfIn(col string, n int, values []string) (string, []any) {
	if len(values) == 0 {
		return "FALSE", nil
	}
	var b strings.Builder
	args := make([]any, len(values))
	b.WriteString(col + " IN (")
	for i, v := range values {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(n+i))
		args[i] = v
	}
	b.WriteString(")")
	return b.String(), args
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
		return errors.Join(err, ignoreDone(tx.Rollback()))
	}
	return tx.Commit()
}

// ignoreDone drops the error of a rollback after the transaction ended.
func ignoreDone(err error) error {
	if errors.Is(err, sql.ErrTxDone) {
		return nil
	}
	return err
}

// affected is ErrNotFound when res changed no row.
func affected(res sql.Result, what string) error {
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}
