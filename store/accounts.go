package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Accounts keeps the players who signed up and their log-in sessions
// (package accounts decides who may; this only keeps). Both stores
// implement it, in the rooms' database.
type Accounts interface {
	// CreateUser stores a new account and sets its ID; ErrTaken when the
	// name's key is held already.
	CreateUser(ctx context.Context, u *User) error
	// UserByKey is the account whose name's key (its lower case) is key;
	// ErrNotFound when there is none.
	UserByKey(ctx context.Context, key string) (*User, error)
	// CreateSession stores a session of a user.
	CreateSession(ctx context.Context, s Session) error
	// SessionUser is the user of the session whose token hashes to hash,
	// if it has not expired at now; its last use becomes now. ErrNotFound
	// otherwise.
	SessionUser(ctx context.Context, hash string, now time.Time) (*User, error)
	// Sessions lists a user's sessions not expired at now, newest first.
	Sessions(ctx context.Context, userID int64, now time.Time) ([]Session, error)
	// DeleteSession ends one session (nothing when it has gone already).
	DeleteSession(ctx context.Context, hash string) error
	// DeleteSessions ends every session of a user.
	DeleteSessions(ctx context.Context, userID int64) error
	// SetPasswordHash replaces a user's password hash; ErrNotFound when
	// there is no such user.
	SetPasswordHash(ctx context.Context, userID int64, hash string) error
}

// User is an account.
type User struct {
	ID int64
	// Name is the username as it was chosen; Key its lower case, unique.
	Name, Key string
	// PasswordHash is the password's argon2id hash in its PHC form.
	PasswordHash string
	Created      time.Time
}

// Session is one log-in: only its token's hash is kept.
type Session struct {
	Hash    string
	UserID  int64
	Created time.Time
	// Seen is when it was last used; it ends at Expires.
	Seen, Expires time.Time
	// Device and Addr say where from: the browser's User-Agent and the
	// client's address when it logged in.
	Device, Addr string
}

// ErrTaken says a username is held already.
var ErrTaken = errors.New("store: the name is taken")

// accountTables are the accounts' tables, for both engines (schema.go).
const accountTables = `CREATE TABLE IF NOT EXISTS users (
	id            {serial},
	name          {text} NOT NULL,
	key           {text} NOT NULL UNIQUE,
	password_hash {text} NOT NULL,
	created_at    {bigint} NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
	hash       {text} PRIMARY KEY,
	user_id    {bigint} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	created_at {bigint} NOT NULL,
	seen_at    {bigint} NOT NULL,
	expires_at {bigint} NOT NULL,
	device     {text} NOT NULL,
	addr       {text} NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id, created_at);`

// CreateUser implements Accounts.
func (st *base) CreateUser(ctx context.Context, u *User) error {
	err := st.e.writeTx(ctx, func(tx txn) error {
		return tx.QueryRow(`INSERT INTO users (name, key, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
			u.Name, u.Key, u.PasswordHash, u.Created.UnixMilli()).Scan(&u.ID)
	})
	if st.e.unique(err, "") {
		return fmt.Errorf("%w: %q", ErrTaken, u.Name)
	}
	if err != nil {
		return fmt.Errorf("store: create user: %w", err)
	}
	return nil
}

// UserByKey implements Accounts.
func (st *base) UserByKey(ctx context.Context, key string) (*User, error) {
	return one(st.db.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE key = $1`, key), "user", scanUser())
}

// CreateSession implements Accounts.
func (st *base) CreateSession(ctx context.Context, s Session) error {
	_, err := st.e.exec(ctx, `INSERT INTO sessions (hash, user_id, created_at, seen_at, expires_at, device, addr) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		s.Hash, s.UserID, s.Created.UnixMilli(), s.Seen.UnixMilli(), s.Expires.UnixMilli(), s.Device, s.Addr)
	if err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// SessionUser implements Accounts. The last use is written only when it
// moved on by a minute: a page's every request must not be a write.
func (st *base) SessionUser(ctx context.Context, hash string, now time.Time) (*User, error) {
	var seen int64
	u, err := one(st.db.QueryRowContext(ctx, `SELECT `+userColumns+`, s.seen_at
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.hash = $1 AND s.expires_at > $2`, hash, now.UnixMilli()),
		"user", scanUser(&seen))
	if err != nil {
		return nil, err
	}
	if now.UnixMilli()-seen >= time.Minute.Milliseconds() {
		if _, err := st.e.exec(ctx, `UPDATE sessions SET seen_at = $1 WHERE hash = $2`, now.UnixMilli(), hash); err != nil {
			return nil, fmt.Errorf("store: session seen: %w", err)
		}
	}
	return u, nil
}

// Sessions implements Accounts.
func (st *base) Sessions(ctx context.Context, userID int64, now time.Time) ([]Session, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT hash, user_id, created_at, seen_at, expires_at, device, addr FROM sessions
		WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC, hash`, userID, now.UnixMilli())
	return collect(rows, err, "sessions", func(r row) (s Session, err error) {
		var created, seen, expires int64
		err = r.Scan(&s.Hash, &s.UserID, &created, &seen, &expires, &s.Device, &s.Addr)
		s.Created, s.Seen, s.Expires = time.UnixMilli(created), time.UnixMilli(seen), time.UnixMilli(expires)
		return s, err
	})
}

// DeleteSession implements Accounts.
func (st *base) DeleteSession(ctx context.Context, hash string) error {
	if _, err := st.e.exec(ctx, `DELETE FROM sessions WHERE hash = $1`, hash); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// DeleteSessions implements Accounts.
func (st *base) DeleteSessions(ctx context.Context, userID int64) error {
	if _, err := st.e.exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("store: delete sessions: %w", err)
	}
	return nil
}

// SetPasswordHash implements Accounts.
func (st *base) SetPasswordHash(ctx context.Context, userID int64, hash string) error {
	res, err := st.e.exec(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, hash, userID)
	if err != nil {
		return fmt.Errorf("store: set password: %w", err)
	}
	return affected(res, nil, ErrNotFound)
}

// userColumns are a user's columns (u: users), in scanUser's order.
const userColumns = `u.id, u.name, u.key, u.password_hash, u.created_at`

// scanUser reads a row of userColumns (and more columns into more).
func scanUser(more ...any) func(row) (User, error) {
	return func(r row) (u User, err error) {
		var created int64
		err = r.Scan(append([]any{&u.ID, &u.Name, &u.Key, &u.PasswordHash, &created}, more...)...)
		u.Created = time.UnixMilli(created)
		return u, err
	}
}
