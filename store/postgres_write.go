package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// The writes of Postgres. Every write of a room is fenced: it runs only
// while the fence its context carries (WithFence) owns the room — the room's
// owner and epoch are the fence's, and the owner's lease is live by the
// database's clock — and it holds the room's row until it commits, so that
// an Acquire either waits for it or it meets the new owner and changes
// nothing. A refused write returns ErrFenced (ErrNotFound for no room).
//
// As with SQLite, a write that has started is carried through even if its
// context ends (the caller must not believe a write lost that was made);
// writeTimeout bounds it instead.

// writeTimeout bounds one write once it has started.
const writeTimeout = 30 * time.Second

// fencedRoom is the condition a fenced write puts on the room's row. Its
// parameters are $1 the room's id, $2 the fence's session and $3 its epoch.
// The lease is read at the moment of the write (clock_timestamp, not the
// transaction's start).
var fencedRoom = fencedAt(1)

// fencedAt is fencedRoom with its parameters numbered from $n.
func fencedAt(n int) string {
	id, session, epoch := "$"+strconv.Itoa(n), "$"+strconv.Itoa(n+1), "$"+strconv.Itoa(n+2)
	return `id = ` + id + ` AND owner = ` + session + ` AND epoch = ` + epoch + `
	AND EXISTS (SELECT 1 FROM nodes WHERE session = ` + session + ` AND expires > clock_timestamp())`
}

// errRefused ends a transaction whose fence failed.
var errRefused = errors.New("store: fence refused")

// writing starts a write: it refuses one on a closed store or an ended
// context, and returns the context the write runs with.
func (p *Postgres) writing(ctx context.Context) (context.Context, context.CancelFunc, error) {
	if p.closed.Load() {
		return nil, nil, ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
	return ctx, cancel, nil
}

// write runs fn, a write of room id, with the fence ctx carries.
//
// When the connection it ran on ended under it (a restarted server: every
// pooled connection is dead at once), the write is tried once more, on
// fresh connections, under the same fence, rather than failing every move
// in flight. Whether the first try committed is unknown, so a retry that
// meets a row it would insert (a unique violation) finds the first try's:
// the room's writes are made by its one owner, one at a time, so that row
// is this write's own, and the write is done.
func (p *Postgres) write(ctx context.Context, id string, fn func(context.Context, Fence) error) error {
	f, ok := FenceFrom(ctx)
	if !ok {
		return fmt.Errorf("store: room %q: a write to a shared store must carry its owner's fence (store.WithFence): %w", id, ErrFenced)
	}
	ctx, cancel, err := p.writing(ctx)
	if err != nil {
		return err
	}
	defer cancel()
	err = fn(ctx, f)
	if !connectionEnded(err) {
		return err
	}
	// The other pooled connections went with the server: drop them all,
	// so the retry dials a new one, once the server takes connections
	// again (a restart takes a second or two).
	p.pool.Reset()
	p.awaitServer(ctx, restartWait)
	retry := fn(ctx, f)
	var pgErr *pgconn.PgError
	if errors.As(retry, &pgErr) && pgErr.Code == uniqueViolation {
		return nil
	}
	return retry
}

// restartWait bounds how long a write whose connection ended waits for the
// server to take connections again before its one retry.
const restartWait = 5 * time.Second

// awaitServer waits until the server answers, for at most wait.
func (p *Postgres) awaitServer(ctx context.Context, wait time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	for p.pool.Ping(ctx) != nil {
		select {
		case <-ctx.Done():
			return
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// uniqueViolation is PostgreSQL's code for a row whose key exists already.
const uniqueViolation = "23505"

// connectionEnded reports whether err says the connection to the server
// was lost (closed, reset, the server shutting down or not yet accepting),
// not that the server refused the write.
func connectionEnded(err error) bool {
	if err == nil {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08 is "connection exception"; 57P01-57P03 are the server
		// shutting down, crashing or starting up.
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	var netErr net.Error
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNREFUSED) || errors.As(err, &netErr) ||
		pgconn.SafeToRetry(err)
}

// updateRoom implements engine: one fenced statement.
func (p *Postgres) updateRoom(ctx context.Context, id, set, cond string, args ...any) (changed bool, err error) {
	where := fencedAt(len(args) + 1)
	if cond != "" {
		where += ` AND ` + cond
	}
	err = p.write(ctx, id, func(ctx context.Context, f Fence) error {
		tag, err := p.pool.Exec(ctx, `UPDATE rooms SET `+set+` WHERE `+where, append(args, id, f.Session, f.Epoch)...)
		if err != nil {
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		if changed = tag.RowsAffected() == 1; !changed && cond == "" {
			return p.refusal(ctx, id, f)
		}
		return nil
	})
	return changed, err
}

// roomTx implements engine: the transaction first takes the room's row
// under ctx's fence, updating it or, for set "", locking it.
func (p *Postgres) roomTx(ctx context.Context, id, set string, args []any, fn func(tx txn) error) error {
	take := `SELECT 1 FROM rooms WHERE ` + fencedRoom + ` FOR NO KEY UPDATE`
	if set != "" {
		take = `UPDATE rooms SET ` + set + ` WHERE ` + fencedAt(len(args)+1) + ` RETURNING 1`
	}
	return p.write(ctx, id, func(ctx context.Context, f Fence) error {
		err := inTx(ctx, p.db, func(tx txn) error {
			var one int
			err := tx.QueryRow(take, append(args[:len(args):len(args)], id, f.Session, f.Epoch)...).Scan(&one)
			if errors.Is(err, sql.ErrNoRows) {
				return errRefused
			}
			if err != nil {
				return fmt.Errorf("store: room %q: %w", id, err)
			}
			return fn(tx)
		})
		if errors.Is(err, errRefused) {
			return p.refusal(ctx, id, f)
		}
		return err
	})
}

// fencedTx implements engine: a transaction under ctx's fence.
func (p *Postgres) fencedTx(ctx context.Context, key string, fn func(tx txn) error) error {
	return p.write(ctx, key, func(ctx context.Context, f Fence) error { return inTx(ctx, p.db, fn) })
}

// insertRooms implements engine: owned, the rooms are the fence's at its
// epoch (at least 1), else nobody's at epoch 0; their turns are written at
// the fence's epoch. The fence's lease is checked once, and the rooms go
// in statements of up to roomsPerInsert rows: an arena's wave of 500 rooms
// was 1,000 statements, a round trip each (BENCHMARKS.md).
func (p *Postgres) insertRooms(ctx context.Context, tx txn, rooms []encodedRoom, owned bool) error {
	if len(rooms) == 0 {
		return nil
	}
	f, _ := FenceFrom(ctx)
	var session *string
	var epoch int64
	if owned {
		if f.Epoch < 1 {
			return fmt.Errorf("store: create room %s: a new room's fence needs an epoch of at least 1, not %d", rooms[0].ID, f.Epoch)
		}
		var live bool
		err := tx.QueryRow(`SELECT EXISTS (SELECT 1 FROM nodes WHERE session = $1 AND expires > clock_timestamp())`, f.Session).Scan(&live)
		if err != nil {
			return fmt.Errorf("store: create room %s: %w", rooms[0].ID, err)
		}
		if !live {
			return fmt.Errorf("store: create room %s: the lease of session %s is not live: %w", rooms[0].ID, f.Session, ErrFenced)
		}
		session, epoch = &f.Session, f.Epoch
	}
	for first := 0; first < len(rooms); first += roomsPerInsert {
		chunk := rooms[first:min(first+roomsPerInsert, len(rooms))]
		var q strings.Builder
		args := make([]any, 0, len(chunk)*roomInsertParams)
		q.WriteString(`INSERT INTO rooms (` + insertRoomColumns + `, owner, epoch) VALUES `)
		for i, e := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			writeRoomRow(&q, len(args))
			args = append(append(args, e.values()...), session, epoch)
		}
		if _, err := tx.Exec(q.String(), args...); err != nil {
			return fmt.Errorf("store: create room %s: %w", chunk[0].ID, err)
		}
	}
	if owned {
		ids := make([]string, len(rooms))
		for i, e := range rooms {
			ids[i] = e.ID
		}
		if _, err := tx.Exec(`INSERT INTO acquisitions (room_id, epoch, session, node, at)
			SELECT r, $2, session, node, clock_timestamp() FROM nodes, unnest($1::text[]) AS r WHERE session = $3`,
			ids, epoch, f.Session); err != nil {
			return fmt.Errorf("store: create room %s: %w", rooms[0].ID, err)
		}
	}
	for _, e := range rooms {
		if err := p.insertTurns(ctx, tx, e.ID, 0, e.Turns); err != nil {
			return err
		}
	}
	return nil
}

// rowsPerInsert implements engine (a statement's parameters are 65,535
// at most).
func (p *Postgres) rowsPerInsert() int { return 500 }

// roomsPerInsert bounds the rows of one statement of insertRooms (each
// has roomInsertParams parameters; PostgreSQL takes 65,535 at most).
const (
	roomsPerInsert   = 200
	roomInsertParams = 26
)

// writeRoomRow writes the row of one room's parameters, after the first
// at of a statement's: encodedRoom.values (created_at twice, for
// updated_at), then the owner and the epoch.
func writeRoomRow(q *strings.Builder, at int) {
	q.WriteByte('(')
	for i := 1; i <= roomInsertParams; i++ {
		if i > 1 {
			q.WriteString(", ")
		}
		q.WriteByte('$')
		q.WriteString(strconv.Itoa(at + i))
		switch i {
		case 12: // created_at, and updated_at alike
			q.WriteString(", $" + strconv.Itoa(at+i))
		case 17, 18, 26:
			q.WriteString("::bigint")
		case 25:
			q.WriteString("::text")
		}
	}
	q.WriteByte(')')
}

// insertTurns implements engine: the turns in one statement, written at
// the epoch of ctx's fence.
func (p *Postgres) insertTurns(ctx context.Context, tx txn, id string, first int, turns []Turn) error {
	if len(turns) == 0 {
		return nil
	}
	f, _ := FenceFrom(ctx)
	notations, infos := make([]string, len(turns)), make([]string, len(turns))
	at, think := make([]int64, len(turns)), make([]int64, len(turns))
	for i, t := range turns {
		notations[i], infos[i], at[i], think[i] = t.Notation, t.Info, t.At.UnixMilli(), t.Think.Microseconds()
	}
	_, err := tx.Exec(`INSERT INTO turns (room_id, ply, notation, played_at, think_us, info, epoch)
		SELECT $1, $2 + t.i - 1, t.notation, t.played_at, t.think_us, t.info, $3
		FROM unnest($4::text[], $5::bigint[], $6::bigint[], $7::text[]) WITH ORDINALITY AS t(notation, played_at, think_us, info, i)`,
		id, first, f.Epoch, notations, at, think, infos)
	if err != nil {
		return fmt.Errorf("store: room %q turns from %d: %w", id, first, err)
	}
	return nil
}

// lockPool implements engine: a transaction-scoped advisory lock on the
// pool's name, which a node that dies mid-pairing gives up with its
// connection (its pairing is rolled back whole).
func (p *Postgres) lockPool(tx txn, pool string) (mine bool, err error) {
	err = tx.QueryRow(`SELECT pg_try_advisory_xact_lock(hashtext('pool:' || $1))`, pool).Scan(&mine)
	return mine, err
}

// refusal says why a fenced write of room id matched no row.
func (p *Postgres) refusal(ctx context.Context, id string, f Fence) error {
	o, err := p.Owner(ctx, id)
	switch {
	case errors.Is(err, ErrNotFound):
		return fmt.Errorf("store: room %q: %w", id, ErrNotFound)
	case err != nil:
		return fmt.Errorf("store: room %q: %w (%v)", id, ErrFenced, err)
	case o.Session == "":
		return fmt.Errorf("store: room %q has no owner (released at epoch %d), not session %s at epoch %d: %w",
			id, o.Epoch, f.Session, f.Epoch, ErrFenced)
	case o.Session == f.Session && o.Epoch == f.Epoch:
		return fmt.Errorf("store: room %q: the lease of session %s has run out: %w", id, f.Session, ErrFenced)
	default:
		return fmt.Errorf("store: room %q is owned by node %q (session %s, epoch %d), not session %s at epoch %d: %w",
			id, o.Node, o.Session, o.Epoch, f.Session, f.Epoch, ErrFenced)
	}
}

// AppendTurn implements Store, in one statement: a move's write is one
// round trip.
func (p *Postgres) AppendTurn(ctx context.Context, id string, ply int, t Turn) error {
	return p.write(ctx, id, func(ctx context.Context, f Fence) error {
		tag, err := p.pool.Exec(ctx, `WITH room AS (
				UPDATE rooms SET turns = $4, updated_at = $5, clock_from = NULL, clock_stopped = NULL, `+dueSet(11)+`
				WHERE `+fencedRoom+` RETURNING id)
			INSERT INTO turns (room_id, ply, notation, played_at, think_us, info, epoch)
			SELECT id, $6, $7, $8, $9, $10, $3 FROM room`,
			append([]any{id, f.Session, f.Epoch, ply + 1, p.stamp(), ply, t.Notation, t.At.UnixMilli(), t.Think.Microseconds(), t.Info},
				dueArgs(t.Due)...)...)
		if err != nil {
			return fmt.Errorf("store: room %q turn %d: %w", id, ply, err)
		}
		if tag.RowsAffected() == 0 {
			return p.refusal(ctx, id, f)
		}
		return nil
	})
}

// DeleteIdle implements Store. Only a room's owner cleans it: it deletes
// rooms with no live owner, or owned by the session of the fence ctx
// carries (whatever the epoch).
func (p *Postgres) DeleteIdle(ctx context.Context, before time.Time, keep []string) (int, error) {
	f, _ := FenceFrom(ctx)
	ctx, cancel, err := p.writing(ctx)
	if err != nil {
		return 0, err
	}
	defer cancel()
	if keep == nil {
		keep = []string{} // id = ANY(NULL) would keep every room
	}
	tag, err := p.pool.Exec(ctx, `DELETE FROM rooms AS r WHERE turns = 0 AND NOT over AND updated_at < $1 AND NOT (id = ANY($2))
		AND (`+notCorrespondence+` OR updated_at < $4)
		AND (owner IS NULL OR owner = $3
			OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.session = r.owner AND n.expires > clock_timestamp()))`,
		before.UnixMilli(), keep, f.Session, before.Add(-correspondenceKept).UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("store: delete idle rooms: %w", err)
	}
	// The hourly clean-up forgets the limits' old buckets too.
	if err := p.forgetRateLimits(ctx); err != nil {
		return 0, fmt.Errorf("store: forget rate limits: %w", err)
	}
	return int(tag.RowsAffected()), nil
}
