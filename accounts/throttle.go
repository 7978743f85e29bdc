package accounts

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Log-in limits (docs/accounts.md): each address may try LoginsPerAddr
// times a minute (as many at once), each account LoginsPerAccount: a
// script guessing passwords gets a handful of guesses a minute, a person
// who mistyped never notices.
const (
	LoginsPerAddr    = 10
	LoginsPerAccount = 5
)

// Throttle bounds attempts per key (an address, an account): perMinute a
// minute, as many at once. It forgets keys that have gone quiet.
type Throttle struct {
	perMinute int
	mu        sync.Mutex
	keys      map[string]*rate.Limiter
}

// NewThrottle is a throttle of perMinute attempts a minute per key.
func NewThrottle(perMinute int) *Throttle {
	return &Throttle{perMinute: perMinute, keys: map[string]*rate.Limiter{}}
}

// maxKeys bounds the keys remembered: beyond it, those whose bucket is
// full again are forgotten.
const maxKeys = 10000

// Allow takes an attempt of key at now, and reports whether it may go on.
func (t *Throttle) Allow(key string, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	l := t.keys[key]
	if l == nil {
		if len(t.keys) >= maxKeys {
			for k, other := range t.keys {
				if other.TokensAt(now) >= float64(t.perMinute) {
					delete(t.keys, k)
				}
			}
		}
		l = rate.NewLimiter(rate.Limit(float64(t.perMinute)/60), t.perMinute)
		t.keys[key] = l
	}
	return l.AllowN(now, 1)
}
