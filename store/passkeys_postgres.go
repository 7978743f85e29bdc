package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// passkeysMigration is the PostgreSQL migration that adds the passkeys
// (migrations): as SQLite's passkeyTables.
const passkeysMigration = `CREATE TABLE passkey_users (
		user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
		handle  bytea NOT NULL UNIQUE
	);
	CREATE TABLE passkeys (
		id         bytea PRIMARY KEY,
		user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
		rp_id      text NOT NULL,
		name       text NOT NULL,
		credential bytea NOT NULL,
		sign_count bigint NOT NULL,
		created_at bigint NOT NULL,
		used_at    bigint NOT NULL DEFAULT 0
	);
	CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
	CREATE TABLE passkey_challenges (
		id         text PRIMARY KEY,
		user_id    bigint NOT NULL,
		kind       text NOT NULL,
		data       bytea NOT NULL,
		expires_at bigint NOT NULL
	);
	CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);`

// PasskeyHandle implements Passkeys.
func (p *Postgres) PasskeyHandle(ctx context.Context, userID int64, fresh []byte) ([]byte, error) {
	var handle []byte
	// The insert returns no row when the user has a handle already: then
	// the stored one is read.
	err := p.pool.QueryRow(ctx, `WITH made AS (
			INSERT INTO passkey_users (user_id, handle) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING handle)
		SELECT handle FROM made UNION ALL SELECT handle FROM passkey_users WHERE user_id = $1 LIMIT 1`, userID, fresh).Scan(&handle)
	if errors.Is(err, pgx.ErrNoRows) {
		// Another request made the handle at the same moment, after this
		// statement's snapshot: a new statement sees it.
		err = p.pool.QueryRow(ctx, `SELECT handle FROM passkey_users WHERE user_id = $1`, userID).Scan(&handle)
	}
	if err != nil {
		return nil, fmt.Errorf("store: passkey handle: %w", err)
	}
	return handle, nil
}

// UserByPasskeyHandle implements Passkeys.
func (p *Postgres) UserByPasskeyHandle(ctx context.Context, handle []byte) (*User, error) {
	return scanUser(p.pool.QueryRow(ctx, `SELECT u.id, u.name, u.key, u.password_hash, u.created_at
		FROM passkey_users k JOIN users u ON u.id = k.user_id WHERE k.handle = $1`, handle))
}

// AddPasskey implements Passkeys.
func (p *Postgres) AddPasskey(ctx context.Context, k Passkey) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO passkeys (id, user_id, rp_id, name, credential, sign_count, created_at, used_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		k.ID, k.UserID, k.RPID, k.Name, k.Credential, int64(k.SignCount), k.Created.UnixMilli(), millisOrZero(k.Used))
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation {
		return fmt.Errorf("%w: a passkey with this ID", ErrTaken)
	}
	if err != nil {
		return fmt.Errorf("store: add passkey: %w", err)
	}
	return nil
}

// Passkeys implements Passkeys.
func (p *Postgres) Passkeys(ctx context.Context, userID int64) ([]Passkey, error) {
	rows, err := p.pool.Query(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: passkeys: %w", err)
	}
	defer rows.Close()
	var out []Passkey
	for rows.Next() {
		k, err := scanPasskey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *k)
	}
	return out, rows.Err()
}

// PasskeyByID implements Passkeys.
func (p *Postgres) PasskeyByID(ctx context.Context, id []byte) (*Passkey, error) {
	return scanPasskey(p.pool.QueryRow(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE id = $1`, id))
}

// UsePasskey implements Passkeys: the count is compared in the update
// itself, under the row's lock, so two nodes cannot both pass one count.
func (p *Postgres) UsePasskey(ctx context.Context, id []byte, signCount uint32, credential []byte, now time.Time) error {
	tag, err := p.pool.Exec(ctx, `UPDATE passkeys SET sign_count = $1, credential = $2, used_at = $3
		WHERE id = $4 AND (sign_count < $1 OR (sign_count = 0 AND $1 = 0))`, int64(signCount), credential, now.UnixMilli(), id)
	if err != nil {
		return fmt.Errorf("store: use passkey: %w", err)
	}
	if tag.RowsAffected() > 0 {
		return nil
	}
	var exists bool
	if err := p.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM passkeys WHERE id = $1)`, id).Scan(&exists); err != nil {
		return fmt.Errorf("store: use passkey: %w", err)
	}
	if exists {
		return ErrSignCount
	}
	return ErrNotFound
}

// DeletePasskey implements Passkeys.
func (p *Postgres) DeletePasskey(ctx context.Context, userID int64, id []byte) error {
	tag, err := p.pool.Exec(ctx, `DELETE FROM passkeys WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return fmt.Errorf("store: delete passkey: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// PutChallenge implements Passkeys.
func (p *Postgres) PutChallenge(ctx context.Context, c Challenge, now time.Time) error {
	_, err := p.pool.Exec(ctx, `WITH gone AS (DELETE FROM passkey_challenges WHERE expires_at <= $6)
		INSERT INTO passkey_challenges (id, user_id, kind, data, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		c.ID, c.UserID, c.Kind, c.Data, c.Expires.UnixMilli(), now.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: put challenge: %w", err)
	}
	return nil
}

// TakeChallenge implements Passkeys: DELETE ... RETURNING, so of two nodes
// taking one challenge at once only one gets its row.
func (p *Postgres) TakeChallenge(ctx context.Context, id string, now time.Time) (*Challenge, error) {
	var c Challenge
	var expires int64
	err := p.pool.QueryRow(ctx, `DELETE FROM passkey_challenges WHERE id = $1 RETURNING id, user_id, kind, data, expires_at`, id).
		Scan(&c.ID, &c.UserID, &c.Kind, &c.Data, &expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: take challenge: %w", err)
	}
	c.Expires = time.UnixMilli(expires)
	if !c.Expires.After(now) {
		return nil, ErrNotFound
	}
	return &c, nil
}
