package demonsai

import "boardroom/game/ai"

// Safe exploitation for the matrix games of Angels & Demons.
//
// An equilibrium strategy cannot lose on average but cannot win much against
// a weak opponent either: it gains only what the opponent gives away by
// itself. Playing a best reply to a prediction of the opponent wins more when
// the prediction is right and can lose a lot when it is wrong. The middle
// way (Ganzfried and Sandholm, "Safe opponent exploitation", 2015; in the
// spirit of Johanson et al.'s restricted Nash responses) is to move from the
// equilibrium towards the best reply only as far as the worst case over all
// the opponent's choices stays within a bound of the equilibrium's
// guarantee, the bound being a small allowance plus what the opponent has
// already given away ("risk what you have won in expectation"): then over a
// game the bot cannot do worse than the equilibrium by more than the
// allowances, whatever the opponent does.

// payoffView is a matrix game from one seat's view: rows are its choices,
// columns the opponent's, a[i*cols+j] its payoff.
type payoffView struct {
	rows, cols int
	a          []float64
}

// viewOf returns g from the Angels' view (g as it is) or the Demons' view (g
// transposed and negated), in a fresh payoffView.
func viewOf(g *ai.MatrixGame, angels bool) payoffView {
	v := payoffView{rows: g.Rows, cols: g.Cols, a: make([]float64, g.Rows*g.Cols)}
	if angels {
		copy(v.a, g.A[:g.Rows*g.Cols])
		return v
	}
	v.rows, v.cols = g.Cols, g.Rows
	for i := range g.Rows {
		for j := range g.Cols {
			v.a[j*g.Rows+i] = -g.A[i*g.Cols+j]
		}
	}
	return v
}

// against returns the payoff of the mix x against each column.
func (v payoffView) against(x []float64) []float64 {
	out := make([]float64, v.cols)
	for i, p := range x {
		if p == 0 {
			continue
		}
		for j := range v.cols {
			out[j] += p * v.a[i*v.cols+j]
		}
	}
	return out
}

// guarantee is the worst case of the mix x over the opponent's choices.
func (v payoffView) guarantee(x []float64) float64 {
	col := v.against(x)
	worst := col[0]
	for _, u := range col[1:] {
		worst = min(worst, u)
	}
	return worst
}

// expect is the expected payoff of the mix x against the opponent's mix q.
func (v payoffView) expect(x, q []float64) float64 {
	var e float64
	for j, u := range v.against(x) {
		e += q[j] * u
	}
	return e
}

// safeMix moves from the equilibrium mix eq towards the pure choice that
// does best against the predicted opponent mix q, by a weight of at most
// wcap, keeping the worst case at least the equilibrium's guarantee minus
// bound. It returns the mix, the weight given to the best reply (0: eq
// itself), that reply's row, and the mix's expected payoff against q.
func safeMix(v payoffView, eq, q []float64, bound, wcap float64) (mix []float64, w float64, reply int, expect float64) {
	score := make([]float64, v.rows)
	for i := range v.rows {
		for j, p := range q {
			score[i] += p * v.a[i*v.cols+j]
		}
	}
	return safeMixScored(v, eq, score, bound, wcap)
}

// safeMixScored is safeMix with the value of each row against the
// prediction given (a plan's, say), and expect the mix's value by it.
//
// Of all the pure replies it takes the one whose safe mix scores most: mixing
// with a reply that is a little worse but much safer often gains more within
// the bound.
func safeMixScored(v payoffView, eq, score []float64, bound, wcap float64) (mix []float64, w float64, reply int, expect float64) {
	eqCol := v.against(eq)
	floor := eqCol[0]
	for _, u := range eqCol {
		floor = min(floor, u)
	}
	var eqScore float64
	for i, p := range eq {
		eqScore += p * score[i]
	}
	floor -= max(0, bound)
	reply, expect = -1, eqScore
	for b := range v.rows {
		row := v.a[b*v.cols : (b+1)*v.cols]
		if score[b] <= eqScore {
			continue
		}
		// (1-w)·eqCol[j] + w·row[j] ≥ floor for every column j.
		wb := wcap
		for j, u := range row {
			if u < eqCol[j] {
				wb = min(wb, (eqCol[j]-floor)/(eqCol[j]-u))
			}
		}
		if e := (1-wb)*eqScore + wb*score[b]; wb > 0 && e > expect {
			reply, w, expect = b, wb, e
		}
	}
	mix = make([]float64, len(eq))
	for i, p := range eq {
		mix[i] = (1 - w) * p
	}
	if reply >= 0 {
		mix[reply] += w
	}
	return mix, w, reply, expect
}
