package ai

import (
	"context"
	"sync/atomic"
	"time"
)

// clock decides when a search must stop: at its deadline or as soon as its
// context ends. Searches poll it every few nodes; polling is a load of an
// atomic flag and, every 64 polls, a read of the clock.
type clock struct {
	start    time.Time
	deadline time.Time // zero: no deadline
	stopped  atomic.Bool
	polls    uint32
	release  func() bool
}

// newClock starts a clock for a search of budget (0: none) under ctx. Call
// done when the search ends.
func newClock(ctx context.Context, budget time.Duration) *clock {
	c := &clock{start: time.Now()}
	if budget > 0 {
		c.deadline = c.start.Add(budget)
	}
	if ctx.Err() != nil {
		c.stopped.Store(true)
	}
	c.release = context.AfterFunc(ctx, func() { c.stopped.Store(true) })
	return c
}

func (c *clock) done() { c.release() }

// expired reports whether the search must stop now.
func (c *clock) expired() bool {
	if c.stopped.Load() {
		return true
	}
	c.polls++
	if c.polls&63 == 0 && !c.deadline.IsZero() && time.Now().After(c.deadline) {
		c.stopped.Store(true)
		return true
	}
	return false
}

// elapsed is the time since the search started.
func (c *clock) elapsed() time.Duration { return time.Since(c.start) }

// fraction is the share of the budget used so far (0 without a budget).
func (c *clock) fraction() float64 {
	if c.deadline.IsZero() {
		return 0
	}
	return float64(time.Since(c.start)) / float64(c.deadline.Sub(c.start))
}

// expiredNow is expired reading the clock every time, for callers that poll
// rarely (every MCTS iteration, every few dozen evaluations).
func (c *clock) expiredNow() bool {
	if c.stopped.Load() {
		return true
	}
	if !c.deadline.IsZero() && time.Now().After(c.deadline) {
		c.stopped.Store(true)
		return true
	}
	return false
}
