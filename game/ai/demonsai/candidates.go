package demonsai

import (
	"slices"

	"boardroom/game/ai"
)

// The candidates of the two-turn lookahead: the equilibrium of the one-turn
// game picks most of them, the opponent model the rest.

// demonsCandidates is how many choices of each seat the two-turn lookahead
// keeps: the best by the one-turn game; demonsExtra more come from the
// opponent prediction (the best replies to it, the likeliest opponent
// choices).
const (
	demonsCandidates = 10
	demonsExtra      = 3
)

// extraCandidates adds to the two-turn candidates the bot's best one-turn
// replies to the predicted opponent and the opponent's likeliest choices by
// the prediction (the equilibrium model's aside: its choices are there).
func (b *matrixBot) extraCandidates(mem *demonsMemory, one payoffView, rows, cols []int) ([]int, []int) {
	all := seq(one.cols)
	q := mem.mixture(all)
	byQ := slices.Clone(all)
	slices.SortStableFunc(byQ, func(x, y int) int { return cmpDesc(q[x], q[y]) })
	u := make([]float64, one.rows)
	for i := range one.rows {
		for j, p := range q {
			u[i] += p * one.a[i*one.cols+j]
		}
	}
	byU := seq(one.rows)
	slices.SortStableFunc(byU, func(x, y int) int { return cmpDesc(u[x], u[y]) })
	return addUpTo(rows, byU, demonsExtra), addUpTo(cols, byQ, demonsExtra)
}

// topChoices returns the choices a seat should consider two turns deep:
// those its one-turn strategy plays, topped up with its best replies to the
// other seat's strategy (by the expected payoffs of the solve's last
// iteration), demonsCandidates in all.
func topChoices(strat []float64, g *ai.MatrixGame, rows bool) []int {
	idx := make([]int, len(strat))
	for i := range idx {
		idx[i] = i
	}
	reply := func(i int) float64 {
		if rows {
			return g.RowPayoffs()[i]
		}
		return -g.ColPayoffs()[i]
	}
	slices.SortStableFunc(idx, func(x, y int) int {
		kx, ky := strat[x] >= 0.01, strat[y] >= 0.01
		switch {
		case kx != ky && kx:
			return -1
		case kx != ky:
			return 1
		case kx && strat[x] != strat[y]:
			if strat[x] > strat[y] {
				return -1
			}
			return 1
		case reply(x) > reply(y):
			return -1
		case reply(x) < reply(y):
			return 1
		}
		return 0
	})
	return idx[:min(demonsCandidates, len(idx))]
}

// addUpTo appends to set the first k elements of order that it lacks.
func addUpTo(set, order []int, k int) []int {
	set = slices.Clone(set)
	for _, x := range order {
		if k == 0 {
			break
		}
		if !slices.Contains(set, x) {
			set = append(set, x)
			k--
		}
	}
	return set
}

// seq returns 0, 1, ..., n-1.
func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// cmpDesc orders floats from the largest.
func cmpDesc(x, y float64) int {
	switch {
	case x > y:
		return -1
	case x < y:
		return 1
	}
	return 0
}
