package store

import (
	"context"
	"fmt"
	"strings"
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

// EnterPool implements Pools.
func (s *SQLite) EnterPool(ctx context.Context, e PoolEntry) error {
	return s.write(ctx, func(tx *wtx) error {
		if _, err := tx.Exec(`DELETE FROM pool_entries WHERE player = ?`, e.Player); err != nil {
			return fmt.Errorf("store: enter pool: %w", err)
		}
		_, err := tx.Exec(`INSERT INTO pool_entries (`+poolEntryColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			e.ID, e.Pool, e.Player, e.TokenHash, e.Name, e.Account, e.Rating, e.Bot, e.WantsBots,
			e.Since.UnixMilli(), e.Ready.UnixMilli(), e.Seen.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: enter pool: %w", err)
		}
		return nil
	})
}

// LeavePool implements Pools.
func (s *SQLite) LeavePool(ctx context.Context, id string) error {
	return s.write(ctx, func(tx *wtx) error {
		_, err := tx.Exec(`DELETE FROM pool_entries WHERE id = ?`, id)
		return err
	})
}

// SeePool implements Pools.
func (s *SQLite) SeePool(ctx context.Context, ids []string, at time.Time) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var waiting []string
	err := s.write(ctx, func(tx *wtx) error {
		waiting = nil
		args := []any{at.UnixMilli()}
		for _, id := range ids {
			args = append(args, id)
		}
		rows, err := tx.tx.QueryContext(ctx, `UPDATE pool_entries SET seen = ? WHERE id IN (`+placeholders(len(ids))+`) RETURNING id`, args...)
		if err != nil {
			return fmt.Errorf("store: pool sightings: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			waiting = append(waiting, id)
		}
		return rows.Err()
	})
	return waiting, err
}

// PoolNames implements Pools.
func (s *SQLite) PoolNames(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT pool FROM pool_entries ORDER BY pool`)
	if err != nil {
		return nil, fmt.Errorf("store: pools: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, rows.Err()
}

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

// Matched implements Pools.
func (s *SQLite) Matched(ctx context.Context, ids []string) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, `SELECT entry_id, room_id FROM pool_matches WHERE entry_id IN (`+placeholders(len(ids))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: pool matches: %w", err)
	}
	return scanMatches(sqlRows{rows})
}

// scanMatches reads rows of a wait's id and its room.
func scanMatches(rs scanRows) (map[string]string, error) {
	defer rs.Close()
	out := map[string]string{}
	for rs.Next() {
		var id, room string
		if err := rs.Scan(&id, &room); err != nil {
			return nil, fmt.Errorf("store: pool matches: %w", err)
		}
		out[id] = room
	}
	return out, rs.Err()
}

// placeholders is n question marks, separated by commas.
func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?,", n), ",") }

// scanPoolEntries reads rows of poolEntryColumns.
func scanPoolEntries(rs scanRows) ([]PoolEntry, error) {
	defer rs.Close()
	var out []PoolEntry
	for rs.Next() {
		var (
			e                  PoolEntry
			since, ready, seen int64
		)
		if err := rs.Scan(&e.ID, &e.Pool, &e.Player, &e.TokenHash, &e.Name, &e.Account, &e.Rating, &e.Bot, &e.WantsBots,
			&since, &ready, &seen); err != nil {
			return nil, fmt.Errorf("store: pool entries: %w", err)
		}
		e.Since, e.Ready, e.Seen = time.UnixMilli(since), time.UnixMilli(ready), time.UnixMilli(seen)
		out = append(out, e)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: pool entries: %w", err)
	}
	return out, nil
}
