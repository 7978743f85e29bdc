package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/rating"
)

// ratingsMigration is the PostgreSQL migration that adds rated games, the
// players' ratings and their history (migrations, 7).
const ratingsMigration = `ALTER TABLE rooms ADD COLUMN rated boolean NOT NULL DEFAULT false, ADD COLUMN rating_changes text;
	CREATE TABLE ratings (
		user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
		game       text NOT NULL,
		speed      text NOT NULL,
		rating     double precision NOT NULL,
		deviation  double precision NOT NULL,
		volatility double precision NOT NULL,
		games      integer NOT NULL,
		played_at  bigint NOT NULL,
		PRIMARY KEY (user_id, game, speed)
	);
	CREATE INDEX ratings_board ON ratings (game, speed, rating DESC);
	CREATE TABLE rating_history (
		id        bigserial PRIMARY KEY,
		user_id   bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
		game      text NOT NULL,
		speed     text NOT NULL,
		room_id   text NOT NULL,
		rating    double precision NOT NULL,
		deviation double precision NOT NULL,
		played_at bigint NOT NULL
	);
	CREATE INDEX rating_history_user ON rating_history (user_id, id);`

// SetResult implements Store: under the room's fence, with the room's row
// locked, so that its result is written, and its game rated, by its owner
// alone and once.
func (p *Postgres) SetResult(ctx context.Context, id string, res Result) (*[2]RatingChange, error) {
	var changes *[2]RatingChange
	err := p.write(ctx, id, func(ctx context.Context, f Fence) error {
		changes = nil // a write tried again runs this again
		// Most games are not rated: one statement records their result.
		// A rated room (or a write the fence refuses) takes the
		// transaction below, which says which.
		tag, err := p.pool.Exec(ctx, `UPDATE rooms SET over = $4, winner = $5, reason = $6, aborted = $7, aborted_by = $8, updated_at = $9
			WHERE `+fencedRoom+` AND NOT rated`, id, f.Session, f.Epoch, res.Over, res.Winner, res.Reason, res.Aborted, abortedBy(res), p.stamp())
		if err != nil {
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		if tag.RowsAffected() == 1 {
			return nil
		}
		return p.inRoom(ctx, id, f, "", nil, func(tx pgx.Tx) error {
			var g ratedGame
			if err := tx.QueryRow(ctx, `SELECT rated, rating_changes, seats, game, clock FROM rooms WHERE id = $1`, id).
				Scan(&g.rated, &g.changes, &g.seats, &g.game, &g.clock); err != nil {
				return fmt.Errorf("store: room %q: %w", id, err)
			}
			var err error
			if g.changes != nil { // rated already: final
				changes, err = g.applied(id)
				return err
			}
			now := p.stamp()
			if _, err := tx.Exec(ctx, `UPDATE rooms SET over = $2, winner = $3, reason = $4, aborted = $5, aborted_by = $6, updated_at = $7 WHERE id = $1`,
				id, res.Over, res.Winner, res.Reason, res.Aborted, abortedBy(res), now); err != nil {
				return fmt.Errorf("store: room %q: %w", id, err)
			}
			if !g.rates(res) {
				return nil
			}
			changes, err = ratePG(ctx, tx, id, g, res.Winner, time.UnixMilli(now))
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	return changes, nil
}

// ratePG rates room id's game in tx as SQLite.rate does. The players'
// rating rows are made first where missing, then locked, both in the order
// of their ids, so that two games of one player ending at once on two
// nodes are rated one after the other, each from the other's result, and
// never deadlock. FOR UPDATE locks only rows that exist: before the rows
// were made first, two first games of a player both found none, and the
// later write replaced the earlier's.
func ratePG(ctx context.Context, tx pgx.Tx, id string, g ratedGame, winner int, now time.Time) (*[2]RatingChange, error) {
	names, ok, err := g.accounts(id)
	if err != nil || !ok {
		return nil, err
	}
	var users [2]int64
	for i, name := range names {
		err := tx.QueryRow(ctx, `SELECT id FROM users WHERE key = $1`, AccountKey(name)).Scan(&users[i])
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, nil // an account gone: nobody to rate
		}
		if err != nil {
			return nil, fmt.Errorf("store: room %q player %q: %w", id, name, err)
		}
	}
	if err := placeRatingRows(ctx, tx, users, g); err != nil {
		return nil, fmt.Errorf("store: room %q ratings: %w", id, err)
	}
	var (
		before [2]rating.Rating
		found  [2]bool
		played [2]time.Time
	)
	rows, err := tx.Query(ctx, `SELECT user_id, rating, deviation, volatility, games, played_at FROM ratings
		WHERE user_id = ANY($1) AND game = $2 AND speed = $3 ORDER BY user_id FOR UPDATE`, users[:], g.game, string(g.clock))
	if err != nil {
		return nil, fmt.Errorf("store: room %q ratings: %w", id, err)
	}
	for rows.Next() {
		var (
			user int64
			r    rating.Rating
			at   int64
		)
		if err := rows.Scan(&user, &r.Rating, &r.Deviation, &r.Volatility, &r.Games, &at); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: room %q ratings: %w", id, err)
		}
		for i := range users {
			if users[i] == user && r.Games > 0 { // none: the row placeRatingRows made
				before[i], found[i], played[i] = r, true, time.UnixMilli(at)
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: room %q ratings: %w", id, err)
	}
	c := rateGame(before, found, played, winner, now)
	for i, ch := range c {
		a := ch.After
		if _, err := tx.Exec(ctx, `UPDATE ratings SET rating = $4, deviation = $5, volatility = $6, games = $7, played_at = $8
			WHERE user_id = $1 AND game = $2 AND speed = $3`,
			users[i], g.game, string(g.clock), a.Rating, a.Deviation, a.Volatility, a.Games, now.UnixMilli()); err != nil {
			return nil, fmt.Errorf("store: room %q rating: %w", id, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO rating_history (user_id, game, speed, room_id, rating, deviation, played_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, users[i], g.game, string(g.clock), id, a.Rating, a.Deviation, now.UnixMilli()); err != nil {
			return nil, fmt.Errorf("store: room %q rating history: %w", id, err)
		}
	}
	text, err := encodeChanges(c)
	if err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE rooms SET rating_changes = $2 WHERE id = $1`, id, text); err != nil {
		return nil, fmt.Errorf("store: room %q: %w", id, err)
	}
	return &c, nil
}

// placeRatingRows makes, in tx, the rating rows of users in g's game and
// speed that do not exist yet, in the order of their ids: a row of no
// games (a newcomer's rating), which the rating of the game then updates,
// so that no committed row ever has none. A row another transaction is
// making meanwhile makes this wait for it (the key is unique), and is then
// left as that transaction wrote it.
func placeRatingRows(ctx context.Context, tx pgx.Tx, users [2]int64, g ratedGame) error {
	ids := users[:]
	if ids[0] > ids[1] {
		ids = []int64{users[1], users[0]}
	}
	fresh := rating.Defaults().New()
	for _, user := range ids {
		if _, err := tx.Exec(ctx, `INSERT INTO ratings (user_id, game, speed, rating, deviation, volatility, games, played_at)
			VALUES ($1, $2, $3, $4, $5, $6, 0, 0) ON CONFLICT (user_id, game, speed) DO NOTHING`,
			user, g.game, string(g.clock), fresh.Rating, fresh.Deviation, fresh.Volatility); err != nil {
			return err
		}
	}
	return nil
}

// pgRows gives pgx's rows the shape the scanners read.
type pgRows struct{ pgx.Rows }

func (r pgRows) Close() { r.Rows.Close() }
