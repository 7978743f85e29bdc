package store

import (
	"context"
	"time"
)

// Quick pairing's pools: who waits to be paired in which pool, and the
// rooms the pairing made for them. Package pairing decides who plays whom;
// the store carries a pairing out in one transaction (the rooms made, the
// waits ended, each wait's room recorded), so that whichever node pairs,
// and whenever it dies, nobody is paired twice or lost.

// PoolEntry is a player waiting in a pool.
type PoolEntry struct {
	// ID names this wait; Pool is the pool's name ("kalah/fast").
	ID, Pool string
	// Player is who waits: a player waits in one pool at a time.
	Player string
	// TokenHash is the hash of the browser's token, which holds the seat
	// of the room the pairing makes; Name the name it shows.
	TokenHash, Name string
	// Account is a signed-in player's username ("" for a guest), Rating
	// their rating in the pool's game and speed when they entered.
	Account string
	Rating  float64
	// Bot marks an engine's account; WantsBots a person who accepts one.
	Bot, WantsBots bool
	// House marks a house bot (the server's computer at one of its
	// levels, under an account of its own): it is always there to be
	// paired, so it is no wait and a pairing ends none of it.
	House bool
	// Since is when they entered the pool, Ready when they may be paired,
	// Seen when their page last said it is still open.
	Since, Ready, Seen time.Time
}

// PoolPair is two waits paired into a room.
type PoolPair struct {
	A, B PoolEntry
	// Room is the record of the room made for them.
	Room *Room
}

// Pools keeps quick pairing's pools.
type Pools interface {
	// EnterPool puts e in its pool, and takes its player out of any pool
	// they waited in.
	EnterPool(ctx context.Context, e PoolEntry) error
	// LeavePool ends wait id (nothing when it has ended: paired or left).
	LeavePool(ctx context.Context, id string) error
	// SeePool records that the pages of waits ids are open at at, and
	// returns those of them still waiting.
	SeePool(ctx context.Context, ids []string, at time.Time) ([]string, error)
	// PoolNames lists the pools someone waits in.
	PoolNames(ctx context.Context) ([]string, error)
	// PairPool pairs pool: in one transaction it drops the waits not seen
	// since staleBefore, gives pick the others (longest waiting first) and,
	// for each pair pick returns, creates its room (owned as CreateRoom
	// would own it), ends both waits and records each wait's room. It
	// returns the pairs made. A pool being paired elsewhere at the same
	// moment is left to that pairing (no pairs, no error).
	PairPool(ctx context.Context, pool string, staleBefore time.Time, pick func([]PoolEntry) []PoolPair) ([]PoolPair, error)
	// Matched returns the rooms of those of waits ids that were paired,
	// by wait.
	Matched(ctx context.Context, ids []string) (map[string]string, error)
}

// matchKept is how long a wait's room is kept for its page to find.
const matchKept = 10 * time.Minute
