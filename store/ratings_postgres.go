package store

import (
	"github.com/jackc/pgx/v5"
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

// pgRows gives pgx's rows the shape the scanners read.
type pgRows struct{ pgx.Rows }

func (r pgRows) Close() { r.Rows.Close() }
