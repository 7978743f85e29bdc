package store

// activityStep is how stale a room's changed time (updated_at) may be while
// moves are made in it: what reads it (the lobby's live games, the house
// bots' games in play, a player's games in play) asks whether a room was
// active in the last ten minutes, and orders by it.
const activityStep = 60_000 // milliseconds

// maxActivity bounds the rooms remembered: past it the memory starts over
// (each room's next move writes its changed time again).
const maxActivity = 100_000

// activity remembers when the SQLite store's moves last wrote each room's
// changed time. It is used by the writes' leader alone.
type activity struct {
	at map[string]int64
}

// due reports whether a move at now writes room id's changed time.
func (a *activity) due(id string, now int64) bool {
	at, ok := a.at[id]
	return !ok || now-at >= activityStep || now < at
}

// wrote notes that room id's changed time was written at now.
func (a *activity) wrote(id string, now int64) {
	if a.at == nil || len(a.at) >= maxActivity {
		a.at = make(map[string]int64)
	}
	a.at[id] = now
}
