// Package roombottest runs the whole app (a hub, the web server, quick
// pairing's pools, the events' director and a SQLite store) on a random
// port, for the tests of programs that play in its rooms over their
// WebSockets (package roombot, cmd/bot). A test may restart the hub as a
// server restart would, and move the director's clock on to end an event.
package roombottest

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/accounts"
	"boardroom/internal/emptydb"
	"boardroom/lobby"
	"boardroom/realtime"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
	"boardroom/tournament/director"
	"boardroom/web"
	"boardroom/web/templates"
)

// Server is the app on a random port.
type Server struct {
	t     testing.TB
	srv   *httptest.Server
	Store *store.SQLite
	cfg   realtime.Config
	hub   atomic.Pointer[realtime.Hub]
	// handler is the current hub's web server: a restart replaces it
	// behind the same address.
	handler atomic.Pointer[http.Handler]
	// stopPools ends the current hub's pools and site.
	stopPools context.CancelFunc
	// site is the current hub's presence and direct challenges.
	site atomic.Pointer[lobby.Site]
	// ahead is how far the director's clock is ahead of the wall's
	// (Later), in nanoseconds.
	ahead atomic.Int64
	// conns are the connections the server accepted, which a restart cuts.
	conns *connections
}

// connections keeps the connections a listener accepted, the hijacked
// ones (the sockets) too, which httptest forgets.
type connections struct {
	net.Listener
	mu   sync.Mutex
	open map[net.Conn]bool
}

func (l *connections) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.open[c] = true
		l.mu.Unlock()
	}
	return c, err
}

// cut closes every connection accepted so far, as the exit of a server's
// process does.
func (l *connections) cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c := range l.open {
		c.Close()
	}
	clear(l.open)
}

// New starts the app; tweaks may change the hub's configuration (the
// computer's delays are a millisecond). It stops with the test.
func New(t testing.TB, tweaks ...func(*realtime.Config)) *Server {
	t.Helper()
	st, err := store.OpenSQLite(emptydb.Path(t, "rooms.db"))
	require.NoError(t, err)
	s := &Server{t: t, Store: st}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		(*s.handler.Load()).ServeHTTP(w, r)
	}))
	s.conns = &connections{Listener: s.srv.Listener, open: map[net.Conn]bool{}}
	s.srv.Listener = s.conns
	s.cfg = realtime.Config{Store: st, Renderer: templates.Renderer{}, BaseURL: "http://" + s.srv.Listener.Addr().String(),
		BotDelay: time.Millisecond, WatchDelay: time.Millisecond}
	for _, tweak := range tweaks {
		tweak(&s.cfg)
	}
	s.start()
	s.srv.Start()
	t.Cleanup(func() {
		s.srv.Close()
		s.stopHub()
		st.Close()
	})
	return s
}

// URL is the server's address, http://127.0.0.1:PORT.
func (s *Server) URL() string { return s.srv.URL }

// start runs a new hub on the store, with its unfinished rooms back.
func (s *Server) start() {
	hub := realtime.NewHub(s.cfg)
	_, err := hub.Restore(context.Background())
	require.NoError(s.t, err)
	pools := &lobby.Pools{Store: s.Store, Ratings: s.Store, Games: s.Store, Bots: s.Store, Rooms: hub, Log: slog.New(slog.DiscardHandler),
		Timings: lobby.Timings{Pair: 50 * time.Millisecond, Seen: 200 * time.Millisecond, Stale: time.Second}}
	ctx, stop := context.WithCancel(context.Background())
	s.stopPools = stop
	go pools.Run(ctx)
	site := &lobby.Site{Presence: s.Store, Challenges: s.Store, Rooms: hub, Node: "test", Log: slog.New(slog.DiscardHandler),
		Every: 50 * time.Millisecond}
	go site.Run(ctx)
	s.site.Store(site)
	events := &director.Director{Store: s.Store, Rooms: hub, Node: "test", Log: slog.New(slog.DiscardHandler), Every: 100 * time.Millisecond,
		Now: func() time.Time { return time.Now().Add(time.Duration(s.ahead.Load())) }}
	go events.Run(ctx)
	var h http.Handler = (&web.Server{Hub: hub, Store: s.Store, Log: slog.New(slog.DiscardHandler), Limits: &web.Limits{}, Pools: pools,
		Site: site, Events: events}).Handler()
	s.hub.Store(hub)
	s.handler.Store(&h)
}

func (s *Server) stopHub() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s.stopPools()
	s.hub.Load().Shutdown(ctx)
}

// Challenge has the person named from (an account made here if missing),
// in the browser whose token is token, challenge the account to to a
// casual game of gameID; it returns the challenge's id.
func (s *Server) Challenge(from, token, to, gameID string) string {
	s.t.Helper()
	if _, err := s.Store.UserByKey(context.Background(), store.AccountKey(from)); err != nil {
		_, err := (&accounts.Service{Store: s.Store}).SignUp(context.Background(), from, "a long password")
		require.NoError(s.t, err)
	}
	c, err := s.site.Load().Challenge(context.Background(), from, secret.Hash(token), to, gameID, vocab.FastClock, false)
	require.NoError(s.t, err)
	return c.ID
}

// Arena makes an arena of gameID on a fast clock, minutes long, that
// starts now: bots decides who may enter it (store.Tournament's Bots and
// BotsOnly: "people", "bots", "bots only"). It returns the event's id.
func (s *Server) Arena(gameID string, minutes int, bots string) string {
	s.t.Helper()
	now := time.Now()
	t := &store.Tournament{ID: secret.Text(8), Name: "Test Arena", Kind: store.Arena, Game: gameID, Clock: vocab.FastClock,
		Minutes: minutes, Rated: true, Bots: bots != "people", BotsOnly: bots == "bots only", Starts: now, Created: now}
	require.NoError(s.t, s.Store.CreateTournament(context.Background(), t))
	return t.ID
}

// Later moves the director's clock on by d: an arena past its end
// stops pairing, and finishes once its games have ended.
func (s *Server) Later(d time.Duration) { s.ahead.Add(int64(d)) }

// Restart stops the hub (every room's socket closes with 1012), cuts
// every connection left (the site's and the pool's sockets), as the
// server's process would in exiting, and starts another hub on the same
// store and address.
func (s *Server) Restart() {
	s.stopHub()
	s.conns.cut()
	s.start()
}

// Create makes a room for the holder of token (empty fields of spec take
// the lobby's defaults: a friend room, no clock, the first seat) and
// returns its link.
func (s *Server) Create(spec match.Spec, token string) string {
	s.t.Helper()
	spec.Mode = or(spec.Mode, vocab.DefaultMode)
	spec.Clock = or(spec.Clock, vocab.DefaultClock)
	spec.Seat = or(spec.Seat, vocab.DefaultSeat)
	spec.Level = or(spec.Level, vocab.DefaultLevel)
	id, err := s.hub.Load().Create(context.Background(), spec, token)
	require.NoError(s.t, err)
	return s.srv.URL + "/r/" + id
}

func or[T ~string](v, def T) T {
	if v == "" {
		return def
	}
	return v
}

// Room is the stored room of a link.
func (s *Server) Room(link string) *store.Room {
	s.t.Helper()
	rec, err := s.Store.Room(context.Background(), strings.TrimPrefix(link, s.srv.URL+"/r/"))
	require.NoError(s.t, err)
	return rec
}

// Turns is the stored game of a room's link, in notation.
func (s *Server) Turns(link string) []string {
	s.t.Helper()
	rec := s.Room(link)
	out := make([]string, len(rec.Turns))
	for i, t := range rec.Turns {
		out[i] = t.Notation
	}
	return out
}

// Bot makes a bot account named name, owned by a person made for it, and
// returns its API token.
func (s *Server) Bot(name string) string {
	s.t.Helper()
	svc := &accounts.Service{Store: s.Store}
	owner, err := svc.SignUp(context.Background(), "owner-"+name, "a long password")
	require.NoError(s.t, err)
	_, token, err := svc.CreateBot(context.Background(), owner, name)
	require.NoError(s.t, err)
	return token
}
