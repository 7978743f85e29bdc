package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// The writer: one goroutine that owns the write connection and commits
// what is queued in batches. A room waits for its move to be committed
// before it shows it, so the writer's speed is every move's latency: a
// batch runs its writes back to back in one transaction, with the frequent
// statements prepared once. If one write of a batch fails, the batch is
// rolled back and each of its writes is run again in a transaction of its
// own, so that one failing write never undoes another.

// writeJob is one write waiting for the writer.
type writeJob struct {
	fn  func(*wtx) error
	err chan error
}

// maxBatch bounds how many writes share one commit (and how many may wait
// in the queue for the next).
const maxBatch = 1024

// wtx is the transaction a write runs in.
type wtx struct {
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
}

// Exec runs query in the transaction, as a statement prepared once when it
// is one of the frequent ones.
func (w *wtx) Exec(query string, args ...any) (sql.Result, error) {
	if st, ok := w.stmts[query]; ok {
		return w.tx.Stmt(st).Exec(args...)
	}
	return w.tx.Exec(query, args...)
}

// write queues fn and waits until it is committed (or failed). Once queued
// a write is always carried out, so the caller waits for its result even if
// ctx ends: the caller must not believe a write lost that was made.
func (s *SQLite) write(ctx context.Context, fn func(*wtx) error) error {
	job := &writeJob{fn: fn, err: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return ErrClosed
	}
	select {
	case s.writes <- job:
	case <-ctx.Done():
		s.mu.RUnlock()
		return fmt.Errorf("store: %w", ctx.Err())
	}
	s.mu.RUnlock()
	return <-job.err
}

// writer commits queued writes in batches until the queue is closed.
func (s *SQLite) writer() {
	defer close(s.done)
	batch := make([]*writeJob, 0, maxBatch)
	for job := range s.writes {
		batch = append(batch[:0], job)
	fill:
		for len(batch) < maxBatch {
			select {
			case j, ok := <-s.writes:
				if !ok {
					break fill
				}
				batch = append(batch, j)
			default:
				break fill
			}
		}
		s.commit(batch)
	}
}

// commit runs a batch in one transaction, or, when one of its writes fails,
// each write in its own.
func (s *SQLite) commit(batch []*writeJob) {
	err := s.run(batch)
	if err != nil && len(batch) > 1 {
		for _, j := range batch {
			j.err <- s.run([]*writeJob{j})
		}
		return
	}
	for _, j := range batch {
		j.err <- err
	}
}

// run commits the writes of batch in one transaction, all or none.
func (s *SQLite) run(batch []*writeJob) error {
	tx, err := s.wdb.BeginTx(context.Background(), nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	w := &wtx{tx: tx, stmts: s.stmts}
	for _, j := range batch {
		if err := j.fn(w); err != nil {
			tx.Rollback()
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// SQLite as an engine (sqlbase.go): its writes go through the one writer.

func (s *SQLite) writeTx(ctx context.Context, fn func(tx txn) error) error {
	return s.write(ctx, func(w *wtx) error { return fn(w) })
}

func (s *SQLite) exec(ctx context.Context, query string, args ...any) (res sql.Result, err error) {
	err = s.write(ctx, func(w *wtx) error {
		res, err = w.Exec(query, args...)
		return err
	})
	return res, err
}

func (s *SQLite) unique(err error, table string) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed: "+table)
}

func (s *SQLite) forUpdate() string { return "" }

func (s *SQLite) seatField(col string, i int, key string) string {
	return fmt.Sprintf("json_extract(%s, '$[%d].%s')", col, i, key)
}

// anyOf is col IN ($n, $n+1, …) (FALSE for no values).
func (s *SQLite) anyOf(col string, n int, values []string) (string, []any) {
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

// QueryRow reads within the write's transaction.
func (w *wtx) QueryRow(query string, args ...any) *sql.Row { return w.tx.QueryRow(query, args...) }

// Query reads within the write's transaction.
func (w *wtx) Query(query string, args ...any) (*sql.Rows, error) { return w.tx.Query(query, args...) }
