package ai

import "math/rand/v2"

// MatrixGame is a zero-sum matrix game: the row player gets A[i*Cols+j] when
// it plays i and the column player j. Solve finds an approximate
// equilibrium by regret matching+ (Tammelin's variant, whose averaged
// strategies converge faster than plain regret matching): each player plays
// in proportion to its positive accumulated regrets, and the average
// strategies over the iterations, weighted linearly, approach a Nash
// equilibrium. A MatrixGame is reused from solve to solve so that its
// scratch stays allocated.
type MatrixGame struct {
	Rows, Cols int
	A          []float64 // row-major, Rows×Cols

	// Scratch, reused from solve to solve.
	regR, regC, sigR, sigC, sumR, sumC, uR, uC []float64
}

// Reset makes g a rows × cols game with zero payoffs, to be filled in A.
func (g *MatrixGame) Reset(rows, cols int) {
	g.Rows, g.Cols = rows, cols
	g.A = grow(g.A, rows*cols)
}

// Cut keeps the first rows × cols block of the payoffs and returns rows.
func (g *MatrixGame) Cut(rows, cols int) int {
	for i := range rows {
		copy(g.A[i*cols:(i+1)*cols], g.A[i*g.Cols:i*g.Cols+cols])
	}
	g.Rows, g.Cols = rows, cols
	g.A = g.A[:rows*cols]
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

// Solve runs iters iterations and returns the average strategies and the
// game's value to the row player under them. A clock, when given, is read
// every 64 iterations and ends the solve early. The strategies are g's
// scratch: copy them before the next solve.
func (g *MatrixGame) Solve(iters int, clk *Clock) (rowStrat, colStrat []float64, value float64) {
	n, m := g.Rows, g.Cols
	g.regR, g.regC = grow(g.regR, n), grow(g.regC, m)
	g.sigR, g.sigC = grow(g.sigR, n), grow(g.sigC, m)
	g.sumR, g.sumC = grow(g.sumR, n), grow(g.sumC, m)
	g.uR, g.uC = grow(g.uR, n), grow(g.uC, m)
	for t := 1; t <= iters; t++ {
		if t&63 == 0 && clk != nil && clk.ExpiredNow() {
			break
		}
		Normalise(g.sigR, g.regR)
		Normalise(g.sigC, g.regC)
		// Expected payoffs of each pure strategy against the other's mix.
		clear(g.uC)
		var ev float64
		for i := range n {
			row := g.A[i*m : (i+1)*m]
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
	Normalise(g.sumR, g.sumR)
	Normalise(g.sumC, g.sumC)
	for i := range n {
		for j := range m {
			value += g.sumR[i] * g.sumC[j] * g.A[i*m+j]
		}
	}
	return g.sumR, g.sumC, value
}

// RowPayoffs are the expected payoffs of each row against the column
// player's mix in the last iteration of the last solve: what a best reply
// reads.
func (g *MatrixGame) RowPayoffs() []float64 { return g.uR }

// ColPayoffs are the expected payoffs, to the row player, of each column
// against the row player's mix in the last iteration of the last solve.
func (g *MatrixGame) ColPayoffs() []float64 { return g.uC }

// Normalise writes into dst the weights w scaled to sum to 1 (uniform when
// they are all zero). dst and w may be the same slice.
func Normalise(dst, w []float64) {
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

// Sample picks an index with the given probabilities, ignoring those below
// floor (regret matching leaves a little weight on poor moves).
func Sample(rng *rand.Rand, p []float64, floor float64) int {
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
