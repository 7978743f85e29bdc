package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Bot accounts (docs/accounts.md, "Bots"): an engine plays under an
// account of its own, made by a person who owns it. A bot's account is a
// user with no password (nobody logs in as it); it plays with an API
// token whose hash alone is kept, and its seats are held by a seat hash of
// its own, which no browser's cookie can hash to. Package accounts decides
// who may make one; this only keeps.

// Bot is a bot's account and what makes it one.
type Bot struct {
	// User is the bot's account: its PasswordHash is empty.
	User
	// OwnerID and Owner are the person who made it: their id and name.
	OwnerID int64
	Owner   string
	// TokenHash is the hex SHA-256 of its API token; TokenAt when that
	// token was made.
	TokenHash string
	TokenAt   time.Time
	// SeatHash holds its seats in rooms: the hash of a secret made with
	// the bot and thrown away, so that the bot's seats stay its own when
	// its token is replaced, and nobody holds them with a cookie.
	SeatHash string
}

// House says b is a house bot: the server's own computer at one of its
// levels, playing under an account that owns itself (CreateBot with no
// owner).
func (b *Bot) House() bool { return b.OwnerID == b.ID }

// Bots keeps the bot accounts, and counts the games each begins (for the
// limit on a bot's games an hour).
type Bots interface {
	// CreateBot stores b (a new account with no password, and what makes
	// it a bot) and sets its ID; ErrTaken when the name's key is held
	// already, ErrTooManyBots when its owner has most bots already. A bot
	// with no OwnerID is a house bot: it owns itself, and most does not
	// apply.
	CreateBot(ctx context.Context, b *Bot, most int) error
	// BotsOf lists the bots of the owner ownerID, oldest first.
	BotsOf(ctx context.Context, ownerID int64) ([]Bot, error)
	// AllBots lists the bots, by name's key, at most limit.
	AllBots(ctx context.Context, limit int) ([]Bot, error)
	// BotByToken is the bot whose API token hashes to hash; ErrNotFound
	// when there is none (a token replaced since, or never one).
	BotByToken(ctx context.Context, hash string) (*Bot, error)
	// BotByKey is the bot whose name's key is key; ErrNotFound when no
	// account has that name, or it is not a bot.
	BotByKey(ctx context.Context, key string) (*Bot, error)
	// SetBotToken gives the bot botID of the owner ownerID a new token
	// (its hash, made at at): the old one no longer works. ErrNotFound
	// when that owner has no such bot.
	SetBotToken(ctx context.Context, ownerID, botID int64, hash string, at time.Time) error
	// BotsNamed says which of names (usernames, any case) are bots' names,
	// keyed as given (only the bots are in it).
	BotsNamed(ctx context.Context, names []string) (map[string]bool, error)
	// BotGames lists when the games of the bot account (a username, any
	// case) that quick pairing made began, at or after since, oldest
	// first. A pairing records them in the transaction that makes the
	// room (PairPool); they are kept a day.
	BotGames(ctx context.Context, account string, since time.Time) ([]time.Time, error)
	// GamesInPlay lists the games quick pairing or an accepted challenge
	// made for any of the bot accounts (usernames, any case) whose room is
	// not over and was written to at or after since, by room: a game whose
	// room has been silent since is abandoned (its node died), and no
	// longer counts.
	GamesInPlay(ctx context.Context, accounts []string, since time.Time) ([]GameInPlay, error)
}

// GameInPlay is a bot's game in play: its room, and the accounts of its
// seats as the room holds them ("" for a seat with none).
type GameInPlay struct {
	Room     string
	Accounts [2]string
}

// Plays says account (any case) holds a seat of g.
func (g GameInPlay) Plays(account string) bool {
	key := AccountKey(account)
	return key != "" && (AccountKey(g.Accounts[0]) == key || AccountKey(g.Accounts[1]) == key)
}

// ErrTooManyBots says an owner has as many bots as one may.
var ErrTooManyBots = errors.New("store: too many bots")

// botGamesKept is how long a bot's games are counted for (the limit is
// per hour; a day leaves room to raise it).
const botGamesKept = 24 * time.Hour

// botTables are the bots' tables, for both engines (schema.go).
const botTables = `CREATE TABLE IF NOT EXISTS bots (
	user_id    {bigint} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
	owner_id   {bigint} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	token_hash {text} NOT NULL UNIQUE,
	token_at   {bigint} NOT NULL,
	seat_hash  {text} NOT NULL UNIQUE
);
CREATE INDEX IF NOT EXISTS bots_owner ON bots(owner_id, user_id);
CREATE TABLE IF NOT EXISTS bot_games (
	account {text} NOT NULL,
	room_id {text} NOT NULL,
	at      {bigint} NOT NULL,
	PRIMARY KEY (account, room_id)
);
CREATE INDEX IF NOT EXISTS bot_games_at ON bot_games(account, at);`

// botColumns are a Bot's columns, in scanBot's order (u: users, b: bots,
// o: the owner's users row).
const botColumns = userColumns + `, b.owner_id, o.name, b.token_hash, b.token_at, b.seat_hash`

// botFrom joins a bot's rows.
const botFrom = ` FROM bots b JOIN users u ON u.id = b.user_id JOIN users o ON o.id = b.owner_id`

// scanBot reads a row of botColumns.
func scanBot(r row) (b Bot, err error) {
	var tokenAt int64
	b.User, err = scanUser(&b.OwnerID, &b.Owner, &b.TokenHash, &tokenAt, &b.SeatHash)(r)
	b.TokenAt = time.UnixMilli(tokenAt)
	return b, err
}

// CreateBot implements Bots. The writer runs one write at a time, so the
// count of the owner's bots cannot change between its reading and the
// insert.
func (st *base) CreateBot(ctx context.Context, b *Bot, most int) error {
	err := st.e.writeTx(ctx, func(tx txn) error {
		if b.OwnerID != 0 {
			// The owner's row is locked (PostgreSQL), so that two bots
			// made at once count each other.
			var n int
			if _, err := tx.Exec(`SELECT 1 FROM users WHERE id = $1`+st.e.forUpdate(), b.OwnerID); err != nil {
				return err
			}
			if err := tx.QueryRow(`SELECT count(*) FROM bots WHERE owner_id = $1`, b.OwnerID).Scan(&n); err != nil {
				return err
			}
			if n >= most {
				return ErrTooManyBots
			}
		}
		if err := tx.QueryRow(`INSERT INTO users (name, key, password_hash, created_at) VALUES ($1, $2, '', $3) RETURNING id`,
			b.Name, b.Key, b.Created.UnixMilli()).Scan(&b.ID); err != nil {
			return err
		}
		if b.OwnerID == 0 { // a house bot owns itself
			b.OwnerID, b.Owner = b.ID, b.Name
		}
		_, err := tx.Exec(`INSERT INTO bots (user_id, owner_id, token_hash, token_at, seat_hash) VALUES ($1, $2, $3, $4, $5)`,
			b.ID, b.OwnerID, b.TokenHash, b.TokenAt.UnixMilli(), b.SeatHash)
		return err
	})
	switch {
	case errors.Is(err, ErrTooManyBots):
		return err
	case st.e.unique(err, "users"):
		return fmt.Errorf("%w: %q", ErrTaken, b.Name)
	case err != nil:
		return fmt.Errorf("store: create bot: %w", err)
	}
	b.PasswordHash = ""
	return nil
}

// BotsOf implements Bots.
func (st *base) BotsOf(ctx context.Context, ownerID int64) ([]Bot, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+botColumns+botFrom+` WHERE b.owner_id = $1 ORDER BY b.user_id`, ownerID)
	return collect(rows, err, "bots", scanBot)
}

// AllBots implements Bots.
func (st *base) AllBots(ctx context.Context, limit int) ([]Bot, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+botColumns+botFrom+` ORDER BY u.key LIMIT $1`, limit)
	return collect(rows, err, "bots", scanBot)
}

// BotByToken implements Bots.
func (st *base) BotByToken(ctx context.Context, hash string) (*Bot, error) {
	return one(st.db.QueryRowContext(ctx, `SELECT `+botColumns+botFrom+` WHERE b.token_hash = $1`, hash), "bot", scanBot)
}

// BotByKey implements Bots.
func (st *base) BotByKey(ctx context.Context, key string) (*Bot, error) {
	return one(st.db.QueryRowContext(ctx, `SELECT `+botColumns+botFrom+` WHERE u.key = $1`, key), "bot", scanBot)
}

// SetBotToken implements Bots.
func (st *base) SetBotToken(ctx context.Context, ownerID, botID int64, hash string, at time.Time) error {
	res, err := st.e.exec(ctx, `UPDATE bots SET token_hash = $1, token_at = $2 WHERE user_id = $3 AND owner_id = $4`,
		hash, at.UnixMilli(), botID, ownerID)
	if err != nil {
		return fmt.Errorf("store: bot token: %w", err)
	}
	return affected(res, nil, ErrNotFound)
}

// BotsNamed implements Bots.
func (st *base) BotsNamed(ctx context.Context, names []string) (map[string]bool, error) {
	out := map[string]bool{}
	keys, given := keyed(names)
	if len(keys) == 0 {
		return out, nil
	}
	named, args := st.e.anyOf("u.key", 1, keys)
	bots, err := st.names(ctx, "bots named", `SELECT u.key FROM bots b JOIN users u ON u.id = b.user_id WHERE `+named, args...)
	if err != nil {
		return nil, err
	}
	for _, key := range bots {
		for _, n := range given[key] {
			out[n] = true
		}
	}
	return out, nil
}

// BotGames implements Bots.
func (st *base) BotGames(ctx context.Context, account string, since time.Time) ([]time.Time, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT at FROM bot_games WHERE account = $1 AND at >= $2 ORDER BY at`, AccountKey(account), since.UnixMilli())
	return collect(rows, err, "bot games", func(r row) (time.Time, error) {
		at, err := scanValue[int64](r)
		return time.UnixMilli(at), err
	})
}

// recordBotGames notes the bots' games of a room made at now (by a
// pairing, or a challenge's answer): one for each seat of a bot's account.
// It forgets their games older than botGamesKept.
func recordBotGames(tx txn, room *Room, now int64) error {
	for _, s := range room.Seats {
		if !s.BotAccount || s.Account == "" {
			continue
		}
		key := AccountKey(s.Account)
		if _, err := tx.Exec(`INSERT INTO bot_games (account, room_id, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, key, room.ID, now); err != nil {
			return fmt.Errorf("store: bot game: %w", err)
		}
		if _, err := tx.Exec(`DELETE FROM bot_games WHERE account = $1 AND at < $2`, key, now-botGamesKept.Milliseconds()); err != nil {
			return fmt.Errorf("store: bot games: %w", err)
		}
	}
	return nil
}

// GamesInPlay implements Bots.
func (st *base) GamesInPlay(ctx context.Context, accounts []string, since time.Time) ([]GameInPlay, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	keys, _ := keyed(accounts)
	played, args := st.e.anyOf("g.account", 2, keys)
	rows, err := st.db.QueryContext(ctx, `SELECT DISTINCT r.id, coalesce(`+st.e.seatField("r.seats", 0, "account")+`, ''), coalesce(`+st.e.seatField("r.seats", 1, "account")+`, '')
		FROM bot_games g JOIN rooms r ON r.id = g.room_id
		WHERE `+played+` AND NOT r.over AND r.updated_at >= $1 ORDER BY r.id`, append([]any{since.UnixMilli()}, args...)...)
	return collect(rows, err, "bot games in play", func(r row) (g GameInPlay, err error) {
		err = r.Scan(&g.Room, &g.Accounts[0], &g.Accounts[1])
		return g, err
	})
}
