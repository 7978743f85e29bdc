package templates

import (
	"strconv"

	"boardroom/game"
)

// The events' pages (web/events): the list (/tournaments), the form
// (/tournaments/new) and an event's page (/t/{id}), whose live part
// (EventLive) the site's socket sends again as it changes.

// EventRow is an event in the list.
type EventRow struct {
	ID, Name, Game, Clock, Kind string
	// When says its start, or its end ("Starts 14:05 UTC"); Countdown is
	// the time it counts down to (Unix ms; 0: none), which site.js ticks.
	When      string
	Countdown int64
	Players   int
}

// EventsList is /tournaments: the events waiting to start, those under
// way and the last finished.
type EventsList struct {
	Upcoming, Running, Finished []EventRow
	// MayCreate offers the form (a signed-in player).
	MayCreate bool
}

// EventForm is /tournaments/new: a refused form's values and why.
type EventForm struct {
	Games  []game.Game
	Values map[string]string
	Error  string
}

func (f EventForm) value(key, def string) string {
	if v, ok := f.Values[key]; ok {
		return v
	}
	return def
}

// The arena's bounds the form states (web/events checks them).
const (
	ArenaMinutesMin, ArenaMinutesMax, ArenaMinutesDefault = 10, 120, 30
	StartInMax                                            = 1440
)

// ArenaRules says an arena's scoring in one line.
const ArenaRules = "Win 2, draw 1, loss 0; two wins in a row start a streak, which doubles your points until a game you do not win."

// GamePoints are one game's points in a player's row; Doubled: on a
// streak.
type GamePoints struct {
	Points  int
	Doubled bool
}

// StandingRow is a player's row in an event's standings.
type StandingRow struct {
	Rank    int
	Player  string
	Bot     bool
	Rating  int
	Score   int
	Games   []GamePoints
	Playing bool
	// Left: not in the pairings now (they may join again).
	Left     bool
	OnStreak bool
}

// EventLive is the part of an event's page that changes while it runs:
// its status and time, the podium and the standings.
type EventLive struct {
	Status string
	// StatusText says it in words ("Starts in…", "Under way", "Finished"),
	// When the time with its clock ("Starts 14:05 UTC"), Countdown the time
	// counted down to (Unix ms; 0: none).
	StatusText, When string
	Countdown        int64
	Standings        []StandingRow
	// Podium is the first three of a finished event.
	Podium []StandingRow
}

// EventPage is /t/{id}.
type EventPage struct {
	ID, Name, Game, Clock, Kind string
	Rated, Bots                 bool
	// BotsOnly: only bots' programs may enter (an engine championship).
	BotsOnly bool
	Minutes  int
	Creator  string
	Live     EventLive
	// Viewer is the signed-in player ("": a guest); In says they are in
	// the event's pairings, MayStart that they may start it now (its
	// creator, before it started); Finished that nobody may join.
	Viewer             string
	In, MayStart, Over bool
	// Room is the game the viewer plays in the event now ("": none).
	Room string
	// Error says why an action was refused.
	Error string
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
