// Package engine is the server's one pool of search workers: every
// computer move and every hint of every room is a job that waits here for
// a worker and thinks on that worker's memory (ai.Worker: the
// transposition table and the other big scratch), so that the memory and
// the number of searches running at once stay bounded whatever the number
// of rooms.
//
// A room calls Do with a Job (the seat's bot, the position, the seat, a
// budget) and gets its move back. The budget is a deadline: waiting and
// thinking together. Urgent jobs (a person waits) start first, then the
// nearest deadline. A job whose context ends (a move, an undo or a pause
// made it stale) leaves the queue, or stops its search, at once. A job
// that cannot start with MinThink of its budget left gets the game's
// Beginner's move instead, at once and without a worker, so that no game
// stalls. When jobs wait, a job that starts thinks its fair share of the
// budget (the budget times workers over workers plus the jobs waiting), no
// less than MinThink: under load each search gets about what it would
// have got sharing the cores with every other, but only Workers run at
// once. A search that wants more cores (the Devil's rollouts) borrows only
// workers no job is waiting for. A search's thread runs at a lower
// priority than the rest of the server (on Linux, nice +10), so that a
// person's move in any room takes a core from it at once.
package engine

import (
	"container/heap"
	"context"
	"fmt"
	"reflect"
	"runtime"
	"sync"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
)

// DefaultMinThink is Config.MinThink's default: enough for a search to
// finish its first iterations (Amazons' first, every move evaluated, takes
// about 40 ms).
const DefaultMinThink = 50 * time.Millisecond

// Config sizes a Pool.
type Config struct {
	// Workers is how many searches run at once, each with its own memory
	// (default: GOMAXPROCS − 1, at least 1, leaving a core to the rooms).
	Workers int
	// MinThink is the least time a job is started with (default
	// DefaultMinThink).
	MinThink time.Duration
	// Observe, if set, is told of every job that ends: its kind, its
	// outcome and its time in the queue (the metrics).
	Observe func(k Kind, o Outcome, wait time.Duration)
}

// DefaultWorkers is GOMAXPROCS − 1, at least 1.
func DefaultWorkers() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// Pool runs jobs on a fixed number of workers. It has no goroutine of its
// own: a job's search runs on a goroutine started for it when a worker is
// free. Safe for concurrent use.
type Pool struct {
	cfg Config

	mu      sync.Mutex
	free    int          // workers neither running a job nor lent
	idle    []*ai.Worker // the memory of the workers not running a job
	queue   queue
	running map[any]bool // bots with a job running
	seq     uint64
}

// Stats are the pool's state at a moment.
type Stats struct {
	Workers int // the pool's size
	Busy    int // running a job or lent to one
	Queued  int // jobs waiting for a worker
}

// New returns a pool of cfg.Workers workers. Their tables are made on
// first use.
func New(cfg Config) *Pool {
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers()
	}
	if cfg.MinThink <= 0 {
		cfg.MinThink = DefaultMinThink
	}
	p := &Pool{cfg: cfg, free: cfg.Workers, running: map[any]bool{}}
	for range cfg.Workers {
		p.idle = append(p.idle, ai.NewWorker(p))
	}
	return p
}

// Stats returns the pool's state now.
func (p *Pool) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return Stats{Workers: p.cfg.Workers, Busy: p.cfg.Workers - p.free, Queued: len(p.queue)}
}

// Do runs j and returns its result: the bot's move, or the Beginner's if j
// could not start in time, or ctx's error (Outcome Cancelled) once ctx
// ends. It returns only when j no longer runs.
func (p *Pool) Do(ctx context.Context, j Job) Result {
	if j.Budget <= 0 {
		j.Budget = ai.DefaultBudget
	}
	now := time.Now()
	pj := &pending{job: j, ctx: ctx, since: now, deadline: now.Add(j.Budget), done: make(chan Result, 1)}
	if t := reflect.TypeOf(j.Bot); t != nil && t.Comparable() {
		pj.bot = j.Bot
	}
	if err := ctx.Err(); err != nil {
		return p.end(pj, Result{Err: err, Outcome: Cancelled})
	}
	p.mu.Lock()
	p.seq++
	pj.seq = p.seq
	heap.Push(&p.queue, pj)
	p.dispatch()
	p.mu.Unlock()

	late := time.NewTimer(time.Until(pj.latestStart(p.cfg.MinThink)))
	defer late.Stop()
	for {
		select {
		case r := <-pj.done:
			return p.end(pj, r)
		case <-ctx.Done():
			if p.withdraw(pj) {
				return p.end(pj, Result{Err: ctx.Err(), Outcome: Cancelled, Wait: time.Since(now)})
			}
			return p.end(pj, <-pj.done) // the search stops with ctx
		case <-late.C:
			if p.withdraw(pj) {
				return p.end(pj, fallback(ctx, pj))
			}
		}
	}
}

// end reports r to the observer and returns it.
func (p *Pool) end(j *pending, r Result) Result {
	if p.cfg.Observe != nil {
		p.cfg.Observe(j.job.Kind, r.Outcome, r.Wait)
	}
	return r
}

// withdraw takes j out of the queue if it is still waiting there.
func (p *Pool) withdraw(j *pending) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if j.state != queued {
		return false
	}
	p.queue.remove(j)
	j.state = withdrawn
	return true
}

// dispatch starts the jobs that can start: the first in the queue whose bot
// is not already running, while a worker is free. The caller holds mu.
func (p *Pool) dispatch() {
	var blocked []*pending
	for p.free > 0 && len(p.queue) > 0 {
		j := heap.Pop(&p.queue).(*pending)
		if j.bot != nil && p.running[j.bot] {
			blocked = append(blocked, j)
			continue
		}
		p.free--
		w := p.idle[len(p.idle)-1]
		p.idle = p.idle[:len(p.idle)-1]
		if j.bot != nil {
			p.running[j.bot] = true
		}
		j.state = started
		go p.run(j, w, p.share(j))
	}
	for _, j := range blocked {
		heap.Push(&p.queue, j)
	}
}

// share is the time j thinks, starting now: what is left of its budget,
// and while jobs wait (as urgent as it, or more), its fair share of the
// budget, no less than MinThink. The caller holds mu.
func (p *Pool) share(j *pending) time.Duration {
	left := time.Until(j.deadline)
	waiting := 0
	for _, o := range p.queue {
		if o.job.Urgent || !j.job.Urgent {
			waiting++
		}
	}
	fair := j.job.Budget * time.Duration(p.cfg.Workers) / time.Duration(p.cfg.Workers+waiting)
	return max(min(left, max(fair, p.cfg.MinThink)), time.Millisecond)
}

// run runs j on w, then gives w back and starts what can start. It runs
// on a thread of its own at a lower priority (lowerThread), which ends
// with it.
func (p *Pool) run(j *pending, w *ai.Worker, budget time.Duration) {
	lowerThread()
	start := time.Now()
	r := Result{Wait: start.Sub(j.since)}
	func() {
		defer func() {
			if v := recover(); v != nil {
				// A bot that panics must not take the server down; its
				// worker's memory is dropped with it.
				r.Err = fmt.Errorf("engine: the computer player panicked: %v", v)
				w = ai.NewWorker(p)
			}
		}()
		r.Move, r.Err = ai.ChooseOn(j.ctx, j.job.Bot, j.job.State, j.job.Seat, w, budget)
	}()
	r.Think = time.Since(start)
	switch {
	case r.Err == nil:
		r.Outcome = Searched
		if rep, ok := j.job.Bot.(game.Reporter); ok {
			r.Report = rep.Report()
		}
	case j.ctx.Err() != nil:
		r.Outcome, r.Err = Cancelled, j.ctx.Err()
	default:
		r.Outcome = Failed
	}
	p.mu.Lock()
	p.free++
	p.idle = append(p.idle, w)
	if j.bot != nil {
		delete(p.running, j.bot)
	}
	p.dispatch()
	p.mu.Unlock()
	j.done <- r
}

// Borrow implements ai.Lender: a search may have the workers that are
// free while no job waits for one.
func (p *Pool) Borrow(n int) (int, func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.queue) > 0 {
		return 0, func() {}
	}
	k := min(n, p.free)
	p.free -= k
	var once sync.Once
	return k, func() {
		once.Do(func() {
			p.mu.Lock()
			defer p.mu.Unlock()
			p.free += k
			p.dispatch()
		})
	}
}

// fallback is the move of a job that could not start in time: the game's
// Beginner's, chosen on the caller's goroutine.
func fallback(ctx context.Context, j *pending) Result {
	r := Result{Outcome: Fallback, Wait: time.Since(j.since)}
	start := time.Now()
	b := ai.NewBeginner(j.job.State.Game(), j.job.Seed)
	r.Move, r.Err = b.Choose(ctx, j.job.State, j.job.Seat)
	r.Think = time.Since(start)
	if r.Err != nil {
		r.Outcome = Failed
		if ctx.Err() != nil {
			r.Outcome = Cancelled
		}
		return r
	}
	r.Report = b.(game.Reporter).Report() + " (every search worker was busy)"
	return r
}

// Hinted is the computer's answer to a hint: the move, what it thinks of
// the position after it (from the seat's view), and the search's report.
type Hinted struct {
	Move    game.Move
	Thought game.Thought
	Report  string
}

// Hint is the move Difficult would play for seat in s, as a job of kind
// Hint: urgent, thinking at most budget, waiting included.
func (p *Pool) Hint(ctx context.Context, s game.State, seat game.Player, budget time.Duration) (Hinted, error) {
	b, err := game.PlayersOf(s.Game()).New(ai.LevelDifficult, ai.AlgoBest, 0, budget)
	if err != nil {
		return Hinted{}, err
	}
	r := p.Do(ctx, Job{Kind: Hint, Bot: b, State: s, Seat: seat, Budget: budget, Urgent: true})
	h := Hinted{Move: r.Move, Report: r.Report}
	if th, ok := b.(game.Thinker); ok && r.Outcome == Searched {
		h.Thought = th.Thought()
		h.Thought.Took = r.Think
	}
	return h, r.Err
}
