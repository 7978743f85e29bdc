package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Passkeys keeps the accounts' passkeys (WebAuthn credentials) and the
// challenges of the passkey ceremonies under way. Package accounts checks
// the passkeys (with go-webauthn); this only keeps what it needs. Both
// stores implement it, in the rooms' database, so that in a cluster a
// ceremony begun on one node can be finished on any other.
type Passkeys interface {
	// PasskeyHandle is the user's WebAuthn user handle: the opaque bytes a
	// passkey gives back at a log-in to name its account. The first call
	// for a user stores fresh (random bytes) and returns it; later calls
	// return the stored handle, whatever fresh is.
	PasskeyHandle(ctx context.Context, userID int64, fresh []byte) ([]byte, error)
	// UserByPasskeyHandle is the user whose handle is handle; ErrNotFound
	// when there is none.
	UserByPasskeyHandle(ctx context.Context, handle []byte) (*User, error)
	// AddPasskey stores a new passkey; ErrTaken when its credential ID is
	// held already.
	AddPasskey(ctx context.Context, p Passkey) error
	// Passkeys lists a user's passkeys, oldest first.
	Passkeys(ctx context.Context, userID int64) ([]Passkey, error)
	// PasskeyByID is the passkey whose credential ID is id; ErrNotFound
	// when there is none.
	PasskeyByID(ctx context.Context, id []byte) (*Passkey, error)
	// UsePasskey records a log-in with the passkey id: its sign count
	// becomes signCount, its record credential and its last use now. The
	// count must go up (or stay 0 where it always was, for the passkeys
	// that keep none): ErrSignCount otherwise, and nothing changes, so two
	// log-ins with one count (a cloned passkey, a replay) cannot both
	// pass, even on two nodes at once. ErrNotFound when it is gone.
	UsePasskey(ctx context.Context, id []byte, signCount uint32, credential []byte, now time.Time) error
	// DeletePasskey removes the passkey id of a user; ErrNotFound when that
	// user has no such passkey.
	DeletePasskey(ctx context.Context, userID int64, id []byte) error
	// PutChallenge stores the challenge of a ceremony begun, and forgets
	// the challenges expired at now.
	PutChallenge(ctx context.Context, c Challenge, now time.Time) error
	// TakeChallenge removes the challenge id and returns it, in one step: a
	// challenge is taken once, whoever asks at the same time. ErrNotFound
	// when there is none (never made, taken already) or it expired at now.
	TakeChallenge(ctx context.Context, id string, now time.Time) (*Challenge, error)
}

// Passkey is one WebAuthn credential of an account.
type Passkey struct {
	// ID is the credential ID the authenticator chose (unique).
	ID     []byte
	UserID int64
	// RPID is the relying party (the site's host name) it was made for.
	RPID string
	// Name says what it is on the account page: the browser it was made
	// in, in words ("Chrome on Linux").
	Name string
	// Credential is the rest of the credential's record as the accounts
	// package encodes it (its public key, flags, attestation): the store
	// does not read it.
	Credential []byte
	// SignCount is the authenticator's signature counter at its last use
	// (0 for the passkeys that keep none).
	SignCount uint32
	Created   time.Time
	// Used is its last log-in (zero: never).
	Used time.Time
}

// Challenge is a passkey ceremony under way: what its finish needs.
type Challenge struct {
	// ID is the random name the browser holds (a cookie) until it finishes.
	ID string
	// UserID is the user adding a passkey (0 for a log-in).
	UserID int64
	// Kind is the ceremony ("register", "login").
	Kind string
	// Data is the ceremony's session as the accounts package encodes it
	// (the challenge itself, the relying party, what was asked).
	Data    []byte
	Expires time.Time
}

// ErrSignCount says a passkey's sign count did not go up.
var ErrSignCount = errors.New("store: the passkey's sign count did not go up")

// passkeyTables are the passkeys' tables, for both engines (schema.go): each
// user's handle, the passkeys, and the challenges of the ceremonies under
// way (a handful at a time: each lives five minutes).
const passkeyTables = `CREATE TABLE IF NOT EXISTS passkey_users (
	user_id {bigint} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
	handle  {bytes} NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS passkeys (
	id         {bytes} PRIMARY KEY,
	user_id    {bigint} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	rp_id      {text} NOT NULL,
	name       {text} NOT NULL,
	credential {bytes} NOT NULL,
	sign_count {bigint} NOT NULL,
	created_at {bigint} NOT NULL,
	used_at    {bigint} NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS passkeys_user ON passkeys(user_id, created_at);
CREATE TABLE IF NOT EXISTS passkey_challenges (
	id         {text} PRIMARY KEY,
	user_id    {bigint} NOT NULL,
	kind       {text} NOT NULL,
	data       {bytes} NOT NULL,
	expires_at {bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS passkey_challenges_expiry ON passkey_challenges(expires_at);`

// PasskeyHandle implements Passkeys.
func (st *base) PasskeyHandle(ctx context.Context, userID int64, fresh []byte) ([]byte, error) {
	var handle []byte
	err := st.e.writeTx(ctx, func(tx txn) error {
		if _, err := tx.Exec(`INSERT INTO passkey_users (user_id, handle) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, userID, fresh); err != nil {
			return err
		}
		return tx.QueryRow(`SELECT handle FROM passkey_users WHERE user_id = $1`, userID).Scan(&handle)
	})
	if err != nil {
		return nil, fmt.Errorf("store: passkey handle: %w", err)
	}
	return handle, nil
}

// UserByPasskeyHandle implements Passkeys.
func (st *base) UserByPasskeyHandle(ctx context.Context, handle []byte) (*User, error) {
	return one(st.db.QueryRowContext(ctx, `SELECT `+userColumns+`
		FROM passkey_users p JOIN users u ON u.id = p.user_id WHERE p.handle = $1`, handle), "user", scanUser())
}

// AddPasskey implements Passkeys.
func (st *base) AddPasskey(ctx context.Context, p Passkey) error {
	_, err := st.e.exec(ctx, `INSERT INTO passkeys (id, user_id, rp_id, name, credential, sign_count, created_at, used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		p.ID, p.UserID, p.RPID, p.Name, p.Credential, int64(p.SignCount), p.Created.UnixMilli(), millisOrZero(p.Used))
	if st.e.unique(err, "") {
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
func (st *base) Passkeys(ctx context.Context, userID int64) ([]Passkey, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`, userID)
	return collect(rows, err, "passkeys", scanPasskey)
}

// PasskeyByID implements Passkeys.
func (st *base) PasskeyByID(ctx context.Context, id []byte) (*Passkey, error) {
	return one(st.db.QueryRowContext(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE id = $1`, id), "passkey", scanPasskey)
}

// UsePasskey implements Passkeys: the count is compared in the update
// itself, so that it holds whatever else writes.
func (st *base) UsePasskey(ctx context.Context, id []byte, signCount uint32, credential []byte, now time.Time) error {
	var changed, exists bool
	err := st.e.writeTx(ctx, func(tx txn) error {
		changed, exists = false, false // a batch that failed is run again
		res, err := tx.Exec(`UPDATE passkeys SET sign_count = $1, credential = $2, used_at = $3
			WHERE id = $4 AND (sign_count < $5 OR (sign_count = 0 AND $6 = 0))`,
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
		return tx.QueryRow(`SELECT EXISTS (SELECT 1 FROM passkeys WHERE id = $1)`, id).Scan(&exists)
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
func (st *base) DeletePasskey(ctx context.Context, userID int64, id []byte) error {
	res, err := st.e.exec(ctx, `DELETE FROM passkeys WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return fmt.Errorf("store: delete passkey: %w", err)
	}
	return affected(res, nil, ErrNotFound)
}

// PutChallenge implements Passkeys.
func (st *base) PutChallenge(ctx context.Context, c Challenge, now time.Time) error {
	err := st.e.writeTx(ctx, func(tx txn) error {
		if _, err := tx.Exec(`DELETE FROM passkey_challenges WHERE expires_at <= $1`, now.UnixMilli()); err != nil {
			return err
		}
		_, err := tx.Exec(`INSERT INTO passkey_challenges (id, user_id, kind, data, expires_at) VALUES ($1, $2, $3, $4, $5)`,
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
func (st *base) TakeChallenge(ctx context.Context, id string, now time.Time) (*Challenge, error) {
	var c *Challenge
	err := st.e.writeTx(ctx, func(tx txn) error {
		c = nil // a batch that failed is run again
		var got Challenge
		var expires int64
		err := tx.QueryRow(`DELETE FROM passkey_challenges WHERE id = $1 RETURNING id, user_id, kind, data, expires_at`, id).
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
func scanPasskey(r row) (p Passkey, err error) {
	var count, created, used int64
	err = r.Scan(&p.ID, &p.UserID, &p.RPID, &p.Name, &p.Credential, &count, &created, &used)
	p.SignCount, p.Created = uint32(count), time.UnixMilli(created)
	if used != 0 {
		p.Used = time.UnixMilli(used)
	}
	return p, err
}
