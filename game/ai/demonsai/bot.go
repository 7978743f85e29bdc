package demonsai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/demons"
)

// AlgoEquilibrium is Difficult Angels & Demons without opponent modelling:
// it plays the sampled equilibrium of each turn's lookahead matrix game and
// nothing else (the safe floor, kept to measure the modelling against).
// AlgoMatrix is the default, with the modelling.
const (
	AlgoEquilibrium = "equilibrium"
	AlgoMatrix      = "matrix"
)

// matrixBot is Difficult Angels & Demons. Each turn is a matrix game: both
// seats choose one of the dark squares at once. The payoff of a pair of
// choices is the covered difference it leaves (Angels minus Demons), looked
// ahead: with lookahead 2 it is the value of the next turn's matrix game,
// each of those solved in turn, over the most promising choices of either
// seat. On the last turn only winning counts, so the payoff gets a bonus for
// the sign of the final difference.
//
// The equilibrium of that game is the safe floor: sampled, it cannot be read
// and cannot lose on average. Above it the bot models its opponent
// (model.go): a posterior over a few models, updated from the choices
// the opponent has revealed, predicts this turn's choice, and the bot moves
// from the equilibrium towards the best reply to the prediction as far as the
// model's confidence and a safety bound allow (safe.go); against a
// model that predicts well it plans several turns ahead along the model's
// choices (plan.go). Against an unknown or strong opponent it stays
// near the equilibrium; against a predictable one it wins more. The report
// names the model it believes, how much, and the weight it gave it. Its
// choices repeat for a seed when no search is cut short by the clock.
type matrixBot struct {
	st ai.Settings
	// iterations of regret matching a turn's game gets, and the turns its
	// payoffs look ahead (1 or 2).
	iterations, lookahead int
	rng                   *rand.Rand
	last                  ai.Info
	exploit               bool
	mem                   [2]demonsMemory // per seat: a bot may be asked for both
	planMax               int             // the plan's depth limit (planMaxDepth; less in tests)

	// The move under way's matrices: the worker's.
	*matrices
}

// matrices are the matrix games a move solves, kept on a worker
// (ai.Worker.Keep) from move to move so that their scratch stays
// allocated: this turn's, the two-turn lookahead's and the inner turns'.
type matrices struct{ one, top, inner ai.MatrixGame }

// matricesKey names them on a worker.
type matricesKey struct{}

// matricesOf returns w's matrices.
func matricesOf(w *ai.Worker) *matrices {
	return w.Keep(matricesKey{}, func() any { return new(matrices) }).(*matrices)
}

// newMatrixBot returns Difficult Angels & Demons: 4000 iterations of a
// two-turn lookahead, with the opponent model unless st.Algorithm is
// AlgoEquilibrium.
func newMatrixBot(st ai.Settings, seed uint64) *matrixBot {
	return &matrixBot{st: st, iterations: 4000, lookahead: 2, rng: game.NewRand(seed),
		exploit: st.Algorithm != AlgoEquilibrium, planMax: planMaxDepth}
}

// Choose implements game.Bot, on a spare worker (Alone).
func (b *matrixBot) Choose(ctx context.Context, gs game.State, p game.Player) (game.Move, error) {
	return ai.Alone(ctx, b, gs, p)
}

// ChooseOn implements ai.WorkerBot: the matrices are w's; the opponent
// model is the bot's own.
func (b *matrixBot) ChooseOn(ctx context.Context, gs game.State, p game.Player, w *ai.Worker, budget time.Duration) (game.Move, error) {
	b.matrices = matricesOf(w)
	defer func() { b.matrices = nil }()
	if err := ai.CheckTurn(gs, p); err != nil {
		return game.Move{}, err
	}
	s, ok := gs.Clone().(*demons.State)
	if !ok {
		return game.Move{}, fmt.Errorf("demonsai: the matrix player is for Angels & Demons, not %s", gs.Game().ID())
	}
	clk := ai.NewClock(ctx, ai.Within(b.st.Budget, budget))
	defer clk.Done()
	angels := p == game.First
	mem := &b.mem[p]
	if b.exploit {
		mem.observe(s, p, func(prev *demons.State, me game.Player, rows []int, c int, two bool) []float64 {
			return b.column(prev, me, rows, c, two, clk)
		})
	}
	n := s.NumChoices()
	all := seq(n)
	// One turn ahead: the immediate payoffs.
	fillOneTurn(&b.one, s)
	rs, cs, _ := b.one.Solve(b.iterations, clk)
	one := viewOf(&b.one, angels)
	mine, theirs := rs, cs
	if !angels {
		mine, theirs = cs, rs
	}
	info := ai.Info{Algorithm: "matrix", Depth: 1, Nodes: uint64(n * n)}
	if b.exploit {
		mem.predict(one)
	}
	rows, cols := topChoices(rs, &b.one, true), topChoices(cs, &b.one, false)
	if !angels {
		rows, cols = cols, rows
	}
	if b.exploit {
		rows, cols = b.extraCandidates(mem, one, rows, cols)
	}
	var plan []float64
	var planDepth int
	if b.exploit {
		if plan, planDepth = b.plan(ctx, clk, s, p, mem); plan != nil {
			best := 0
			for a, v := range plan {
				if v > plan[best] {
					best = a
				}
			}
			// Early in the order, so that a lookahead cut short by the
			// clock still has it.
			if !slices.Contains(rows, best) {
				rows = slices.Insert(slices.Clone(rows), min(2, len(rows)), best)
			}
		}
	}
	view, eq, oppEq := one, slices.Clone(mine), slices.Clone(theirs)
	twoTurn := false
	if b.lookahead >= 2 && s.Turn()+1 < s.Turns() {
		ar, dc := rows, cols
		if !angels {
			ar, dc = cols, rows
		}
		if kr, kc := b.fillShells(&b.top, s, ar, dc, clk); min(kr, kc) >= demonsMinBlock {
			if !angels {
				kr, kc = kc, kr
			}
			rows, cols = rows[:kr], cols[:kc]
			rs2, cs2, _ := b.top.Solve(b.iterations, clk)
			info.Depth, info.Nodes = 2, uint64(len(rows)*len(cols)*(n*n+1))
			view, eq, oppEq, twoTurn = viewOf(&b.top, angels), slices.Clone(rs2), slices.Clone(cs2), true
			if !angels {
				eq, oppEq = oppEq, eq
			}
		}
	}
	if !twoTurn {
		rows, cols = all, all
	}
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	mix, note := eq, ""
	if b.exploit {
		mem.setEquilibrium(oppEq, cols, n)
		mix, note = b.exploitMix(mem, view, eq, rows, cols, plan, planDepth)
	}
	floor := view.guarantee(eq)
	k := rows[ai.Sample(b.rng, mix, 0.02)]
	if b.exploit {
		mem.valid, mem.prev, mem.mine = true, *s, k
		mem.rows, mem.cols, mem.pay, mem.lookTwo, mem.mix, mem.floor = rows, cols, view, twoTurn, mix, floor
	}
	info.Move = s.ChoiceMove(k)
	info.Eval = int(100 * floor)
	info.PV = []string{s.FormatMove(info.Move)}
	info.Note = note + supportNote(s, mix, rows)
	info.Time = clk.Elapsed()
	b.last = info
	return info.Move, nil
}

// exploitMix moves from the equilibrium eq of view (rows × cols) towards the
// best reply to the predicted opponent (or to the plan's best choice) as far
// as the model's confidence and the safety bound allow, and says so.
func (b *matrixBot) exploitMix(mem *demonsMemory, view payoffView, eq []float64, rows, cols []int, plan []float64, planDepth int) ([]float64, string) {
	bound, wcap := safeAllowance+max(0, mem.gift), mem.confidence()
	if plan == nil {
		q := mem.mixture(cols)
		mix, w, _, _ := safeMix(view, eq, q, bound, wcap)
		return mix, mem.note(w) + "; "
	}
	score := make([]float64, len(rows))
	for i, a := range rows {
		score[i] = plan[a]
	}
	mix, w, _, _ := safeMixScored(view, eq, score, bound, wcap)
	return mix, fmt.Sprintf("%s, plan depth %d; ", mem.note(w), planDepth)
}

// planShare is the part of the budget the plan against a predictable
// opponent may take.
const planShare = 0.25

// plan returns the plan's scores of every choice against the model the bot
// believes, when that is a predictable one, and the depth planned.
func (b *matrixBot) plan(ctx context.Context, main *ai.Clock, s *demons.State, p game.Player, mem *demonsMemory) ([]float64, int) {
	k, prob := mem.believed()
	if mem.seen < 2 || prob < 0.5 || len(mem.oppLast) == 0 {
		return nil, 0
	}
	switch k {
	case modelGreedy, modelRepeater, modelCounter:
	default:
		return nil, 0
	}
	share := min(time.Duration(planShare*float64(main.Budget())), main.Budget()-main.Elapsed())
	if share <= 0 {
		return nil, 0
	}
	clk := ai.NewClock(ctx, share)
	defer clk.Done()
	scores, depth, _ := planScores(s, p, k, mem.mine, mem.oppLast[0], b.planMax, clk)
	return scores, depth
}

// column returns the payoffs, from the view of the seat that chose rows in
// prev, of each of rows against the opponent's choice c, looking two turns
// ahead when two says so; nil when clk runs out first.
func (b *matrixBot) column(prev *demons.State, me game.Player, rows []int, c int, two bool, clk *ai.Clock) []float64 {
	s := *prev
	angels := me == game.First
	last := s.Turn()+1 == s.Turns()
	out := make([]float64, len(rows))
	for i, r := range rows {
		a, d := r, c
		if !angels {
			a, d = c, r
		}
		var v float64
		if two {
			if clk.ExpiredNow() {
				return nil
			}
			u := s.MakeTurn(a, d)
			fillOneTurn(&b.inner, &s)
			_, _, v = b.inner.Solve(b.iterations/20, nil)
			s.UnmakeTurn(u)
		} else {
			v = demonsPayoff(s.CoveredAfter(a, d), last)
		}
		if !angels {
			v = -v
		}
		out[i] = v
	}
	return out
}

// demonsMinBlock is the fewest candidates of each seat a two-turn lookahead
// cut short by the clock may keep; with fewer the one-turn game is played.
const demonsMinBlock = 4

// fillShells sets g to the two-turn game of rows against cols, filled in
// growing squares (row k with the first k+1 columns, then column k with the
// first k rows), the most promising candidates first, so that when the clock
// runs out the block done so far is a game on the best candidates of both
// seats. It returns the size of that block, to which g is cut.
func (b *matrixBot) fillShells(g *ai.MatrixGame, s *demons.State, rows, cols []int, clk *ai.Clock) (int, int) {
	g.Reset(len(rows), len(cols))
	cell := func(i, j int) bool {
		if clk.ExpiredNow() {
			return false
		}
		u := s.MakeTurn(rows[i], cols[j])
		fillOneTurn(&b.inner, s)
		_, _, v := b.inner.Solve(b.iterations/20, nil)
		s.UnmakeTurn(u)
		g.A[i*len(cols)+j] = v
		return true
	}
	kr, kc := 0, 0 // the block complete so far
	for k := range max(len(rows), len(cols)) {
		if k < len(rows) {
			for j := range min(k+1, len(cols)) {
				if !cell(k, j) {
					return g.Cut(kr, kc), kc
				}
			}
		}
		if k < len(cols) {
			for i := range min(k, len(rows)) {
				if !cell(i, k) {
					return g.Cut(kr, kc), kc
				}
			}
		}
		kr, kc = min(k+1, len(rows)), min(k+1, len(cols))
	}
	return kr, kc
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
func (b *matrixBot) Report() string { return b.st.Level + " " + b.last.String() }

// Label is the seat label the rooms show.
func (b *matrixBot) Label() string {
	return ai.Label(b.st.Level, algorithmLabels[b.st.Algorithm])
}

// LastInfo returns what the last choice was based on.
func (b *matrixBot) LastInfo() ai.Info { return b.last }

// Thought implements game.Thinker.
func (b *matrixBot) Thought() game.Thought { return b.last.Thought() }
