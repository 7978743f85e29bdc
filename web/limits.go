package web

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"boardroom/secret"
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

// mayCreateRoom takes one room from the bucket of r's client.
func (s *Server) mayCreateRoom(r *http.Request) bool {
	return s.takeLimit(r, "rooms/"+s.clientNetwork(r), s.limits.RoomsPerMinute)
}

// mayEnterPool takes one entry into a pool from the bucket of r's client.
func (s *Server) mayEnterPool(r *http.Request) bool {
	return s.takeLimit(r, "pools/"+s.clientNetwork(r), s.limits.PoolsPerMinute)
}

// takeLimit takes one from key's bucket of perMinute a minute (no limit
// when it is not positive): the bucket all the nodes share
// (Server.SharedLimits) when there is one, so that the limit holds for
// the site, else this node's. If the shared bucket cannot be read (the
// database is down), the node's own counts: a limit that fails open would
// let a script through.
func (s *Server) takeLimit(r *http.Request, key string, perMinute int) bool {
	if perMinute <= 0 {
		return true
	}
	if s.SharedLimits != nil {
		ok, err := s.SharedLimits.Take(r.Context(), key, perMinute)
		if err == nil {
			return ok
		}
		s.logFailure(r, "shared limit", err, "key", key)
	}
	return s.limits.take(key, perMinute, time.Now())
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

// MaxOpenChallenges is how many open challenges one browser may have
// waiting in the lobby at once.
const MaxOpenChallenges = 3

// mayOpenChallenge says whether r's browser may make another open
// challenge; when not, it answers with the lobby and the reason.
func (s *Server) mayOpenChallenge(w http.ResponseWriter, r *http.Request, form map[string]string) bool {
	token := readToken(r)
	if token == "" {
		return true
	}
	n, err := s.Store.SeeksOf(r.Context(), secret.Hash(token))
	if err != nil {
		s.logFailure(r, "open challenges", err)
		s.renderLobby(w, r, http.StatusServiceUnavailable, form, "The challenge could not be made just now; try again in a moment.")
		return false
	}
	if n >= MaxOpenChallenges {
		s.renderLobby(w, r, http.StatusConflict, form, fmt.Sprintf("You have %d open challenges waiting already: wait for someone to accept, or abort one in its room.", n))
		return false
	}
	return true
}
