package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// accountTables are the accounts' tables in a SQLite file (tables).
const accountTables = `CREATE TABLE IF NOT EXISTS users (
	id            INTEGER PRIMARY KEY,
	name          TEXT NOT NULL,
	key           TEXT NOT NULL UNIQUE,
	password_hash TEXT NOT NULL,
	created_at    INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
	hash       TEXT PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	created_at INTEGER NOT NULL,
	seen_at    INTEGER NOT NULL,
	expires_at INTEGER NOT NULL,
	device     TEXT NOT NULL,
	addr       TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id, created_at);`

// CreateUser implements Accounts.
func (s *SQLite) CreateUser(ctx context.Context, u *User) error {
	err := s.write(ctx, func(tx *wtx) error {
		res, err := tx.Exec(`INSERT INTO users (name, key, password_hash, created_at) VALUES (?, ?, ?, ?)`,
			u.Name, u.Key, u.PasswordHash, u.Created.UnixMilli())
		if err != nil {
			return err
		}
		u.ID, err = res.LastInsertId()
		return err
	})
	if err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed") {
		return fmt.Errorf("%w: %q", ErrTaken, u.Name)
	}
	return err
}

// UserByKey implements Accounts.
func (s *SQLite) UserByKey(ctx context.Context, key string) (*User, error) {
	return scanUser(s.db.QueryRowContext(ctx, `SELECT id, name, key, password_hash, created_at FROM users WHERE key = ?`, key))
}

// CreateSession implements Accounts.
func (s *SQLite) CreateSession(ctx context.Context, ss Session) error {
	return s.write(ctx, func(tx *wtx) error {
		_, err := tx.Exec(`INSERT INTO sessions (hash, user_id, created_at, seen_at, expires_at, device, addr) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			ss.Hash, ss.UserID, ss.Created.UnixMilli(), ss.Seen.UnixMilli(), ss.Expires.UnixMilli(), ss.Device, ss.Addr)
		return err
	})
}

// SessionUser implements Accounts. The last use is written only when it
// moved on by a minute: a page's every request must not be a write.
func (s *SQLite) SessionUser(ctx context.Context, hash string, now time.Time) (*User, error) {
	var seen int64
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT u.id, u.name, u.key, u.password_hash, u.created_at, s.seen_at
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.hash = ? AND s.expires_at > ?`, hash, now.UnixMilli()), &seen)
	if err != nil {
		return nil, err
	}
	if now.UnixMilli()-seen >= time.Minute.Milliseconds() {
		err := s.write(ctx, func(tx *wtx) error {
			_, err := tx.Exec(`UPDATE sessions SET seen_at = ? WHERE hash = ?`, now.UnixMilli(), hash)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return u, nil
}

// Sessions implements Accounts.
func (s *SQLite) Sessions(ctx context.Context, userID int64, now time.Time) ([]Session, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT hash, user_id, created_at, seen_at, expires_at, device, addr FROM sessions
		WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC, hash`, userID, now.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("store: sessions: %w", err)
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		var ss Session
		var created, seen, expires int64
		if err := rows.Scan(&ss.Hash, &ss.UserID, &created, &seen, &expires, &ss.Device, &ss.Addr); err != nil {
			return nil, fmt.Errorf("store: sessions: %w", err)
		}
		ss.Created, ss.Seen, ss.Expires = time.UnixMilli(created), time.UnixMilli(seen), time.UnixMilli(expires)
		out = append(out, ss)
	}
	return out, rows.Err()
}

// DeleteSession implements Accounts.
func (s *SQLite) DeleteSession(ctx context.Context, hash string) error {
	return s.write(ctx, func(tx *wtx) error {
		_, err := tx.Exec(`DELETE FROM sessions WHERE hash = ?`, hash)
		return err
	})
}

// DeleteSessions implements Accounts.
func (s *SQLite) DeleteSessions(ctx context.Context, userID int64) error {
	return s.write(ctx, func(tx *wtx) error {
		_, err := tx.Exec(`DELETE FROM sessions WHERE user_id = ?`, userID)
		return err
	})
}

// SetPasswordHash implements Accounts.
func (s *SQLite) SetPasswordHash(ctx context.Context, userID int64, hash string) error {
	return s.write(ctx, func(tx *wtx) error {
		res, err := tx.Exec(`UPDATE users SET password_hash = ? WHERE id = ?`, hash, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return ErrNotFound
		}
		return err
	})
}

// scanUser reads a user row (and more columns into more, when given).
func scanUser(row interface{ Scan(...any) error }, more ...any) (*User, error) {
	var u User
	var created int64
	err := row.Scan(append([]any{&u.ID, &u.Name, &u.Key, &u.PasswordHash, &created}, more...)...)
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, errNoPGRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: user: %w", err)
	}
	u.Created = time.UnixMilli(created)
	return &u, nil
}
