package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The writer: the write connection commits what is queued in batches, one
// batch at a time. A room waits for its move to be committed before it
// shows it, so the writer's speed is every move's latency: a batch runs its
// writes back to back in one transaction, with the frequent statements
// prepared once. If one write of a batch fails, the batch is rolled back
// and each of its writes is run again in a transaction of its own, so that
// one failing write never undoes another.
//
// There is no writer goroutine: the caller that finds nobody committing
// commits the queue itself (it leads), and the callers that arrive
// meanwhile queue up for its next batch. Handing each write to a goroutine
// and back woke two threads a move, more than the commit of one move's two
// statements cost. A leader whose own write is done hands the lead to the
// first write still waiting, so that no caller commits for others for long.

// writeJob is one write waiting for the writer.
type writeJob struct {
	fn  func(*wtx) error
	err chan error
}

// errLead tells a queued write that it leads now.
var errLead = errors.New("store: lead the writes")

// maxBatch bounds how many writes share one commit.
const maxBatch = 1024

// wtx is the transaction a write runs in: the write connection, inside
// the BEGIN the batch's leader ran on it.
type wtx struct {
	conn  *sql.Conn
	stmts map[string]*sql.Stmt // prepared on conn
}

// Exec runs query in the transaction, as a statement prepared once when it
// is one of the frequent ones.
func (w *wtx) Exec(query string, args ...any) (sql.Result, error) {
	if st, ok := w.stmts[query]; ok {
		return st.Exec(args...)
	}
	return w.conn.ExecContext(context.Background(), query, args...)
}

// write queues fn and waits until it is committed (or failed), committing
// the queue itself when nobody else is. A queued write is always carried
// out (ctx is not consulted once the store took it), so that the caller
// never believes a write lost that was made.
func (s *SQLite) write(_ context.Context, fn func(*wtx) error) error {
	s.mu.RLock() // Close waits for the writes under way
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	job := &writeJob{fn: fn, err: make(chan error, 1)}
	s.wmu.Lock()
	s.queue = append(s.queue, job)
	if s.leading {
		s.wmu.Unlock()
		if err := <-job.err; err != errLead {
			return err
		}
	} else {
		s.leading = true
		s.wmu.Unlock()
	}
	return s.lead(job)
}

// lead commits the queue, a batch at a time, until own is committed, then
// hands the lead to the first write waiting, if any.
func (s *SQLite) lead(own *writeJob) error {
	for done := false; !done; {
		s.wmu.Lock()
		n := min(len(s.queue), maxBatch)
		batch := append(s.batch[:0], s.queue[:n]...)
		rest := copy(s.queue, s.queue[n:])
		clear(s.queue[rest:])
		s.queue = s.queue[:rest]
		s.wmu.Unlock()
		done = slices.Contains(batch, own)
		s.commit(batch)
		clear(batch)
		s.batch = batch[:0] // only the leader touches it
	}
	s.wmu.Lock()
	if len(s.queue) == 0 {
		s.leading = false
	} else {
		s.queue[0].err <- errLead // it commits the rest, and what comes
	}
	s.wmu.Unlock()
	return <-own.err
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

// run commits the writes of batch in one transaction, all or none. The
// transaction is the write connection's own BEGIN IMMEDIATE and COMMIT,
// prepared once: database/sql's Tx had the driver parse both again for
// every move, a tenth of what a commit cost.
func (s *SQLite) run(batch []*writeJob) error {
	if _, err := s.begin.Exec(); err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	w := &wtx{conn: s.wconn, stmts: s.stmts}
	for _, j := range batch {
		if err := runSafely(j.fn, w); err != nil {
			s.rollback.Exec()
			return err
		}
	}
	if _, err := s.commitStmt.Exec(); err != nil {
		s.rollback.Exec() // a failed COMMIT may leave the transaction open
		return fmt.Errorf("store: commit: %w", err)
	}
	s.commits.Add(1)
	return nil
}

// runSafely runs a write, a panic in it made its error: the writes of
// other callers in its batch, and the lead, must not be lost with it.
func runSafely(fn func(*wtx) error, w *wtx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("store: a write panicked: %v", r)
		}
	}()
	return fn(w)
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
func (w *wtx) QueryRow(query string, args ...any) *sql.Row {
	return w.conn.QueryRowContext(context.Background(), query, args...)
}

// Query reads within the write's transaction.
func (w *wtx) Query(query string, args ...any) (*sql.Rows, error) {
	return w.conn.QueryContext(context.Background(), query, args...)
}

// What a move writes of its room's row (AppendTurn).

// activityStep is how stale a room's changed time (updated_at) may be while
// moves are made in it: what reads it (the lobby's live games, the house
// bots' games in play, a player's games in play) asks whether a room was
// active in the last ten minutes, and orders by it.
const activityStep = 60_000 // milliseconds

// maxActivity bounds the rooms remembered: past it the memory starts over
// (each room's next move writes its row whole again).
const maxActivity = 100_000

// activity remembers, for the SQLite store's moves (AppendTurn), when a
// move last wrote each room's changed time, as long as nothing but moves
// has written the room's row since. It is used by the writes' leader
// alone.
type activity struct {
	at map[string]int64
}

// due reports whether a move at now writes room id's row whole, its
// changed time with it: a first move, a minute on, or a row something else
// wrote since. Otherwise the row needs nothing of the move but a changed
// deadline (the last write of it was a move's, which cleared the clock's
// marks).
func (a *activity) due(id string, now int64) bool {
	at, ok := a.at[id]
	return !ok || now-at >= activityStep || now < at
}

// wrote notes that a move wrote room id's row whole at now.
func (a *activity) wrote(id string, now int64) {
	if a.at == nil || len(a.at) >= maxActivity {
		a.at = make(map[string]int64)
	}
	a.at[id] = now
}

// forget notes that room id's row was written otherwise than by a move.
func (a *activity) forget(id string) { delete(a.at, id) }
