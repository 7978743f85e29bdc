package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// poolsMigration is the PostgreSQL migration that adds quick pairing's
// pools, who aborted a game (for the count of a player's aborts in a row)
// and open challenges (migrations, 8).
const poolsMigration = `ALTER TABLE rooms ADD COLUMN aborted_by integer NOT NULL DEFAULT -1,
		ADD COLUMN open boolean NOT NULL DEFAULT false, ADD COLUMN seeking boolean NOT NULL DEFAULT false;
	CREATE INDEX rooms_seeking ON rooms (updated_at DESC) WHERE seeking;
	CREATE TABLE pool_entries (
		id         text PRIMARY KEY,
		pool       text NOT NULL,
		player     text NOT NULL UNIQUE,
		token_hash text NOT NULL,
		name       text NOT NULL,
		account    text NOT NULL,
		rating     double precision NOT NULL,
		bot        boolean NOT NULL,
		wants_bots boolean NOT NULL,
		since      bigint NOT NULL,
		ready      bigint NOT NULL,
		seen       bigint NOT NULL
	);
	CREATE INDEX pool_entries_pool ON pool_entries (pool, since);
	CREATE TABLE pool_matches (
		entry_id text PRIMARY KEY,
		room_id  text NOT NULL,
		at       bigint NOT NULL
	);`

// PairPool implements Pools: one pairing of a pool at a time across the
// nodes (a transaction-scoped advisory lock on the pool's name, which a
// node that dies mid-pairing gives up with its connection: its pairing is
// rolled back whole), and the rooms it makes are owned by the fence ctx
// carries, as CreateRoom's are.
func (p *Postgres) PairPool(ctx context.Context, pool string, staleBefore time.Time, pick func([]PoolEntry) []PoolPair) ([]PoolPair, error) {
	var pairs []PoolPair
	err := p.write(ctx, "pool "+pool, func(ctx context.Context, f Fence) error {
		pairs = nil // a write tried again runs this again
		return p.tx(ctx, func(tx pgx.Tx) error {
			var mine bool
			if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext('pool:' || $1))`, pool).Scan(&mine); err != nil {
				return fmt.Errorf("store: pool %s: %w", pool, err)
			}
			if !mine {
				return nil // being paired elsewhere
			}
			if _, err := tx.Exec(ctx, `DELETE FROM pool_entries WHERE pool = $1 AND seen < $2`, pool, staleBefore.UnixMilli()); err != nil {
				return fmt.Errorf("store: pool %s: %w", pool, err)
			}
			rows, err := tx.Query(ctx, `SELECT `+poolEntryColumns+` FROM pool_entries WHERE pool = $1 ORDER BY since, id FOR UPDATE`, pool)
			if err != nil {
				return fmt.Errorf("store: pool %s: %w", pool, err)
			}
			entries, err := scanPoolEntries(pgRows{rows})
			if err != nil {
				return err
			}
			now := p.stamp()
			for _, pr := range pick(entries) {
				e, err := p.encode(pr.Room)
				if err != nil {
					return err
				}
				if err := insertPGRoom(ctx, tx, e, &f, f.Epoch); err != nil {
					return err
				}
				for _, w := range []PoolEntry{pr.A, pr.B} {
					if w.House {
						continue
					}
					tag, err := tx.Exec(ctx, `DELETE FROM pool_entries WHERE id = $1`, w.ID)
					if err != nil {
						return fmt.Errorf("store: pool %s: %w", pool, err)
					}
					if tag.RowsAffected() != 1 {
						return fmt.Errorf("store: pool %s: wait %s is not waiting", pool, w.ID)
					}
					if _, err := tx.Exec(ctx, `INSERT INTO pool_matches (entry_id, room_id, at) VALUES ($1, $2, $3)`, w.ID, pr.Room.ID, now); err != nil {
						return fmt.Errorf("store: pool %s: %w", pool, err)
					}
				}
				if err := recordPGBotGames(ctx, tx, pr.Room, now); err != nil {
					return err
				}
				pairs = append(pairs, pr)
			}
			_, err = tx.Exec(ctx, `DELETE FROM pool_matches WHERE at < $1`, now-matchKept.Milliseconds())
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	return pairs, nil
}

// recordPGBotGames notes the bots' games of a pairing's pair (PairPool),
// and forgets their games older than botGamesKept.
func recordPGBotGames(ctx context.Context, tx pgx.Tx, room *Room, now int64) error {
	for _, g := range botGamesOf(room, now) {
		if _, err := tx.Exec(ctx, `INSERT INTO bot_games (account, room_id, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, g.account, g.room, g.at); err != nil {
			return fmt.Errorf("store: bot game: %w", err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM bot_games WHERE account = $1 AND at < $2`, g.account, g.at-botGamesKept.Milliseconds()); err != nil {
			return fmt.Errorf("store: bot games: %w", err)
		}
	}
	return nil
}
