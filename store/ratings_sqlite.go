package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"boardroom/rating"
)

// ratingTables are the ratings' tables in a SQLite file (tables): a
// player's rating per game and speed, and its history, a row per rated
// game.
const ratingTables = `CREATE TABLE IF NOT EXISTS ratings (
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	game       TEXT NOT NULL,
	speed      TEXT NOT NULL,
	rating     REAL NOT NULL,
	deviation  REAL NOT NULL,
	volatility REAL NOT NULL,
	games      INTEGER NOT NULL,
	played_at  INTEGER NOT NULL,
	PRIMARY KEY (user_id, game, speed)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, speed, rating DESC);
CREATE TABLE IF NOT EXISTS rating_history (
	id        INTEGER PRIMARY KEY,
	user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	game      TEXT NOT NULL,
	speed     TEXT NOT NULL,
	room_id   TEXT NOT NULL,
	rating    REAL NOT NULL,
	deviation REAL NOT NULL,
	played_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_history_user ON rating_history(user_id, id);`

// SetResult implements Store.
func (s *SQLite) SetResult(ctx context.Context, id string, res Result) (*[2]RatingChange, error) {
	var changes *[2]RatingChange
	err := s.write(ctx, func(tx *wtx) error {
		changes = nil // a batch run again runs this again
		var g ratedGame
		err := tx.tx.QueryRow(`SELECT rated, rating_changes, seats, game, clock FROM rooms WHERE id = ?`, id).
			Scan(&g.rated, &g.changes, &g.seats, &g.game, &g.clock)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: room %q: %w", id, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		if g.changes != nil { // rated already: final
			changes, err = g.applied(id)
			return err
		}
		now := s.stamp()
		if err := updateTx(tx, id, `UPDATE rooms SET over = ?, winner = ?, reason = ?, aborted = ?, aborted_by = ?, updated_at = ? WHERE id = ?`,
			res.Over, res.Winner, res.Reason, res.Aborted, abortedBy(res), now, id); err != nil {
			return err
		}
		if !g.rates(res) {
			return nil
		}
		changes, err = s.rate(tx, id, g, res.Winner, time.UnixMilli(now))
		return err
	})
	if err != nil {
		return nil, err
	}
	return changes, nil
}

// rate rates room id's game in tx: both players' ratings, their history
// and the room's record of the changes. Nothing when it cannot be rated.
func (s *SQLite) rate(tx *wtx, id string, g ratedGame, winner int, now time.Time) (*[2]RatingChange, error) {
	names, ok, err := g.accounts(id)
	if err != nil || !ok {
		return nil, err
	}
	var (
		users  [2]int64
		before [2]rating.Rating
		found  [2]bool
		played [2]time.Time
	)
	for i, name := range names {
		if err := tx.tx.QueryRow(`SELECT id FROM users WHERE key = ?`, AccountKey(name)).Scan(&users[i]); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return nil, nil // an account gone: nobody to rate
			}
			return nil, fmt.Errorf("store: room %q player %q: %w", id, name, err)
		}
		var at int64
		err := tx.tx.QueryRow(`SELECT rating, deviation, volatility, games, played_at FROM ratings WHERE user_id = ? AND game = ? AND speed = ?`,
			users[i], g.game, g.clock).Scan(&before[i].Rating, &before[i].Deviation, &before[i].Volatility, &before[i].Games, &at)
		switch {
		case err == nil:
			found[i], played[i] = true, time.UnixMilli(at)
		case !errors.Is(err, sql.ErrNoRows):
			return nil, fmt.Errorf("store: room %q rating of %q: %w", id, name, err)
		}
	}
	c := rateGame(before, found, played, winner, now)
	for i, ch := range c {
		a := ch.After
		if _, err := tx.Exec(`INSERT INTO ratings (user_id, game, speed, rating, deviation, volatility, games, played_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (user_id, game, speed) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
				volatility = excluded.volatility, games = excluded.games, played_at = excluded.played_at`,
			users[i], g.game, g.clock, a.Rating, a.Deviation, a.Volatility, a.Games, now.UnixMilli()); err != nil {
			return nil, fmt.Errorf("store: room %q rating: %w", id, err)
		}
		if _, err := tx.Exec(`INSERT INTO rating_history (user_id, game, speed, room_id, rating, deviation, played_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, users[i], g.game, g.clock, id, a.Rating, a.Deviation, now.UnixMilli()); err != nil {
			return nil, fmt.Errorf("store: room %q rating history: %w", id, err)
		}
	}
	text, err := encodeChanges(c)
	if err != nil {
		return nil, err
	}
	if _, err := tx.Exec(`UPDATE rooms SET rating_changes = ? WHERE id = ?`, text, id); err != nil {
		return nil, fmt.Errorf("store: room %q: %w", id, err)
	}
	return &c, nil
}

// scanRows is what both drivers' rows offer (sqlRows and pgRows wrap them).
type scanRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// sqlRows gives database/sql's rows pgx's Close.
type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { r.Rows.Close() }

// scanPlayerRatingRows reads rows of name, game, speed, rating, deviation,
// volatility, games, played_at.
func scanPlayerRatingRows(rs scanRows) ([]PlayerRating, error) {
	defer rs.Close()
	var out []PlayerRating
	for rs.Next() {
		var (
			p  PlayerRating
			at int64
		)
		if err := rs.Scan(&p.Name, &p.Game, &p.Speed, &p.Rating.Rating, &p.Deviation, &p.Volatility, &p.Games, &at); err != nil {
			return nil, fmt.Errorf("store: ratings: %w", err)
		}
		p.Played = time.UnixMilli(at)
		out = append(out, p)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: ratings: %w", err)
	}
	return out, nil
}

// scanRatingPointRows reads rows of game, speed, rating, deviation,
// played_at.
func scanRatingPointRows(rs scanRows) ([]RatingPoint, error) {
	defer rs.Close()
	var out []RatingPoint
	for rs.Next() {
		var (
			p  RatingPoint
			at int64
		)
		if err := rs.Scan(&p.Game, &p.Speed, &p.Rating, &p.Deviation, &at); err != nil {
			return nil, fmt.Errorf("store: rating history: %w", err)
		}
		p.At = time.UnixMilli(at)
		out = append(out, p)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: rating history: %w", err)
	}
	return out, nil
}
