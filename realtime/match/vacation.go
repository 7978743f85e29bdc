package match

import (
	"context"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/vacation"
)

// A correspondence clock stands still while the player to move is on
// vacation (package vacation): the room keeps its seated accounts'
// vacations (awayOf), read when the room is made, when a seat's account
// changes, when its hub says an account's vacation changed
// (VacationChanged: the player started or stopped one), when the clock
// runs out (so that a change this room did not hear of cannot lose a game
// on time) and every vacationLook while a player is away (so that a stop
// it did not hear of holds nobody up for long); a move reads nothing. The turn's deadline is then the period
// counted outside the movers' vacations (vacation.Deadline), which the
// store keeps as before (deadline.go), so the keeper neither ends the game
// nor raises the alarm while they are away. A live clock is not affected.

// vacationsLookback is how far back a room reads its players' vacations:
// beyond the longest a turn can have lasted (the longest period, and a
// vacation of a year's days run into the next year's).
const vacationsLookback = 60 * vacation.Day

// vacations are the seated accounts' vacations, for a correspondence room.
type vacations struct {
	// of are the seats' accounts they were read for.
	of    [2]string
	spans map[string][]vacation.Span
	// stopEnd stops the timer set at the end of a vacation under way (its
	// player's clock runs again; the pages say so).
	stopEnd func() bool
}

// readVacations reads the seated accounts' vacations when the room has a
// correspondence clock and they are not read (or always, with force). A
// store that cannot answer leaves them as they were: the clock's timer
// reads them again before it ends the game.
func (r *Room) readVacations(force bool) {
	if !r.clock.correspondence() || r.over() {
		return
	}
	of := [2]string{r.seats.held[0].Account, r.seats.held[1].Account}
	if !force && of == r.away.of && r.away.spans != nil {
		return
	}
	var names []string
	for _, a := range of {
		if a != "" {
			names = append(names, a)
		}
	}
	got := map[string][]vacation.Span{}
	if len(names) > 0 {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		var err error
		if got, err = r.deps.Store.AccountVacations(ctx, names, r.deps.Clock.Now().Add(-vacationsLookback)); err != nil {
			r.deps.Log.Warn("vacations not read", "room", r.id, "err", err)
			return
		}
	}
	r.away.of, r.away.spans = of, got
	r.scheduleVacationEnd()
}

// awayOf are the vacations of the holders of seats (those to move): their
// clock stands still through each.
func (r *Room) awayOf(seats []game.Player) []vacation.Span {
	if !r.clock.correspondence() {
		return nil
	}
	var out []vacation.Span
	for _, p := range seats {
		if a := r.seats.held[p].Account; a != "" {
			out = append(out, r.away.spans[a]...)
		}
	}
	return out
}

// awayMovers are the seats to move of a correspondence room (none for
// another clock: a live move reads nothing of vacations).
func (r *Room) awayMovers() []game.Player {
	if !r.clock.correspondence() {
		return nil
	}
	return r.seats.due(r.state.ToMove())
}

// awayNow is the vacation under way of seat p's holder, if any.
func (r *Room) awayNow(p game.Player) (vacation.Span, bool) {
	return vacation.Away(r.awayOf([]game.Player{p}), r.deps.Clock.Now())
}

// vacationLook is how often a room with a player away reads the vacations
// again: a stop this room did not hear of (its hub's message lost) is
// found within it, so that the opponent does not wait for the vacation's
// end by itself.
const vacationLook = 5 * time.Minute

// scheduleVacationEnd sets a timer at the end of the first vacation under
// way of a seated player, or vacationLook from now if sooner: the room
// reads the vacations again then (lookAgain), its pages stop saying the
// player is away once they are back, and the clock, whose deadline
// counted the vacation, is seen running again.
func (r *Room) scheduleVacationEnd() {
	if r.away.stopEnd != nil {
		r.away.stopEnd()
		r.away.stopEnd = nil
	}
	now := r.deps.Clock.Now()
	var end time.Time
	for _, p := range []game.Player{0, 1} {
		if s, ok := r.awayNow(p); ok && (end.IsZero() || s.To.Before(end)) {
			end = s.To
		}
	}
	if end.IsZero() {
		return
	}
	r.away.stopEnd = r.deps.Clock.AfterFunc(min(end.Sub(now), vacationLook), func() {
		r.sendLater(evFunc{f: (*Room).lookAgain})
	})
}

// lookAgain reads the vacations again, sets the clock by them and tells
// the pages (a player may be back: at most one update in vacationLook).
func (r *Room) lookAgain() {
	if r.over() {
		return
	}
	r.readVacations(true) // and the next look
	if r.clock.running() {
		r.startClock(r.clock.turnStarted)
	}
	r.refresh()
}

// VacationChanged tells the room that account started or stopped a
// vacation: if it holds a seat of a correspondence game, the room reads
// its players' vacations again and starts the turn's clock anew from the
// turn's start with them, writing its deadline (the store moved it to
// the moment of the change, for the keeper; store.Vacations).
func (r *Room) VacationChanged(ctx context.Context, account string) {
	r.send(ctx, evFunc{f: func(r *Room) { r.vacationChanged(account) }})
}

func (r *Room) vacationChanged(account string) {
	if !r.clock.correspondence() || r.over() || !r.seated(account) {
		return
	}
	r.readVacations(true)
	r.clock.storedDue.At = time.Time{} // the store's was moved: write it
	if r.clock.running() {
		r.startClock(r.clock.turnStarted)
	} else {
		r.recordDue()
	}
	r.refresh()
}

// seated reports whether account holds a seat.
func (r *Room) seated(account string) bool {
	for _, s := range r.seats.held {
		if s.Account != "" && strings.EqualFold(s.Account, account) {
			return true
		}
	}
	return false
}

// vacationMovedDeadline is asked as a correspondence clock runs out: it
// reads the movers' vacations again (a change this room did not hear of,
// its hub's message lost) and, when they move the deadline past now,
// starts the clock again with them and reports true: the game goes on.
func (r *Room) vacationMovedDeadline() bool {
	if !r.clock.correspondence() || !r.clock.running() {
		return false
	}
	r.readVacations(true)
	due := r.seats.due(r.state.ToMove())
	if !vacation.Deadline(r.clock.from, r.clock.wait, r.awayOf(due)).After(r.deps.Clock.Now()) {
		return false
	}
	r.startClock(r.clock.turnStarted)
	r.refresh()
	return true
}

// vacationWords say that the player of seat p is on vacation, and until
// when, as the pages show it beside their clock ("" when they are not):
// "On vacation until Mon 15 Jun, 08:00 UTC".
func (r *Room) vacationWords(p game.Player) string {
	s, ok := r.awayNow(p)
	if !ok {
		return ""
	}
	return "On vacation until " + s.To.UTC().Format("Mon 2 Jan, 15:04") + " UTC"
}
