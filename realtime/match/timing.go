package match

import (
	"time"

	"boardroom/realtime/vocab"
)

// Clock is where rooms read the time and set their game timers: the move
// clock, the wait for a first move and the wait before an absent player's
// game may be claimed (and the one that unloads a room left idle). Tests
// put a fake clock here to run those timings without sleeping.
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

// timings are a room's waits and delays: the rules' and the Config's
// (tests shorten them), with the defaults filled in.
type timings struct {
	// botDelay is the least time a computer takes per move against a
	// person, watchDelay between the moves of computer against computer
	// with no pace.
	botDelay, watchDelay time.Duration
	// moveBudget is a computer move's deadline (0: the engine's default).
	moveBudget time.Duration
	replayStep time.Duration
	idleUnload time.Duration
	// sleepAfter is idleUnload for a correspondence room (its sleep).
	sleepAfter time.Duration
	// unwatchedPause: computer against computer pauses after this long
	// with no page open.
	unwatchedPause time.Duration
	// contactPause bounds a clock stopped for a player the room cannot
	// hear.
	contactPause  time.Duration
	firstMoveWait time.Duration
	claimWait     time.Duration
	// paces and periods override the vocabulary's delays and periods.
	paces   map[vocab.Pace]time.Duration
	periods map[vocab.Clock]time.Duration
}

// Knobs are the waits and delays a registry may set (tests shorten them);
// a zero knob has its default.
type Knobs struct {
	// BotDelay is the least time a computer takes per move against a human
	// (default 300 ms), WatchDelay between moves of computer against
	// computer when the room has no pace (default 800 ms), so that people
	// can follow.
	BotDelay, WatchDelay time.Duration
	// MoveBudget is a computer move's deadline, waiting for a worker and
	// thinking together (0: the engine's default).
	MoveBudget time.Duration
	// ReplayStep is the pace of replay auto-play (default 800 ms).
	ReplayStep time.Duration
	// IdleUnload is how long a room with no connection stays in memory
	// (default 10 minutes).
	IdleUnload time.Duration
	// SleepAfter is how long a correspondence room with no connection
	// stays in memory (default 30 seconds): its game lasts days, its
	// deadline is the store's, and a page, a move or the deadline keeper
	// loads it again, so it sleeps in the store as soon as a reload or a
	// next page has had time to come back.
	SleepAfter time.Duration
	// UnwatchedPause is how long computer against computer plays on with
	// nobody watching before it pauses until someone looks (default 1
	// minute).
	UnwatchedPause time.Duration
	// ContactPause bounds how long a player's clock stands still while
	// the room cannot hear the pages of theirs elsewhere (default
	// ContactPauseMax).
	ContactPause time.Duration
	// FirstMoveWait and ClaimWait override the rules' waits (tests).
	FirstMoveWait, ClaimWait time.Duration
	// Paces overrides the delays of the computer-against-computer paces;
	// a pace missing here has its own Delay.
	Paces map[vocab.Pace]time.Duration
	// Periods overrides the move clocks' time per move; a clock missing
	// here has its own Period.
	Periods map[vocab.Clock]time.Duration
}

// timingsOf reads the knobs; a zero knob has its default.
func timingsOf(cfg Knobs) timings {
	or := func(d, def time.Duration) time.Duration {
		if d == 0 {
			return def
		}
		return d
	}
	return timings{
		botDelay:       or(cfg.BotDelay, 300*time.Millisecond),
		watchDelay:     or(cfg.WatchDelay, 800*time.Millisecond),
		moveBudget:     cfg.MoveBudget,
		replayStep:     or(cfg.ReplayStep, 800*time.Millisecond),
		idleUnload:     or(cfg.IdleUnload, 10*time.Minute),
		sleepAfter:     or(cfg.SleepAfter, 30*time.Second),
		unwatchedPause: or(cfg.UnwatchedPause, time.Minute),
		contactPause:   or(cfg.ContactPause, ContactPauseMax),
		firstMoveWait:  or(cfg.FirstMoveWait, FirstMoveWait),
		claimWait:      or(cfg.ClaimWait, ClaimWait),
		paces:          cfg.Paces,
		periods:        cfg.Periods,
	}
}

// period is the time per move of a move clock with days a move (a
// correspondence clock's), 0 for no clock. An override of a
// correspondence clock (tests) counts for each of its days.
func (t *timings) period(c vocab.Clock, days int) time.Duration {
	if d, ok := t.periods[c]; ok {
		if c.Correspondence() {
			return d * time.Duration(days)
		}
		return d
	}
	return c.PeriodOf(days)
}

// paceDelay is the least time between the moves of computer against
// computer at a pace (0: no pace).
func (t *timings) paceDelay(p vocab.Pace) time.Duration {
	if d, ok := t.paces[p]; ok {
		return d
	}
	return p.Delay()
}
