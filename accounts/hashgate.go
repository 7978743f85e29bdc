package accounts

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"
)

// HashWait is how long a sign-up or a log-in waits for its turn to hash
// a password: a person accepts a form that takes a second; past that they
// are better told to try again in a moment than left waiting.
const HashWait = time.Second

// ErrBusy is a sign-up or a log-in refused before its password was
// looked at: the server was hashing as many passwords as it may, for
// longer than HashWait.
var ErrBusy = errors.New("accounts: too many passwords being hashed at once")

// A HashGate bounds the passwords hashed at once. Each hash takes 19 MiB
// while it runs (argonMemory), and fifty log-ins at once took a server
// from 65 MB to 887 MB; as many at once as there are cores keeps the
// cores busy and the memory bounded, whatever comes.
type HashGate struct {
	slots chan struct{}
	wait  time.Duration
}

// NewHashGate lets slots hashes run at once (at least one), each try
// waiting at most wait for its turn.
func NewHashGate(slots int, wait time.Duration) *HashGate {
	return &HashGate{slots: make(chan struct{}, max(1, slots)), wait: wait}
}

// processGate is the gate of every Service that names none: one for the
// process, since the memory bounded is the process's.
var processGate = sync.OnceValue(func() *HashGate {
	return NewHashGate(runtime.GOMAXPROCS(0), HashWait)
})

// Do runs fn once a slot is free, and ErrBusy instead when none frees
// within the gate's wait, or ctx ends first (the client went away).
func (g *HashGate) Do(ctx context.Context, fn func()) error {
	select {
	case g.slots <- struct{}{}:
	default:
		timer := time.NewTimer(g.wait)
		defer timer.Stop()
		select {
		case g.slots <- struct{}{}:
		case <-timer.C:
			return ErrBusy
		case <-ctx.Done():
			return ErrBusy
		}
	}
	defer func() { <-g.slots }()
	fn()
	return nil
}
