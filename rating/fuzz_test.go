package rating

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzUpdate feeds Update, Game and UpdateAfter any ratings, scores, τ and
// time away, and checks that what comes out is finite and in bounds, that a
// win never lowers a rating nor a loss raises it, and that Game's two sides
// are the two Updates. Run it with
//
//	go test -run '^$' -fuzz FuzzUpdate -fuzztime 30s ./rating/
func FuzzUpdate(f *testing.F) {
	f.Add(1500.0, 200.0, 0.06, 1400.0, 30.0, 0.06, 1.0, 0.5, 1.0)
	f.Add(1500.0, 350.0, 0.06, 1500.0, 350.0, 0.06, 0.5, 0.5, 0.0)
	f.Add(3000.0, 45.0, 0.1, 100.0, 45.0, 0.01, 0.0, 0.01, 1e6)
	f.Add(-1e300, 1e-300, 1e-300, 1e300, 1e300, 1e300, 1.0, 1e300, -1.0)
	f.Add(math.NaN(), math.Inf(1), math.Inf(-1), math.NaN(), math.NaN(), 0.0, math.NaN(), math.NaN(), math.NaN())
	f.Fuzz(func(t *testing.T, r, rd, vol, or, ord, ovol, score, tau, periods float64) {
		// As given (mostly extremes, as the fuzzer mutates), then folded into
		// the ranges a site sees.
		check(t, r, rd, vol, or, ord, ovol, score, tau, periods)
		check(t, fold(r, 0, 4000), fold(rd, 1, 400), fold(vol, 0.001, 0.2),
			fold(or, 0, 4000), fold(ord, 1, 400), fold(ovol, 0.001, 0.2),
			fold(score, 0, 1), fold(tau, 0.01, 2), fold(periods, 0, 1000))
	})
}

// fold maps x into [lo, hi), x itself when it is there already.
func fold(x, lo, hi float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return lo
	}
	return lo + math.Mod(math.Abs(x-lo), hi-lo)
}

func check(t *testing.T, r, rd, vol, or, ord, ovol, score, tau, periods float64) {
	p := Parameters{Tau: tau}
	me := Rating{Rating: r, Deviation: rd, Volatility: vol, Games: 7}
	opp := Rating{Rating: or, Deviation: ord, Volatility: ovol}
	before := sane(me, p.filled())

	u := Update(me, []Result{{Opponent: opp, Score: score}}, p)
	n := 1
	if math.IsNaN(score) {
		n = 0
	}
	requireInBounds(t, before, u, n, p)
	require.Equal(t, 7+n, u.Games)
	if score >= Win {
		require.GreaterOrEqual(t, u.Rating, before.Rating)
	}
	if score <= Loss {
		require.LessOrEqual(t, u.Rating, before.Rating)
	}

	a, b := Game(me, opp, score, p)
	require.Equal(t, u, a)
	requireInBounds(t, sane(opp, p.filled()), b, n, p)

	later := UpdateAfter(me, []Result{{Opponent: opp, Score: score}}, periods, p)
	requireInBounds(t, before, later, n, p)
	idle := Inactive(me, periods, p)
	requireInBounds(t, before, idle, 0, p)
	require.GreaterOrEqual(t, idle.Deviation, math.Min(before.Deviation, p.filled().MaxDeviation))
	require.Equal(t, before.Rating, idle.Rating)
}

// BenchmarkGame rates one game, both sides.
func BenchmarkGame(b *testing.B) {
	p := Defaults()
	x := Rating{Rating: 1720, Deviation: 60, Volatility: 0.06}
	y := Rating{Rating: 1650, Deviation: 70, Volatility: 0.05}
	for b.Loop() {
		Game(x, y, Win, p)
	}
}
