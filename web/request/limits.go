package request

import (
	"net/http"
	"sync"
	"time"

	"boardroom/accounts"
)

// Limits bound what one client address may take: open WebSockets and new
// rooms. Zero values mean no limit.
type Limits struct {
	// ConnsPerAddr is the most WebSockets one address may hold open.
	ConnsPerAddr int
	// RoomsPerMinute is how many rooms one address may create a minute
	// (with a burst of as many at once).
	RoomsPerMinute int
	// PoolsPerMinute is how many times one address may enter a quick
	// pairing pool a minute (likewise).
	PoolsPerMinute int
}

// DefaultLimits are generous for people and tight for scripts.
var DefaultLimits = Limits{ConnsPerAddr: 200, RoomsPerMinute: 30, PoolsPerMinute: 30}

// DefaultHTTPConnsPerAddr bounds the connections of every kind that one
// address may hold (LimitListener): the WebSockets of DefaultLimits and
// room to spare for the pages, scripts and styles a browser fetches beside
// them.
const DefaultHTTPConnsPerAddr = 256

// limiter enforces Limits; it forgets addresses that have gone quiet.
type limiter struct {
	Limits
	mu    sync.Mutex
	conns map[string]int
	rooms map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(l Limits) *limiter {
	return &limiter{Limits: l, conns: map[string]int{}, rooms: map[string]*bucket{}}
}

// openConn counts a new WebSocket of addr; it returns false when addr
// already holds its share. Call the returned func when it closes.
func (l *limiter) openConn(addr string) (release func(), ok bool) {
	if l.ConnsPerAddr <= 0 {
		return func() {}, true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conns[addr] >= l.ConnsPerAddr {
		return nil, false
	}
	l.conns[addr]++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.conns[addr]--; l.conns[addr] <= 0 {
			delete(l.conns, addr)
		}
	}, true
}

// OpenConn counts a new WebSocket of r's client's network; ok is false
// when it already holds its share. Call release when the socket closes.
func (k *Kit) OpenConn(r *http.Request) (release func(), ok bool) {
	return k.limiter.openConn(k.ClientNetwork(r))
}

// MayCreateRoom takes one room from the bucket of r's client.
func (k *Kit) MayCreateRoom(r *http.Request) bool {
	return k.TakeLimit(r, "rooms/"+k.ClientNetwork(r), k.limiter.RoomsPerMinute)
}

// MayEnterPool takes one entry into a pool from the bucket of r's client.
func (k *Kit) MayEnterPool(r *http.Request) bool {
	return k.TakeLimit(r, "pools/"+k.ClientNetwork(r), k.limiter.PoolsPerMinute)
}

// The log-in limits (accounts.LoginsPerAddr and the others; docs/accounts.md,
// "Protection"). They are counted by TakeLimit, so that in a cluster they
// hold for the site: each node counting its own would let a guesser
// through as many times over as there are nodes.

// MayTryFromNetwork takes a sign-up's or a log-in's try (a password's or a
// passkey's) from the budget of r's network.
func (k *Kit) MayTryFromNetwork(r *http.Request) bool {
	return k.TakeLimit(r, "logins/"+k.ClientNetwork(r), accounts.LoginsPerAddr)
}

// MayTryAccount takes a password log-in's try at the account named by key
// (accounts.NameKey) from r's network: from the budget of that account
// and network together, then from the account's own, far larger one.
// Guesses from one network thus stop that network only: the owner, from a
// network that has not tried, still logs in.
func (k *Kit) MayTryAccount(r *http.Request, key string) bool {
	return k.TakeLimit(r, "login/"+key+"/"+k.ClientNetwork(r), accounts.LoginsPerAccountNetwork) &&
		k.TakeLimit(r, "login/"+key, accounts.LoginsPerAccount)
}

// TakeLimit takes one from key's bucket of perMinute a minute (no limit
// when it is not positive): the bucket all the nodes share
// (Config.SharedLimits) when there is one, so that the limit holds for
// the site, else this node's. If the shared bucket cannot be read (the
// database is down), the node's own counts: a limit that fails open would
// let a script through.
func (k *Kit) TakeLimit(r *http.Request, key string, perMinute int) bool {
	if perMinute <= 0 {
		return true
	}
	if k.SharedLimits != nil {
		ok, err := k.SharedLimits.Take(r.Context(), key, perMinute)
		if err == nil {
			return ok
		}
		k.LogFailure(r, "shared limit", err, "key", key)
	}
	return k.limiter.take(key, perMinute, time.Now())
}

// newRoom takes one room from addr's bucket.
func (l *limiter) newRoom(addr string, now time.Time) bool {
	return l.take(addr, l.RoomsPerMinute, now)
}

// take takes one from key's bucket of perMinute a minute (no limit when
// it is not positive).
func (l *limiter) take(addr string, perMinute int, now time.Time) bool {
	if perMinute <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	burst := float64(perMinute)
	b := l.rooms[addr]
	if b == nil {
		b = &bucket{tokens: burst, last: now}
		l.rooms[addr] = b
	}
	b.tokens = min(burst, b.tokens+now.Sub(b.last).Minutes()*burst)
	b.last = now
	if len(l.rooms) > 10000 { // forget full buckets so the map cannot grow without end
		for a, other := range l.rooms {
			if a != addr && other.tokens+now.Sub(other.last).Minutes()*burst >= burst {
				delete(l.rooms, a)
			}
		}
	}
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
