package auth

import (
	"container/list"
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// ErrRateLimited reports an attempt refused because there were too many
// recently. The error is a *RateLimitError.
var ErrRateLimited = errors.New("auth: too many attempts")

// RateLimitError is a refused attempt. It wraps ErrRateLimited.
type RateLimitError struct {
	// By is "username" or "address": the limit that refused.
	By string
	// RetryAfter is how long until an attempt would be allowed.
	RetryAfter time.Duration
}

// Error implements error.
func (e *RateLimitError) Error() string {
	return fmt.Sprintf("auth: too many attempts for this %s; retry after %v", e.By, e.RetryAfter.Round(time.Second))
}

// Unwrap returns ErrRateLimited.
func (e *RateLimitError) Unwrap() error { return ErrRateLimited }

// keyedLimiter is a token bucket per key, for at most max keys: beyond
// that it forgets the least recently used key (whose next attempt then
// starts with a full bucket).
type keyedLimiter struct {
	limit rate.Limit
	burst int
	max   int

	mu   sync.Mutex
	keys map[string]*list.Element // of *limiterEntry
	lru  list.List                // front: most recently used
}

type limiterEntry struct {
	key string
	lim *rate.Limiter
}

func newKeyedLimiter(limit rate.Limit, burst, max int) *keyedLimiter {
	return &keyedLimiter{limit: limit, burst: burst, max: max, keys: make(map[string]*list.Element)}
}

// reserve takes a token for key at now. If none is available it takes
// nothing and returns how long until one is; otherwise it returns 0 and a
// function that gives the token back.
func (l *keyedLimiter) reserve(key string, now time.Time) (wait time.Duration, cancel func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.keys[key]
	if ok {
		l.lru.MoveToFront(e)
	} else {
		for l.lru.Len() >= l.max {
			old := l.lru.Back()
			delete(l.keys, old.Value.(*limiterEntry).key)
			l.lru.Remove(old)
		}
		e = l.lru.PushFront(&limiterEntry{key: key, lim: rate.NewLimiter(l.limit, l.burst)})
		l.keys[key] = e
	}
	r := e.Value.(*limiterEntry).lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d, nil
	}
	return 0, func() { r.CancelAt(now) }
}

// len returns the number of keys remembered.
func (l *keyedLimiter) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lru.Len()
}

// allow takes a token from the username limiter for user and from the
// address limiter for addr ("" skips either), or takes none and returns a
// *RateLimitError.
func (s *Service) allow(user, addr string) error {
	now := s.now()
	var cancelUser func()
	if user != "" {
		wait, cancel := s.users.reserve(user, now)
		if wait > 0 {
			return &RateLimitError{By: "username", RetryAfter: wait}
		}
		cancelUser = cancel
	}
	if addr != "" {
		if wait, _ := s.addrs.reserve(addr, now); wait > 0 {
			if cancelUser != nil {
				cancelUser()
			}
			return &RateLimitError{By: "address", RetryAfter: wait}
		}
	}
	return nil
}
