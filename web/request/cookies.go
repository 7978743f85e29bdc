package request

import (
	"net/http"
	"net/url"
	"time"

	"boardroom/realtime/match"
	"boardroom/secret"
)

// The browser's own cookies: its seat token and its display name. The
// session's is in user.go; a passkey ceremony's belongs to that area.

// cookieLife is how long the seat and name cookies last: a year, renewed
// by nothing (a browser that keeps its seat token keeps its seats).
const cookieLife = 365 * 24 * time.Hour

// TokenCookie holds the browser's seat token: a random secret that the
// rooms know only by its hash. It is HttpOnly (no script reads it) and
// SameSite=Lax (not sent with other sites' requests).
const TokenCookie = "boardroom_seat"

// ReadToken is the browser's seat token ("" for none, or one that is not
// of a length the server gives).
func ReadToken(r *http.Request) string {
	c, err := r.Cookie(TokenCookie)
	if err != nil || len(c.Value) < 32 || len(c.Value) > 128 {
		return ""
	}
	return c.Value
}

// EnsureToken returns the browser's token, giving it one if it has none.
func (k *Kit) EnsureToken(w http.ResponseWriter, r *http.Request) string {
	if t := ReadToken(r); t != "" {
		return t
	}
	t := secret.New()
	http.SetCookie(w, &http.Cookie{
		Name: TokenCookie, Value: t, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: k.Secure(r), MaxAge: int(cookieLife.Seconds()),
	})
	// Later handlers of this same request (the room page) must see it too.
	r.AddCookie(&http.Cookie{Name: TokenCookie, Value: t})
	return t
}

// NameCookie holds the browser's display name, URL-encoded. The page's
// script writes it from what the browser remembers (so it is not HttpOnly),
// and the server when the lobby's form is sent; a WebSocket's request
// carries it, which is how the room knows a spectator's name. It is only a
// name: nothing is trusted to it, and it is cleaned wherever it is read.
const NameCookie = "boardroom_name"

// ReadName returns the browser's display name, cleaned ("" for none).
func ReadName(r *http.Request) string {
	c, err := r.Cookie(NameCookie)
	if err != nil || len(c.Value) > 256 {
		return ""
	}
	name, err := url.PathUnescape(c.Value)
	if err != nil {
		return ""
	}
	return match.CleanName(name)
}

// RememberName keeps a cleaned display name in the browser's name cookie.
func (k *Kit) RememberName(w http.ResponseWriter, r *http.Request, name string) {
	http.SetCookie(w, &http.Cookie{
		Name: NameCookie, Value: url.PathEscape(name), Path: "/", SameSite: http.SameSiteLaxMode,
		Secure: k.Secure(r), MaxAge: int(cookieLife.Seconds()),
	})
}
