package match

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/vacation"
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
//
// A turn's clock runs from its start, its base: the move that began the
// turn (the stored turn's At), or the moment a seat was taken, the log
// changed (undo, redo, load, new game), a rematch began or the room was
// made, which the store records (SetClockFrom; a move clears it, so moves
// cost no extra write). The clock stands still while nobody runs the
// room: a room that stops with its clock running records when
// (SetClockStopped: a shutdown, a hand-over to another node, an unload),
// and a room that died did not, so the time it stopped is the last moment
// it is known to have run: its last write (the store's changed time), or,
// taken over in a cluster, its dead owner's last heartbeat, whichever is
// later. Both are before the real end, so a crash gives the player to move
// back the time between then and the crash, never takes time away. When
// the room runs again, its clock resumes with what was left, period −
// (stopped − base), and records the base that leaves (now − (stopped −
// base)), so that a later stop counts from there.

// moveClock is the room's game timers: the move clock (or the wait for a
// first move) of the seats to move, and the wait before a claim.
type moveClock struct {
	setting vocab.Clock
	// days are a correspondence clock's days a move (0 for the others).
	days int
	// period is the setting's time per move (0: no clock).
	period                   time.Duration
	firstMoveWait, claimWait time.Duration
	clock                    Clock

	// turnStarted is when the turn being played began.
	turnStarted time.Time
	deadline    time.Time // zero while the clock is not running
	// from and wait are what the running clock times: wait from from.
	from time.Time
	wait time.Duration
	// away are the vacations of the players to move, through which a
	// correspondence clock stands still (vacation.go); nil otherwise.
	away []vacation.Span
	// firstMove says the deadline is the wait for a first move.
	firstMove bool
	// gen tells the current timer from stale ones: each stop moves it on.
	gen            uint64
	stopTimer      func() bool // nil when no timer is set
	stopClaimTimer func() bool

	// mark is where the clock stood when the room was made, read once
	// when the room starts running (resumeClock).
	mark clockMark
	// storedDue is the deadline the store has for a correspondence room
	// (deadline.go), so that only a change is written.
	storedDue store.Due

	// paused is set while the clock stands still because the room lost
	// contact with the node holding the page of the player to move
	// (contactLost); nil otherwise.
	paused *clockPause
	// pauseSpent marks the seats whose pause ran its whole bound this
	// turn: their clock runs on, and they may lose on time as a player who
	// left would.
	pauseSpent [2]bool
}

// ContactPauseMax bounds how long a player's clock stands still while the
// room has lost contact with the node that holds their page: after it the
// clock runs again with the time that was left, as if they were away.
const ContactPauseMax = 2 * time.Minute

// clockPause is a move clock stopped for a player the room cannot hear.
type clockPause struct {
	seat game.Player   // the player's seat
	name string        // their seat's holder, for the page
	left time.Duration // the time they had when contact was last known
	// stopBound stops the timer that ends the pause at ContactPauseMax.
	stopBound func() bool
}

// clockMark is where a room's clock stood when the room was made: when
// the turn being played began and, for a room loaded from the store, when
// the room stopped running.
type clockMark struct {
	// from is the turn's base: the stored start, else the last turn's
	// time, else the room's creation.
	from time.Time
	// stopped is when the room stopped running: zero for a room just
	// created, whose clock has run since from.
	stopped time.Time
	// frozen says stopped was recorded by a clean stop (not guessed
	// after a crash); the store keeps it until the clock runs again.
	frozen bool
	// stored is the start as the store has it (zero: the last turn's).
	stored time.Time
}

// loadedMark is where the clock of a stored room stood when the room
// stopped.
func loadedMark(rec *store.Room) clockMark {
	m := clockMark{from: rec.ClockFrom, stored: rec.ClockFrom, stopped: rec.ClockStopped, frozen: !rec.ClockStopped.IsZero()}
	if m.from.IsZero() && len(rec.Turns) > 0 {
		m.from = rec.Turns[len(rec.Turns)-1].At
	}
	if m.from.IsZero() {
		m.from = rec.Created // a room made before clock starts were recorded
	}
	if !m.frozen { // it died: it ran at least until its last write
		m.stopped = latest(rec.Updated, m.from)
	}
	return m
}

// ranUntil says the room is known to have run until at (its dead owner's
// last heartbeat), unless its stop was recorded.
func (m *clockMark) ranUntil(at time.Time) {
	if !m.frozen {
		m.stopped = latest(m.stopped, at)
	}
}

func latest(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// newMoveClock is the clock of a room on setting. A correspondence clock
// gives the first move its whole period too: a player away for a day must
// not see their game aborted within a minute.
func newMoveClock(setting vocab.Clock, days int, clock Clock, t timings) moveClock {
	c := moveClock{setting: setting, days: days, period: t.period(setting, days), firstMoveWait: t.firstMoveWait,
		claimWait: t.claimWait, clock: clock}
	if setting.Correspondence() && c.period > 0 {
		c.firstMoveWait = c.period
	}
	return c
}

// correspondence reports whether the clock runs by the wall clock, across
// days, whether or not the room runs (deadline.go).
func (c *moveClock) correspondence() bool { return c.setting.Correspondence() }

// enabled reports whether the room has a move clock at all.
func (c *moveClock) enabled() bool { return c.period > 0 }

// start runs the clock for wait (a period, or the wait for a first move)
// from from, standing still through the vacations away; fire is called
// with the timer's generation when it runs out (at once if it has).
func (c *moveClock) start(from time.Time, wait time.Duration, firstMove bool, fire func(gen uint64)) {
	c.stop()
	c.deadline = vacation.Deadline(from, wait, c.away)
	c.from, c.wait = from, wait
	c.firstMove = firstMove
	gen := c.gen
	left := max(c.deadline.Sub(c.clock.Now()), 0)
	if len(c.away) == 0 {
		left = min(left, wait)
	}
	c.stopTimer = c.clock.AfterFunc(left, func() { fire(gen) })
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
	if len(c.away) > 0 {
		return vacation.Left(c.from, c.wait, c.away, c.clock.Now())
	}
	return max(c.deadline.Sub(c.clock.Now()), 0)
}

// label names the clock on the page ("Bullet · 10 s", "Correspondence ·
// 3 days").
func (c *moveClock) label() string {
	if c.correspondence() {
		return c.setting.Name() + " · " + vocab.DaysLabel(c.days)
	}
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
// nothing runs. A rated game with no clock has the wait for a first move
// too: a game nobody began must end, or it would hold its players' ratings
// (and a house game the computer's few slots) for ever.
func (r *Room) timing() (wait time.Duration, firstMove, ok bool) {
	if !r.firstMoveTimed() || r.over() || r.seats.waiting() {
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
	if !r.clock.enabled() {
		return 0, false, false
	}
	return r.periodOf(due), false, true
}

// firstMoveTimed says the room's first moves are timed: it has a move
// clock, or it is rated.
func (r *Room) firstMoveTimed() bool { return r.clock.enabled() || r.ratings.rated }

// startClock runs the clock of the seats to move from from: the period (or
// the wait for a first move) counted from then.
func (r *Room) startClock(from time.Time) {
	r.endPause()
	r.clock.pauseSpent = [2]bool{}
	r.clock.stop()
	r.clock.turnStarted = from
	r.clock.away = nil
	if r.clock.correspondence() {
		r.readVacations(false) // when a seat's account changed
		r.clock.away = r.awayOf(r.seats.due(r.state.ToMove()))
	}
	if wait, firstMove, ok := r.timing(); ok {
		r.clock.start(from, wait, firstMove, func(gen uint64) { r.sendLater(evTimeout{gen: gen}) })
	}
	r.recordDue()
}

// recordClockFrom stores that the running clock started at from, a moment
// the log does not tell (a seat taken, an undo, a rematch, a resumed
// clock). Nothing else depends on it, so a failed write is only logged:
// after a restart the clock would resume from the last turn instead.
func (r *Room) recordClockFrom(from time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.deps.Store.SetClockFrom(ctx, r.id, from); err != nil {
		r.deps.Log.Warn("clock start not stored", "room", r.id, "err", err)
	}
}

// resumeClock starts the clock of a room that begins to run where it
// stood when the room was made: a new room's runs from its creation, a
// loaded room's resumes with the time that was left when the room
// stopped, period − (stopped − from), at least nothing and at most the
// period. The new base is stored when it differs from the stored one,
// which also clears a recorded stop.
func (r *Room) resumeClock() {
	m, now := r.clock.mark, r.deps.Clock.Now()
	elapsed := now.Sub(m.from)
	if !m.stopped.IsZero() && !r.clock.correspondence() { // days run on while no node runs the room
		elapsed = m.stopped.Sub(m.from) // the clock stood still since
	}
	from := now.Add(-max(elapsed, 0))
	r.startClock(from)
	switch {
	case r.clock.running() && from.UnixMilli() != m.stored.UnixMilli():
		r.recordClockFrom(from)
	case !r.clock.running() && m.frozen:
		r.recordClockFrom(time.Time{}) // the stop is past
	}
}

// freezeClock records, as the room stops with its clock running, when the
// clock stopped: it stands still until the room runs again. A clock that
// stands still for a player the room cannot hear (contactLost) is recorded
// as one that stopped with the time they had then, so that wherever the
// room runs next it resumes with that time, not with what the pause
// would have cost them.
func (r *Room) freezeClock() {
	if r.clock.correspondence() {
		return // it never stands still: its deadline is in the store
	}
	now := r.deps.Clock.Now()
	if p := r.clock.paused; p != nil {
		if wait, _, ok := r.timing(); ok {
			r.recordClockFrom(now.Add(p.left - wait))
		}
	} else if !r.clock.running() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.deps.Store.SetClockStopped(ctx, r.id, now); err != nil {
		r.deps.Log.Warn("clock stop not stored", "room", r.id, "err", err)
	}
}

// ranOutOfTime ends the reason of a game lost on time (also as stored,
// which the clock of a finished game reads).
const ranOutOfTime = "ran out of time"

// timeout ends the game when its timer runs out: a first move not made
// aborts it; otherwise every human seat that had to move and did not loses
// (both, on a simultaneous turn: a draw). A player whose pages are all on
// a node the room has not heard from lately does not lose: the site could
// not carry their move, and their clock stops instead (contactLost).
func (r *Room) timeout(gen uint64) {
	if gen != r.clock.gen {
		return // a move or an undo won the race against the timer
	}
	if r.vacationMovedDeadline() {
		return // a mover went on vacation: their clock stood still
	}
	_, firstMove, ok := r.timing()
	if !ok {
		return
	}
	late := r.seats.due(r.state.ToMove())
	for _, p := range late {
		if since, cut := r.unheard(p); cut && r.contactLost(p, since) {
			return
		}
	}
	names := r.g.Seats()
	if firstMove {
		var who []string
		by := game.NoPlayer
		for _, p := range late {
			if !r.history.hasTurnOf(p) {
				who = append(who, names[p])
				by = p
			}
		}
		if len(who) != 1 {
			by = game.NoPlayer
		}
		r.abort("Game aborted: "+strings.Join(who, " and ")+" did not make a first move in time", by)
		return
	}
	end := game.Draw("both " + ranOutOfTime)
	if len(late) == 1 {
		end = game.Win(late[0].Other(), names[late[0]]+" "+ranOutOfTime)
	}
	r.finish(end)
}

// contactLost stops the clock of the player of seat p, whose pages were on a
// node the room has not heard from since since, when they are to move: it
// stands still, with the time they had then, until a page of theirs is
// back (contactBack) or for ContactPauseMax, after which it runs on. It
// reports whether it stopped the clock (not when the player is not to
// move, or their pause this turn is spent, or the clock is a
// correspondence one: a player with days a move had days to reach the
// site, and a node lost in its last minutes stops nothing).
func (r *Room) contactLost(p game.Player, since time.Time) bool {
	if r.clock.correspondence() || !r.clock.running() || r.clock.paused != nil || r.clock.pauseSpent[p] || !slices.Contains(r.seats.due(r.state.ToMove()), p) {
		return false
	}
	name := r.seats.name(p)
	wait, _, _ := r.timing()
	left := min(max(r.clock.deadline.Sub(since), 0), wait)
	r.clock.stop()
	pause := &clockPause{seat: p, name: name, left: left}
	pause.stopBound = r.deps.Clock.AfterFunc(r.deps.timings.contactPause, func() {
		r.sendLater(evFunc{f: func(r *Room) {
			if r.clock.paused == pause {
				r.deps.Log.Info("clock runs again: contact not back in time", "room", r.id)
				r.contactBack(p)
				r.clock.pauseSpent[p] = true
			}
		}})
	})
	r.clock.paused = pause
	r.deps.Log.Warn("clock stopped: lost contact with a player's node", "room", r.id, "left", left)
	r.version++
	r.broadcast()
	return true
}

// contactBack runs the clock stopped by contactLost again, with the time
// the player had: a page of theirs is back, or the pause ran out.
func (r *Room) contactBack(p game.Player) {
	pause := r.clock.paused
	if pause == nil || pause.seat != p {
		return
	}
	r.endPause()
	wait, firstMove, ok := r.timing()
	if !ok {
		return
	}
	from := r.deps.Clock.Now().Add(pause.left - wait)
	r.clock.start(from, wait, firstMove, func(gen uint64) { r.sendLater(evTimeout{gen: gen}) })
	r.recordClockFrom(from)
	r.version++
	r.broadcast()
}

// endPause forgets a pause of the clock (a move, an undo: the turn's clock
// starts anew anyway).
func (r *Room) endPause() {
	if p := r.clock.paused; p != nil {
		p.stopBound()
		r.clock.paused = nil
	}
}

// holdsPage reports whether the player of seat p has a page open on the
// room.
func (r *Room) holdsPage(p game.Player) bool {
	for range r.viewers.of(r.seats.held[p]) {
		return true
	}
	return false
}

// pauseWords is what the pages say while the clock stands still for a
// player the room cannot hear ("" otherwise).
func (r *Room) pauseWords() string {
	p := r.clock.paused
	if p == nil {
		return ""
	}
	bound := r.deps.timings.contactPause
	at := fmt.Sprintf("%d minutes", int(bound.Round(time.Minute)/time.Minute))
	if bound < 2*time.Minute {
		at = fmt.Sprintf("%d seconds", int(bound.Round(time.Second)/time.Second))
	}
	return fmt.Sprintf("Lost contact with %s's page: their clock is stopped with %d s left until it is back (for %s at most).",
		p.name, int(p.left.Round(time.Second)/time.Second), at)
}
