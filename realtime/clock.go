package realtime

import (
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
// abort, or claim a game the opponent has left (lifecycle.go).

// due lists the human seats that must move now and have not chosen yet.
func (r *Room) due() []game.Player {
	var out []game.Player
	for _, p := range r.state.ToMove() {
		if r.seats[p].Kind == vocab.Human && r.pending[p] == nil {
			out = append(out, p)
		}
	}
	return out
}

// timing says what the room's timer should time now: the move clock's
// period, or the wait for a first move (firstMove); ok is false when
// nothing runs.
func (r *Room) timing() (period time.Duration, firstMove, ok bool) {
	if r.hub.cfg.period(r.clock) == 0 || r.over() || r.waiting() {
		return 0, false, false
	}
	due := r.due()
	if len(due) == 0 {
		return 0, false, false
	}
	for _, p := range due {
		if !r.hasTurnOf(p) {
			return r.hub.cfg.FirstMoveWait, true, true
		}
	}
	return r.hub.cfg.period(r.clock), false, true
}

// startClock gives the seats to move a full period (a new turn, or a room
// brought back after a restart, which is the fair thing to do).
func (r *Room) startClock() {
	r.stopClock()
	period, firstMove, ok := r.timing()
	if !ok {
		return
	}
	r.clockDeadline = r.hub.now().Add(period)
	r.clockFirstMove = firstMove
	gen := r.clockGen
	r.stopClockTimer = r.hub.cfg.Clock.AfterFunc(period, func() { r.send(r.hub.ctx, evTimeout{gen: gen}) })
}

func (r *Room) stopClock() {
	if r.stopClockTimer != nil {
		r.stopClockTimer()
		r.stopClockTimer = nil
	}
	r.clockDeadline = time.Time{}
	r.clockFirstMove = false
	r.clockGen++ // a timer already firing is now stale
}

// timeout ends the game when its timer runs out: a first move not made
// aborts it; otherwise every human seat that had to move and did not loses
// (both, on a simultaneous turn: a draw).
func (r *Room) timeout(gen uint64) {
	if gen != r.clockGen {
		return // a move or an undo won the race against the timer
	}
	_, firstMove, ok := r.timing()
	if !ok {
		return
	}
	late := r.due()
	names := r.g.Seats()
	if firstMove {
		var who []string
		for _, p := range late {
			if !r.hasTurnOf(p) {
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

// remaining is the time left on the clock.
func (r *Room) remaining() time.Duration {
	if r.clockDeadline.IsZero() {
		return 0
	}
	return max(r.clockDeadline.Sub(r.hub.now()), 0)
}
