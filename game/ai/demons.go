package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"boardroom/game"
	"boardroom/game/demons"
)

// matrixBot plays Angels & Demons. Each turn is a matrix game: both seats
// choose one of the dark squares at once. The payoff of a pair of choices is
// the covered difference it leaves (Angels minus Demons), looked ahead: with
// lookahead 2 it is the value of the next turn's matrix game, each of those
// solved in turn, over the most promising choices of either seat. The
// equilibrium mix of this turn's game is sampled, so the bot cannot be read
// and exploited. On the last turn only winning counts, so the payoff gets a
// bonus for the sign of the final difference.
type matrixBot struct {
	st   settings
	rng  *rand.Rand
	last Info

	top, inner matrixGame
}

func newMatrixBot(st settings, seed uint64) *matrixBot {
	return &matrixBot{st: st, rng: game.NewRand(seed)}
}

// demonsCandidates is how many choices of each seat the two-turn lookahead
// keeps: the best by the one-turn game.
const demonsCandidates = 10

func (b *matrixBot) Choose(ctx context.Context, gs game.State, p game.Player) (game.Move, error) {
	if err := checkTurn(gs, p); err != nil {
		return game.Move{}, err
	}
	s, ok := gs.Clone().(*demons.State)
	if !ok {
		return game.Move{}, fmt.Errorf("ai: the matrix player is for Angels & Demons, not %s", gs.Game().ID())
	}
	clk := newClock(ctx, b.st.budget)
	defer clk.done()
	n := s.NumChoices()
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	// One turn ahead: the immediate payoffs.
	b.fill(&b.top, s, all, all, nil)
	rs, cs, value := b.top.solve(b.st.matrixIt, clk)
	info := Info{Algorithm: "matrix", Depth: 1, Nodes: uint64(n * n)}
	strat := slices.Clone(rs)
	choices := all
	if p == game.Second {
		strat, value = slices.Clone(cs), -value
	}
	if b.st.lookahead >= 2 && s.Turn()+1 < s.Turns() {
		rows, cols := topChoices(rs, &b.top, true), topChoices(cs, &b.top, false)
		if b.fill(&b.top, s, rows, cols, clk) {
			rs2, cs2, v2 := b.top.solve(b.st.matrixIt, clk)
			info.Depth, info.Nodes = 2, uint64(len(rows)*len(cols)*(n*n+1))
			strat, choices, value = rs2, rows, v2
			if p == game.Second {
				strat, choices, value = cs2, cols, -v2
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	k := choices[sample(b.rng, strat, 0.02)]
	info.Move = s.ChoiceMove(k)
	info.Eval = int(100 * value)
	info.PV = []string{s.FormatMove(info.Move)}
	info.Note = supportNote(s, strat, choices)
	info.Time = clk.elapsed()
	b.last = info
	return info.Move, nil
}

// fill sets g's payoffs for the rows and columns given, looking ahead as the
// settings say when clk is not nil. It reports false when time ran out.
func (b *matrixBot) fill(g *matrixGame, s *demons.State, rows, cols []int, clk *clock) bool {
	g.reset(len(rows), len(cols))
	last := s.Turn()+1 == s.Turns()
	n := s.NumChoices()
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	for i, a := range rows {
		for j, c := range cols {
			if clk == nil {
				g.a[i*len(cols)+j] = demonsPayoff(s.CoveredAfter(a, c), last)
				continue
			}
			if clk.expiredNow() {
				return false
			}
			u := s.MakeTurn(a, c)
			b.fill(&b.inner, s, all, all, nil)
			_, _, v := b.inner.solve(b.st.matrixIt/20, nil)
			s.UnmakeTurn(u)
			g.a[i*len(cols)+j] = v
		}
	}
	return true
}

// demonsPayoff is the Angels' payoff of covered counts: the difference, and
// on the last turn a large bonus for the sign of it (only winning counts).
func demonsPayoff(c [2]int, last bool) float64 {
	d := float64(c[0] - c[1])
	if last {
		switch {
		case d > 0:
			d += 10
		case d < 0:
			d -= 10
		}
	}
	return d
}

// topChoices returns the choices a seat should consider two turns deep:
// those its one-turn strategy plays, topped up with its best replies to the
// other seat's strategy (by the expected payoffs of the solve's last
// iteration), demonsCandidates in all.
func topChoices(strat []float64, g *matrixGame, rows bool) []int {
	idx := make([]int, len(strat))
	for i := range idx {
		idx[i] = i
	}
	reply := func(i int) float64 {
		if rows {
			return g.uR[i]
		}
		return -g.uC[i]
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

// supportNote names the squares the mix plays, with their probabilities.
func supportNote(s *demons.State, strat []float64, choices []int) string {
	type w struct {
		k int
		p float64
	}
	var ws []w
	for i, p := range strat {
		if p >= 0.05 {
			ws = append(ws, w{choices[i], p})
		}
	}
	slices.SortStableFunc(ws, func(a, b w) int {
		if a.p > b.p {
			return -1
		}
		if a.p < b.p {
			return 1
		}
		return 0
	})
	parts := make([]string, 0, len(ws))
	for _, x := range ws[:min(4, len(ws))] {
		parts = append(parts, fmt.Sprintf("%s %.0f%%", s.FormatMove(s.ChoiceMove(x.k)), 100*x.p))
	}
	return "mix " + strings.Join(parts, " ")
}

// Report implements game.Reporter.
func (b *matrixBot) Report() string { return b.st.level + " " + b.last.String() }

// LastInfo returns what the last choice was based on.
func (b *matrixBot) LastInfo() Info { return b.last }
