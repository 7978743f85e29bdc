package ai

import (
	"context"
	"fmt"
	"time"

	"boardroom/game"
)

// Infoer is implemented by every bot of the AI packages but Beginner: the
// search info of its last move.
type Infoer interface{ LastInfo() Info }

// CheckTurn refuses a seat that is not to move.
func CheckTurn(s game.State, p game.Player) error {
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

// NewBeginner wraps g's Beginner (game.Beginner) so that it reports and
// labels itself like the other levels.
func NewBeginner(g game.Game, seed uint64) game.Bot {
	return &beginnerBot{inner: game.Beginner(g, seed)}
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

// Report implements game.Reporter.
func (b *beginnerBot) Report() string {
	return fmt.Sprintf("beginner: the rules' heuristic player, %v", b.took.Round(time.Microsecond))
}

// Label is the seat label the rooms show.
func (b *beginnerBot) Label() string { return "Beginner" }

// Thought implements game.Thinker: the Beginner does not judge positions.
func (b *beginnerBot) Thought() game.Thought { return game.Thought{Took: b.took} }

// PositionMaker makes the search position of a copy of s (s itself is left
// alone), or refuses a state of another game.
type PositionMaker func(s game.State) (Position, error)

// Shortcut is a game's way to choose a move before, or instead of, the
// search: an exact solver, a planner for a special case. The search bot
// asks it first, on the move's clock.
type Shortcut interface {
	// Try returns the move it chose and its report (Time is filled in by
	// the caller), or ok false to leave the move to the search, which then
	// has what is left of clk. s is the position as given; pos is its
	// search position (a copy, without noise), already handed clk when it
	// is Clocked; w is the worker the move runs on (its memory, its
	// lender of cores).
	Try(ctx context.Context, s game.State, pos Position, clk *Clock, w *Worker) (info Info, ok bool)
}

// SearchBot plays a turn-based game with the alpha-beta or minimax core,
// optionally after a game's Shortcut. What it keeps from move to move is
// its own: the history heuristic, the tag of its entries in a worker's
// table, and, for a fixed-depth search, a small table of its own.
type SearchBot struct {
	st       Settings
	seed     uint64
	tag      uint32
	history  History
	own      *Table // fixed depth only, made on the first move
	last     Info
	position PositionMaker
	shortcut Shortcut
}

// NewSearchBot returns a bot that searches the positions position makes
// with st's algorithm, depth, noise and budget; shortcut (nil: none) is
// asked first every move. Its choices repeat for a seed whenever its search
// is limited by depth rather than time.
func NewSearchBot(st Settings, seed uint64, position PositionMaker, shortcut Shortcut) *SearchBot {
	return &SearchBot{st: st, seed: seed, tag: NewTag(), position: position, shortcut: shortcut}
}

// Choose implements game.Bot, on a spare worker (Alone).
func (b *SearchBot) Choose(ctx context.Context, s game.State, p game.Player) (game.Move, error) {
	return Alone(ctx, b, s, p)
}

// ChooseOn implements WorkerBot. A search limited by time uses w's table;
// one limited by depth uses its own, so that its choices depend on its
// seed and its game alone, never on what else w searched.
func (b *SearchBot) ChooseOn(ctx context.Context, s game.State, p game.Player, w *Worker, budget time.Duration) (game.Move, error) {
	if err := CheckTurn(s, p); err != nil {
		return game.Move{}, err
	}
	pos, err := b.position(s)
	if err != nil {
		return game.Move{}, err
	}
	// The table is there before the clock starts (made on a worker's, or
	// this bot's, first move), so that the move's budget is spent searching.
	var table *Table
	if b.st.Depth > 0 {
		if b.own == nil {
			b.own = NewTable(b.st.TTLog2)
		}
		table = b.own
	} else {
		table = w.Table()
	}
	clk := NewClock(ctx, Within(b.st.Budget, budget))
	defer clk.Done()
	if c, ok := pos.(Clocked); ok {
		c.SetClock(clk)
	}
	if h, ok := pos.(Helped); ok {
		h.SetWorker(w)
	}
	var info Info
	ok := false
	if b.shortcut != nil {
		info, ok = b.shortcut.Try(ctx, s, pos, clk, w)
	}
	if !ok {
		if b.st.Noise > 0 {
			pos = withNoise(pos, b.seed, b.st.Noise)
		}
		sr := &w.searcher
		sr.Use(table, b.st.TTLog2, b.tag, &b.history)
		info = sr.Run(pos, clk, Limits{Depth: b.st.Depth, Aspire: b.st.Aspire}, b.st.Algorithm == AlgoMinimax)
		sr.release()
	}
	info.Time = clk.Elapsed()
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
func (b *SearchBot) Report() string { return b.st.Level + " " + b.last.String() }

// Label is the seat label the rooms show.
func (b *SearchBot) Label() string { return b.st.Label() }

// LastInfo returns what the last search found, for tests and benchmarks.
func (b *SearchBot) LastInfo() Info { return b.last }

// Thought implements game.Thinker.
func (b *SearchBot) Thought() game.Thought { return b.last.Thought() }

// unwrap returns the game's adapter under a noise wrapper.
func unwrap(p Position) Position {
	switch n := p.(type) {
	case *noisyEval:
		return n.Position
	case *noisyEvalQ:
		return n.Position
	}
	return p
}

// noisyEval adds a small seeded perturbation to the evaluation, a pure
// function of the position and the seed: games against the same opponent
// differ from seed to seed, yet a search repeats for a seed, and alpha-beta
// and minimax still see one and the same tree.
type noisyEval struct {
	Position
	seed uint64
	amp  int
}

func (n *noisyEval) Eval() int {
	v := n.Position.Eval()
	if v > WinThreshold/2 || v < -WinThreshold/2 {
		return v
	}
	x := n.Position.Hash() ^ n.seed*0x9e3779b97f4a7c15
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 29
	return v + int(x%uint64(2*n.amp+1)) - n.amp
}

// noisyEvalQ is noisyEval for a game with quiescence moves.
type noisyEvalQ struct{ noisyEval }

func (n *noisyEvalQ) Noisy(dst []Move) []Move { return n.Position.(NoisyPosition).Noisy(dst) }

func withNoise(p Position, seed uint64, amp int) Position {
	n := noisyEval{Position: p, seed: seed, amp: amp}
	if _, ok := p.(NoisyPosition); ok {
		return &noisyEvalQ{n}
	}
	return &n
}
