package ai

import "math/rand/v2"

// A zero-sum matrix game: the row player gets a[i][j] when it plays i and the
// column player j. solveMatrix finds an approximate equilibrium by regret
// matching+ (Tammelin's variant, whose averaged strategies converge faster
// than plain regret matching): each player plays in proportion to its
// positive accumulated regrets, and the average strategies over the
// iterations, weighted linearly, approach a Nash equilibrium.
type matrixGame struct {
	rows, cols int
	a          []float64 // row-major, rows×cols

	// Scratch, reused from solve to solve.
	regR, regC, sigR, sigC, sumR, sumC, uR, uC []float64
}

func (g *matrixGame) reset(rows, cols int) {
	g.rows, g.cols = rows, cols
	g.a = grow(g.a, rows*cols)
}

// cut keeps the first rows × cols block of the payoffs and returns rows.
func (g *matrixGame) cut(rows, cols int) int {
	for i := range rows {
		copy(g.a[i*cols:(i+1)*cols], g.a[i*g.cols:i*g.cols+cols])
	}
	g.rows, g.cols = rows, cols
	g.a = g.a[:rows*cols]
	return rows
}

func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// solve runs iters iterations and returns the average strategies and the
// game's value to the row player under them.
// A clock, when given, is read every 64 iterations and ends the solve early.
func (g *matrixGame) solve(iters int, clk *clock) (rowStrat, colStrat []float64, value float64) {
	n, m := g.rows, g.cols
	g.regR, g.regC = grow(g.regR, n), grow(g.regC, m)
	g.sigR, g.sigC = grow(g.sigR, n), grow(g.sigC, m)
	g.sumR, g.sumC = grow(g.sumR, n), grow(g.sumC, m)
	g.uR, g.uC = grow(g.uR, n), grow(g.uC, m)
	for t := 1; t <= iters; t++ {
		if t&63 == 0 && clk != nil && clk.expiredNow() {
			break
		}
		normalise(g.sigR, g.regR)
		normalise(g.sigC, g.regC)
		// Expected payoffs of each pure strategy against the other's mix.
		clear(g.uC)
		var ev float64
		for i := range n {
			row := g.a[i*m : (i+1)*m]
			var u float64
			for j, x := range row {
				u += x * g.sigC[j]
				g.uC[j] += x * g.sigR[i]
			}
			g.uR[i] = u
			ev += u * g.sigR[i]
		}
		for i := range n {
			g.regR[i] = max(0, g.regR[i]+g.uR[i]-ev)
			g.sumR[i] += float64(t) * g.sigR[i]
		}
		for j := range m {
			g.regC[j] = max(0, g.regC[j]-(g.uC[j]-ev))
			g.sumC[j] += float64(t) * g.sigC[j]
		}
	}
	normalise(g.sumR, g.sumR)
	normalise(g.sumC, g.sumC)
	for i := range n {
		for j := range m {
			value += g.sumR[i] * g.sumC[j] * g.a[i*m+j]
		}
	}
	return g.sumR, g.sumC, value
}

// normalise writes into dst the weights w scaled to sum to 1 (uniform when
// they are all zero). dst and w may be the same slice.
func normalise(dst, w []float64) {
	var sum float64
	for _, x := range w {
		sum += x
	}
	if sum <= 0 {
		for i := range dst {
			dst[i] = 1 / float64(len(dst))
		}
		return
	}
	for i, x := range w {
		dst[i] = x / sum
	}
}

// sample picks an index with the given probabilities, ignoring those below
// floor (regret matching leaves a little weight on poor moves).
func sample(rng *rand.Rand, p []float64, floor float64) int {
	var sum float64
	for _, x := range p {
		if x >= floor {
			sum += x
		}
	}
	r := rng.Float64() * sum
	last := 0
	for i, x := range p {
		if x < floor {
			continue
		}
		last = i
		if r < x {
			return i
		}
		r -= x
	}
	return last
}
