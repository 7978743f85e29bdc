// Package pairing decides who plays whom: the pools of quick pairing (one
// per game and speed), and the rule that pairs the people waiting in one.
// It is the rule only (no I/O): the store keeps who waits and carries out
// a pairing in one transaction with the rooms it makes, so that nobody is
// paired twice or lost whichever node pairs (docs/rules.md, "Finding an
// opponent").
package pairing

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
)

// Pool is where the players of one game at one speed wait to be paired.
type Pool struct {
	Game  string
	Speed vocab.Clock
}

// Speeds are the pools' speeds: a quick game has a clock.
var Speeds = []vocab.Clock{vocab.BulletClock, vocab.FastClock, vocab.SlowClock}

// ErrBadPool says a pool's name is not GAME/SPEED of a registered game and
// one of Speeds.
var ErrBadPool = errors.New("no such pool")

// ParsePool reads a pool's name, "kalah/fast".
func ParsePool(name string) (Pool, error) {
	g, speed, ok := strings.Cut(name, "/")
	if !ok {
		return Pool{}, fmt.Errorf("%w: %q is not GAME/SPEED", ErrBadPool, name)
	}
	if _, err := game.Lookup(g); err != nil {
		return Pool{}, fmt.Errorf("%w: %q: no game %q", ErrBadPool, name, g)
	}
	if !slices.Contains(Speeds, vocab.Clock(speed)) {
		return Pool{}, fmt.Errorf("%w: %q: the speed is one of bullet, fast, slow", ErrBadPool, name)
	}
	return Pool{Game: g, Speed: vocab.Clock(speed)}, nil
}

// String is the pool's name, "kalah/fast".
func (p Pool) String() string { return p.Game + "/" + string(p.Speed) }

// Seeker is a player waiting in a pool.
type Seeker struct {
	// ID names this wait (a new one each time a player enters a pool).
	ID string
	// Player is who waits, once in all pools: "@name" for an account (by
	// its key), else the browser's token hash.
	Player string
	// Account is the username of a signed-in player ("" for a guest);
	// Rating their rating in the pool's game and speed (1500 for none).
	Account string
	Rating  float64
	// Bot marks an engine's account; WantsBots a person who lets quick
	// pairing give them one.
	Bot, WantsBots bool
	// Since is when they entered the pool; Ready when they may first be
	// paired (later than Since for a habit of aborting: AbortWait).
	Since, Ready time.Time
	// Apart are the accounts (any case) this one may not play rated: its
	// bot or owner, or an account used in the same browser lately
	// (package fairplay). They are not paired; others are.
	Apart []string
}

// apart says a may not meet b.
func apart(a, b Seeker) bool {
	return b.Account != "" && slices.ContainsFunc(a.Apart, func(k string) bool { return strings.EqualFold(k, b.Account) })
}

// Pair is two seekers the rule paired: a game between them is rated when
// both have accounts.
type Pair struct{ A, B Seeker }

// Rated says the game of a pair counts for ratings.
func (p Pair) Rated() bool { return p.A.Account != "" && p.B.Account != "" }

// The rating range: a signed-in player is first paired with someone rated
// within RangeStart of them; the range grows by RangeGrowth a second of
// waiting, and after RangeOpen anyone signed in will do.
const (
	RangeStart  = 100.0
	RangeGrowth = 25.0
	RangeOpen   = 30 * time.Second
)

// Range is the rating difference a player who has waited d accepts.
func Range(d time.Duration) float64 {
	if d >= RangeOpen {
		return math.Inf(1)
	}
	return RangeStart + RangeGrowth*max(d, 0).Seconds()
}

// AbortWait is how long a player with a habit of aborting waits before
// they may be paired: nothing for one abort in a row, then AbortStep for
// each more, at most AbortMax.
const (
	AbortStep = 10 * time.Second
	AbortMax  = 60 * time.Second
)

// AbortWait is the wait of a player whose last games were aborted (by them)
// aborts in a row.
func AbortWait(aborts int) time.Duration {
	if aborts < 2 {
		return 0
	}
	return min(time.Duration(aborts-1)*AbortStep, AbortMax)
}

// compatible says a and b may play each other now: different players, both
// ready, both guests or both signed in (guests play casual games; signed-in
// players rated ones) within the rating range of whichever has waited
// longer, not kept apart, and a bot only against a person who wants bots
// (or another bot).
func compatible(a, b Seeker, now time.Time) bool {
	switch {
	case a.Player == b.Player, now.Before(a.Ready), now.Before(b.Ready), apart(a, b), apart(b, a):
		return false
	case (a.Account == "") != (b.Account == ""):
		return false
	case a.Bot && !b.Bot && !b.WantsBots, b.Bot && !a.Bot && !a.WantsBots:
		return false
	case a.Account == "":
		return true
	}
	first := a.Since
	if b.Since.Before(first) {
		first = b.Since
	}
	return math.Abs(a.Rating-b.Rating) <= Range(now.Sub(first))
}

// Match pairs the seekers of one pool at now: the one who has waited
// longest first, with the compatible seeker nearest in rating (the one who
// has waited longer among equals); then the next who is left, and so on.
// Each seeker is in at most one pair.
func Match(seekers []Seeker, now time.Time) []Pair {
	order := slices.Clone(seekers)
	slices.SortStableFunc(order, func(a, b Seeker) int {
		if c := a.Since.Compare(b.Since); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	taken := make([]bool, len(order))
	var pairs []Pair
	for i, a := range order {
		if taken[i] {
			continue
		}
		best := -1
		for j := i + 1; j < len(order); j++ {
			b := order[j]
			if taken[j] || !compatible(a, b, now) {
				continue
			}
			if best < 0 || math.Abs(a.Rating-b.Rating) < math.Abs(a.Rating-order[best].Rating) {
				best = j
			}
		}
		if best >= 0 {
			taken[i], taken[best] = true, true
			pairs = append(pairs, Pair{A: a, B: order[best]})
		}
	}
	return pairs
}

// HouseDue says whether House may pair anyone of seekers left alone by
// pairs: someone who accepts a bot has waited HouseAfter (so that the
// house's bots and games in play need be looked up only then).
func HouseDue(seekers []Seeker, pairs []Pair, now time.Time) bool {
	return len(houseDue(seekers, pairs, now)) > 0
}

// houseDue are the seekers pairs left alone who accept a bot and have
// waited HouseAfter.
func houseDue(seekers []Seeker, pairs []Pair, now time.Time) []Seeker {
	paired := map[string]bool{}
	for _, p := range pairs {
		paired[p.A.ID], paired[p.B.ID] = true, true
	}
	var out []Seeker
	for _, s := range seekers {
		if !paired[s.ID] && (s.Bot || s.WantsBots) && now.Sub(s.Since) >= HouseAfter {
			out = append(out, s)
		}
	}
	return out
}

// HouseAfter is how long a seeker who accepts a bot waits for someone in
// the pool before a house bot (the server's own computer at one of its
// levels, under an account of its own) may be given them instead: long
// enough for two seekers who arrive a few seconds apart to meet each
// other first.
const HouseAfter = 10 * time.Second

// House pairs the seekers that pairs left alone with house bots: each who
// accepts a bot (a bot itself, or a person who wants bots), has waited
// HouseAfter and is compatible with one (the rating range applies, so
// guests never meet one) gets the house bot nearest in rating, longest
// waiting first, while slots, the house games the server may still begin,
// last. A house bot is always there: it may be in several pairs. Each
// pair's B is the house bot.
func House(seekers []Seeker, pairs []Pair, house []Seeker, now time.Time, slots int) []Pair {
	if slots <= 0 || len(house) == 0 {
		return nil
	}
	order := houseDue(seekers, pairs, now)
	slices.SortStableFunc(order, func(a, b Seeker) int { return a.Since.Compare(b.Since) })
	var out []Pair
	for _, a := range order {
		if len(out) == slots {
			break
		}
		best := -1
		for j, h := range house {
			h.Since, h.Ready = now, time.Time{} // always there: the seeker's wait sets the range
			if !compatible(a, h, now) {
				continue
			}
			if best < 0 || math.Abs(a.Rating-h.Rating) < math.Abs(a.Rating-house[best].Rating) {
				best = j
			}
		}
		if best >= 0 {
			out = append(out, Pair{A: a, B: house[best]})
		}
	}
	return out
}
