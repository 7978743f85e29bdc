package ai

import (
	"context"
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/game/amazons"
	"boardroom/game/angels"
	"boardroom/game/bishops"
	"boardroom/game/kalah"
)

// amazonsBest is Difficult's Amazons algorithm when none is named. MCTS and
// alpha-beta came out even head to head (3–3 at 300 ms and 3–3 at 1 s a
// move, the first seat winning 9 of the 12 games; both beat Beginner 10/10
// at 100 ms and Medium 6/6 or 9/10); alpha-beta stays the default because
// its choices repeat for a seed at a fixed depth, it proves won endgames
// exactly, and its principal variation is meaningful to show.
const amazonsBest = AlgoAlphaBeta

// New returns a computer player for g at a level ("beginner", "medium" or
// "difficult") with an algorithm ("" for the game's best; "alphabeta" or
// "minimax" for the turn-based games; also "mcts" for Amazons). Difficult
// thinks DefaultBudget a move. The bot implements game.Reporter; its choices
// repeat for a seed whenever its search is limited by depth rather than time.
func New(g game.Game, level, algorithm string, seed uint64) (game.Bot, error) {
	return NewWithBudget(g, level, algorithm, seed, DefaultBudget)
}

// NewWithBudget is New with Difficult's think time per move (budget ≤ 0:
// DefaultBudget). Every level stays within it (a tenth over at worst).
func NewWithBudget(g game.Game, level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	st, err := configure(g, level, algorithm, budget)
	if err != nil {
		return nil, err
	}
	if level == LevelBeginner {
		return &beginnerBot{inner: game.Beginner(g, seed)}, nil
	}
	switch st.game {
	case "amazons", "kalah", "angels", "bishops":
	case "demons":
		return newMatrixBot(st, seed), nil
	default:
		return nil, fmt.Errorf("ai: no computer player for %s", g.ID())
	}
	if st.algorithm == AlgoMCTS {
		return newMCTSBot(st, seed), nil
	}
	// The table is made here, not on the first move, so that a move's
	// budget is spent searching.
	b := &searchBot{st: st, seed: seed, s: newSearcher(nil, st.ttLog2)}
	if st.game == "kalah" && st.level == LevelDifficult {
		b.exact = newKalahExact()
	}
	return b, nil
}

// Hint returns the move Difficult would play for p in s within budget, and
// its report line.
func Hint(ctx context.Context, s game.State, p game.Player, budget time.Duration) (game.Move, string, error) {
	b, err := NewWithBudget(s.Game(), LevelDifficult, AlgoBest, 0, budget)
	if err != nil {
		return game.Move{}, "", err
	}
	m, err := b.Choose(ctx, s, p)
	if err != nil {
		return game.Move{}, "", err
	}
	return m, b.(game.Reporter).Report(), nil
}

// beginnerBot wraps the game's Beginner so that it reports like the others.
type beginnerBot struct {
	inner game.Bot
	took  time.Duration
}

func (b *beginnerBot) Choose(ctx context.Context, s game.State, p game.Player) (game.Move, error) {
	start := time.Now()
	m, err := b.inner.Choose(ctx, s, p)
	b.took = time.Since(start)
	return m, err
}

func (b *beginnerBot) Report() string {
	return fmt.Sprintf("beginner: the rules' heuristic player, %v", b.took.Round(time.Microsecond))
}

// searchBot plays the turn-based games with the alpha-beta or minimax core.
type searchBot struct {
	st   settings
	seed uint64
	s    *searcher
	last Info
	// exact is Difficult Kalah's endgame solver (nil elsewhere).
	exact *kalahExact
	// watch tells the Difficult Devil whether its Angel walks like the
	// Beginner (angels_plan.go).
	watch walkerWatch
}

// newPosition makes the search adapter for a copy of s.
func newPosition(s game.State) (position, error) {
	switch st := s.Clone().(type) {
	case *amazons.State:
		return newAmazonsPos(st), nil
	case *kalah.State:
		return newKalahPos(st), nil
	case *angels.State:
		return newAngelsPos(st), nil
	case *bishops.State:
		return newBishopsPos(st), nil
	}
	return nil, fmt.Errorf("ai: no search for %s", s.Game().ID())
}

// checkTurn refuses a seat that is not to move.
func checkTurn(s game.State, p game.Player) error {
	for _, q := range s.ToMove() {
		if q == p {
			return nil
		}
	}
	if s.Outcome().Over {
		return game.ErrGameOver
	}
	return fmt.Errorf("%w: %s", game.ErrNotYourTurn, s.Game().Seats()[p])
}

func (b *searchBot) Choose(ctx context.Context, s game.State, p game.Player) (game.Move, error) {
	if err := checkTurn(s, p); err != nil {
		return game.Move{}, err
	}
	pos, err := newPosition(s)
	if err != nil {
		return game.Move{}, err
	}
	budget := b.st.budget
	if b.exact != nil {
		start := time.Now()
		slice := time.Duration(float64(budget) * kalahExactShare)
		if info, ok := b.exact.try(ctx, s.(*kalah.State), slice); ok {
			info.Time = time.Since(start)
			b.last = info
			return info.Move, nil
		}
		// Not solved in time: the search has the rest of the budget.
		budget = max(budget-time.Since(start), time.Millisecond)
	}
	if b.st.noise > 0 {
		pos = withNoise(pos, b.seed, b.st.noise)
	}
	b.s.pos = pos
	clk := newClock(ctx, budget)
	defer clk.done()
	setClock(pos, clk)
	lim := limits{depth: b.st.depth, aspire: b.st.aspire}
	var info Info
	if a, ok := unwrap(pos).(*angelsPos); ok && a.devil && b.st.level != LevelBeginner && b.st.algorithm == AlgoAlphaBeta {
		if wi, ok := b.walkerDevil(a); ok {
			info = wi
		} else if m, v, n, ok := a.devilChoose(b.st.level == LevelDifficult); ok {
			info = Info{Algorithm: "devil lookahead", Depth: 2, Nodes: n, Eval: -v, Move: a.gameMove(m), PV: []string{a.format(m)}}
		}
	}
	if info.Move.Len == 0 {
		info = b.s.run(clk, lim, b.st.algorithm == AlgoMinimax)
	}
	info.Time = clk.elapsed()
	b.last = info
	if info.Move.Len == 0 {
		if err := ctx.Err(); err != nil {
			return game.Move{}, err
		}
		return game.Move{}, fmt.Errorf("ai: no move found")
	}
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	return info.Move, nil
}

// Report implements game.Reporter.
func (b *searchBot) Report() string { return b.st.level + " " + b.last.String() }

// LastInfo returns what the last search found, for tests and benchmarks.
func (b *searchBot) LastInfo() Info { return b.last }

// Infoer is implemented by every bot of this package but Beginner: the
// search info of its last move.
type Infoer interface{ LastInfo() Info }

// setClock hands the clock to adapters that do expensive work outside the
// core's node loop (ranking moves by evaluation).
func setClock(p position, c *clock) {
	switch a := unwrap(p).(type) {
	case *amazonsPos:
		a.clk = c
	case *angelsPos:
		a.clk = c
		// The Devil's search uses its own evaluation (angels_devil.go).
		a.devil = !a.s.AngelToMove()
	}
}

// unwrap returns the game's adapter under a noise wrapper.
func unwrap(p position) position {
	switch n := p.(type) {
	case *noisyEval:
		return n.position
	case *noisyEvalQ:
		return n.position
	}
	return p
}

// noisyEval adds a small seeded perturbation to the evaluation, a pure
// function of the position and the seed: games against the same opponent
// differ from seed to seed, yet a search repeats for a seed, and alpha-beta
// and minimax still see one and the same tree.
type noisyEval struct {
	position
	seed uint64
	amp  int
}

func (n *noisyEval) eval() int {
	v := n.position.eval()
	if v > WinThreshold/2 || v < -WinThreshold/2 {
		return v
	}
	x := n.position.hash() ^ n.seed*0x9e3779b97f4a7c15
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 29
	return v + int(x%uint64(2*n.amp+1)) - n.amp
}

// noisyEvalQ is noisyEval for a game with quiescence moves.
type noisyEvalQ struct{ noisyEval }

func (n *noisyEvalQ) noisy(dst []Move) []Move { return n.position.(noisyPosition).noisy(dst) }

func withNoise(p position, seed uint64, amp int) position {
	n := noisyEval{position: p, seed: seed, amp: amp}
	if _, ok := p.(noisyPosition); ok {
		return &noisyEvalQ{n}
	}
	return &n
}
