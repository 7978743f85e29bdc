package store

import (
	"context"
	"fmt"
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

// EnterPool implements Pools.
func (st *base) EnterPool(ctx context.Context, e PoolEntry) error {
	return st.e.writeTx(ctx, func(tx txn) error {
		if _, err := tx.Exec(`DELETE FROM pool_entries WHERE player = $1`, e.Player); err != nil {
			return fmt.Errorf("store: enter pool: %w", err)
		}
		_, err := tx.Exec(`INSERT INTO pool_entries (`+poolEntryColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
			e.ID, e.Pool, e.Player, e.TokenHash, e.Name, e.Account, e.Rating, e.Bot, e.WantsBots,
			e.Since.UnixMilli(), e.Ready.UnixMilli(), e.Seen.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: enter pool: %w", err)
		}
		return nil
	})
}

// LeavePool implements Pools.
func (st *base) LeavePool(ctx context.Context, id string) error {
	if _, err := st.e.exec(ctx, `DELETE FROM pool_entries WHERE id = $1`, id); err != nil {
		return fmt.Errorf("store: leave pool: %w", err)
	}
	return nil
}

// SeePool implements Pools.
func (st *base) SeePool(ctx context.Context, ids []string, at time.Time) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var waiting []string
	err := st.e.writeTx(ctx, func(tx txn) error {
		in, args := st.e.anyOf("id", 2, ids)
		rows, err := tx.Query(`UPDATE pool_entries SET seen = $1 WHERE `+in+` RETURNING id`, append([]any{at.UnixMilli()}, args...)...)
		waiting, err = collect(rows, err, "pool sightings", scanValue[string])
		return err
	})
	return waiting, err
}

// PoolNames implements Pools.
func (st *base) PoolNames(ctx context.Context) ([]string, error) {
	return st.names(ctx, "pools", `SELECT DISTINCT pool FROM pool_entries ORDER BY pool`)
}

// Matched implements Pools.
func (st *base) Matched(ctx context.Context, ids []string) (map[string]string, error) {
	if len(ids) == 0 {
		return map[string]string{}, nil
	}
	in, args := st.e.anyOf("entry_id", 1, ids)
	rows, err := st.db.QueryContext(ctx, `SELECT entry_id, room_id FROM pool_matches WHERE `+in, args...)
	matches, err := collect(rows, err, "pool matches", func(r row) (m [2]string, err error) {
		err = r.Scan(&m[0], &m[1])
		return m, err
	})
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, m := range matches {
		out[m[0]] = m[1]
	}
	return out, nil
}

// scanPoolEntry reads a row of poolEntryColumns.
func scanPoolEntry(r row) (e PoolEntry, err error) {
	var since, ready, seen int64
	err = r.Scan(&e.ID, &e.Pool, &e.Player, &e.TokenHash, &e.Name, &e.Account, &e.Rating, &e.Bot, &e.WantsBots, &since, &ready, &seen)
	e.Since, e.Ready, e.Seen = time.UnixMilli(since), time.UnixMilli(ready), time.UnixMilli(seen)
	return e, err
}

// PairPool implements Pools: one pairing of a pool at a time (across the
// nodes on PostgreSQL: engine.lockPool), and the rooms it makes are owned
// by the fence ctx carries, as CreateRoom's are.
func (b *base) PairPool(ctx context.Context, pool string, staleBefore time.Time, pick func([]PoolEntry) []PoolPair) ([]PoolPair, error) {
	var pairs []PoolPair
	err := b.e.fencedTx(ctx, "pool "+pool, func(tx txn) error {
		pairs = nil // a write tried again runs this again
		if mine, err := b.e.lockPool(tx, pool); err != nil || !mine {
			return err // nil: being paired elsewhere
		}
		if _, err := tx.Exec(`DELETE FROM pool_entries WHERE pool = $1 AND seen < $2`, pool, staleBefore.UnixMilli()); err != nil {
			return fmt.Errorf("store: pool %s: %w", pool, err)
		}
		rows, err := tx.Query(`SELECT `+poolEntryColumns+` FROM pool_entries WHERE pool = $1 ORDER BY since, id`+b.e.forUpdate(), pool)
		entries, err := collect(rows, err, "pool "+pool, scanPoolEntry)
		if err != nil {
			return err
		}
		now := b.stamp()
		for _, pr := range pick(entries) {
			if err := b.pair(ctx, tx, pool, pr, now); err != nil {
				return err
			}
			pairs = append(pairs, pr)
		}
		_, err = tx.Exec(`DELETE FROM pool_matches WHERE at < $1`, now-matchKept.Milliseconds())
		return err
	})
	if err != nil {
		return nil, err
	}
	return pairs, nil
}

// pair makes pr's room in tx and takes its waits out of the pool.
func (b *base) pair(ctx context.Context, tx txn, pool string, pr PoolPair, now int64) error {
	e, err := encodeRoom(pr.Room, now)
	if err != nil {
		return err
	}
	if err := b.e.insertRooms(ctx, tx, []encodedRoom{e}, true); err != nil {
		return err
	}
	for _, w := range []PoolEntry{pr.A, pr.B} {
		if w.House {
			continue
		}
		res, err := tx.Exec(`DELETE FROM pool_entries WHERE id = $1`, w.ID)
		if err != nil {
			return fmt.Errorf("store: pool %s: %w", pool, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("store: pool %s: wait %s is not waiting", pool, w.ID)
		}
		if _, err := tx.Exec(`INSERT INTO pool_matches (entry_id, room_id, at) VALUES ($1, $2, $3)`, w.ID, pr.Room.ID, now); err != nil {
			return fmt.Errorf("store: pool %s: %w", pool, err)
		}
	}
	return recordBotGames(tx, pr.Room, now)
}

// poolTables are quick pairing's tables, for both engines (schema.go): who
// waits (a player once), and the rooms waits were paired into.
const poolTables = `CREATE TABLE IF NOT EXISTS pool_entries (
	id         {text} PRIMARY KEY,
	pool       {text} NOT NULL,
	player     {text} NOT NULL UNIQUE,
	token_hash {text} NOT NULL,
	name       {text} NOT NULL,
	account    {text} NOT NULL,
	rating     {real} NOT NULL,
	bot        {bool} NOT NULL,
	wants_bots {bool} NOT NULL,
	since      {bigint} NOT NULL,
	ready      {bigint} NOT NULL,
	seen       {bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS pool_entries_pool ON pool_entries(pool, since);
CREATE TABLE IF NOT EXISTS pool_matches (
	entry_id {text} PRIMARY KEY,
	room_id  {text} NOT NULL,
	at       {bigint} NOT NULL
);`

// poolEntryColumns are a wait's columns, in scanPoolEntry's order.
const poolEntryColumns = `id, pool, player, token_hash, name, account, rating, bot, wants_bots, since, ready, seen`
