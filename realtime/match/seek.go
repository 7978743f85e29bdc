package match

import "context"

// Open challenges. A friend room made as an open challenge (Spec.Open) is
// listed in the lobby's challenges while its free seat waits and its
// creator's page is open; anyone there may take the seat (the lobby's
// Accept opens the room's page, which joins as it connects), and the
// creator's page, in the room, goes into play.

// updateSeek tells the store whether the lobby lists the room now, when
// that changed.
func (r *Room) updateSeek() {
	if !r.open {
		return
	}
	want := false
	if r.seats.waiting() && !r.over() {
		_, online := r.viewers.presence(&r.seats)
		for i, h := range r.seats.held {
			if h.TokenHash != "" && online[i] {
				want = true
			}
		}
	}
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
