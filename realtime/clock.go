package realtime

import (
	"fmt"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
)

// The move clock is the server's: one timer per turn on the room's Clock.
// The page only animates the time left that it is sent.
//
// Like lichess, a room's clock waits for the game to start: it runs only
// while both seats are held, and each side's first move is not on the move
// clock. The first move has FirstMoveWait instead, after which the game is
// aborted (no result) rather than lost, so nobody loses a game they never
// began. Rooms with no clock have no waits at all: there the players may
// abort, or claim a game the opponent has left (lifecycle.go), which has a
// timer of its own here too.

// moveClock is the room's game timers: the move clock (or the wait for a
// first move) of the seats to move, and the wait before a claim.
type moveClock struct {
	setting vocab.Clock
	// period is the setting's time per move (0: no clock).
	period                   time.Duration
	firstMoveWait, claimWait time.Duration
	clock                    Clock

	// turnStarted is when the turn being played began.
	turnStarted time.Time
	deadline    time.Time // zero while the clock is not running
	// firstMove says the deadline is the wait for a first move.
	firstMove bool
	// gen tells the current timer from stale ones: each stop moves it on.
	gen            uint64
	stopTimer      func() bool // nil when no timer is set
	stopClaimTimer func() bool
}

func newMoveClock(setting vocab.Clock, clock Clock, t timings) moveClock {
	return moveClock{setting: setting, period: t.period(setting), firstMoveWait: t.firstMoveWait,
		claimWait: t.claimWait, clock: clock}
}

// enabled reports whether the room has a move clock at all.
func (c *moveClock) enabled() bool { return c.period > 0 }

// start runs the clock for wait (a period, or the wait for a first move);
// fire is called with the timer's generation when it runs out.
func (c *moveClock) start(wait time.Duration, firstMove bool, fire func(gen uint64)) {
	c.stop()
	c.deadline = c.clock.Now().Add(wait)
	c.firstMove = firstMove
	gen := c.gen
	c.stopTimer = c.clock.AfterFunc(wait, func() { fire(gen) })
}

// stop stops the clock; a timer already firing is then stale.
func (c *moveClock) stop() {
	if c.stopTimer != nil {
		c.stopTimer()
		c.stopTimer = nil
	}
	c.deadline = time.Time{}
	c.firstMove = false
	c.gen++
}

// running reports whether the clock is counting down.
func (c *moveClock) running() bool { return !c.deadline.IsZero() }

// remaining is the time left on the clock.
func (c *moveClock) remaining() time.Duration {
	if c.deadline.IsZero() {
		return 0
	}
	return max(c.deadline.Sub(c.clock.Now()), 0)
}

// label names the clock on the page ("Bullet · 10 s").
func (c *moveClock) label() string {
	return fmt.Sprintf("%s · %d s", c.setting.Name(), c.period/time.Second)
}

// claimAt sets the claim timer to call fire after wait (replacing any).
func (c *moveClock) claimAt(wait time.Duration, fire func()) {
	c.stopClaim()
	c.stopClaimTimer = c.clock.AfterFunc(max(wait, 0), fire)
}

func (c *moveClock) stopClaim() {
	if c.stopClaimTimer != nil {
		c.stopClaimTimer()
		c.stopClaimTimer = nil
	}
}

// timing says what the room's timer should time now: the move clock's
// period, or the wait for a first move (firstMove); ok is false when
// nothing runs.
func (r *Room) timing() (wait time.Duration, firstMove, ok bool) {
	if !r.clock.enabled() || r.over() || r.seats.waiting() {
		return 0, false, false
	}
	due := r.seats.due(r.state.ToMove())
	if len(due) == 0 {
		return 0, false, false
	}
	for _, p := range due {
		if !r.history.hasTurnOf(p) {
			return r.clock.firstMoveWait, true, true
		}
	}
	return r.clock.period, false, true
}

// startClock gives the seats to move a full period (a new turn, or a room
// brought back after a restart, which is the fair thing to do).
func (r *Room) startClock() {
	r.clock.stop()
	if wait, firstMove, ok := r.timing(); ok {
		r.clock.start(wait, firstMove, func(gen uint64) { r.sendLater(evTimeout{gen: gen}) })
	}
}

// timeout ends the game when its timer runs out: a first move not made
// aborts it; otherwise every human seat that had to move and did not loses
// (both, on a simultaneous turn: a draw).
func (r *Room) timeout(gen uint64) {
	if gen != r.clock.gen {
		return // a move or an undo won the race against the timer
	}
	_, firstMove, ok := r.timing()
	if !ok {
		return
	}
	late := r.seats.due(r.state.ToMove())
	names := r.g.Seats()
	if firstMove {
		var who []string
		for _, p := range late {
			if !r.history.hasTurnOf(p) {
				who = append(who, names[p])
			}
		}
		r.abort("Game aborted: " + strings.Join(who, " and ") + " did not make a first move in time")
		return
	}
	end := game.Draw("both ran out of time")
	if len(late) == 1 {
		end = game.Win(late[0].Other(), names[late[0]]+" ran out of time")
	}
	r.finish(end)
}
