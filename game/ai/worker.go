package ai

import (
	"context"
	"runtime"
	"time"

	"boardroom/game"
)

// WorkerTableLog2 is the size of a worker's transposition table, 2^20
// entries (24 MiB): Difficult's, the largest any search asks for.
const WorkerTableLog2 = 20

// Worker is one search worker's reusable memory: the transposition table
// Difficult searches with, the search's buffers, the tree search's nodes
// and whatever else a game's package keeps there (Keep). The server's
// engine owns a few and runs every computer move on one of them, so that
// memory grows with the workers, not with the rooms; a bot used on its own
// makes a private one on its first move. A Worker serves one search at a
// time.
type Worker struct {
	table    *Table // made on first use
	searcher Searcher
	mcts     mctsScratch
	kept     map[any]any
	lender   Lender
}

// Lender lends a search more cores for its internal parallelism (the
// Devil's rollouts): the engine lends only the workers no job is waiting
// for, so that the cores in use stay within its size.
type Lender interface {
	// Borrow returns how many of the n cores asked for it lends (0 to n),
	// and the function that gives them back.
	Borrow(n int) (got int, giveBack func())
}

// NewWorker makes a worker whose searches borrow extra cores from lender
// (nil: as many as the machine has).
func NewWorker(lender Lender) *Worker {
	if lender == nil {
		lender = machineLender{}
	}
	return &Worker{lender: lender}
}

// Table returns the worker's table, made on first use.
func (w *Worker) Table() *Table {
	if w.table == nil {
		w.table = NewTable(WorkerTableLog2)
	}
	return w.table
}

// Keep returns the value a game's package keeps on this worker under key
// (a type of its own), made by make on first use: scratch memory too big
// to give every seat (Kalah's exact solver and its table).
func (w *Worker) Keep(key any, make func() any) any {
	v, ok := w.kept[key]
	if !ok {
		if w.kept == nil {
			w.kept = map[any]any{}
		}
		v = make()
		w.kept[key] = v
	}
	return v
}

// Borrow lends the worker's search up to n more cores (see Lender).
func (w *Worker) Borrow(n int) (got int, giveBack func()) {
	if n <= 0 {
		return 0, func() {}
	}
	return w.lender.Borrow(n)
}

// machineLender lends a search on a private worker what the machine has.
type machineLender struct{}

func (machineLender) Borrow(n int) (int, func()) {
	return max(0, min(n, runtime.GOMAXPROCS(0)-1)), func() {}
}

// WorkerBot is implemented by the AI packages' bots: they choose on a
// worker's memory and within a time the caller gives.
type WorkerBot interface {
	game.Bot
	// ChooseOn is Choose on w, thinking at most budget (0: the bot's own
	// budget; a shorter one of the two wins).
	ChooseOn(ctx context.Context, s game.State, p game.Player, w *Worker, budget time.Duration) (game.Move, error)
}

// ChooseOn has b choose on w within budget if it is a WorkerBot, or with
// Choose otherwise (a Beginner, a test's bot).
func ChooseOn(ctx context.Context, b game.Bot, s game.State, p game.Player, w *Worker, budget time.Duration) (game.Move, error) {
	if wb, ok := b.(WorkerBot); ok {
		return wb.ChooseOn(ctx, s, p, w, budget)
	}
	return b.Choose(ctx, s, p)
}

// Within is the budget of a move: the bot's own, or the caller's when it
// is shorter.
func Within(own, given time.Duration) time.Duration {
	if given > 0 && given < own {
		return given
	}
	return own
}

// PrivateWorker is a bot's own worker for when it is used outside any
// engine (the terminal, tests), made on its first move: such a bot keeps
// the memory a worker would lend it, as every bot did before the engine.
type PrivateWorker struct{ w *Worker }

// Get returns the worker, made on first use.
func (p *PrivateWorker) Get() *Worker {
	if p.w == nil {
		p.w = NewWorker(nil)
	}
	return p.w
}
