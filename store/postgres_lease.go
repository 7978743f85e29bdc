package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Postgres's Leases (lease.go). A session's lease is its row of nodes,
// live while expires is after the database's clock. A room's owner and
// epoch are columns of its row, which Acquire takes FOR UPDATE: it waits for
// a write of the room in progress (or another Acquire), and a write waiting
// for it meets the new owner. Each change of owner is logged in acquisitions, whose key (room,
// epoch) makes two owners of one epoch impossible.

var _ Leases = (*Postgres)(nil)

// Heartbeat implements Leases.
func (p *Postgres) Heartbeat(ctx context.Context, session, node string, lease time.Duration) (bool, error) {
	if p.closed.Load() {
		return false, ErrClosed
	}
	if session == "" || node == "" {
		return false, fmt.Errorf("store: heartbeat: session %q and node %q may not be empty", session, node)
	}
	if lease < time.Millisecond {
		return false, fmt.Errorf("store: heartbeat: a lease of %v is too short", lease)
	}
	// A new session is inserted; a live one extended; an expired one
	// matches the conflict but not its WHERE, and nothing happens. seen
	// is the heartbeat's time: the session was alive then.
	tag, err := p.pool.Exec(ctx, `INSERT INTO nodes (session, node, started, expires, seen)
		VALUES ($1, $2, clock_timestamp(), clock_timestamp() + $3 * interval '1 microsecond', clock_timestamp())
		ON CONFLICT (session) DO UPDATE SET expires = excluded.expires, seen = excluded.seen
		WHERE nodes.expires > clock_timestamp()`,
		session, node, lease.Microseconds())
	if err != nil {
		return false, fmt.Errorf("store: heartbeat of session %s: %w", session, err)
	}
	return tag.RowsAffected() == 1, nil
}

// Acquire implements Leases.
func (p *Postgres) Acquire(ctx context.Context, id, session string) (Acquired, error) {
	if p.closed.Load() {
		return Acquired{}, ErrClosed
	}
	var epoch int64
	var silence time.Duration
	err := inTx(ctx, p.db, func(tx txn) error {
		var node string
		var live bool
		err := tx.QueryRow(`SELECT node, expires > clock_timestamp() FROM nodes WHERE session = $1`, session).Scan(&node, &live)
		if errors.Is(err, sql.ErrNoRows) || err == nil && !live {
			return fmt.Errorf("store: acquire room %q: session %s has no live lease: %w", id, session, ErrFenced)
		}
		if err != nil {
			return fmt.Errorf("store: acquire room %q: %w", id, err)
		}
		// The room's row first, locked: a statement that joined the owner's
		// lease to it would, after waiting for the lock, see the new owner
		// beside the old owner's lease. Then the owner's lease, read after
		// the lock by a statement of its own.
		var owner *string
		err = tx.QueryRow(`SELECT owner, epoch FROM rooms WHERE id = $1 FOR UPDATE`, id).Scan(&owner, &epoch)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: acquire room %q: %w", id, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: acquire room %q: %w", id, err)
		}
		if owner != nil && *owner == session {
			return nil // already ours: the epoch stays
		}
		if owner != nil {
			var ownerNode string
			var ownerLive bool
			var silentUS *int64 // NULL for a session of a program that records no heartbeat times
			err := tx.QueryRow(`SELECT node, expires > clock_timestamp(),
					(extract(epoch FROM clock_timestamp() - seen) * 1000000)::bigint FROM nodes WHERE session = $1`, *owner).
				Scan(&ownerNode, &ownerLive, &silentUS)
			if err != nil {
				return fmt.Errorf("store: acquire room %q: the owner's lease: %w", id, err)
			}
			if ownerLive {
				return &OwnedError{Room: id, Node: ownerNode, Session: *owner, Epoch: epoch}
			}
			if silentUS != nil {
				silence = max(time.Duration(*silentUS)*time.Microsecond, time.Microsecond) // zero says "not known"
			}
		}
		epoch++
		if _, err := tx.Exec(`UPDATE rooms SET owner = $2, epoch = $3 WHERE id = $1`, id, session, epoch); err != nil {
			return fmt.Errorf("store: acquire room %q: %w", id, err)
		}
		if _, err := tx.Exec(`INSERT INTO acquisitions (room_id, epoch, session, node, at) VALUES ($1, $2, $3, $4, clock_timestamp())`,
			id, epoch, session, node); err != nil {
			return fmt.Errorf("store: acquire room %q: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return Acquired{}, err
	}
	return Acquired{Epoch: epoch, Silence: silence}, nil
}

// Release implements Leases.
func (p *Postgres) Release(ctx context.Context, id string, f Fence) error {
	_, err := p.updateRoom(WithFence(ctx, f), id, `owner = NULL`, "")
	return err
}

// Owner implements Leases.
func (p *Postgres) Owner(ctx context.Context, id string) (Owner, error) {
	if p.closed.Load() {
		return Owner{}, ErrClosed
	}
	var (
		o             Owner
		session, node *string
	)
	err := p.pool.QueryRow(ctx, `SELECT r.owner, n.node, r.epoch, coalesce(n.expires > clock_timestamp(), false)
		FROM rooms r LEFT JOIN nodes n ON n.session = r.owner WHERE r.id = $1`, id).Scan(&session, &node, &o.Epoch, &o.Live)
	if errors.Is(err, pgx.ErrNoRows) {
		return Owner{}, fmt.Errorf("store: owner of room %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return Owner{}, fmt.Errorf("store: owner of room %q: %w", id, err)
	}
	o.Session, o.Node = deref(session), deref(node)
	return o, nil
}

// Orphans implements Leases.
func (p *Postgres) Orphans(ctx context.Context) ([]string, error) {
	if p.closed.Load() {
		return nil, ErrClosed
	}
	return p.names(ctx, "orphaned rooms", `SELECT id FROM rooms AS r WHERE NOT over AND r.owner IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.session = r.owner AND n.expires > clock_timestamp())
		ORDER BY updated_at, id`)
}

// Leave implements Leases. Leaving is final: the session's later
// heartbeats fail. An unknown session is no error.
func (p *Postgres) Leave(ctx context.Context, session string) error {
	if p.closed.Load() {
		return ErrClosed
	}
	if _, err := p.pool.Exec(ctx, `UPDATE nodes SET expires = least(expires, clock_timestamp()),
		seen = greatest(seen, least(expires, clock_timestamp())) WHERE session = $1`, session); err != nil {
		return fmt.Errorf("store: leave session %s: %w", session, err)
	}
	return nil
}

// Epochs implements Leases.
func (p *Postgres) Epochs(ctx context.Context, id string) ([]Acquisition, error) {
	if err := p.exists(ctx, id); err != nil {
		return nil, err
	}
	rows, err := p.db.QueryContext(ctx, `SELECT epoch, session, node, at FROM acquisitions WHERE room_id = $1 ORDER BY epoch`, id)
	return collect(rows, err, fmt.Sprintf("epochs of room %q", id), func(r row) (a Acquisition, err error) {
		err = r.Scan(&a.Epoch, &a.Session, &a.Node, &a.At)
		return a, err
	})
}

// TurnEpochs implements Leases.
func (p *Postgres) TurnEpochs(ctx context.Context, id string) ([]int64, error) {
	if err := p.exists(ctx, id); err != nil {
		return nil, err
	}
	rows, err := p.db.QueryContext(ctx, `SELECT epoch FROM turns WHERE room_id = $1 ORDER BY ply`, id)
	return collect(rows, err, fmt.Sprintf("turn epochs of room %q", id), scanValue[int64])
}

// exists returns ErrNotFound for no room id.
func (p *Postgres) exists(ctx context.Context, id string) error {
	if p.closed.Load() {
		return ErrClosed
	}
	var found bool
	if err := p.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM rooms WHERE id = $1)`, id).Scan(&found); err != nil {
		return fmt.Errorf("store: room %q: %w", id, err)
	}
	if !found {
		return fmt.Errorf("store: room %q: %w", id, ErrNotFound)
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
