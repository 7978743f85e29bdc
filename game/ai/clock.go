package ai

import (
	"context"
	"sync/atomic"
	"time"
)

// Clock decides when a search must stop: at its deadline or as soon as its
// context ends. Searches poll it every few nodes; polling is a load of an
// atomic flag and, every 64 polls, a read of the clock. Expired is for one
// goroutine; ExpiredNow, Stopped, Elapsed and Fraction may be called from
// several.
type Clock struct {
	start    time.Time
	deadline time.Time // zero: no deadline
	stopped  atomic.Bool
	polls    uint32
	release  func() bool
}

// NewClock starts a clock for a search of budget (0: none) under ctx. Call
// Done when the search ends.
func NewClock(ctx context.Context, budget time.Duration) *Clock {
	c := &Clock{start: time.Now()}
	if budget > 0 {
		c.deadline = c.start.Add(budget)
	}
	if ctx.Err() != nil {
		c.stopped.Store(true)
	}
	c.release = context.AfterFunc(ctx, func() { c.stopped.Store(true) })
	return c
}

// Done releases the clock's watch on its context.
func (c *Clock) Done() { c.release() }

// expired reports whether the search must stop now, reading the time only
// every 64 polls: for the core's node loop.
func (c *Clock) expired() bool {
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

// Stopped reports whether the clock has run out (or its context ended) as
// far as polls have found, without reading the time.
func (c *Clock) Stopped() bool { return c.stopped.Load() }

// Elapsed is the time since the search started.
func (c *Clock) Elapsed() time.Duration { return time.Since(c.start) }

// Budget is the clock's time in all (0: none).
func (c *Clock) Budget() time.Duration {
	if c.deadline.IsZero() {
		return 0
	}
	return c.deadline.Sub(c.start)
}

// Fraction is the share of the budget used so far (0 without a budget).
func (c *Clock) Fraction() float64 {
	if c.deadline.IsZero() {
		return 0
	}
	return float64(time.Since(c.start)) / float64(c.deadline.Sub(c.start))
}

// ExpiredNow reports whether the search must stop, reading the clock every
// time: for callers that poll rarely (every playout, every few dozen
// evaluations).
func (c *Clock) ExpiredNow() bool {
	if c.stopped.Load() {
		return true
	}
	if !c.deadline.IsZero() && time.Now().After(c.deadline) {
		c.stopped.Store(true)
		return true
	}
	return false
}

// FractionSince is the share used so far of the time that was left at
// from: a search that starts after a shortcut spent part of the budget
// paces itself on what it was given, not on the whole.
func (c *Clock) FractionSince(from time.Time) float64 {
	if c.deadline.IsZero() {
		return 0
	}
	left := c.deadline.Sub(from)
	if left <= 0 {
		return 1
	}
	return float64(time.Since(from)) / float64(left)
}
