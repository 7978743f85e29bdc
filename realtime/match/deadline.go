package match

import (
	"context"
	"slices"
	"time"

	"boardroom/game"
	"boardroom/store"
	"boardroom/vacation"
)

// A correspondence room's deadline is kept by the store as well as by the
// room's timer: the room may be unloaded for days, and the node running
// it may stop. Each turn's write carries the next turn's deadline
// (dueAfter, AppendTurn), and every other start of the clock (a seat
// taken, an undo, a rematch, the room loaded) writes it when it changed
// (recordDue). The deadline keeper (package deadline) loads the rooms
// whose deadline passed; loaded, a room's clock resumes by the wall clock
// (resumeClock), finds its time run out and ends the game as if the clock
// ran out live.

// alarmShare is the share of a correspondence turn after which its mover
// is told their time runs low (the keeper's alarm).
const alarmShare = 0.8

// dueOf is the store's deadline of a correspondence turn that runs for
// wait from from with the seats movers to move, their clock standing still
// through their vacations (the alarm too: none while they are away).
func (r *Room) dueOf(from time.Time, wait time.Duration, movers []game.Player) store.Due {
	away := r.awayOf(movers)
	d := store.Due{At: vacation.Deadline(from, wait, away), Alarm: vacation.Deadline(from, time.Duration(float64(wait)*alarmShare), away)}
	for _, p := range movers {
		if a := r.seats.held[p].Account; a != "" && !slices.Contains(d.Movers, a) {
			d.Movers = append(d.Movers, a)
		}
	}
	return d
}

// dueAfter is the deadline of the turn that next begins at now, once a
// turn of a correspondence room is played (zero when it has none: the
// game is over, or the room is no correspondence one). A correspondence
// room's first move has the whole period too (newMoveClock), so the next
// turn's wait is the period whoever moves.
func (r *Room) dueAfter(next game.State, now time.Time) store.Due {
	if !r.clock.correspondence() || !r.clock.enabled() || next.Outcome().Over {
		return store.Due{}
	}
	return r.dueOf(now, r.clock.period, r.seats.due(next.ToMove()))
}

// recordDue stores the deadline of the clock as it runs now, when it is
// not what the store has. A failed write is only logged: the room's own
// timer still ends the game on time while it runs, and the next turn
// writes the deadline again.
func (r *Room) recordDue() {
	if !r.clock.correspondence() {
		return
	}
	var d store.Due
	if wait, _, ok := r.timing(); ok && r.clock.running() && !r.over() {
		d = r.dueOf(r.clock.from, wait, r.seats.due(r.state.ToMove()))
	}
	if sameDue(d, r.clock.storedDue) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.deps.Store.SetDue(ctx, r.id, d); err != nil {
		r.deps.Log.Warn("deadline not stored", "room", r.id, "err", err)
		return
	}
	r.clock.storedDue = d
}

// sameDue compares deadlines as the store keeps them (milliseconds; the
// alarm kept when the deadline is the same).
func sameDue(a, b store.Due) bool {
	return a.At.UnixMilli() == b.At.UnixMilli() && slices.Equal(a.Movers, b.Movers)
}
