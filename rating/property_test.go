package rating

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// pairs are players and opponents from the ordinary to the absurd.
var pairs = []struct {
	name             string
	player, opponent Rating
}{
	{"equals", Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}, Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}},
	{"regulars", Rating{Rating: 1720, Deviation: 60, Volatility: 0.06}, Rating{Rating: 1650, Deviation: 70, Volatility: 0.05}},
	{"at the floor", Rating{Rating: 2100, Deviation: 45, Volatility: 0.06}, Rating{Rating: 2050, Deviation: 45, Volatility: 0.06}},
	{"newcomer against a regular", Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}, Rating{Rating: 2300, Deviation: 45, Volatility: 0.04}},
	{"regular against a newcomer", Rating{Rating: 2300, Deviation: 45, Volatility: 0.04}, Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}},
	{"1,500 points above", Rating{Rating: 3000, Deviation: 50, Volatility: 0.06}, Rating{Rating: 1500, Deviation: 50, Volatility: 0.06}},
	{"1,500 points below", Rating{Rating: 1500, Deviation: 50, Volatility: 0.06}, Rating{Rating: 3000, Deviation: 50, Volatility: 0.06}},
	{"a million points apart", Rating{Rating: 1e6, Deviation: 45, Volatility: 0.1}, Rating{Rating: -1e6, Deviation: 45, Volatility: 0.1}},
	{"beyond a float's range", Rating{Rating: -math.MaxFloat64, Deviation: 45, Volatility: 1e-300}, Rating{Rating: math.MaxFloat64, Deviation: 1e-300, Volatility: 1e300}},
	{"tiny deviation and volatility", Rating{Rating: 1500, Deviation: 1e-9, Volatility: 1e-9}, Rating{Rating: 1400, Deviation: 1e-9, Volatility: 1e-9}},
	{"not numbers", Rating{Rating: math.NaN(), Deviation: math.Inf(1), Volatility: math.NaN()}, Rating{Rating: math.Inf(-1), Deviation: -1, Volatility: math.Inf(1)}},
}

// taus are the system constants the properties must hold for: Glickman's
// range and far beyond it.
var taus = []float64{0.01, 0.3, 0.5, 0.75, 1.2, 10, 1000}

// TestAWinNeverLowersALossNeverRaises: whatever the ratings, a win moves a
// rating up or leaves it, a loss down or leaves it; and the result is in
// bounds.
func TestAWinNeverLowersALossNeverRaises(t *testing.T) {
	for _, tau := range taus {
		p := Parameters{Tau: tau}
		for _, tc := range pairs {
			t.Run(fmt.Sprintf("%s τ=%v", tc.name, tau), func(t *testing.T) {
				before := sane(tc.player, p.filled())
				win := Update(tc.player, []Result{{Opponent: tc.opponent, Score: Win}}, p)
				loss := Update(tc.player, []Result{{Opponent: tc.opponent, Score: Loss}}, p)
				draw := Update(tc.player, []Result{{Opponent: tc.opponent, Score: Draw}}, p)
				for _, r := range []Rating{win, loss, draw} {
					requireInBounds(t, before, r, 1, p)
					require.Equal(t, before.Games+1, r.Games)
				}
				require.GreaterOrEqual(t, win.Rating, before.Rating)
				require.LessOrEqual(t, loss.Rating, before.Rating)
				require.GreaterOrEqual(t, win.Rating, draw.Rating)
				require.GreaterOrEqual(t, draw.Rating, loss.Rating)
			})
		}
	}
}

// TestADrawMovesTowardTheOpponent: a draw with a stronger player raises a
// rating, with a weaker one lowers it.
func TestADrawMovesTowardTheOpponent(t *testing.T) {
	p := Defaults()
	me := Rating{Rating: 1600, Deviation: 80, Volatility: 0.06}
	tests := []struct {
		opponent float64
		up       bool
	}{{1800, true}, {1400, false}}
	for _, tc := range tests {
		r := Update(me, []Result{{Opponent: Rating{Rating: tc.opponent, Deviation: 80, Volatility: 0.06}, Score: Draw}}, p)
		require.Equal(t, tc.up, r.Rating > me.Rating, "a draw with a %v", tc.opponent)
	}
}

// TestTheDeviation: a game shrinks it (unless it told almost nothing, or the
// rating is at the floor: a period also adds σ²), a period without games grows
// it, and nothing takes it out of [45, 350].
func TestTheDeviation(t *testing.T) {
	p := Defaults()
	opponent := Rating{Rating: 1550, Deviation: 80, Volatility: 0.06}
	for _, rd := range []float64{70, 110, 200, 350} {
		for _, score := range []float64{Win, Draw, Loss} {
			me := Rating{Rating: 1500, Deviation: rd, Volatility: 0.06}
			after := Update(me, []Result{{Opponent: opponent, Score: score}}, p)
			require.Less(t, after.Deviation, rd, "RD %v, score %v", rd, score)
			idle := Update(me, nil, p)
			require.Greater(t, idle.Deviation, math.Min(rd, 349.99), "RD %v, no games", rd)
			require.LessOrEqual(t, idle.Deviation, 350.0)
			require.Equal(t, me.Rating, idle.Rating)
			require.Equal(t, me.Volatility, idle.Volatility)
			require.Equal(t, 0, idle.Games)
		}
	}

	// With no time counted (UpdateAfter, 0 periods) a game never grows it,
	// not even at the floor or against an opponent thousands of points away.
	for _, tc := range pairs {
		before := sane(tc.player, p)
		after := UpdateAfter(tc.player, []Result{{Opponent: tc.opponent, Score: Win}}, 0, p)
		require.LessOrEqual(t, after.Deviation, math.Max(before.Deviation, p.MinDeviation), tc.name)
	}

	// At the floor, one game a period adds σ² and takes back less.
	floor := Rating{Rating: 1500, Deviation: 45, Volatility: 0.06}
	require.Greater(t, Update(floor, []Result{{Opponent: floor, Score: Draw}}, p).Deviation, 45.0)
}

// TestARegularPlayersDeviationSettles: rated game by game, each game its own
// period, a player who plays equals settles near an RD of 60 (where σ² a
// period balances what a game tells), and an even game then moves the rating
// by about 10 points (docs/ratings.md says so).
func TestARegularPlayersDeviationSettles(t *testing.T) {
	p := Defaults()
	me := p.New()
	opponent := Rating{Rating: 1500, Deviation: 60, Volatility: 0.06}
	for i := range 200 {
		me.Rating = 1500
		me = Update(me, []Result{{Opponent: opponent, Score: float64(i % 2)}}, p)
	}
	require.InDelta(t, 60, me.Deviation, 3)
	require.False(t, Provisional(me))
	before := me
	before.Rating = 1500
	won, _ := Game(before, opponent, Win, p)
	require.InDelta(t, 10, won.Rating-1500, 1.5)
}

// TestGameIsSymmetric: Game rates both from their ratings before the game;
// between equals the changes are opposite, a draw changes no rating.
func TestGameIsSymmetric(t *testing.T) {
	for _, tau := range taus {
		p := Parameters{Tau: tau}
		for _, tc := range pairs {
			equal := sane(tc.player, p.filled())
			name := fmt.Sprintf("%s τ=%v", tc.name, tau)
			a, b := Game(equal, equal, Win, p)
			require.InDelta(t, a.Rating-equal.Rating, equal.Rating-b.Rating, 1e-6, name) // a float64 at 1e9 is good to 1e-7
			require.Greater(t, a.Rating, equal.Rating, name)
			require.Equal(t, a.Deviation, b.Deviation, name)
			require.Equal(t, a.Volatility, b.Volatility, name)

			a, b = Game(equal, equal, Draw, p)
			require.Equal(t, equal.Rating, a.Rating, name)
			require.Equal(t, equal.Rating, b.Rating, name)
			require.Equal(t, a, b, name)
			require.LessOrEqual(t, a.Volatility, equal.Volatility, "%s: no surprise, no more volatility", name)

			// Not sequential: b's update sees a's rating before the game.
			x, y := Game(tc.player, tc.opponent, Win, p)
			require.Equal(t, Update(tc.player, []Result{{Opponent: tc.opponent, Score: Win}}, p), x, name)
			require.Equal(t, Update(tc.opponent, []Result{{Opponent: tc.player, Score: Loss}}, p), y, name)
		}
	}
}

// TestScores: a score outside [0, 1] counts as the nearest end, one that is
// not a number is no game at all.
func TestScores(t *testing.T) {
	p := Defaults()
	me := Rating{Rating: 1500, Deviation: 100, Volatility: 0.06}
	opp := Rating{Rating: 1500, Deviation: 100, Volatility: 0.06}
	tests := []struct{ score, as float64 }{{2, Win}, {math.Inf(1), Win}, {-1, Loss}, {math.Inf(-1), Loss}}
	for _, tc := range tests {
		require.Equal(t, Update(me, []Result{{opp, tc.as}}, p), Update(me, []Result{{opp, tc.score}}, p), "score %v", tc.score)
	}
	require.Equal(t, Update(me, nil, p), Update(me, []Result{{opp, math.NaN()}}, p))
	require.Equal(t, Update(me, []Result{{opp, Win}}, p), Update(me, []Result{{opp, math.NaN()}, {opp, Win}}, p))
}

// TestManyResults: a period of many games stays finite and in bounds, and
// the order of its results does not matter.
func TestManyResults(t *testing.T) {
	p := Defaults()
	me := Rating{Rating: 1800, Deviation: 45, Volatility: 0.06}
	var results, reversed []Result
	for i := range 1000 {
		results = append(results, Result{Opponent: Rating{Rating: float64(400 + 3*i), Deviation: 45, Volatility: 0.06}, Score: float64(i % 3 / 2)})
	}
	for i := len(results) - 1; i >= 0; i-- {
		reversed = append(reversed, results[i])
	}
	r := Update(me, results, p)
	requireInBounds(t, me, r, len(results), p)
	require.Equal(t, 1000, r.Games)
	back := Update(me, reversed, p)
	require.InDelta(t, r.Rating, back.Rating, 1e-6)
	require.InDelta(t, r.Deviation, back.Deviation, 1e-9)
}

// requireInBounds checks that r, an update of before after n games, is
// finite, within the deviation's and the volatility's bounds, and moved by
// no more than a rating can move: |Δμ| ≤ φ'²·Σg ≤ (MaxDeviation/Scale)²·n.
func requireInBounds(t *testing.T, before, r Rating, n int, p Parameters) {
	t.Helper()
	p = p.filled()
	for _, x := range []float64{r.Rating, r.Deviation, r.Volatility} {
		require.False(t, math.IsNaN(x) || math.IsInf(x, 0), "%+v", r)
	}
	require.GreaterOrEqual(t, r.Deviation, p.MinDeviation-1e-9, "%+v", r)
	require.LessOrEqual(t, r.Deviation, p.MaxDeviation+1e-9, "%+v", r)
	require.Greater(t, r.Volatility, 0.0, "%+v", r)
	require.LessOrEqual(t, r.Volatility, p.MaxVolatility, "%+v", r)
	bound := p.MaxDeviation*p.MaxDeviation/Scale*float64(n) + 1e-6*math.Abs(before.Rating)
	require.LessOrEqual(t, math.Abs(r.Rating-before.Rating), bound, "%+v after %+v", r, before)
}
