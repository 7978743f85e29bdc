// Package vacation is the rule of a player's vacation from their games of
// days (docs/rules.md, "Vacation"), with no I/O: how many days a player
// has, how a vacation counts them, when it ends by itself, and what it
// does to a correspondence clock.
//
// Each player has DaysAYear days a calendar year (UTC). A vacation starts
// and stops at will; every day it runs, whole or begun, counts: a
// vacation of two hours costs a day, one of 25 hours two. Each of its
// days counts in the year it begins, so a vacation across New Year spends
// the old year's days, then the new year's. It ends by itself when the
// days run out (Plan says when), and may be stopped before.
//
// While a player is away, their correspondence clocks do not run: the
// time they had when it began is what they have when it ends, and the
// deadline moves by the vacation's length (Deadline, Left). Live clocks
// are not affected.
//
//	past := []vacation.Span{...}           // the player's vacations this year and last
//	v, err := vacation.Plan(past, now)     // a new one: [now, when the days run out)
//	due := vacation.Deadline(turnStart, 3*24*time.Hour, append(past, v))
package vacation

import (
	"errors"
	"slices"
	"time"
)

// DaysAYear are a player's days of vacation in a calendar year (UTC).
const DaysAYear = 14

// Day is what a vacation counts: each started one.
const Day = 24 * time.Hour

// Errors of a vacation started or stopped, in the player's words.
var (
	// ErrNoDaysLeft says the year's days are all used.
	ErrNoDaysLeft = errors.New("you have no vacation days left this year")
	// ErrAway says a vacation runs already.
	ErrAway = errors.New("you are on vacation already")
	// ErrNotAway says there is no vacation to stop.
	ErrNotAway = errors.New("you are not on vacation")
)

// Span is a vacation: from From until To (To not included). A vacation
// under way has the To it will end at by itself, unless stopped before.
type Span struct{ From, To time.Time }

// Len is the span's length.
func (s Span) Len() time.Duration { return s.To.Sub(s.From) }

// Contains reports whether at is within the span.
func (s Span) Contains(at time.Time) bool { return !at.Before(s.From) && at.Before(s.To) }

// days are the days a span counts by at (at: the spans under way count
// the days they have begun by then): each day begun is one.
func (s Span) days(at time.Time) int {
	end := s.To
	if at.Before(end) {
		end = at
	}
	if !end.After(s.From) {
		return 0
	}
	return int((end.Sub(s.From) + Day - 1) / Day)
}

// year is the calendar year (UTC) of t.
func year(t time.Time) int { return t.UTC().Year() }

// used are the days counted in each year by the spans, as at at.
func used(spans []Span, at time.Time) map[int]int {
	n := map[int]int{}
	for _, s := range spans {
		for i := range s.days(at) {
			n[year(s.From.Add(time.Duration(i)*Day))]++
		}
	}
	return n
}

// DaysLeft are the days of the year of at that the spans leave, as at at:
// a vacation under way has spent the days it has begun.
func DaysLeft(spans []Span, at time.Time) int {
	return max(DaysAYear-used(spans, at)[year(at)], 0)
}

// Away is the span under way at at, if any.
func Away(spans []Span, at time.Time) (Span, bool) {
	for _, s := range spans {
		if s.Contains(at) {
			return s, true
		}
	}
	return Span{}, false
}

// Plan is a vacation that begins at now, with the player's other
// vacations past: it ends by itself when the days run out, the days
// left of each year its days begin in. ErrAway when one is under way,
// ErrNoDaysLeft when this year's are all used.
func Plan(past []Span, now time.Time) (Span, error) {
	if _, ok := Away(past, now); ok {
		return Span{}, ErrAway
	}
	n := used(past, now)
	days := 0
	for ; days < 2*DaysAYear; days++ {
		y := year(now.Add(time.Duration(days) * Day))
		if n[y] >= DaysAYear {
			break
		}
		n[y]++
	}
	if days == 0 {
		return Span{}, ErrNoDaysLeft
	}
	return Span{From: now, To: now.Add(time.Duration(days) * Day)}, nil
}

// Stop ends the vacation under way at now: ErrNotAway when none is.
func Stop(spans []Span, now time.Time) (Span, error) {
	s, ok := Away(spans, now)
	if !ok {
		return Span{}, ErrNotAway
	}
	s.To = now
	return s, nil
}

// merged are spans sorted and joined where they touch or overlap (two
// players' on a simultaneous turn).
func merged(spans []Span) []Span {
	out := slices.Clone(spans)
	slices.SortFunc(out, func(a, b Span) int { return a.From.Compare(b.From) })
	j := 0
	for _, s := range out {
		if !s.To.After(s.From) {
			continue
		}
		if j > 0 && !s.From.After(out[j-1].To) {
			if s.To.After(out[j-1].To) {
				out[j-1].To = s.To
			}
			continue
		}
		out[j] = s
		j++
	}
	return out[:j]
}

// Deadline is when a clock of wait started at from runs out, standing
// still through the spans away (of the players to move). A span under
// way counts to its end by itself: if it is stopped before, the
// deadline is earlier.
func Deadline(from time.Time, wait time.Duration, away []Span) time.Time {
	t, left := from, wait
	for _, s := range merged(away) {
		if !s.To.After(t) {
			continue
		}
		if s.From.After(t) {
			if run := s.From.Sub(t); run >= left {
				return t.Add(left)
			} else {
				left -= run
			}
		}
		t = s.To
	}
	return t.Add(left)
}

// Left is the time a clock of wait started at from has at at, standing
// still through the spans away: within [0, wait].
func Left(from time.Time, wait time.Duration, away []Span, at time.Time) time.Duration {
	if at.Before(from) {
		return wait
	}
	ran := at.Sub(from)
	for _, s := range merged(away) {
		a, b := s.From, s.To
		if a.Before(from) {
			a = from
		}
		if b.After(at) {
			b = at
		}
		if b.After(a) {
			ran -= b.Sub(a)
		}
	}
	return min(max(wait-ran, 0), wait)
}
