package store

import (
	"database/sql"
	"fmt"
	"time"
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
