package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Room ownership, for stores shared by several nodes (Postgres).
//
// Each room is run by exactly one node at a time. A node incarnation is a
// session (a random id, new at every start), which holds a lease it renews
// by heartbeats; the lease is timed by the database's clock, never a node's.
// A node owns a room by acquiring it, which bumps the room's epoch when the
// owner changes. Every write of a room carries the owner's Fence (session and
// epoch) in its context, and the store applies it only while that session
// still owns the room at that epoch and its lease is live: a node that was
// paused past its lease changes nothing when it wakes. A store used by one
// process (SQLite) owns all its rooms and ignores fences.

// DefaultLease is how long a node's lease runs after each heartbeat, unless
// configured otherwise: a node that stops (or is cut off) loses its rooms
// this long after its last heartbeat.
const DefaultLease = 3 * time.Second

// ErrFenced is returned for a write whose fence no longer owns the room (the
// room was acquired by another session, released, or the session's lease ran
// out), or that carries no fence on a shared store. The writer must drop the
// room: it is someone else's to run.
var ErrFenced = errors.New("store: not the room's owner")

// ErrOwned is returned by Acquire for a room that another live session owns.
// The error is an *OwnedError, which says which node.
var ErrOwned = errors.New("store: room owned by another node")

// OwnedError says who owns a room that Acquire could not take.
type OwnedError struct {
	Room    string
	Node    string
	Session string
	Epoch   int64
}

func (e *OwnedError) Error() string {
	return fmt.Sprintf("store: room %q is run by node %q (session %s, epoch %d)", e.Room, e.Node, e.Session, e.Epoch)
}

// Unwrap makes errors.Is(err, ErrOwned) true.
func (e *OwnedError) Unwrap() error { return ErrOwned }

// Fence says which owner incarnation writes for a room: the session that
// acquired it and the epoch Acquire returned.
type Fence struct {
	Session string
	Epoch   int64
}

type fenceKey struct{}

// WithFence returns a context whose room writes are fenced by f.
func WithFence(ctx context.Context, f Fence) context.Context {
	return context.WithValue(ctx, fenceKey{}, f)
}

// FenceFrom returns the fence ctx carries, if any.
func FenceFrom(ctx context.Context) (Fence, bool) {
	f, ok := ctx.Value(fenceKey{}).(Fence)
	return f, ok
}

// Owner says who owns a room.
type Owner struct {
	// Session and Node are empty when nobody owns the room (it was
	// released, or never acquired).
	Session string
	Node    string
	// Epoch counts the room's changes of owner.
	Epoch int64
	// Live is true while the owner's lease runs.
	Live bool
}

// Acquired is what Acquire did.
type Acquired struct {
	// Epoch is the room's epoch, the caller's as its owner.
	Epoch int64
	// Silence, for a room taken from an owner whose lease had run out
	// without its releasing the room (it died, was cut off, or left), is
	// how long that owner had been silent by the database's clock: the
	// time since its last heartbeat or its leaving, the last moment it is
	// known to have run the room. Zero otherwise, and when not known (a
	// session of an older program records no heartbeat times).
	Silence time.Duration
}

// Acquisition is one change of a room's owner, as logged.
type Acquisition struct {
	Epoch   int64
	Session string
	Node    string
	// At is when it happened, by the database's clock.
	At time.Time
}

// Leases is implemented by stores shared by several nodes (Postgres). All
// lease times are the database's.
type Leases interface {
	// Heartbeat registers session (a random id per node incarnation) of
	// node, or extends its lease to the database's now + lease. ok is false
	// when the session existed and its lease had already run out: nothing
	// is extended, and the node must drop all its rooms and start a new
	// session.
	Heartbeat(ctx context.Context, session, node string, lease time.Duration) (ok bool, err error)
	// Acquire makes session the owner of room id when the room has no live
	// owner, with a new epoch (the previous one + 1), and says whether the
	// previous owner died (Acquired). When session already owns it the
	// epoch is kept. An *OwnedError (ErrOwned) when another live session
	// owns it; ErrFenced when session's own lease is not live; ErrNotFound
	// for no room.
	Acquire(ctx context.Context, id, session string) (Acquired, error)
	// Release gives room id up (its owner unloads it or hands it over); it
	// keeps the epoch, so the next Acquire bumps it. ErrFenced when f no
	// longer owns the room.
	Release(ctx context.Context, id string, f Fence) error
	// Owner says who owns room id.
	Owner(ctx context.Context, id string) (Owner, error)
	// Orphans lists the unfinished rooms whose owner died: its lease ran
	// out, or it left, without releasing them. A released room is no
	// orphan: it was idle, and the next visit acquires it. Least recently
	// changed first.
	Orphans(ctx context.Context) ([]string, error)
	// Leave ends session's lease at once (a node shutting down), so that
	// its rooms can be acquired immediately. Its later heartbeats fail.
	Leave(ctx context.Context, session string) error
	// Epochs returns every acquisition of room id, in epoch order.
	Epochs(ctx context.Context, id string) ([]Acquisition, error)
	// TurnEpochs returns, for each turn of room id's log in order, the
	// epoch of the owner that wrote it.
	TurnEpochs(ctx context.Context, id string) ([]int64, error)
}
