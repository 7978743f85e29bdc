package realtime

import (
	"time"

	"boardroom/game"
)

// The move clock is the server's: a timer per turn from the monotonic clock.
// The page only animates the time left that it is sent.

// clockRuns reports whether a human seat is on the clock now.
func (r *Room) clockRuns() bool {
	if r.hub.cfg.Periods[r.clock] == 0 || r.over() || r.waiting() {
		return false
	}
	for _, p := range r.state.ToMove() {
		if r.seats[p].Kind == "human" && r.pending[p] == nil {
			return true
		}
	}
	return false
}

// startClock gives the seats to move a full period (a new turn, or a room
// brought back after a restart, which is the fair thing to do).
func (r *Room) startClock() {
	r.stopClock()
	if !r.clockRuns() {
		return
	}
	period := r.hub.cfg.Periods[r.clock]
	r.clockDeadline = r.hub.cfg.Now().Add(period)
	r.clockGen++
	gen := r.clockGen
	r.clockTimer = time.AfterFunc(period, func() {
		select {
		case r.inbox <- evTimeout{gen: gen}:
		case <-r.hub.ctx.Done():
		}
	})
}

func (r *Room) stopClock() {
	if r.clockTimer != nil {
		r.clockTimer.Stop()
		r.clockTimer = nil
	}
	r.clockDeadline = time.Time{}
	r.clockGen++ // a timer already firing is now stale
}

// timeout ends the game for every human seat that had to move and did not:
// one loses, or both (a draw, on a simultaneous turn).
func (r *Room) timeout(gen uint64) {
	if gen != r.clockGen || !r.clockRuns() {
		return // a move or an undo won the race against the timer
	}
	var late []game.Player
	for _, p := range r.state.ToMove() {
		if r.seats[p].Kind == "human" && r.pending[p] == nil {
			late = append(late, p)
		}
	}
	names := r.g.Seats()
	end := game.Draw("both ran out of time")
	if len(late) == 1 {
		end = game.Win(late[0].Other(), names[late[0]]+" ran out of time")
	}
	r.ended = &end
	r.pending = [2]*game.Move{}
	r.stopClock()
	r.storeResult()
	r.afterChange(false)
}

// remaining is the time left on the clock.
func (r *Room) remaining() time.Duration {
	if r.clockDeadline.IsZero() {
		return 0
	}
	return max(r.clockDeadline.Sub(r.hub.cfg.Now()), 0)
}
