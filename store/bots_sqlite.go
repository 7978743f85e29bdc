package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// CreateBot implements Bots. The writer runs one write at a time, so the
// count of the owner's bots cannot change between its reading and the
// insert.
func (s *SQLite) CreateBot(ctx context.Context, b *Bot, most int) error {
	err := s.write(ctx, func(tx *wtx) error {
		if b.OwnerID != 0 {
			var n int
			if err := tx.tx.QueryRow(`SELECT count(*) FROM bots WHERE owner_id = ?`, b.OwnerID).Scan(&n); err != nil {
				return err
			}
			if n >= most {
				return ErrTooManyBots
			}
		}
		res, err := tx.Exec(`INSERT INTO users (name, key, password_hash, created_at) VALUES (?, ?, '', ?)`, b.Name, b.Key, b.Created.UnixMilli())
		if err != nil {
			return err
		}
		if b.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		if b.OwnerID == 0 { // a house bot owns itself
			b.OwnerID, b.Owner = b.ID, b.Name
		}
		_, err = tx.Exec(`INSERT INTO bots (user_id, owner_id, token_hash, token_at, seat_hash) VALUES (?, ?, ?, ?, ?)`,
			b.ID, b.OwnerID, b.TokenHash, b.TokenAt.UnixMilli(), b.SeatHash)
		return err
	})
	switch {
	case errors.Is(err, ErrTooManyBots):
		return err
	case err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed: users.key"):
		return fmt.Errorf("%w: %q", ErrTaken, b.Name)
	case err != nil:
		return fmt.Errorf("store: create bot: %w", err)
	}
	b.PasswordHash = ""
	return nil
}

// BotsOf implements Bots.
func (s *SQLite) BotsOf(ctx context.Context, ownerID int64) ([]Bot, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+botColumns+botFrom+` WHERE b.owner_id = ? ORDER BY b.user_id`, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: bots: %w", err)
	}
	defer rows.Close()
	return scanBots(rows)
}

// AllBots implements Bots.
func (s *SQLite) AllBots(ctx context.Context, limit int) ([]Bot, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+botColumns+botFrom+` ORDER BY u.key LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: bots: %w", err)
	}
	defer rows.Close()
	return scanBots(rows)
}

// BotByToken implements Bots.
func (s *SQLite) BotByToken(ctx context.Context, hash string) (*Bot, error) {
	return scanBot(s.db.QueryRowContext(ctx, `SELECT `+botColumns+botFrom+` WHERE b.token_hash = ?`, hash))
}

// BotByKey implements Bots.
func (s *SQLite) BotByKey(ctx context.Context, key string) (*Bot, error) {
	return scanBot(s.db.QueryRowContext(ctx, `SELECT `+botColumns+botFrom+` WHERE u.key = ?`, key))
}

// SetBotToken implements Bots.
func (s *SQLite) SetBotToken(ctx context.Context, ownerID, botID int64, hash string, at time.Time) error {
	found := false
	err := s.write(ctx, func(tx *wtx) error {
		res, err := tx.Exec(`UPDATE bots SET token_hash = ?, token_at = ? WHERE user_id = ? AND owner_id = ?`, hash, at.UnixMilli(), botID, ownerID)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		found = n == 1
		return err
	})
	if err != nil {
		return fmt.Errorf("store: bot token: %w", err)
	}
	if !found {
		return ErrNotFound
	}
	return nil
}

// BotsNamed implements Bots.
func (s *SQLite) BotsNamed(ctx context.Context, names []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(names) == 0 {
		return out, nil
	}
	args := make([]any, len(names))
	for i, n := range names {
		args[i] = AccountKey(n)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT u.key FROM bots b JOIN users u ON u.id = b.user_id WHERE u.key IN (`+placeholders(len(names))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: bots named: %w", err)
	}
	defer rows.Close()
	bots := map[string]bool{}
	for rows.Next() {
		var key string
		if err := rows.Scan(&key); err != nil {
			return nil, err
		}
		bots[key] = true
	}
	for _, n := range names {
		if bots[AccountKey(n)] {
			out[n] = true
		}
	}
	return out, rows.Err()
}

// BotGames implements Bots.
func (s *SQLite) BotGames(ctx context.Context, account string, since time.Time) ([]time.Time, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT at FROM bot_games WHERE account = ? AND at >= ? ORDER BY at`, AccountKey(account), since.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("store: bot games: %w", err)
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var at int64
		if err := rows.Scan(&at); err != nil {
			return nil, err
		}
		out = append(out, time.UnixMilli(at))
	}
	return out, rows.Err()
}

// recordBotGames notes the bots' games of a pairing's pair (PairPool), and
// forgets their games older than botGamesKept.
func (s *SQLite) recordBotGames(tx *wtx, room *Room, now int64) error {
	for _, g := range botGamesOf(room, now) {
		if _, err := tx.Exec(`INSERT INTO bot_games (account, room_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, g.account, g.room, g.at); err != nil {
			return fmt.Errorf("store: bot game: %w", err)
		}
		if _, err := tx.Exec(`DELETE FROM bot_games WHERE account = ? AND at < ?`, g.account, g.at-botGamesKept.Milliseconds()); err != nil {
			return fmt.Errorf("store: bot games: %w", err)
		}
	}
	return nil
}

// GamesInPlay implements Bots.
func (s *SQLite) GamesInPlay(ctx context.Context, accounts []string, since time.Time) ([]GameInPlay, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	args := make([]any, 0, len(accounts)+1)
	for _, a := range accounts {
		args = append(args, AccountKey(a))
	}
	args = append(args, since.UnixMilli())
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT r.id, coalesce(json_extract(r.seats, '$[0].account'), ''), coalesce(json_extract(r.seats, '$[1].account'), '')
		FROM bot_games g JOIN rooms r ON r.id = g.room_id
		WHERE g.account IN (`+placeholders(len(accounts))+`) AND r.over = 0 AND r.updated_at >= ? ORDER BY r.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: bot games in play: %w", err)
	}
	defer rows.Close()
	return scanGamesInPlay(rows)
}
