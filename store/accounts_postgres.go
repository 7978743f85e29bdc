package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// errNoPGRows lets scanUser read both drivers' "no row".
var errNoPGRows = pgx.ErrNoRows

// accountsMigration is the PostgreSQL migration that adds the accounts
// (migrations, 5).
const accountsMigration = `CREATE TABLE users (
		id            bigserial PRIMARY KEY,
		name          text NOT NULL,
		key           text NOT NULL UNIQUE,
		password_hash text NOT NULL,
		created_at    bigint NOT NULL
	);
	CREATE TABLE sessions (
		hash       text PRIMARY KEY,
		user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
		created_at bigint NOT NULL,
		seen_at    bigint NOT NULL,
		expires_at bigint NOT NULL,
		device     text NOT NULL,
		addr       text NOT NULL
	);
	CREATE INDEX sessions_user ON sessions (user_id, created_at);`

// CreateUser implements Accounts.
func (p *Postgres) CreateUser(ctx context.Context, u *User) error {
	err := p.pool.QueryRow(ctx, `INSERT INTO users (name, key, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
		u.Name, u.Key, u.PasswordHash, u.Created.UnixMilli()).Scan(&u.ID)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation {
		return fmt.Errorf("%w: %q", ErrTaken, u.Name)
	}
	if err != nil {
		return fmt.Errorf("store: create user: %w", err)
	}
	return nil
}

// UserByKey implements Accounts.
func (p *Postgres) UserByKey(ctx context.Context, key string) (*User, error) {
	return scanUser(p.pool.QueryRow(ctx, `SELECT id, name, key, password_hash, created_at FROM users WHERE key = $1`, key))
}

// CreateSession implements Accounts.
func (p *Postgres) CreateSession(ctx context.Context, s Session) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO sessions (hash, user_id, created_at, seen_at, expires_at, device, addr) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		s.Hash, s.UserID, s.Created.UnixMilli(), s.Seen.UnixMilli(), s.Expires.UnixMilli(), s.Device, s.Addr)
	if err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// SessionUser implements Accounts; as SQLite's, it writes the last use
// only when it moved on by a minute.
func (p *Postgres) SessionUser(ctx context.Context, hash string, now time.Time) (*User, error) {
	var seen int64
	u, err := scanUser(p.pool.QueryRow(ctx, `SELECT u.id, u.name, u.key, u.password_hash, u.created_at, s.seen_at
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.hash = $1 AND s.expires_at > $2`, hash, now.UnixMilli()), &seen)
	if err != nil {
		return nil, err
	}
	if now.UnixMilli()-seen >= time.Minute.Milliseconds() {
		if _, err := p.pool.Exec(ctx, `UPDATE sessions SET seen_at = $1 WHERE hash = $2`, now.UnixMilli(), hash); err != nil {
			return nil, fmt.Errorf("store: session seen: %w", err)
		}
	}
	return u, nil
}

// Sessions implements Accounts.
func (p *Postgres) Sessions(ctx context.Context, userID int64, now time.Time) ([]Session, error) {
	rows, err := p.pool.Query(ctx, `SELECT hash, user_id, created_at, seen_at, expires_at, device, addr FROM sessions
		WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC, hash`, userID, now.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("store: sessions: %w", err)
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		var s Session
		var created, seen, expires int64
		if err := rows.Scan(&s.Hash, &s.UserID, &created, &seen, &expires, &s.Device, &s.Addr); err != nil {
			return nil, fmt.Errorf("store: sessions: %w", err)
		}
		s.Created, s.Seen, s.Expires = time.UnixMilli(created), time.UnixMilli(seen), time.UnixMilli(expires)
		out = append(out, s)
	}
	return out, rows.Err()
}

// DeleteSession implements Accounts.
func (p *Postgres) DeleteSession(ctx context.Context, hash string) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM sessions WHERE hash = $1`, hash); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// DeleteSessions implements Accounts.
func (p *Postgres) DeleteSessions(ctx context.Context, userID int64) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("store: delete sessions: %w", err)
	}
	return nil
}

// SetPasswordHash implements Accounts.
func (p *Postgres) SetPasswordHash(ctx context.Context, userID int64, hash string) error {
	tag, err := p.pool.Exec(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, hash, userID)
	if err != nil {
		return fmt.Errorf("store: set password: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
