package ai

import (
	"context"
	"runtime"
	"sync"
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
// borrows a spare one of the process (Alone). A Worker serves one search
// at a time.
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

// machineLender lends a search on a spare worker what the machine has.
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

// Alone runs b's move on a spare worker of the process: how a bot's
// Choose runs outside any engine (the terminal, tests, tools). Spare
// workers are made as moves need them and kept for the next, so that
// bots used one after another (the two seats of a match) share one
// worker's memory, as the seats of a room share the engine's.
func Alone(ctx context.Context, b WorkerBot, s game.State, p game.Player) (game.Move, error) {
	w := spare.take()
	defer spare.give(w)
	return b.ChooseOn(ctx, s, p, w, 0)
}

// spare holds the idle spare workers.
var spare spareWorkers

type spareWorkers struct {
	mu   sync.Mutex
	idle []*Worker
}

func (s *spareWorkers) take() *Worker {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := len(s.idle); n > 0 {
		w := s.idle[n-1]
		s.idle = s.idle[:n-1]
		return w
	}
	return NewWorker(nil)
}

func (s *spareWorkers) give(w *Worker) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.idle = append(s.idle, w)
}
