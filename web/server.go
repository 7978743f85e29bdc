// Package web is Boardroom's HTTP front. Its root assembles the server:
// the routes, the middleware (the session among them), readiness and
// compression, and the areas (web/<area>: account, bots, events, pages,
// play, players, rooms), each a package of handlers over the request kit
// (web/request) and the few services it needs, which Server.Handler hands
// it. Where two areas meet (the player page sends challenges, the account
// page lists bots), the server hands one the other's method: areas do not
// import each other. Handlers are thin: the rooms (realtime) own the
// games, the templates draw the pages.
package web

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"boardroom/accounts"
	"boardroom/lobby"
	"boardroom/push"
	"boardroom/realtime"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/tournament/director"
	"boardroom/web/account"
	"boardroom/web/bots"
	"boardroom/web/events"
	"boardroom/web/pages"
	"boardroom/web/play"
	"boardroom/web/players"
	"boardroom/web/request"
	"boardroom/web/rooms"
	"boardroom/web/static"
	"boardroom/web/templates"
)

// The kit's names that the server's callers (cmd/web, tests of other
// packages) know as the web package's.

// Limits bound what one client network may take (request.Limits).
type Limits = request.Limits

// DefaultLimits are generous for people and tight for scripts.
var DefaultLimits = request.DefaultLimits

// DefaultHTTPConnsPerAddr bounds the connections of every kind one client
// network may hold (LimitListener).
const DefaultHTTPConnsPerAddr = request.DefaultHTTPConnsPerAddr

// DefaultIPv6Prefix is how many leading bits of an IPv6 address count as
// one client.
const DefaultIPv6Prefix = request.DefaultIPv6Prefix

// TrustedProxies are the load balancers in front of the server
// (request.TrustedProxies).
type TrustedProxies = request.TrustedProxies

// ParseTrustedProxies reads -trusted-proxies (request.ParseTrustedProxies).
func ParseTrustedProxies(list string) (TrustedProxies, error) {
	return request.ParseTrustedProxies(list)
}

// LimitListener bounds the connections of each client network
// (request.LimitListener).
func LimitListener(ln net.Listener, perAddr int, trusted TrustedProxies, ipv6Prefix int) net.Listener {
	return request.LimitListener(ln, perAddr, trusted, ipv6Prefix)
}

// TokenCookie holds the browser's seat token (request.TokenCookie).
const TokenCookie = request.TokenCookie

// Server holds the handlers' collaborators.
type Server struct {
	Hub   *realtime.Hub
	Store store.Store
	Log   *slog.Logger
	// Origins are extra origins allowed to open WebSockets (the page's own
	// host is always allowed), as host patterns (socket.Accept).
	Origins []string
	// Limits bound each client address; nil means DefaultLimits.
	Limits *Limits
	// SharedLimits, when set, counts the rooms each address creates
	// across every node (a cluster's shared store): Limits.RoomsPerMinute
	// then holds for the site, not for each node.
	SharedLimits store.RateLimits
	// ListsFresh is how long the lobby's lists are served as made (0: a
	// few seconds; negative: made for every request, as tests want).
	ListsFresh time.Duration
	// Node is this server's name among several behind a load balancer
	// (cmd/web -node); /readyz says it.
	Node string
	// TrustedProxies are the load balancers whose X-Forwarded-For names
	// the client (limits and logs then use that address); nil trusts none.
	TrustedProxies TrustedProxies
	// IPv6Prefix is how many leading bits of an IPv6 client's address the
	// per-address limits count as one client (0: DefaultIPv6Prefix).
	IPv6Prefix int
	// Ready, when set, is asked by /readyz after the node's own checks
	// (not draining, the store answers): an error makes the node not
	// ready, its text the reason given. It may be called every second by
	// each balancer, with a deadline of a few seconds; it should answer
	// from what it already knows (for instance whether the connection to
	// the message bus is up) rather than do slow work.
	Ready func(context.Context) error
	// PublicURL is the site's public address as the server was given it
	// (cmd/web -base-url), to which passkeys are bound; "": the host each
	// request names (web/account, relyingParty).
	PublicURL string
	// Accounts signs players up and in; nil: made on the Store when it
	// keeps accounts (store.Accounts), else there are no accounts.
	Accounts *accounts.Service
	// Pools runs quick pairing (nil: the lobby offers none).
	Pools *lobby.Pools
	// Site runs presence and direct challenges (nil: none).
	Site *lobby.Site
	// Signouts closes the sockets of sessions that end, on every node of
	// a cluster (nil: made for this node alone).
	Signouts *signout.Sockets
	// PushHosts are the push services browsers may subscribe at (cmd/web
	// -push-hosts; nil: push.DefaultHosts; empty: none): an endpoint elsewhere is
	// refused (web/account, push.go).
	PushHosts push.Hosts
	// Events directs this node's events (arenas): the events' pages nudge
	// it when one should start or pair at once (nil: its next look does).
	Events *director.Director
	// PushKeys is the site's VAPID pair, as cmd/web loaded it from the
	// Store at start (zero: loaded from it, or made, at the first need).
	PushKeys push.Keys

	// kit is what every area asks of a request (web/request), made by
	// Handler from the fields above.
	kit *request.Kit
	// The areas, each over the kit and what it needs of the server.
	account *account.Area
	bots    *bots.Area
	events  *events.Area
	pages   *pages.Area
	play    *play.Area
	players *players.Area
	rooms   *rooms.Area
	// draining is set by Drain: /readyz fails from then on.
	draining atomic.Bool
	// readyMu guards the last readiness answer, to log its changes.
	readyMu     sync.Mutex
	readyReason string
	readySeen   bool
}

// assetVersion sets the static files' version once: servers made side by
// side (tests) would race to write it.
var assetVersion sync.Once

// Handler returns the server's routes wrapped in its middleware.
func (s *Server) Handler() http.Handler {
	s.Log = s.logger()
	assetVersion.Do(func() { templates.AssetVersion = static.Version() })
	limits := DefaultLimits
	if s.Limits != nil {
		limits = *s.Limits
	}
	if s.Accounts == nil && s.Store != nil {
		s.Accounts = &accounts.Service{Store: s.Store}
	}
	var links store.Links
	if s.Store != nil {
		links = s.Store
	}
	s.kit = request.New(request.Config{Log: s.Log, TrustedProxies: s.TrustedProxies, IPv6Prefix: s.IPv6Prefix,
		Limits: limits, SharedLimits: s.SharedLimits, Accounts: s.Accounts, Signouts: s.Signouts, Origins: s.Origins, Links: links})
	s.account = &account.Area{Kit: s.kit, Accounts: s.Accounts, PublicURL: s.PublicURL}
	if s.Store != nil {
		s.account.Push = &account.PushConfig{Store: s.Store, Hosts: s.PushHosts, Keys: s.PushKeys}
		s.account.Vacation = &account.VacationConfig{Store: s.Store}
		if s.Hub != nil {
			s.account.Vacation.Changed, s.account.Vacation.Now = s.Hub.VacationChanged, s.Hub.Now
		}
	}
	s.bots = &bots.Area{Kit: s.kit, Accounts: s.Accounts, Store: s.Store, Pools: s.Pools, AccountPage: s.account.Page}
	s.account.BotSection = s.bots.Section
	s.pages = pages.New(s.kit)
	s.rooms = &rooms.Area{Kit: s.kit, Hub: s.Hub, Store: s.Store}
	s.play = &play.Area{Kit: s.kit, Hub: s.Hub, Store: s.Store, Accounts: s.Accounts, Pools: s.Pools, Site: s.Site, ListsFresh: s.ListsFresh}
	s.players = &players.Area{Kit: s.kit, Accounts: s.Accounts, Store: s.Store, Site: s.Site,
		Social: s.play.Social, BotOwner: s.bots.Owner, MarkBots: s.bots.Mark}
	s.play.PlayerPage = s.players.Page
	if s.Store != nil {
		s.events = &events.Area{Kit: s.kit, Store: s.Store}
		if s.Events != nil {
			s.events.Nudge = s.Events.Nudge
		}
		s.play.EventLive, s.play.EventsEntered = s.events.Live, s.events.Entered
		s.play.JoinEvent, s.play.LeaveEvent = s.events.JoinBot, s.events.LeaveBot
	}
	mux := http.NewServeMux()
	s.play.Routes(mux)
	s.rooms.Routes(mux)
	mux.Handle("GET /static/", http.StripPrefix("/static/", static.Handler()))
	s.pages.Routes(mux)
	mux.HandleFunc("GET /healthz", s.health)
	mux.HandleFunc("GET /readyz", s.readyz)
	if s.Accounts != nil {
		s.account.Routes(mux)
		s.players.Routes(mux)
		s.bots.Routes(mux)
		s.events.Routes(mux)
	}
	mux.HandleFunc("/", s.notFoundIn(mux))
	// Go's cross-origin protection refuses state-changing requests (the lobby
	// form's POST, sign-up, log-in, log-out) that a browser says come from
	// another site.
	protected := http.NewCrossOriginProtection().Handler(s.signedIn(mux))
	// Compression is outermost, so that even the error page of a panic
	// goes out whole through it.
	return compress(s.recoverPanics(s.logRequests(s.securityHeaders(protected))))
}

// logger is the server's log, or one that drops everything.
func (s *Server) logger() *slog.Logger {
	if s.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Log
}

// securityHeaders sets a strict policy: scripts and styles from our own
// origin only (no inline code), no framing, no sniffing; and, on a page
// that came over HTTPS (here, or at a trusted proxy that ended TLS),
// HSTS, so the browser never again asks for the site over plain HTTP,
// where its cookies could be seen.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		if s.TrustedProxies.HTTPS(r) {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "+
			"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}

// statusRecorder remembers the status a handler wrote, for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController (and the WebSocket upgrade) reach the
// underlying writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		level := slog.LevelDebug
		// A failing readiness probe is an answer, not an error: its
		// changes are logged once (noteReadiness), not every second; and
		// nobody saw the answer to a client that went away.
		if rec.status >= 500 && r.URL.Path != "/readyz" && r.Context().Err() == nil {
			level = slog.LevelError
		}
		s.Log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", rec.status, "took", time.Since(start),
			"client", s.kit.ClientAddr(r))
	})
}

// recoverPanics turns a handler's panic into a 500 page and a log line:
// no panic reaches a user.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.Log.Error("handler panic", "path", r.URL.Path, "client", s.kit.ClientAddr(r), "panic", p, "stack", string(debug.Stack()))
				s.kit.ErrorPage(w, r, http.StatusInternalServerError, "Something went wrong", "The server hit a bug; nothing was changed. Please try again.")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if _, err := s.Store.List(ctx, false, time.Time{}, 1, 0); err != nil {
		http.Error(w, "store: "+err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok\n"))
}

// notFoundIn answers what no route of mux took: 405, with the methods the
// page does take, when the address is a page asked with another method
// (the catch-all route would otherwise hide them behind a 404), else 404.
func (s *Server) notFoundIn(mux *http.ServeMux) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var allow []string
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			other := r.Clone(r.Context())
			other.Method = method
			if _, pattern := mux.Handler(other); pattern != "/" && pattern != "" {
				allow = append(allow, method)
				if method == http.MethodGet {
					allow = append(allow, http.MethodHead)
				}
			}
		}
		if len(allow) == 0 {
			s.kit.NotFound(w, r)
			return
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		s.kit.ErrorPage(w, r, http.StatusMethodNotAllowed, "Not allowed", "This page cannot be asked for that way.")
	}
}
