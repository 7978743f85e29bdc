// Package accounts is who the players are: usernames, passwords hashed
// with argon2id, and log-in sessions held by a random token whose hash
// alone is kept. It decides who may sign up and log in; the store
// (store.Accounts) keeps the accounts, and the web package draws the forms
// and sets the cookie. Everything works without an account: guests play as
// before.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"boardroom/secret"
	"boardroom/store"
)

// SessionLife is how long a log-in lasts.
const SessionLife = 30 * 24 * time.Hour

// Service signs players up and in.
type Service struct {
	Store store.Store
	// Now is the time (nil: the system's).
	Now func() time.Time
	// Hashing bounds the passwords hashed at once (nil: the process's
	// gate, as many as GOMAXPROCS, each waiting at most HashWait).
	Hashing *HashGate
}

// A Problem is input refused, in words for the form: Field names the
// field ("username", "password").
type Problem struct{ Field, Text string }

func (p *Problem) Error() string { return p.Text }

// ErrBadLogin is a log-in refused: no such name, or the wrong password
// (which of the two is not said).
var ErrBadLogin = errors.New("the username or the password is wrong")

// hashing runs fn, which hashes a password, under the service's gate:
// ErrBusy when it could not start in time.
func (s *Service) hashing(ctx context.Context, fn func()) error {
	if s.Hashing != nil {
		return s.Hashing.Do(ctx, fn)
	}
	return processGate().Do(ctx, fn)
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// SignUp makes an account; a *Problem when the name or the password is
// refused (a name taken among them), ErrBusy when the server is hashing
// too many passwords to hash this one soon.
func (s *Service) SignUp(ctx context.Context, name, password string) (*store.User, error) {
	key, problem := NameKey(name)
	if problem == "" {
		problem = reservedProblem(key)
	}
	if problem != "" {
		return nil, &Problem{"username", problem}
	}
	if problem := PasswordProblem(password); problem != "" {
		return nil, &Problem{"password", problem}
	}
	var hash string
	var err error
	if busy := s.hashing(ctx, func() { hash, err = Hash(password) }); busy != nil {
		return nil, busy
	}
	if err != nil {
		return nil, err
	}
	u := &store.User{Name: name, Key: key, PasswordHash: hash, Created: s.now()}
	if err := s.Store.CreateUser(ctx, u); err != nil {
		if errors.Is(err, store.ErrTaken) {
			return nil, &Problem{"username", "That username is taken; choose another."}
		}
		return nil, err
	}
	return u, nil
}

// dummyHash is verified against when the name is unknown, so that a
// log-in takes as long whether the name exists or not.
var dummyHash = sync.OnceValue(func() string {
	h, _ := Hash("no password is this one")
	return h
})

// LogIn checks a name (in any case) and its password: ErrBadLogin when
// either is wrong, ErrBusy when the server is hashing too many passwords
// to check this one soon.
func (s *Service) LogIn(ctx context.Context, name, password string) (*store.User, error) {
	key, problem := NameKey(name)
	if problem != "" || len(password) > MaxPassword {
		return nil, ErrBadLogin
	}
	u, err := s.Store.UserByKey(ctx, key)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	// A bot's account has no password: nobody logs in as it (bots.go).
	known := err == nil && u.PasswordHash != ""
	right := false
	busy := s.hashing(ctx, func() {
		if known {
			right = Verify(u.PasswordHash, password)
		} else {
			Verify(dummyHash(), password) // as long as a wrong password takes
		}
	})
	if busy != nil {
		return nil, busy
	}
	if !right {
		return nil, ErrBadLogin
	}
	return u, nil
}

// Player is the account named name, in any case; store.ErrNotFound when
// there is none (or the name could not be one).
func (s *Service) Player(ctx context.Context, name string) (*store.User, error) {
	key := lookupKey(name)
	if key == "" {
		return nil, store.ErrNotFound
	}
	return s.Store.UserByKey(ctx, key)
}

// Start begins a session of u from device (its browser) at addr, and
// returns its token, for the cookie.
func (s *Service) Start(ctx context.Context, u *store.User, device, addr string) (string, error) {
	token := secret.New()
	now := s.now()
	if len(device) > 200 {
		device = device[:200]
	}
	err := s.Store.CreateSession(ctx, store.Session{Hash: secret.Hash(token), UserID: u.ID, Created: now, Seen: now,
		Expires: now.Add(SessionLife), Device: device, Addr: addr})
	if err != nil {
		return "", fmt.Errorf("accounts: session: %w", err)
	}
	return token, nil
}

// User is the user of a session token; store.ErrNotFound when it is not
// (any more) a session.
func (s *Service) User(ctx context.Context, token string) (*store.User, error) {
	if token == "" || len(token) > 100 {
		return nil, store.ErrNotFound
	}
	return s.Store.SessionUser(ctx, secret.Hash(token), s.now())
}

// End ends the session of token (log out).
func (s *Service) End(ctx context.Context, token string) error {
	return s.Store.DeleteSession(ctx, secret.Hash(token))
}

// EndAll ends every session of u (log out everywhere).
func (s *Service) EndAll(ctx context.Context, u *store.User) error {
	return s.Store.DeleteSessions(ctx, u.ID)
}

// Sessions lists u's sessions, newest first.
func (s *Service) Sessions(ctx context.Context, u *store.User) ([]store.Session, error) {
	return s.Store.Sessions(ctx, u.ID, s.now())
}

// SessionID is how the account page names one of a player's sessions in
// its forms: the start of its hash, enough to tell a player's few
// sessions apart. It is looked up only among the player's own sessions
// (EndSession), so that naming another's ends nothing.
func SessionID(hash string) string { return hash[:min(len(hash), 16)] }

// EndSession ends u's session named id (SessionID) and returns it;
// store.ErrNotFound when u has no such session.
func (s *Service) EndSession(ctx context.Context, u *store.User, id string) (store.Session, error) {
	list, err := s.Sessions(ctx, u)
	if err != nil {
		return store.Session{}, err
	}
	for _, ss := range list {
		if id != "" && SessionID(ss.Hash) == id {
			return ss, s.Store.DeleteSession(ctx, ss.Hash)
		}
	}
	return store.Session{}, store.ErrNotFound
}

// EndOthers ends every session of u but the one whose hash is keep, and
// returns the hashes it ended (whose sockets are to close).
func (s *Service) EndOthers(ctx context.Context, u *store.User, keep string) ([]string, error) {
	list, err := s.Sessions(ctx, u)
	if err != nil {
		return nil, err
	}
	var ended []string
	for _, ss := range list {
		if ss.Hash == keep {
			continue
		}
		if err := s.Store.DeleteSession(ctx, ss.Hash); err != nil {
			return ended, err
		}
		ended = append(ended, ss.Hash)
	}
	return ended, nil
}

// ErrIsBot refuses a password to a bot's account: nobody logs in as a bot
// (bots.go), which plays with its token.
var ErrIsBot = errors.New("accounts: a bot has no password")

// ChangePassword gives u the password next, once current is its password
// now: ErrBadLogin when it is not (checked as a log-in checks it, under
// the same gate, so that the form guesses no faster than the log-in
// page), a *Problem when next is refused, ErrBusy when the server is
// hashing too many passwords. An account with no password (none today
// but a bot's; one made with a passkey alone would be another) has no
// current one to ask: it sets one on the strength of the live session
// asking, and a bot never gets one (ErrIsBot).
func (s *Service) ChangePassword(ctx context.Context, u *store.User, current, next string) error {
	if u.PasswordHash == "" {
		if _, err := s.Bot(ctx, u.Name); err == nil {
			return ErrIsBot
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	if problem := PasswordProblem(next); problem != "" {
		return &Problem{"new-password", problem}
	}
	right := u.PasswordHash == ""
	var hash string
	var err error
	busy := s.hashing(ctx, func() {
		if !right {
			if right = len(current) <= MaxPassword && Verify(u.PasswordHash, current); !right {
				return
			}
		}
		hash, err = Hash(next)
	})
	switch {
	case busy != nil:
		return busy
	case !right:
		return ErrBadLogin
	case err != nil:
		return err
	}
	if err := s.Store.SetPasswordHash(ctx, u.ID, hash); err != nil {
		return err
	}
	u.PasswordHash = hash
	return nil
}
