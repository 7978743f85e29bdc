// Package clocktest is a clock for tests of rooms: it moves only when the
// test advances it, and then fires the rooms' game timers (move clock, first
// move, claim) at exactly the times the test says, with no sleeps.
package clocktest

import (
	"slices"
	"sync"
	"time"
)

// Clock implements match.Clock on a time that moves only by Advance.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*timer
}

type timer struct {
	c  *Clock
	at time.Time
	f  func()
}

// New returns a clock set to a fixed time.
func New() *Clock { return &Clock{now: time.Unix(1_800_000_000, 0)} }

// Now implements match.Clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc implements match.Clock.
func (c *Clock) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{c: c, at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return t.stop
}

func (t *timer) stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	i := slices.Index(t.c.timers, t)
	if i < 0 {
		return false
	}
	t.c.timers = slices.Delete(t.c.timers, i, i+1)
	return true
}

// Advance moves the time on by d, running every call that falls due in
// the order of its time, each with the clock set to that time. The calls
// run in the test's goroutine, one after another: a room's timer only sends
// the room an event, which the test then waits for.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		slices.SortStableFunc(c.timers, func(a, b *timer) int { return a.at.Compare(b.at) })
		if len(c.timers) == 0 || c.timers[0].at.After(end) {
			c.now = end
			c.mu.Unlock()
			return
		}
		t := c.timers[0]
		c.timers = c.timers[1:]
		c.now = t.at
		c.mu.Unlock()
		t.f()
	}
}
