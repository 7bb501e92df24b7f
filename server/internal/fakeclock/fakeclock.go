// Package fakeclock is the injected clock of the server's tests: time
// stands still until the test advances it, and timers fire then, in the
// goroutine that advances it, so tests of deadlines, countdowns and grace
// periods run instantly and in a fixed order.
package fakeclock

import (
	"slices"
	"sync"
	"time"
)

// Clock is a manual clock with the Now and AfterFunc the server's
// packages take as their clock (live.Config, lobby.Config).
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*timer
}

type timer struct {
	at      time.Time
	f       func()
	stopped bool
}

// New returns a clock at 2030-01-01 00:00 UTC.
func New() *Clock { return &Clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc arranges for f to run once the clock has been advanced by d;
// the returned stop reports whether it stopped the timer before it ran.
func (c *Clock) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// Advance moves the clock by d and runs the timers that are due, earliest
// first (in the order they were set when due at the same time).
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*timer
	for _, t := range c.timers {
		if !t.stopped && !t.at.After(c.now) {
			t.stopped = true
			due = append(due, t)
		}
	}
	c.timers = slices.DeleteFunc(c.timers, func(t *timer) bool { return t.stopped })
	c.mu.Unlock()
	slices.SortStableFunc(due, func(a, b *timer) int { return a.at.Compare(b.at) })
	for _, t := range due {
		t.f()
	}
}

// Pending counts the timers neither fired nor stopped.
func (c *Clock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, t := range c.timers {
		if !t.stopped {
			n++
		}
	}
	return n
}
