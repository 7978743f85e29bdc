package templates

import (
	"strconv"

	"github.com/a-h/templ"

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
	// RoundDaysMin and RoundDaysMax bound a correspondence Swiss event's
	// days between its rounds' starts.
	RoundDaysMin, RoundDaysMax = 1, 30
)

// DefaultRoundDays is a correspondence Swiss event's days between its
// rounds' starts when the form leaves them empty: a week for each day a
// move, at most RoundDaysMax. A game here is some thirty moves a side,
// and players who answer within a few hours, as most do, finish it in
// about a week at a day a move; the days are a start, not a deadline (a
// round waits for the last game of the one before), so a slower game
// holds the next round back without being cut short.
func DefaultRoundDays(daysAMove int) int {
	return min(RoundDaysMax, max(RoundDaysMin, 7*daysAMove))
}

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

// RoundRow is a round of a correspondence Swiss event on its page: its
// set start and how it stands.
type RoundRow struct {
	Number int
	// Starts is its set start ("2 Dec, 15:00 UTC"), and Says it in words
	// with when it began if that was later (it waited for the round
	// before): "Round 3 starts on 2 Dec, 15:00 UTC".
	Starts, Says string
	// State says how it stands ("played", "under way", "next", "to come").
	State string
	// Countdown is the time the next round counts down to (Unix ms; 0:
	// none).
	Countdown int64
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
	Swiss bool
	// Standings are the rows of the page shown: Page (from 1) of Pages,
	// StandingsPerPage rows each, of Players in all. Event is the event's
	// id, for the pages' links.
	Standings            []StandingRow
	Page, Pages, Players int
	Event                string
	// Podium is the first three of a finished event.
	Podium []StandingRow
	// Rounds are a correspondence Swiss event's rounds and their days
	// (none for the others).
	Rounds []RoundRow
}

// PodiumSize is how many of a finished event's players stand on its
// podium: the event's page shows them, and their pages give them a medal.
const PodiumSize = 3

// KindWord names an event's kind: "Swiss", or "Arena".
func KindWord(swiss bool) string {
	if swiss {
		return "Swiss"
	}
	return "Arena"
}

// StandingsPerPage is how many rows a page of an event's standings holds:
// a thousand players' standings sent whole to a thousand pages, at every
// result, were 435 KB a page (BENCHMARKS.md).
const StandingsPerPage = 20

// StandingsPageOf is the page (from 1) of the standings that holds rank
// index i (from 0).
func StandingsPageOf(i int) int { return i/StandingsPerPage + 1 }

// StandingsPages is how many pages the standings of players fill.
func StandingsPages(players int) int { return max(1, (players+StandingsPerPage-1)/StandingsPerPage) }

// standingsLink is the address of page k of event id's standings.
func standingsLink(id string, k int) templ.SafeURL {
	return templ.SafeURL("/t/" + id + "?page=" + strconv.Itoa(k) + "#standings-title")
}

// pagerPages are the pages a pager offers around page of pages: the
// first, the last and the two either side of page, 0 standing for a gap.
func pagerPages(page, pages int) []int {
	var out []int
	for k := 1; k <= pages; k++ {
		switch {
		case k == 1 || k == pages || (k >= page-2 && k <= page+2):
			out = append(out, k)
		case len(out) > 0 && out[len(out)-1] != 0:
			out = append(out, 0)
		}
	}
	return out
}

// standingsShown says which rows a page of standings shows: "Players 21–40
// of 1,000".
func standingsShown(l EventLive) string {
	first := (l.Page-1)*StandingsPerPage + 1
	return "Players " + strconv.Itoa(first) + "–" + strconv.Itoa(first+len(l.Standings)-1) + " of " + strconv.Itoa(l.Players)
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
	// MyPage is the page of the standings holding the viewer's row, when
	// they fill more than one (0: none, or one page).
	MyPage int
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
