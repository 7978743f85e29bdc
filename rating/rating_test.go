package rating

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// paper is the worked example of Glickman's "Example of the Glicko-2 system":
// a player rated 1500 (RD 200, σ 0.06, τ 0.5) beats a 1400 (RD 30), then
// loses to a 1550 (RD 100) and to a 1700 (RD 300).
var (
	paperPlayer  = Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	paperResults = []Result{
		{Opponent: Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: Win},
		{Opponent: Rating{Rating: 1550, Deviation: 100, Volatility: 0.06}, Score: Loss},
		{Opponent: Rating{Rating: 1700, Deviation: 300, Volatility: 0.06}, Score: Loss},
	}
	paperParameters = Parameters{Tau: 0.5}
)

// The paper rounds as it goes (E to three decimals, μ' to four), so its
// 1464.06 is Center + Scale·(−0.2069); unrounded, the rating is 1464.0507.
// The test takes the paper's numbers at the paper's precision.
func TestThePapersExample(t *testing.T) {
	r := Update(paperPlayer, paperResults, paperParameters)
	require.InDelta(t, 1464.06, r.Rating, 0.01)
	require.InDelta(t, 151.52, r.Deviation, 0.005)
	require.InDelta(t, 0.05999, r.Volatility, 0.00001)
	require.Equal(t, 3, r.Games)
	require.Equal(t, "1464?", r.String(), "an RD of 151.52 is provisional")

	// On Glicko-2's scale: μ' ≈ −0.2069, φ' ≈ 0.8722, and μ' at the
	// paper's four decimals is the paper's rating to the hundredth.
	mu, phi := r.Glicko2()
	require.InDelta(t, -0.2069, mu, 0.00005)
	require.InDelta(t, 0.8722, phi, 0.00005)
	require.InDelta(t, 1464.06, Center+Scale*math.Round(mu*1e4)/1e4, 0.005)
}

// TestThePapersSteps checks the example's values step by step, as the paper
// lists them.
func TestThePapersSteps(t *testing.T) {
	mu, phi := paperPlayer.Glicko2()
	require.Equal(t, 0.0, mu)
	require.InDelta(t, 1.1513, phi, 0.00005)

	tests := []struct{ g, e float64 }{
		{0.9955, 0.639},
		{0.9531, 0.432},
		{0.7242, 0.303},
	}
	var info, surprise, paperInfo, paperSurprise float64
	for i, tc := range tests {
		muj, phij := paperResults[i].Opponent.Glicko2()
		gj := g(phij)
		e := expected(mu, muj, gj)
		require.InDelta(t, tc.g, gj, 0.00005, "g of opponent %d", i)
		require.InDelta(t, tc.e, e, 0.0005, "E against opponent %d", i)
		info += gj * gj * e * (1 - e)
		surprise += gj * (paperResults[i].Score - e)
		// The paper's own sums, from its rounded g and E.
		paperInfo += tc.g * tc.g * tc.e * (1 - tc.e)
		paperSurprise += tc.g * (paperResults[i].Score - tc.e)
	}
	require.InDelta(t, 1.7785, 1/paperInfo, 0.00005)
	require.InDelta(t, -0.4834, paperSurprise/paperInfo, 0.00005)
	v := 1 / info
	delta := v * surprise
	require.InDelta(t, 1.7785, v, 0.001, "1.77898 unrounded")
	require.InDelta(t, -0.4834, delta, 0.001, "−0.48393 unrounded")

	sigma := volatility(0.06, phi, v, delta, paperParameters.filled())
	require.InDelta(t, 0.05999, sigma, 0.00001)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	require.InDelta(t, 1.152862, phiStar, 0.00001, "the paper squares its rounded φ, 1.1513")
}

func TestScale(t *testing.T) {
	tests := []struct {
		r       Rating
		mu, phi float64
	}{
		{Rating{Rating: 1500, Deviation: 350}, 0, 350 / 173.7178},
		{Rating{Rating: 1673.7178, Deviation: 173.7178}, 1, 1},
		{Rating{Rating: 1326.2822, Deviation: 45}, -1, 45 / 173.7178},
	}
	for _, tc := range tests {
		mu, phi := tc.r.Glicko2()
		require.InDelta(t, tc.mu, mu, 1e-12)
		require.InDelta(t, tc.phi, phi, 1e-12)
		back := FromGlicko2(mu, phi, 0.06)
		require.InDelta(t, tc.r.Rating, back.Rating, 1e-9)
		require.InDelta(t, tc.r.Deviation, back.Deviation, 1e-9)
		require.Equal(t, 0.06, back.Volatility)
	}
}

func TestDefaults(t *testing.T) {
	d := Defaults()
	require.Equal(t, Parameters{Rating: 1500, Deviation: 350, Volatility: 0.06, Tau: 0.5,
		MinDeviation: 45, MaxDeviation: 350, MaxVolatility: 0.1, Epsilon: 0.000001}, d)
	require.Equal(t, d, Parameters{}.filled(), "the zero Parameters are the defaults")
	p := Parameters{Tau: 0.3, Epsilon: math.NaN(), MinDeviation: -1}.filled()
	require.Equal(t, 0.3, p.Tau)
	require.Equal(t, d.Epsilon, p.Epsilon)
	require.Equal(t, d.MinDeviation, p.MinDeviation)

	newcomer := Parameters{}.New()
	require.Equal(t, Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}, newcomer)
	require.True(t, Provisional(newcomer))
	require.Equal(t, "1500?", newcomer.String())
}

func TestProvisional(t *testing.T) {
	tests := []struct {
		r           Rating
		provisional bool
		shown       string
	}{
		{Rating{Rating: 1500, Deviation: 350}, true, "1500?"},
		{Rating{Rating: 1500, Deviation: 110.01}, true, "1500?"},
		{Rating{Rating: 1500, Deviation: 110}, false, "1500"},
		{Rating{Rating: 1642.5, Deviation: 45}, false, "1643"},
		{Rating{Rating: 1199.4, Deviation: 60}, false, "1199"},
	}
	for _, tc := range tests {
		require.Equal(t, tc.provisional, Provisional(tc.r), "%+v", tc.r)
		require.Equal(t, tc.shown, tc.r.String())
	}
}

func TestExpected(t *testing.T) {
	p := Defaults()
	a := Rating{Rating: 1500, Deviation: 50, Volatility: 0.06}
	require.InDelta(t, 0.5, Expected(a, a, p), 1e-12)
	strong := Rating{Rating: 1900, Deviation: 50, Volatility: 0.06}
	e := Expected(strong, a, p)
	require.Greater(t, e, 0.85)
	require.InDelta(t, 1, e+Expected(a, strong, p), 1e-12, "equal deviations: the two add up to 1")
	vague := strong
	vague.Deviation = 350
	require.Less(t, Expected(a, vague, p), 0.5)
	require.Greater(t, Expected(a, vague, p), Expected(a, strong, p), "an uncertain opponent is less of a sure thing")
}

func TestInactive(t *testing.T) {
	p := Defaults()
	regular := Rating{Rating: 1800, Deviation: 45, Volatility: 0.06, Games: 200}
	tests := []struct {
		periods float64
		rd      float64
	}{
		{0, 45},
		{-3, 45},
		{math.NaN(), 45},
		{1, Scale * math.Sqrt(math.Pow(45/Scale, 2)+0.06*0.06)},
		{100, Scale * math.Sqrt(math.Pow(45/Scale, 2)+100*0.06*0.06)},
		{1e6, 350},
		{math.Inf(1), 350},
	}
	for _, tc := range tests {
		r := Inactive(regular, tc.periods, p)
		require.InDelta(t, tc.rd, r.Deviation, 1e-9, "after %v periods", tc.periods)
		require.Equal(t, regular.Rating, r.Rating)
		require.Equal(t, regular.Volatility, r.Volatility)
		require.Equal(t, regular.Games, r.Games)
	}
	// The doc's arithmetic: with a period a day, provisional again within
	// three months (93 days), a newcomer's 350 within three years.
	require.False(t, Provisional(Inactive(regular, 92, p)))
	require.True(t, Provisional(Inactive(regular, 93, p)))
	require.Less(t, Inactive(regular, 1100, p).Deviation, 350.0)
	require.Equal(t, 350.0, Inactive(regular, 1110, p).Deviation)

	// A period without games is one period inactive.
	require.Equal(t, Inactive(regular, 1, p), Update(regular, nil, p))
}
