package angelsai

import "boardroom/game/angels"

// walkerWatch follows the Angel from one Devil move to the next and tells
// whether every move it has seen it make fits the Beginner's rule, so that
// the Devil plans against the exact walker only when it faces one (a person
// or a searching Angel is met with the generic rollouts of
// rollout.go). A break in the sequence (a new game, a takeback)
// starts it over.
type walkerWatch struct {
	ply        int
	angel, was [2]int // the Angel's square and previous square at ply (was[0] < 0: none)
	fits       bool
}

// observe records s (the Devil to move) and reports whether the Angel has
// walked like the Beginner so far.
func (w *walkerWatch) observe(s *angels.State) bool {
	a := s.Angel()
	cur := [2]int{int(a.Row), int(a.Col)}
	prev := [2]int{-1, -1}
	if p, ok := s.Previous(); ok {
		prev = [2]int{int(p.Row), int(p.Col)}
	}
	chained := s.Ply() == w.ply+2 && prev == w.angel
	switch {
	case !chained:
		w.fits = true // nothing to judge by yet
	case w.fits:
		w.fits = walkerMayStep(s, w.was, prev, cur)
	}
	w.ply, w.angel, w.was = s.Ply(), cur, prev
	return w.fits
}

// walkerMayStep reports whether the Beginner, on from with last square was
// (was[0] < 0: none), could have stepped to to on s's board (the Devil has
// not blocked since).
func walkerMayStep(s *angels.State, was, from, to [2]int) bool {
	n, k := s.Size(), s.Power()
	freshFree, toFresh := 0, false
	for r := max(0, from[0]-k); r <= min(n-1, from[0]+k); r++ {
		for c := max(0, from[1]-k); c <= min(n-1, from[1]+k); c++ {
			if (r == from[0] && c == from[1]) || s.Blocked(r, c) {
				continue
			}
			if r == 0 || c == 0 || r == n-1 || c == n-1 {
				return false // it would have stepped out
			}
			if fresh(r, c, was[0], was[1], k) {
				freshFree++
				toFresh = toFresh || (r == to[0] && c == to[1])
			}
		}
	}
	return to != from && (freshFree == 0 || toFresh)
}
