package request

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"boardroom/accounts"
	"boardroom/secret"
	"boardroom/store"
)

// SessionCookie holds the browser's log-in: a random token the server
// knows only by its hash. HttpOnly, SameSite=Lax, Secure behind HTTPS; it
// lasts as long as the session (accounts.SessionLife).
const SessionCookie = "boardroom_session"

type userKey struct{}

// User is the signed-in player of a request (nil for a guest), as the
// server's middleware found it (WithUser).
func User(r *http.Request) *store.User {
	u, _ := r.Context().Value(userKey{}).(*store.User)
	return u
}

// WithUser is ctx of a request signed in as u.
func WithUser(ctx context.Context, u *store.User) context.Context {
	return context.WithValue(ctx, userKey{}, u)
}

// SetSession gives the browser the session cookie of token.
func (k *Kit) SetSession(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: k.Secure(r), MaxAge: int(accounts.SessionLife.Seconds())})
}

// ClearSession takes the browser's session cookie away.
func (k *Kit) ClearSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: k.Secure(r), MaxAge: -1})
}

// SessionHash is the hash of this browser's session ("" for none).
func SessionHash(r *http.Request) string {
	if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
		return secret.Hash(c.Value)
	}
	return ""
}

// SeeBrowser records that account was used in the browser whose seat
// token is token (fairplay.Sightings: two accounts of one browser may not
// play each other rated for a day). A log-in is always recorded; a
// session's use at most once an hour on a node, so that requests cost no
// write. A failure is logged: the page is served all the same.
func (k *Kit) SeeBrowser(r *http.Request, account, token string, loggedIn bool) {
	if token == "" {
		return
	}
	see := k.sightings.Used
	if loggedIn {
		see = k.sightings.LoggedIn
	}
	if err := see(r.Context(), secret.Hash(token), account, time.Now()); err != nil {
		k.LogFailure(r, "browser seen", err)
	}
}

// Holder is who a socket's request is: a browser (its seat token's hash,
// its name and its signed-in account) or a bot (by its API token).
type Holder struct {
	TokenHash, Name, Account string
	// Session is the hash of the session (a bot's: of its API token) the
	// socket is opened with, whose end closes it ("" for a guest).
	Session    string
	BotAccount bool
}

// SocketHolder reads who opens a socket: a bot when the request carries
// "Authorization: Bearer TOKEN" (its seats are held by its seat hash, and
// its cookies do not count), else the browser. A header that is not a
// token of a bot is answered 401, and false.
func (k *Kit) SocketHolder(w http.ResponseWriter, r *http.Request) (Holder, bool) {
	auth, present := r.Header["Authorization"]
	if !present {
		h := Holder{TokenHash: secret.Hash(ReadToken(r)), Name: ReadName(r)}
		if u := User(r); u != nil {
			h.Account = u.Name
			if c, err := r.Cookie(SessionCookie); err == nil { // there is one: it signed u in
				h.Session = secret.Hash(c.Value)
			}
		}
		return h, true
	}
	scheme, token, _ := strings.Cut(strings.TrimSpace(strings.Join(auth, " ")), " ")
	var bot *store.Bot
	err := store.ErrNotFound
	if k.Accounts != nil && strings.EqualFold(scheme, "Bearer") && len(auth) == 1 {
		bot, err = k.Accounts.BotByToken(r.Context(), strings.TrimSpace(token))
	}
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			k.LogFailure(r, "bot token", err)
			http.Error(w, "The token could not be checked just now; try again in a moment.", http.StatusServiceUnavailable)
			return Holder{}, false
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="boardroom"`)
		http.Error(w, "This token is not a bot's: make a new one on the bot owner's account page.", http.StatusUnauthorized)
		return Holder{}, false
	}
	return Holder{TokenHash: bot.SeatHash, Name: bot.Name, Account: bot.Name, Session: bot.TokenHash, BotAccount: true}, true
}
