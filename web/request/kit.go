// Package request is the kit every area of the web front shares: what a
// handler needs to know of a request and to answer it, whatever the page.
// It holds the error page and the failure log, the client's address and
// the network the limits count it under, the per-network limits, the
// cookies (seat, name, session), the signed-in player (a person by their
// session, a bot by its token) and where to go after signing in. The areas
// (web/<area>) are handlers over a Kit and their own small dependencies;
// the web root assembles them. The kit imports no area.
package request

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"boardroom/accounts"
	"boardroom/fairplay"
	"boardroom/game/record"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/web/templates"
)

// Config is what the server gives the kit.
type Config struct {
	// Log is where failures go (nil: nowhere).
	Log *slog.Logger
	// TrustedProxies are the load balancers whose X-Forwarded-For names
	// the client.
	TrustedProxies TrustedProxies
	// IPv6Prefix is how many leading bits of an IPv6 client's address
	// count as one client (0: DefaultIPv6Prefix).
	IPv6Prefix int
	// Limits bound each client's network on this node.
	Limits Limits
	// SharedLimits, when set, counts the limited actions across every
	// node (a cluster's shared store).
	SharedLimits store.RateLimits
	// Accounts knows the sessions and the bots' tokens (nil: no accounts).
	Accounts *accounts.Service
	// Signouts closes the sockets of sessions that end.
	Signouts *signout.Sockets
	// Origins are extra origins allowed to open WebSockets.
	Origins []string
	// Links records which accounts each browser uses (nil: not recorded).
	Links store.Links
}

// Kit answers the questions every handler asks of its request. One is
// made per server and shared by all its areas; it is safe for concurrent
// use.
type Kit struct {
	Config
	limiter   *limiter
	sightings *fairplay.Sightings
}

// New makes the kit of a server.
func New(c Config) *Kit {
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	if c.IPv6Prefix == 0 {
		c.IPv6Prefix = DefaultIPv6Prefix
	}
	if c.Signouts == nil {
		c.Signouts = signout.New(nil, c.Log)
	}
	return &Kit{Config: c, limiter: newLimiter(c.Limits), sightings: &fairplay.Sightings{Links: c.Links}}
}

// MaxFormBytes bounds a form: a few hundred bytes, or a game's record
// pasted into the lobby's.
const MaxFormBytes = record.MaxBytes + 16<<10

// ErrorPage answers with the site's error page.
func (k *Kit) ErrorPage(w http.ResponseWriter, r *http.Request, status int, title, message string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := templates.ErrorPage(status, title, message).Render(r.Context(), w); err != nil && !errors.Is(err, context.Canceled) {
		k.Log.Error("error page not rendered", "err", err)
	}
}

// NotFound answers 404 with the error page.
func (k *Kit) NotFound(w http.ResponseWriter, r *http.Request) {
	k.ErrorPage(w, r, http.StatusNotFound, "Not found", "There is no page at this address.")
}

// NoSuchRoom answers 404 for a room that does not exist: its page and its
// picture (the rooms' area and the lobby's) say it in the same words.
func (k *Kit) NoSuchRoom(w http.ResponseWriter, r *http.Request) {
	k.ErrorPage(w, r, http.StatusNotFound, "No such room", "This room does not exist. Check the link, or start a new game.")
}

// LogFailure logs what went wrong in serving r: an error, unless the
// client went away before the answer (a closed tab, a script that gives
// up), which is no fault of the server's and is logged only with -v —
// else every abandoned request would write an ERROR line, and one client
// could flood the log.
func (k *Kit) LogFailure(r *http.Request, msg string, err error, attrs ...any) {
	level := slog.LevelError
	if r.Context().Err() != nil {
		level, msg = slog.LevelDebug, msg+" (the client went away)"
	}
	k.Log.Log(r.Context(), level, msg, append([]any{"err", err, "client", k.ClientAddr(r)}, attrs...)...)
}

// ClientAddr is the address the limits and the logs know a request's
// client by (see TrustedProxies.ClientAddr).
func (k *Kit) ClientAddr(r *http.Request) string {
	return k.TrustedProxies.ClientAddr(r)
}

// ClientNetwork is the key every per-address limit counts r's client
// under (the logs keep the whole address, ClientAddr).
func (k *Kit) ClientNetwork(r *http.Request) string {
	return NetworkKey(k.ClientAddr(r), k.IPv6Prefix)
}

// Secure reports whether r's cookies are to be Secure: the browser came
// over HTTPS (here, or to a trusted proxy that ended TLS).
func (k *Kit) Secure(r *http.Request) bool { return k.TrustedProxies.HTTPS(r) }

// Confirmed says a form that cannot be undone was agreed to: its question
// (templates.Question) posts it again with confirm=yes. Without, the
// handler asks first.
func Confirmed(r *http.Request) bool { return r.PostForm.Get("confirm") == "yes" }

// AbsoluteURL makes a link to path on the host the browser used.
func AbsoluteURL(r *http.Request, path string) string {
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + r.Host + path
}
