package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// passkeyTables are the passkeys' tables in a SQLite file (tables): each
// user's handle, the passkeys, and the challenges of the ceremonies under
// way (a handful at a time: each lives five minutes).
const passkeyTables = `CREATE TABLE IF NOT EXISTS passkey_users (
	user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
	handle  BLOB NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS passkeys (
	id         BLOB PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	rp_id      TEXT NOT NULL,
	name       TEXT NOT NULL,
	credential BLOB NOT NULL,
	sign_count INTEGER NOT NULL,
	created_at INTEGER NOT NULL,
	used_at    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS passkeys_user ON passkeys(user_id, created_at);
CREATE TABLE IF NOT EXISTS passkey_challenges (
	id         TEXT PRIMARY KEY,
	user_id    INTEGER NOT NULL,
	kind       TEXT NOT NULL,
	data       BLOB NOT NULL,
	expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS passkey_challenges_expiry ON passkey_challenges(expires_at);`

// PasskeyHandle implements Passkeys.
func (s *SQLite) PasskeyHandle(ctx context.Context, userID int64, fresh []byte) ([]byte, error) {
	var handle []byte
	err := s.write(ctx, func(tx *wtx) error {
		if _, err := tx.Exec(`INSERT INTO passkey_users (user_id, handle) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING`, userID, fresh); err != nil {
			return err
		}
		return tx.tx.QueryRow(`SELECT handle FROM passkey_users WHERE user_id = ?`, userID).Scan(&handle)
	})
	if err != nil {
		return nil, fmt.Errorf("store: passkey handle: %w", err)
	}
	return handle, nil
}

// UserByPasskeyHandle implements Passkeys.
func (s *SQLite) UserByPasskeyHandle(ctx context.Context, handle []byte) (*User, error) {
	return scanUser(s.db.QueryRowContext(ctx, `SELECT u.id, u.name, u.key, u.password_hash, u.created_at
		FROM passkey_users p JOIN users u ON u.id = p.user_id WHERE p.handle = ?`, handle))
}

// AddPasskey implements Passkeys.
func (s *SQLite) AddPasskey(ctx context.Context, p Passkey) error {
	err := s.write(ctx, func(tx *wtx) error {
		_, err := tx.Exec(`INSERT INTO passkeys (id, user_id, rp_id, name, credential, sign_count, created_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			p.ID, p.UserID, p.RPID, p.Name, p.Credential, int64(p.SignCount), p.Created.UnixMilli(), millisOrZero(p.Used))
		return err
	})
	if err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed") {
		return fmt.Errorf("%w: a passkey with this ID", ErrTaken)
	}
	if err != nil {
		return fmt.Errorf("store: add passkey: %w", err)
	}
	return nil
}

// passkeyColumns are a passkeys row as scanPasskey reads it.
const passkeyColumns = `id, user_id, rp_id, name, credential, sign_count, created_at, used_at`

// Passkeys implements Passkeys.
func (s *SQLite) Passkeys(ctx context.Context, userID int64) ([]Passkey, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE user_id = ? ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: passkeys: %w", err)
	}
	defer rows.Close()
	var out []Passkey
	for rows.Next() {
		p, err := scanPasskey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *p)
	}
	return out, rows.Err()
}

// PasskeyByID implements Passkeys.
func (s *SQLite) PasskeyByID(ctx context.Context, id []byte) (*Passkey, error) {
	return scanPasskey(s.db.QueryRowContext(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE id = ?`, id))
}

// UsePasskey implements Passkeys: the count is compared in the update
// itself, so that it holds whatever else writes.
func (s *SQLite) UsePasskey(ctx context.Context, id []byte, signCount uint32, credential []byte, now time.Time) error {
	var changed, exists bool
	err := s.write(ctx, func(tx *wtx) error {
		changed, exists = false, false // a batch that failed is run again
		res, err := tx.Exec(`UPDATE passkeys SET sign_count = ?, credential = ?, used_at = ?
			WHERE id = ? AND (sign_count < ? OR (sign_count = 0 AND ? = 0))`,
			int64(signCount), credential, now.UnixMilli(), id, int64(signCount), int64(signCount))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil || n > 0 {
			changed = n > 0
			return err
		}
		// Not an error of the batch's: the other writes go on.
		return tx.tx.QueryRow(`SELECT EXISTS (SELECT 1 FROM passkeys WHERE id = ?)`, id).Scan(&exists)
	})
	switch {
	case err != nil:
		return fmt.Errorf("store: use passkey: %w", err)
	case changed:
		return nil
	case exists:
		return ErrSignCount
	default:
		return ErrNotFound
	}
}

// DeletePasskey implements Passkeys.
func (s *SQLite) DeletePasskey(ctx context.Context, userID int64, id []byte) error {
	var n int64
	err := s.write(ctx, func(tx *wtx) error {
		res, err := tx.Exec(`DELETE FROM passkeys WHERE id = ? AND user_id = ?`, id, userID)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return fmt.Errorf("store: delete passkey: %w", err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// PutChallenge implements Passkeys.
func (s *SQLite) PutChallenge(ctx context.Context, c Challenge, now time.Time) error {
	err := s.write(ctx, func(tx *wtx) error {
		if _, err := tx.Exec(`DELETE FROM passkey_challenges WHERE expires_at <= ?`, now.UnixMilli()); err != nil {
			return err
		}
		_, err := tx.Exec(`INSERT INTO passkey_challenges (id, user_id, kind, data, expires_at) VALUES (?, ?, ?, ?, ?)`,
			c.ID, c.UserID, c.Kind, c.Data, c.Expires.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("store: put challenge: %w", err)
	}
	return nil
}

// TakeChallenge implements Passkeys: one DELETE ... RETURNING on the one
// writer, so two takers cannot both have it.
func (s *SQLite) TakeChallenge(ctx context.Context, id string, now time.Time) (*Challenge, error) {
	var c *Challenge
	err := s.write(ctx, func(tx *wtx) error {
		c = nil // a batch that failed is run again
		var got Challenge
		var expires int64
		err := tx.tx.QueryRow(`DELETE FROM passkey_challenges WHERE id = ? RETURNING id, user_id, kind, data, expires_at`, id).
			Scan(&got.ID, &got.UserID, &got.Kind, &got.Data, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // not the batch's failure: the other writes go on
		}
		if err != nil {
			return err
		}
		got.Expires = time.UnixMilli(expires)
		c = &got
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: take challenge: %w", err)
	}
	if c == nil || !c.Expires.After(now) {
		return nil, ErrNotFound
	}
	return c, nil
}

// scanPasskey reads a passkeys row (passkeyColumns).
func scanPasskey(row interface{ Scan(...any) error }) (*Passkey, error) {
	var p Passkey
	var count, created, used int64
	err := row.Scan(&p.ID, &p.UserID, &p.RPID, &p.Name, &p.Credential, &count, &created, &used)
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, errNoPGRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: passkey: %w", err)
	}
	p.SignCount, p.Created = uint32(count), time.UnixMilli(created)
	if used != 0 {
		p.Used = time.UnixMilli(used)
	}
	return &p, nil
}

// millisOrZero is t in milliseconds, 0 for the zero time (never).
func millisOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}
