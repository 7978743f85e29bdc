package store

import (
	"context"
	"fmt"
	"time"
)

// poolTables are quick pairing's tables in a SQLite file (tables): who
// waits (a player once), and the rooms waits were paired into.
const poolTables = `CREATE TABLE IF NOT EXISTS pool_entries (
	id         TEXT PRIMARY KEY,
	pool       TEXT NOT NULL,
	player     TEXT NOT NULL UNIQUE,
	token_hash TEXT NOT NULL,
	name       TEXT NOT NULL,
	account    TEXT NOT NULL,
	rating     REAL NOT NULL,
	bot        INTEGER NOT NULL,
	wants_bots INTEGER NOT NULL,
	since      INTEGER NOT NULL,
	ready      INTEGER NOT NULL,
	seen       INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS pool_entries_pool ON pool_entries(pool, since);
CREATE TABLE IF NOT EXISTS pool_matches (
	entry_id TEXT PRIMARY KEY,
	room_id  TEXT NOT NULL,
	at       INTEGER NOT NULL
);`

// poolEntryColumns are a wait's columns, in scanPoolEntry's order.
const poolEntryColumns = `id, pool, player, token_hash, name, account, rating, bot, wants_bots, since, ready, seen`

// PairPool implements Pools. The writer runs one write at a time, so no
// other pairing runs beside this one.
func (s *SQLite) PairPool(ctx context.Context, pool string, staleBefore time.Time, pick func([]PoolEntry) []PoolPair) ([]PoolPair, error) {
	var pairs []PoolPair
	err := s.write(ctx, func(tx *wtx) error {
		pairs = nil // a batch run again runs this again
		if _, err := tx.Exec(`DELETE FROM pool_entries WHERE pool = ? AND seen < ?`, pool, staleBefore.UnixMilli()); err != nil {
			return fmt.Errorf("store: pool %s: %w", pool, err)
		}
		rows, err := tx.tx.QueryContext(ctx, `SELECT `+poolEntryColumns+` FROM pool_entries WHERE pool = ? ORDER BY since, id`, pool)
		if err != nil {
			return fmt.Errorf("store: pool %s: %w", pool, err)
		}
		entries, err := scanPoolEntries(sqlRows{rows})
		if err != nil {
			return err
		}
		now := s.stamp()
		for _, p := range pick(entries) {
			insert, err := s.insertRoom(p.Room)
			if err != nil {
				return err
			}
			if err := insert(tx); err != nil {
				return err
			}
			for _, e := range []PoolEntry{p.A, p.B} {
				if e.House {
					continue
				}
				res, err := tx.Exec(`DELETE FROM pool_entries WHERE id = ?`, e.ID)
				if err != nil {
					return fmt.Errorf("store: pool %s: %w", pool, err)
				}
				if n, _ := res.RowsAffected(); n != 1 {
					return fmt.Errorf("store: pool %s: wait %s is not waiting", pool, e.ID)
				}
				if _, err := tx.Exec(`INSERT INTO pool_matches (entry_id, room_id, at) VALUES (?, ?, ?)`, e.ID, p.Room.ID, now); err != nil {
					return fmt.Errorf("store: pool %s: %w", pool, err)
				}
			}
			if err := recordBotGames(tx, p.Room, now); err != nil {
				return err
			}
			pairs = append(pairs, p)
		}
		_, err = tx.Exec(`DELETE FROM pool_matches WHERE at < ?`, now-matchKept.Milliseconds())
		return err
	})
	if err != nil {
		return nil, err
	}
	return pairs, nil
}
