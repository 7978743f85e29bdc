package store

// activityStep is how stale a room's changed time (updated_at) may be while
// moves are made in it: what reads it (the lobby's live games, the house
// bots' games in play, a player's games in play) asks whether a room was
// active in the last ten minutes, and orders by it.
const activityStep = 60_000 // milliseconds

// maxActivity bounds the rooms remembered: past it the memory starts over
// (each room's next move writes its row whole again).
const maxActivity = 100_000

// activity remembers, for the SQLite store's moves (AppendTurn), when a
// move last wrote each room's changed time, as long as nothing but moves
// has written the room's row since. It is used by the writes' leader
// alone.
type activity struct {
	at map[string]int64
}

// What a move at some moment writes of its room's row.
type rowState int

const (
	// stampDue: the row whole, its changed time with it (a first move, a
	// minute on, or a row something else wrote since).
	stampDue rowState = iota
	// rowClean: nothing, unless a deadline changes (the last write of the
	// row was a move's, which cleared the clock's columns).
	rowClean
)

// state says what a move at now writes of room id's row.
func (a *activity) state(id string, now int64) rowState {
	at, ok := a.at[id]
	if !ok || now-at >= activityStep || now < at {
		return stampDue
	}
	return rowClean
}

// wrote notes that a move wrote room id's row whole at now.
func (a *activity) wrote(id string, now int64) {
	if a.at == nil || len(a.at) >= maxActivity {
		a.at = make(map[string]int64)
	}
	a.at[id] = now
}

// forget notes that room id's row was written otherwise than by a move.
func (a *activity) forget(id string) { delete(a.at, id) }
