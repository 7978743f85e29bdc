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

// The bounds the form states (web/events checks them): an arena's length,
// a Swiss event's rounds, the start.
const (
	ArenaMinutesMin, ArenaMinutesMax, ArenaMinutesDefault = 10, 120, 30
	SwissRoundsMin, SwissRoundsMax, SwissRoundsDefault    = 1, 15, 5
	StartInMax                                            = 1440
)

// ArenaRules says an arena's scoring in one line, SwissRules a Swiss
// event's.
const (
	ArenaRules = "Win 2, draw 1, loss 0; two wins in a row start a streak, which doubles your points until a game you do not win."
	SwissRules = "Win 1, draw ½, loss 0; each round pairs players of equal score, never twice the same; an odd player out sits with a point. Ties: Buchholz, then Sonneborn–Berger."
)

// PauseButton is the leave button's word in an event under way, and
// PauseHint what it does.
const (
	PauseButton = "Pause"
	PauseHint   = "You keep your points, and are not paired until you resume."
)

// GamePoints are one game's points in a player's row; Doubled: on a
// streak.
type GamePoints struct {
	Points  int
	Doubled bool
}

// StandingRow is a player's row in an event's standings.
type StandingRow struct {
	Rank   int
	Player string
	Bot    bool
	Rating int
	// Score is the points as the page says them ("7", "2½"): an arena's
	// total, a Swiss event's points; Buchholz and SB a Swiss event's
	// tie-breaks (empty in an arena).
	Score, Buchholz, SB string
	Games               []GamePoints
	Playing             bool
	// Paused: they left the event under way, keeping their points, and
	// are not paired until they resume.
	Paused   bool
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
	// Swiss: the standings are a Swiss event's (points and tie-breaks, not
	// each game's points).
	Swiss     bool
	Standings []StandingRow
	// Podium is the first three of a finished event.
	Podium []StandingRow
}

// EventPage is /t/{id}.
type EventPage struct {
	ID, Name, Game, Clock, Kind string
	Rated, Bots                 bool
	// BotsOnly: only bots' programs may enter (an engine championship).
	BotsOnly bool
	// Length says how long it lasts ("30 minutes", "5 rounds, two games
	// each"); Rules its scoring.
	Length, Rules string
	Creator       string
	Live          EventLive
	// Viewer is the signed-in player ("": a guest); In says they are in
	// the event's pairings, Paused that they left it under way (they
	// resume by joining again), MayStart that they may start it now (its
	// creator, before it started); UnderWay that it started and Over that
	// it finished (nobody may join).
	Viewer                               string
	In, Paused, MayStart, UnderWay, Over bool
	// Room is the game the viewer plays in the event now ("": none).
	Room string
	// Error says why an action was refused.
	Error string
}

// EventResult is an event a player played, as their page lists it.
type EventResult struct {
	ID, Name, Game string
	// Kind is "Arena" or "Swiss".
	Kind string
	// Finished says when it finished ("3 March 2026"; "": under way).
	Finished string
	// Rank is their place among Of players (so far, under way).
	Rank, Of int
	// Score is their points as the event's page says them ("14", "2½").
	Score string
	// Medal is their place on a finished event's podium (1 to 3; 0:
	// none).
	Medal int
}

// MedalWords say a podium's place to a screen reader; the mark is drawn.
func (r EventResult) MedalWords() string {
	return [...]string{"", "Gold medal", "Silver medal", "Bronze medal"}[r.Medal]
}

// Place says the rank among the players ("2nd of 12").
func (r EventResult) Place() string { return Ordinal(r.Rank) + " of " + strconv.Itoa(r.Of) }

// Points says the score with its unit ("1 point", "2½ points").
func (r EventResult) Points() string {
	if r.Score == "1" || r.Score == "½" {
		return r.Score + " point"
	}
	return r.Score + " points"
}

// Ordinal says n's place in words of figures ("1st", "2nd", "11th").
func Ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// QuarterPoints says a number of quarter points as points ("¾", "2¼"):
// Sonneborn–Berger, an opponent's points (in halves) times one's own
// score against them (in halves).
func QuarterPoints(n int) string {
	whole, frac := strconv.Itoa(n/4), [...]string{"", "¼", "½", "¾"}[n%4]
	if n/4 == 0 && frac != "" {
		whole = ""
	}
	return whole + frac
}

// HalfPoints says a number of half points as points ("2½", "3", "½").
func HalfPoints(n int) string {
	switch {
	case n == 1:
		return "½"
	case n%2 == 1:
		return strconv.Itoa(n/2) + "½"
	}
	return strconv.Itoa(n / 2)
}
