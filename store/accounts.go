package store

import (
	"context"
	"errors"
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
