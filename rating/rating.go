// Package rating computes players' ratings with the Glicko-2 system of Mark
// E. Glickman, as set out step by step in his paper "Example of the Glicko-2
// system" (Boston University), whose worked example the tests reproduce.
//
// A player's Rating is three numbers: the rating itself on the familiar
// 1500-based scale, its deviation (RD, how uncertain it is: about two RDs
// either side of the rating is where the player's strength lies, 19 times in
// 20) and its volatility σ (how erratically the player performs). The
// arithmetic runs on Glicko-2's own scale (μ, φ), 173.7178 times smaller and
// centred on 0; Glicko2 and FromGlicko2 convert.
//
// Update rates one rating period: every result a player had in it, against
// opponents' ratings as they were when it began. The site rates each game as
// it ends, as lichess does, so each game is a period of its own: Game updates
// both players from their ratings before the game. With no games, a period
// only makes the deviation grow; Inactive lets it grow for any number of
// periods away. UpdateAfter counts that growth for the time since the rating
// last changed instead of one whole period, for a caller whose period is a
// span of time in which each game is still rated as it ends.
//
// Beyond the paper, a rating's deviation is kept between a floor and a
// ceiling (Parameters.MinDeviation, MaxDeviation: a rating that is never
// "certain" keeps moving when its player improves) and its volatility under a
// ceiling (MaxVolatility: one freak result cannot make the next games swing
// wildly). Every function returns finite numbers within those bounds for any
// input; a number that is not a number (NaN, ±Inf) or out of range in an input
// is replaced by the default or the nearest bound (see Parameters).
package rating

import (
	"math"
	"strconv"
)

// Scale is the ratio between the Glicko scale and Glicko-2's: μ = (r −
// Center)/Scale and φ = RD/Scale (the paper's 173.7178, which is 400/ln 10).
const (
	Scale  = 173.7178
	Center = 1500.0
)

// ProvisionalDeviation is the deviation above which a rating is shown as
// provisional ("1500?"): with an RD of 110 the rating is known only within
// about ±220 points.
const ProvisionalDeviation = 110.0

// The scores of a game, from the player's side.
const (
	Loss = 0.0
	Draw = 0.5
	Win  = 1.0
)

// Rating is a player's rating in one game and speed.
type Rating struct {
	Rating     float64 // on the Glicko scale: a newcomer's is 1500
	Deviation  float64 // RD, on the Glicko scale
	Volatility float64 // σ, the same on both scales
	Games      int     // the rated games counted in it
}

// Result is one game of a rating period: the opponent's rating when the
// period began and the player's score, Win, Draw or Loss (a score in between
// is taken as given, one outside [0, 1] as the nearest end).
type Result struct {
	Opponent Rating
	Score    float64
}

// Parameters are the system's settings. A field that is zero, negative or not
// a number takes its default (Defaults), so Parameters{} is the defaults and
// Parameters{Tau: 0.3} changes only τ.
type Parameters struct {
	// A newcomer's rating, deviation and volatility.
	Rating, Deviation, Volatility float64
	// Tau, τ, the system constant, bounds how fast a volatility changes.
	Tau float64
	// The bounds of a rating's deviation after any update.
	MinDeviation, MaxDeviation float64
	// The bound of a volatility after any update.
	MaxVolatility float64
	// Epsilon, ε, is the tolerance of the volatility's iteration.
	Epsilon float64
}

// Defaults returns the site's parameters:
//
//   - a newcomer starts at 1500 with a deviation of 350 (the paper's) and a
//     volatility of 0.06 (the paper's example);
//   - τ is 0.5. Glickman suggests 0.3 to 1.2, smaller for games whose players'
//     strength changes little from one period to the next. Ours are rated game
//     by game, a period being one game, so a player's strength barely changes
//     within one: a τ at the low end keeps a volatility from leaping on one
//     surprise, yet 0.5 lets it follow a player who really improves (lichess,
//     rating the same way, takes 0.75; the paper's example 0.5);
//   - the deviation stays between 45 (lichess's floor: below it a rating
//     of a regular player would hardly move even when they improve) and 350,
//     a newcomer's, which is "nothing known";
//   - the volatility stays at most 0.1 (lichess's bound): in a period of a
//     single game the paper's iteration can take one upset for a change of
//     strength, and an unbounded volatility would then inflate the deviation
//     (and so the swings) of every later game;
//   - ε is 0.000001, the paper's.
func Defaults() Parameters {
	return Parameters{
		Rating:        Center,
		Deviation:     350,
		Volatility:    0.06,
		Tau:           0.5,
		MinDeviation:  45,
		MaxDeviation:  350,
		MaxVolatility: 0.1,
		Epsilon:       0.000001,
	}
}

// filled returns p with its unset fields at their defaults, and its bounds in
// order.
func (p Parameters) filled() Parameters {
	d := Defaults()
	set := func(v *float64, def float64) {
		if !(*v > 0) || math.IsInf(*v, 1) {
			*v = def
		}
	}
	set(&p.Deviation, d.Deviation)
	set(&p.Volatility, d.Volatility)
	set(&p.Tau, d.Tau)
	set(&p.MinDeviation, d.MinDeviation)
	set(&p.MaxDeviation, d.MaxDeviation)
	set(&p.MaxVolatility, d.MaxVolatility)
	set(&p.Epsilon, d.Epsilon)
	if math.IsNaN(p.Rating) || math.IsInf(p.Rating, 0) || p.Rating == 0 {
		p.Rating = d.Rating
	}
	if p.MinDeviation > p.MaxDeviation {
		p.MinDeviation = p.MaxDeviation
	}
	p.Deviation = clamp(p.Deviation, p.MinDeviation, p.MaxDeviation)
	p.Volatility = math.Min(p.Volatility, p.MaxVolatility)
	return p
}

// New returns a newcomer's rating.
func (p Parameters) New() Rating {
	p = p.filled()
	return Rating{Rating: p.Rating, Deviation: p.Deviation, Volatility: p.Volatility}
}

// Provisional reports whether r is still uncertain, its deviation above
// ProvisionalDeviation: the site shows it as "1500?".
func Provisional(r Rating) bool { return r.Deviation > ProvisionalDeviation }

// String is the rating as the site shows it: rounded to a whole number, with
// a question mark when it is provisional ("1500?", "1642").
func (r Rating) String() string {
	s := strconv.FormatFloat(math.Round(r.Rating), 'f', 0, 64)
	if Provisional(r) {
		s += "?"
	}
	return s
}

// Glicko2 returns r's rating and deviation on Glicko-2's scale (step 2 of the
// paper): μ = (r − 1500)/173.7178, φ = RD/173.7178.
func (r Rating) Glicko2() (mu, phi float64) {
	return (r.Rating - Center) / Scale, r.Deviation / Scale
}

// FromGlicko2 returns the rating whose Glicko-2 values are μ, φ and σ (step 8
// of the paper), with no games counted.
func FromGlicko2(mu, phi, sigma float64) Rating {
	return Rating{Rating: Center + Scale*mu, Deviation: Scale * phi, Volatility: sigma}
}

// Expected is player's expected score against opponent (the paper's E), from
// 0 to 1: 0.5 between equals, more for the higher rated, and nearer 0.5 the
// less is known of the opponent's rating.
func Expected(player, opponent Rating, p Parameters) float64 {
	p = p.filled()
	mu, _ := sane(player, p).Glicko2()
	muj, phij := sane(opponent, p).Glicko2()
	return expected(mu, muj, g(phij))
}

// maxMagnitude bounds a rating's size, far beyond any rating a player can
// reach, so that a rating's change can never overflow a float64.
const maxMagnitude = 1e9

// sane returns r with what cannot be computed with replaced: a rating that is
// not a finite number by the newcomer's, one beyond ±maxMagnitude by that
// bound, a deviation that is not positive by the newcomer's and one above the
// ceiling by the ceiling, and likewise the volatility. A deviation below the floor is kept: an opponent rated
// elsewhere (the paper's example has one at 30) is taken as given.
func sane(r Rating, p Parameters) Rating {
	if math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0) {
		r.Rating = p.Rating
	}
	r.Rating = clamp(r.Rating, -maxMagnitude, maxMagnitude)
	if !(r.Deviation > 0) {
		r.Deviation = p.Deviation
	}
	r.Deviation = math.Min(r.Deviation, p.MaxDeviation)
	if !(r.Volatility > 0) {
		r.Volatility = p.Volatility
	}
	r.Volatility = math.Min(r.Volatility, p.MaxVolatility)
	if r.Games < 0 {
		r.Games = 0
	}
	return r
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }
