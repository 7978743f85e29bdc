package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
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

// RatingChange is how one rated game moved one seat's rating.
type RatingChange struct {
	Before rating.Rating `json:"before"`
	After  rating.Rating `json:"after"`
}

// Delta is the points the game gave (negative: took), rounded as shown.
func (c RatingChange) Delta() int {
	return int(math.Round(c.After.Rating)) - int(math.Round(c.Before.Rating))
}

// Signed is the change as people read it: "+12", "−8" (a minus sign),
// "±0".
func (c RatingChange) Signed() string {
	switch d := c.Delta(); {
	case d > 0:
		return fmt.Sprintf("+%d", d)
	case d < 0:
		return fmt.Sprintf("−%d", -d)
	}
	return "±0"
}

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
	changes *string // the JSON of the applied RatingChanges; nil: none yet
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

// applied decodes the changes kept on the room.
func (g ratedGame) applied(id string) (*[2]RatingChange, error) {
	if g.changes == nil {
		return nil, nil
	}
	var c [2]RatingChange
	if err := json.Unmarshal([]byte(*g.changes), &c); err != nil {
		return nil, fmt.Errorf("store: room %q rating changes: %w", id, err)
	}
	return &c, nil
}

// rateGame is the rating policy's change (rating.RateGame) of a game's
// seats from their ratings before (found: whether they had one; played:
// when they last played) and the winner, at now, as the room keeps it.
func rateGame(before [2]rating.Rating, found [2]bool, played [2]time.Time, winner int, now time.Time) [2]RatingChange {
	var prior [2]rating.Prior
	for i := range prior {
		prior[i] = rating.Prior{Rating: before[i], Found: found[i], Played: played[i]}
	}
	from, to := rating.RateGame(prior, winner, now)
	return [2]RatingChange{{Before: from[0], After: to[0]}, {Before: from[1], After: to[1]}}
}

// encodeChanges is the JSON the room keeps of its game's changes.
func encodeChanges(c [2]RatingChange) (string, error) {
	b, err := json.Marshal(c)
	return string(b), err
}

// AccountKey is the key of a username, as users.key keeps it: its lower
// case (names are ASCII, accounts.NameKey).
func AccountKey(name string) string { return strings.ToLower(name) }

// roomChanges is the rating_changes column of a room being inserted (an
// archived rated game keeps what it changed): nil for none.
func roomChanges(r *Room) (*string, error) {
	if r.RatingChanges == nil {
		return nil, nil
	}
	s, err := encodeChanges(*r.RatingChanges)
	if err != nil {
		return nil, fmt.Errorf("store: room %q rating changes: %w", r.ID, err)
	}
	return &s, nil
}

// CurrentRatings implements Ratings, in one read.
func (st *base) CurrentRatings(ctx context.Context, game string, speed vocab.Clock, accounts []string) (map[string]rating.Rating, error) {
	out := map[string]rating.Rating{}
	keys := make([]string, 0, len(accounts))
	byKey := map[string][]string{}
	for _, name := range accounts {
		if name != "" {
			k := AccountKey(name)
			keys = append(keys, k)
			byKey[k] = append(byKey[k], name)
		}
	}
	if len(keys) == 0 {
		return out, nil
	}
	in, args := st.e.anyOf("u.key", 3, keys)
	rows, err := st.db.QueryContext(ctx, `SELECT u.key, r.rating, r.deviation, r.volatility, r.games FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE `+in+` AND r.game = $1 AND r.speed = $2`, append([]any{game, string(speed)}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("store: ratings: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			key string
			r   rating.Rating
		)
		if err := rows.Scan(&key, &r.Rating, &r.Deviation, &r.Volatility, &r.Games); err != nil {
			return nil, fmt.Errorf("store: ratings: %w", err)
		}
		for _, name := range byKey[key] {
			out[name] = r
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: ratings: %w", err)
	}
	return out, nil
}

// PlayerRatings implements Ratings.
func (st *base) PlayerRatings(ctx context.Context, accounts ...string) ([]PlayerRating, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	keys := make([]string, len(accounts))
	for i, a := range accounts {
		keys[i] = AccountKey(a)
	}
	in, args := st.e.anyOf("u.key", 1, keys)
	rows, err := st.db.QueryContext(ctx, `SELECT u.name, r.game, r.speed, r.rating, r.deviation, r.volatility, r.games, r.played_at
		FROM ratings r JOIN users u ON u.id = r.user_id WHERE `+in+` ORDER BY u.key, r.game, r.speed`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: ratings of %q: %w", accounts, err)
	}
	return scanPlayerRatingRows(sqlRows{rows})
}

// RatingHistory implements Ratings.
func (st *base) RatingHistory(ctx context.Context, account string, limit int) ([]RatingPoint, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT game, speed, rating, deviation, played_at FROM (
		SELECT h.id, h.game, h.speed, h.rating, h.deviation, h.played_at FROM rating_history h JOIN users u ON u.id = h.user_id
		WHERE u.key = $1 ORDER BY h.id DESC LIMIT $2) last ORDER BY id`, AccountKey(account), limit)
	if err != nil {
		return nil, fmt.Errorf("store: rating history of %q: %w", account, err)
	}
	return scanRatingPointRows(sqlRows{rows})
}

// Leaderboard implements Ratings.
func (st *base) Leaderboard(ctx context.Context, game string, speed vocab.Clock, since time.Time, limit int) ([]PlayerRating, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT u.name, r.game, r.speed, r.rating, r.deviation, r.volatility, r.games, r.played_at
		FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE r.game = $1 AND r.speed = $2 AND r.played_at >= $3
		ORDER BY r.deviation > $4, r.rating DESC, u.key LIMIT $5`, game, string(speed), since.UnixMilli(), rating.ProvisionalDeviation, limit)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard: %w", err)
	}
	return scanPlayerRatingRows(sqlRows{rows})
}
