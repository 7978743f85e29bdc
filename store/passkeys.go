package store

import (
	"context"
	"errors"
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
