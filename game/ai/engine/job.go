package engine

import (
	"container/heap"
	"context"
	"time"

	"boardroom/game"
)

// Kind is what a job is for, a label of the metrics.
type Kind string

// The kinds of jobs.
const (
	Move Kind = "move" // a computer seat's move
	Hint Kind = "hint" // a person's hint
)

// Outcome is how a job ended, a label of the metrics.
type Outcome string

// The outcomes of a job.
const (
	// Searched: a worker ran the bot (within the deadline).
	Searched Outcome = "searched"
	// Fallback: no worker was free before the deadline left time to think,
	// so the game's Beginner chose, at once and without a worker.
	Fallback Outcome = "fallback"
	// Cancelled: the caller no longer wanted it (its context ended).
	Cancelled Outcome = "cancelled"
	// Failed: the bot returned an error (or panicked).
	Failed Outcome = "failed"
)

// Outcomes lists the outcomes, for metrics that show every one from the
// start.
var Outcomes = []Outcome{Searched, Fallback, Cancelled, Failed}

// Job is a search the engine runs for a room: a seat's move or a hint.
type Job struct {
	Kind Kind
	// Bot chooses: a seat's computer player, with the memory of its game.
	// The engine runs one job of a bot at a time.
	Bot game.Bot
	// State is the position, the job's own copy; Seat is to move in it.
	State game.State
	Seat  game.Player
	// Budget is the time from Do to the move, waiting and thinking
	// together (0: ai.DefaultBudget). A job that cannot start with
	// Config.MinThink of it left gets the Beginner's move instead.
	Budget time.Duration
	// Urgent jobs (a person is waiting) start before the others.
	Urgent bool
	// Seed seeds the Beginner of a fallback.
	Seed uint64
}

// Result is a job's move, what the bot said of it, and how it went.
type Result struct {
	Move    game.Move
	Report  string
	Err     error
	Outcome Outcome
	// Wait is the time in the queue; Think the time on a worker.
	Wait, Think time.Duration
}

// pending is a job in the engine.
type pending struct {
	job      Job
	ctx      context.Context
	bot      any // the bot as a key of Pool.running (nil: not comparable)
	seq      uint64
	since    time.Time // when it was submitted
	deadline time.Time
	// state is queued, started or withdrawn; index is its place in the
	// queue while queued. Both are the pool's (under its lock).
	state int
	index int
	done  chan Result
}

const (
	queued = iota
	started
	withdrawn
)

// latestStart is when a job still waiting gives up its search.
func (j *pending) latestStart(minThink time.Duration) time.Time {
	return j.deadline.Add(-minThink)
}

// before orders the queue: urgent jobs first, then the nearest deadline,
// then the first come.
func (j *pending) before(o *pending) bool {
	if j.job.Urgent != o.job.Urgent {
		return j.job.Urgent
	}
	if !j.deadline.Equal(o.deadline) {
		return j.deadline.Before(o.deadline)
	}
	return j.seq < o.seq
}

// queue is a heap of pending jobs, the next to start on top.
type queue []*pending

func (q queue) Len() int           { return len(q) }
func (q queue) Less(i, k int) bool { return q[i].before(q[k]) }
func (q queue) Swap(i, k int) {
	q[i], q[k] = q[k], q[i]
	q[i].index, q[k].index = i, k
}

func (q *queue) Push(x any) {
	j := x.(*pending)
	j.index = len(*q)
	*q = append(*q, j)
}

func (q *queue) Pop() any {
	old := *q
	j := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	j.index = -1
	return j
}

// remove takes j out of the queue.
func (q *queue) remove(j *pending) { heap.Remove(q, j.index) }
