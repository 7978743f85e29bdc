package rating

import "math"

// The iterations' bounds. The paper's iteration converges in well under 20
// steps for any rating a site sees; the bounds only make sure that no input,
// however odd, can keep a server's goroutine spinning.
const (
	maxIterations   = 100
	maxBracketSteps = 1000
)

// maxVariance bounds the paper's v for the volatility's step. A larger v means
// the period's games told (almost) nothing: every result was a foregone
// conclusion, more than about 4,800 points apart. Δ² then outgrows a float64,
// so the volatility is left as it was.
const maxVariance = 1e12

// Update returns player's rating after one rating period in which they had
// results, each against the opponent's rating as the period began (steps 1 to
// 8 of the paper). With no results only the deviation grows, φ' = √(φ² + σ²).
// The deviation is then kept within [MinDeviation, MaxDeviation] and the
// volatility at most MaxVolatility; Games counts the results. A result whose
// score is not a number is left out.
func Update(player Rating, results []Result, p Parameters) Rating {
	return UpdateAfter(player, results, 1, p)
}

// UpdateAfter is Update with the deviation's growth of step 6, σ² a period,
// counted for periods rating periods instead of one: the time since the
// player's rating last changed, when a period is a span of time and each
// game is rated as it ends within it (lichess's way). With periods 0 a game
// only ever shrinks the deviation; UpdateAfter(r, nil, t, p) is Inactive(r,
// t, p). A periods that is not positive counts as 0.
func UpdateAfter(player Rating, results []Result, periods float64, p Parameters) Rating {
	p = p.filled()
	player = sane(player, p)
	mu, phi := player.Glicko2()
	sigma := player.Volatility
	if !(periods > 0) {
		periods = 0
	}
	periods = math.Min(periods, math.MaxFloat32)

	// Steps 3 and 4: the information the games carry (1/v) and the sum
	// of their surprises, Σ g(φⱼ)(sⱼ − Eⱼ), which Δ is v times.
	var info, surprise float64
	games := 0
	for _, res := range results {
		if math.IsNaN(res.Score) {
			continue
		}
		s := clamp(res.Score, 0, 1)
		muj, phij := sane(res.Opponent, p).Glicko2()
		gj := g(phij)
		e := expected(mu, muj, gj)
		info += gj * gj * e * (1 - e)
		surprise += gj * (s - e)
		games++
	}
	if games == 0 {
		return Inactive(player, periods, p)
	}

	// Step 5: the new volatility, when the games said anything to go on.
	if info > 0 && 1/info <= maxVariance {
		v := 1 / info
		sigma = volatility(sigma, phi, v, v*surprise, p)
	}
	sigma = math.Min(sigma, p.MaxVolatility)

	// Steps 6 and 7: the deviation grows by the period's volatility, then
	// shrinks by what the games told; the rating moves by the surprise,
	// weighted by the new variance. The floor and the ceiling apply before
	// the rating moves, so it moves as a rating with that deviation does.
	phiStar2 := phi*phi + periods*sigma*sigma
	newPhi := 1 / math.Sqrt(1/phiStar2+info)
	newPhi = clamp(newPhi, p.MinDeviation/Scale, p.MaxDeviation/Scale)
	// μ' = μ + φ'²·Σ g(s − E), converted back as the change alone: a
	// rating at 48,000 does not survive the trip to μ and back to the last
	// bit, and a win must never cost one.
	return Rating{
		Rating:     player.Rating + Scale*newPhi*newPhi*surprise,
		Deviation:  Scale * newPhi,
		Volatility: sigma,
		Games:      player.Games + games,
	}
}

// Game rates one game between a and b as a rating period of its own, as the
// site does when a rated game ends: scoreA is a's score (Win, Draw or Loss),
// b's is 1 − scoreA. Both are updated from their ratings before the game.
func Game(a, b Rating, scoreA float64, p Parameters) (newA, newB Rating) {
	newA = Update(a, []Result{{Opponent: b, Score: scoreA}}, p)
	newB = Update(b, []Result{{Opponent: a, Score: 1 - scoreA}}, p)
	return newA, newB
}

// Inactive returns r after periods rating periods without a game: its
// deviation grows as the paper's step 6 makes it grow in each, φ' = √(φ² +
// periods·σ²), up to MaxDeviation; the rating and volatility stay. The length
// of a period is the caller's choice: with σ = 0.06 and a period a day, a
// regular player at the floor of 45 is provisional again (above 110) after
// about three months away, and back to a newcomer's 350 after three years.
// A periods that is not positive changes nothing but the bounds.
func Inactive(r Rating, periods float64, p Parameters) Rating {
	p = p.filled()
	r = sane(r, p)
	if periods > 0 {
		phi := r.Deviation / Scale
		phi = math.Sqrt(phi*phi + math.Min(periods, math.MaxFloat32)*r.Volatility*r.Volatility)
		r.Deviation = math.Max(r.Deviation, Scale*phi) // not an ulp less, when σ² is nothing
	}
	r.Deviation = clamp(r.Deviation, p.MinDeviation, p.MaxDeviation)
	return r
}

// g weighs an opponent's result by how well their rating is known (the
// paper's g(φ)): 1 for a certain rating, less the more uncertain it is.
func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expected is the paper's E(μ, μⱼ, φⱼ), with gj = g(φⱼ). For rating gaps
// beyond a float64's exponent it is exactly 0 or 1, never NaN.
func expected(mu, muj, gj float64) float64 {
	return 1 / (1 + math.Exp(-gj*(mu-muj)))
}

// volatility is step 5 of the paper: σ' = e^(A/2), where A is the root of
//
//	f(x) = eˣ(Δ² − φ² − v − eˣ) / 2(φ² + v + eˣ)² − (x − a)/τ²,  a = ln σ²,
//
// found by the Illinois algorithm (regula falsi that halves the side that
// stayed put) to within ε. The root is bracketed first: A = a, and B =
// ln(Δ² − φ² − v) when that is defined, else a − kτ for the first k = 1, 2, …
// with f(a − kτ) ≥ 0. f(A) and f(B) then differ in sign (or both are 0).
func volatility(sigma, phi, v, delta float64, p Parameters) float64 {
	a := 2 * math.Log(sigma) // ln σ², without σ² underflowing for tiny σ
	tau2 := p.Tau * p.Tau
	rest := delta*delta - phi*phi - v // Δ² − φ² − v
	base := phi*phi + v               // φ² + v
	f := func(x float64) float64 {
		ex := math.Exp(x)
		den := base + ex
		return ex*(rest-ex)/(2*den*den) - (x-a)/tau2
	}

	A := a
	var B float64
	if rest > 0 {
		B = math.Log(rest)
	} else {
		k := 1.0
		for f(a-k*p.Tau) < 0 && k < maxBracketSteps {
			k++
		}
		B = a - k*p.Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; i < maxIterations && math.Abs(B-A) > p.Epsilon; i++ {
		if fB == fA { // only when both are 0: A is a root
			break
		}
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC == 0 { // C is the root; the paper's update would then stall
			A = C
			break
		}
		if fC*fB < 0 {
			A, fA = B, fB // the root lies between C and B
		} else {
			fA /= 2 // the Illinois step: B's side stayed, so halve A's weight
		}
		B, fB = C, fC
	}

	if A == a { // exactly where it was: exp(ln σ) need not give σ back
		return sigma
	}
	s := math.Exp(A / 2)
	if math.IsNaN(s) || !(s > 0) || math.IsInf(s, 1) {
		return sigma
	}
	return s
}
