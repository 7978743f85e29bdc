package realtime

import "time"

// Clock is where rooms read the time and set their game timers: the move
// clock, the wait for a first move and the wait before an absent player's
// game may be claimed. Tests put a fake clock here to run those timings
// without sleeping.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed. stop
	// cancels the call; it reports false if the call has already run or
	// been stopped.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// SystemClock is the real time.
type SystemClock struct{}

// Now implements Clock.
func (SystemClock) Now() time.Time { return time.Now() }

// AfterFunc implements Clock.
func (SystemClock) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	return time.AfterFunc(d, f).Stop
}

// Room timings the rules of a room fix (see docs/rules.md).
const (
	// FirstMoveWait is how long a player with a clock has for each side's
	// first move, which is not on the move clock; the game is aborted when
	// it passes.
	FirstMoveWait = 60 * time.Second
	// ClaimWait is how long the player to move in a game with no clock may
	// have no page open before the opponent may claim the game.
	ClaimWait = 60 * time.Second
)
