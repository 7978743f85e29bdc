package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"boardroom/rating"
	"boardroom/realtime/vocab"
)

// Players' ratings: one Glicko-2 rating per account, game and speed (the
// room's clock), and its history, a point per rated game. SetResult writes
// them: the result of a rated room and both players' new ratings go in one
// transaction, once (the room keeps what the game changed, RatingChanges,
// and a result written again finds it there and changes nothing).

// PlayerRating is one player's rating in one game and speed.
type PlayerRating struct {
	// Name is the player's username.
	Name  string
	Game  string
	Speed vocab.Clock
	rating.Rating
	// Played is when their last rated game in it ended.
	Played time.Time
}

// RatingPoint is a player's rating after one rated game.
type RatingPoint struct {
	Game      string
	Speed     vocab.Clock
	Rating    float64
	Deviation float64
	At        time.Time
}

// Ratings is what the rooms, the player pages and the leaderboards read of
// the players' ratings.
type Ratings interface {
	// CurrentRatings returns the ratings in game and speed of those of
	// accounts (usernames, any case) who have one, keyed as given.
	CurrentRatings(ctx context.Context, game string, speed vocab.Clock, accounts []string) (map[string]rating.Rating, error)
	// PlayerRatings lists every rating of accounts (usernames, any case),
	// by player (their name's key), game and speed.
	PlayerRatings(ctx context.Context, accounts ...string) ([]PlayerRating, error)
	// RatingHistory lists account's rating after each of its last (at
	// most) limit rated games, oldest first.
	RatingHistory(ctx context.Context, account string, limit int) ([]RatingPoint, error)
	// Leaderboard lists the limit best players of game and speed who
	// played a rated game at or after since: those whose rating is
	// established best first, then the provisional ones (rating.Provisional)
	// best first, so that a young site's boards are not empty while a
	// full board never shows a provisional rating.
	Leaderboard(ctx context.Context, game string, speed vocab.Clock, since time.Time, limit int) ([]PlayerRating, error)
}

// ratedGame is what SetResult reads of a room to rate its game.
type ratedGame struct {
	rated   bool
	changes *string // the JSON of the Room.RatingChanges made; nil: none yet
	seats   string
	game    string
	clock   vocab.Clock
}

// accounts are the usernames in the seats, or ok false when the game
// cannot be rated (a seat without an account, or the same one twice).
func (g ratedGame) accounts(id string) (names [2]string, ok bool, err error) {
	var seats [2]Seat
	if err := json.Unmarshal([]byte(g.seats), &seats); err != nil {
		return names, false, fmt.Errorf("store: room %q seats: %w", id, err)
	}
	names = [2]string{seats[0].Account, seats[1].Account}
	return names, names[0] != "" && names[1] != "" && AccountKey(names[0]) != AccountKey(names[1]), nil
}

// rates reports whether writing res rates the game now: a rated room whose
// game ended with a result, not rated before.
func (g ratedGame) rates(res Result) bool {
	return g.rated && g.changes == nil && res.Over && !res.Aborted && res.Winner >= -1 && res.Winner <= 1
}

// decodeChanges decodes the changes kept on room id (nil: none).
func decodeChanges(changes *string, id string) (*[2]rating.Change, error) {
	if changes == nil {
		return nil, nil
	}
	var c [2]rating.Change
	if err := json.Unmarshal([]byte(*changes), &c); err != nil {
		return nil, fmt.Errorf("store: room %q rating changes: %w", id, err)
	}
	return &c, nil
}

// encodeChanges is the JSON the room keeps of its game's changes.
func encodeChanges(c [2]rating.Change) (*string, error) {
	b, err := json.Marshal(c)
	return new(string(b)), err
}

// AccountKey is the key of a username, as users.key keeps it: its lower
// case (names are ASCII, accounts.NameKey).
func AccountKey(name string) string { return strings.ToLower(name) }

// CurrentRatings implements Ratings, in one read.
func (st *base) CurrentRatings(ctx context.Context, game string, speed vocab.Clock, accounts []string) (map[string]rating.Rating, error) {
	out := map[string]rating.Rating{}
	keys, names := keyed(accounts)
	if len(keys) == 0 {
		return out, nil
	}
	in, args := st.e.anyOf("u.key", 3, keys)
	rows, err := st.db.QueryContext(ctx, `SELECT u.key, r.rating, r.deviation, r.volatility, r.games FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE `+in+` AND r.game = $1 AND r.speed = $2`, append([]any{game, string(speed)}, args...)...)
	_, err = collect(rows, err, "ratings", func(rw row) (key string, err error) {
		var r rating.Rating
		err = rw.Scan(&key, &r.Rating, &r.Deviation, &r.Volatility, &r.Games)
		for _, name := range names[key] {
			out[name] = r
		}
		return key, err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PlayerRatings implements Ratings.
func (st *base) PlayerRatings(ctx context.Context, accounts ...string) ([]PlayerRating, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	keys, _ := keyed(accounts)
	in, args := st.e.anyOf("u.key", 1, keys)
	rows, err := st.db.QueryContext(ctx, `SELECT `+playerRatingColumns+`
		FROM ratings r JOIN users u ON u.id = r.user_id WHERE `+in+` ORDER BY u.key, r.game, r.speed`, args...)
	return collect(rows, err, fmt.Sprintf("ratings of %q", accounts), scanPlayerRating)
}

// playerRatingColumns are a PlayerRating's, in scanPlayerRating's order.
const playerRatingColumns = `u.name, r.game, r.speed, r.rating, r.deviation, r.volatility, r.games, r.played_at`

// scanPlayerRating reads a row of playerRatingColumns.
func scanPlayerRating(r row) (p PlayerRating, err error) {
	var at int64
	err = r.Scan(&p.Name, &p.Game, &p.Speed, &p.Rating.Rating, &p.Deviation, &p.Volatility, &p.Games, &at)
	p.Played = time.UnixMilli(at)
	return p, err
}

// RatingHistory implements Ratings.
func (st *base) RatingHistory(ctx context.Context, account string, limit int) ([]RatingPoint, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT game, speed, rating, deviation, played_at FROM (
		SELECT h.id, h.game, h.speed, h.rating, h.deviation, h.played_at FROM rating_history h JOIN users u ON u.id = h.user_id
		WHERE u.key = $1 ORDER BY h.id DESC LIMIT $2) last ORDER BY id`, AccountKey(account), limit)
	return collect(rows, err, fmt.Sprintf("rating history of %q", account), func(r row) (p RatingPoint, err error) {
		var at int64
		err = r.Scan(&p.Game, &p.Speed, &p.Rating, &p.Deviation, &at)
		p.At = time.UnixMilli(at)
		return p, err
	})
}

// Leaderboard implements Ratings.
func (st *base) Leaderboard(ctx context.Context, game string, speed vocab.Clock, since time.Time, limit int) ([]PlayerRating, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+playerRatingColumns+` FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE r.game = $1 AND r.speed = $2 AND r.played_at >= $3
		ORDER BY r.deviation > $4, r.rating DESC, u.key LIMIT $5`, game, string(speed), since.UnixMilli(), rating.ProvisionalDeviation, limit)
	return collect(rows, err, "leaderboard", scanPlayerRating)
}

// setResultColumns are what SetResult writes of a room, from $1 on.
const setResultColumns = `over = $1, winner = $2, reason = $3, aborted = $4, aborted_by = $5, updated_at = $6`

// SetResult implements Store. Most games are not rated nor an event's: one
// statement records their result. A rated room, or an event's, takes a
// transaction that holds the room's row (under its fence, on PostgreSQL),
// so that its result is written, its game rated and counted by its event,
// by its owner alone and once.
func (b *base) SetResult(ctx context.Context, id string, res Result) (*[2]rating.Change, error) {
	args := []any{res.Over, res.Winner, res.Reason, res.Aborted, abortedBy(res)}
	done, err := b.e.updateRoom(ctx, id, setResultColumns, `NOT rated AND tournament = ''`, append(args, b.stamp())...)
	if err != nil || done {
		return nil, err
	}
	var changes *[2]rating.Change
	err = b.e.roomTx(ctx, id, "", nil, func(tx txn) error {
		changes = nil // a write tried again runs this again
		var g ratedGame
		var event string
		if err := tx.QueryRow(`SELECT rated, rating_changes, seats, game, clock, tournament FROM rooms WHERE id = $1`, id).
			Scan(&g.rated, &g.changes, &g.seats, &g.game, &g.clock, &event); err != nil {
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		var err error
		if g.changes != nil { // rated already: final
			changes, err = decodeChanges(g.changes, id)
			return err
		}
		now := b.stamp()
		if _, err := tx.Exec(`UPDATE rooms SET `+setResultColumns+` WHERE id = $7`, append(args, now, id)...); err != nil {
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		if event != "" {
			if err := recordTournamentResult(tx, id, res, now); err != nil {
				return err
			}
		}
		if !g.rates(res) {
			return nil
		}
		changes, err = b.rate(tx, id, g, res.Winner, time.UnixMilli(now))
		return err
	})
	if err != nil {
		return nil, err
	}
	return changes, nil
}

// rate rates room id's game in tx: both players' ratings, their history
// and the room's record of the changes. Nothing when it cannot be rated.
// The players' rating rows are made first where missing, then locked
// (PostgreSQL), both in the order of their ids, so that two games of one
// player ending at once on two nodes are rated one after the other, each
// from the other's result, and never deadlock. FOR UPDATE locks only rows
// that exist: before the rows were made first, two first games of a
// player both found none, and the later write replaced the earlier's.
func (b *base) rate(tx txn, id string, g ratedGame, winner int, now time.Time) (*[2]rating.Change, error) {
	names, ok, err := g.accounts(id)
	if err != nil || !ok {
		return nil, err
	}
	var users [2]int64
	for i, name := range names {
		err := tx.QueryRow(`SELECT id FROM users WHERE key = $1`, AccountKey(name)).Scan(&users[i])
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil // an account gone: nobody to rate
		}
		if err != nil {
			return nil, fmt.Errorf("store: room %q player %q: %w", id, name, err)
		}
	}
	if err := placeRatingRows(tx, users, g); err != nil {
		return nil, fmt.Errorf("store: room %q ratings: %w", id, err)
	}
	prior, err := b.lockRatings(tx, users, g)
	if err != nil {
		return nil, fmt.Errorf("store: room %q ratings: %w", id, err)
	}
	c := rating.RateGame(prior, winner, now)
	for i, ch := range c {
		a := ch.After
		if _, err := tx.Exec(`UPDATE ratings SET rating = $4, deviation = $5, volatility = $6, games = $7, played_at = $8
			WHERE user_id = $1 AND game = $2 AND speed = $3`,
			users[i], g.game, string(g.clock), a.Rating, a.Deviation, a.Volatility, a.Games, now.UnixMilli()); err != nil {
			return nil, fmt.Errorf("store: room %q rating: %w", id, err)
		}
		if _, err := tx.Exec(`INSERT INTO rating_history (user_id, game, speed, room_id, rating, deviation, played_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, users[i], g.game, string(g.clock), id, a.Rating, a.Deviation, now.UnixMilli()); err != nil {
			return nil, fmt.Errorf("store: room %q rating history: %w", id, err)
		}
	}
	text, err := encodeChanges(c)
	if err != nil {
		return nil, err
	}
	if _, err := tx.Exec(`UPDATE rooms SET rating_changes = $2 WHERE id = $1`, id, *text); err != nil {
		return nil, fmt.Errorf("store: room %q: %w", id, err)
	}
	return &c, nil
}

// lockRatings reads (and on PostgreSQL locks, in the order of their ids)
// the rating rows of users in g's game and speed: a row placeRatingRows
// just made (no games) is not Found.
func (b *base) lockRatings(tx txn, users [2]int64, g ratedGame) (prior [2]rating.Prior, err error) {
	rows, err := tx.Query(`SELECT user_id, rating, deviation, volatility, games, played_at FROM ratings
		WHERE user_id IN ($1, $2) AND game = $3 AND speed = $4 ORDER BY user_id`+b.e.forUpdate(), users[0], users[1], g.game, string(g.clock))
	_, err = collect(rows, err, "ratings", func(rw row) (user int64, err error) {
		var (
			r  rating.Rating
			at int64
		)
		err = rw.Scan(&user, &r.Rating, &r.Deviation, &r.Volatility, &r.Games, &at)
		for i := range users {
			if users[i] == user && r.Games > 0 {
				prior[i] = rating.Prior{Rating: r, Found: true, Played: time.UnixMilli(at)}
			}
		}
		return user, err
	})
	return prior, err
}

// placeRatingRows makes, in tx, the rating rows of users in g's game and
// speed that do not exist yet, in the order of their ids: a row of no
// games (a newcomer's rating), which the rating of the game then updates,
// so that no committed row ever has none. A row another transaction is
// making meanwhile makes this wait for it (the key is unique), and is then
// left as that transaction wrote it.
func placeRatingRows(tx txn, users [2]int64, g ratedGame) error {
	ids := users[:]
	if ids[0] > ids[1] {
		ids = []int64{users[1], users[0]}
	}
	fresh := rating.Defaults().New()
	for _, user := range ids {
		if _, err := tx.Exec(`INSERT INTO ratings (user_id, game, speed, rating, deviation, volatility, games, played_at)
			VALUES ($1, $2, $3, $4, $5, $6, 0, 0) ON CONFLICT (user_id, game, speed) DO NOTHING`,
			user, g.game, string(g.clock), fresh.Rating, fresh.Deviation, fresh.Volatility); err != nil {
			return err
		}
	}
	return nil
}

// ratingTables are the ratings' tables, for both engines (schema.go): a
// player's rating per game and speed, and its history, a row per rated
// game.
const ratingTables = `CREATE TABLE IF NOT EXISTS ratings (
	user_id    {bigint} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	game       {text} NOT NULL,
	speed      {text} NOT NULL,
	rating     {real} NOT NULL,
	deviation  {real} NOT NULL,
	volatility {real} NOT NULL,
	games      {int} NOT NULL,
	played_at  {bigint} NOT NULL,
	PRIMARY KEY (user_id, game, speed)
){norowid};
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, speed, rating DESC);
CREATE TABLE IF NOT EXISTS rating_history (
	id        {serial},
	user_id   {bigint} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	game      {text} NOT NULL,
	speed     {text} NOT NULL,
	room_id   {text} NOT NULL,
	rating    {real} NOT NULL,
	deviation {real} NOT NULL,
	played_at {bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_history_user ON rating_history(user_id, id);`
