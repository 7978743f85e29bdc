package match

import "context"

// Open challenges. A friend room made as an open challenge (Spec.Open) is
// listed in the lobby's challenges while its free seat waits and its
// creator's page is open; anyone there may take the seat (the lobby's
// Accept opens the room's page, which joins as it connects), and the
// creator's page, in the room, goes into play. A correspondence challenge
// is listed whether or not its creator's page is open, and stays listed as
// the room leaves memory: its creator may be away for days (the store
// lists it for 14 days at most).

// updateSeek tells the store whether the lobby lists the room now, when
// that changed.
func (r *Room) updateSeek() {
	if !r.open {
		return
	}
	r.setSeeking(r.wantsSeek())
}

// unlistSeek takes the room out of the lobby's challenges (it leaves
// memory).
func (r *Room) unlistSeek() {
	if r.open && !r.clock.correspondence() {
		r.setSeeking(false)
	}
}

// wantsSeek says whether the lobby should list the room: its seat free,
// its game going on and its creator's page open.
func (r *Room) wantsSeek() bool {
	want := false
	if r.seats.waiting() && !r.over() && r.clock.correspondence() {
		return true
	}
	if r.seats.waiting() && !r.over() {
		_, online := r.viewers.presence(&r.seats)
		for i, h := range r.seats.held {
			if h.TokenHash != "" && online[i] {
				want = true
			}
		}
	}
	return want
}

func (r *Room) setSeeking(want bool) {
	if want == r.seeking {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.deps.Store.SetSeeking(ctx, r.id, want); err != nil {
		r.deps.Log.Warn("open challenge not listed", "room", r.id, "listed", want, "err", err)
		return
	}
	r.seeking = want
}
