package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// botsMigration is the PostgreSQL migration that adds the bot accounts
// and the games quick pairing made for them (migrations).
const botsMigration = `CREATE TABLE bots (
		user_id    bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
		owner_id   bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
		token_hash text NOT NULL UNIQUE,
		token_at   bigint NOT NULL,
		seat_hash  text NOT NULL UNIQUE
	);
	CREATE INDEX bots_owner ON bots (owner_id, user_id);
	CREATE TABLE bot_games (
		account text NOT NULL,
		room_id text NOT NULL,
		at      bigint NOT NULL,
		PRIMARY KEY (account, room_id)
	);
	CREATE INDEX bot_games_at ON bot_games (account, at);`

// CreateBot implements Bots: the owner's row is locked while their bots
// are counted, so that two bots made at once on two nodes cannot both be
// the last one allowed.
func (p *Postgres) CreateBot(ctx context.Context, b *Bot, most int) error {
	err := p.tx(ctx, func(tx pgx.Tx) error {
		if b.OwnerID != 0 {
			var n int
			if _, err := tx.Exec(ctx, `SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, b.OwnerID); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM bots WHERE owner_id = $1`, b.OwnerID).Scan(&n); err != nil {
				return err
			}
			if n >= most {
				return ErrTooManyBots
			}
		}
		if err := tx.QueryRow(ctx, `INSERT INTO users (name, key, password_hash, created_at) VALUES ($1, $2, '', $3) RETURNING id`,
			b.Name, b.Key, b.Created.UnixMilli()).Scan(&b.ID); err != nil {
			return err
		}
		if b.OwnerID == 0 { // a house bot owns itself
			b.OwnerID, b.Owner = b.ID, b.Name
		}
		_, err := tx.Exec(ctx, `INSERT INTO bots (user_id, owner_id, token_hash, token_at, seat_hash) VALUES ($1, $2, $3, $4, $5)`,
			b.ID, b.OwnerID, b.TokenHash, b.TokenAt.UnixMilli(), b.SeatHash)
		return err
	})
	var pgErr *pgconn.PgError
	switch {
	case errors.Is(err, ErrTooManyBots):
		return err
	case errors.As(err, &pgErr) && pgErr.Code == uniqueViolation && pgErr.TableName == "users":
		return fmt.Errorf("%w: %q", ErrTaken, b.Name)
	case err != nil:
		return fmt.Errorf("store: create bot: %w", err)
	}
	b.PasswordHash = ""
	return nil
}

// BotsOf implements Bots.
func (p *Postgres) BotsOf(ctx context.Context, ownerID int64) ([]Bot, error) {
	rows, err := p.pool.Query(ctx, `SELECT `+botColumns+botFrom+` WHERE b.owner_id = $1 ORDER BY b.user_id`, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: bots: %w", err)
	}
	defer rows.Close()
	return scanBots(rows)
}

// AllBots implements Bots.
func (p *Postgres) AllBots(ctx context.Context, limit int) ([]Bot, error) {
	rows, err := p.pool.Query(ctx, `SELECT `+botColumns+botFrom+` ORDER BY u.key LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: bots: %w", err)
	}
	defer rows.Close()
	return scanBots(rows)
}

// BotByToken implements Bots.
func (p *Postgres) BotByToken(ctx context.Context, hash string) (*Bot, error) {
	return scanBot(p.pool.QueryRow(ctx, `SELECT `+botColumns+botFrom+` WHERE b.token_hash = $1`, hash))
}

// BotByKey implements Bots.
func (p *Postgres) BotByKey(ctx context.Context, key string) (*Bot, error) {
	return scanBot(p.pool.QueryRow(ctx, `SELECT `+botColumns+botFrom+` WHERE u.key = $1`, key))
}

// SetBotToken implements Bots.
func (p *Postgres) SetBotToken(ctx context.Context, ownerID, botID int64, hash string, at time.Time) error {
	tag, err := p.pool.Exec(ctx, `UPDATE bots SET token_hash = $1, token_at = $2 WHERE user_id = $3 AND owner_id = $4`,
		hash, at.UnixMilli(), botID, ownerID)
	if err != nil {
		return fmt.Errorf("store: bot token: %w", err)
	}
	if tag.RowsAffected() != 1 {
		return ErrNotFound
	}
	return nil
}

// BotsNamed implements Bots.
func (p *Postgres) BotsNamed(ctx context.Context, names []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(names) == 0 {
		return out, nil
	}
	keys := make([]string, len(names))
	for i, n := range names {
		keys[i] = AccountKey(n)
	}
	found, err := p.ids(ctx, "bots named", `SELECT u.key FROM bots b JOIN users u ON u.id = b.user_id WHERE u.key = ANY($1)`, keys)
	if err != nil {
		return nil, err
	}
	bots := map[string]bool{}
	for _, k := range found {
		bots[k] = true
	}
	for _, n := range names {
		if bots[AccountKey(n)] {
			out[n] = true
		}
	}
	return out, nil
}

// BotGames implements Bots.
func (p *Postgres) BotGames(ctx context.Context, account string, since time.Time) ([]time.Time, error) {
	rows, err := p.pool.Query(ctx, `SELECT at FROM bot_games WHERE account = $1 AND at >= $2 ORDER BY at`, AccountKey(account), since.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("store: bot games: %w", err)
	}
	ats, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: bot games: %w", err)
	}
	out := make([]time.Time, len(ats))
	for i, at := range ats {
		out[i] = time.UnixMilli(at)
	}
	return out, nil
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

// GamesInPlay implements Bots.
func (p *Postgres) GamesInPlay(ctx context.Context, accounts []string, since time.Time) ([]GameInPlay, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	keys := make([]string, len(accounts))
	for i, a := range accounts {
		keys[i] = AccountKey(a)
	}
	rows, err := p.pool.Query(ctx, `SELECT DISTINCT r.id, coalesce(r.seats::jsonb -> 0 ->> 'account', ''), coalesce(r.seats::jsonb -> 1 ->> 'account', '')
		FROM bot_games g JOIN rooms r ON r.id = g.room_id
		WHERE g.account = ANY($1) AND NOT r.over AND r.updated_at >= $2 ORDER BY r.id`, keys, since.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("store: bot games in play: %w", err)
	}
	defer rows.Close()
	return scanGamesInPlay(rows)
}
