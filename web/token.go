package web

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"boardroom/realtime/match"
	"boardroom/secret"
)

// TokenCookie holds the browser's seat token: a random secret that the
// rooms know only by its hash. It is HttpOnly (no script reads it) and
// SameSite=Lax (not sent with other sites' requests).
const TokenCookie = "boardroom_seat"

func readToken(r *http.Request) string {
	c, err := r.Cookie(TokenCookie)
	if err != nil || len(c.Value) < 32 || len(c.Value) > 128 {
		return ""
	}
	return c.Value
}

// ensureToken returns the browser's token, giving it one if it has none.
func (s *Server) ensureToken(w http.ResponseWriter, r *http.Request) string {
	if t := readToken(r); t != "" {
		return t
	}
	t := secret.New()
	http.SetCookie(w, &http.Cookie{
		Name: TokenCookie, Value: t, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: s.TrustedProxies.HTTPS(r), MaxAge: int((365 * 24 * time.Hour).Seconds()),
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

// readName returns the browser's display name, cleaned ("" for none).
func readName(r *http.Request) string {
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

// rememberName keeps a cleaned display name in the browser's name cookie.
func (s *Server) rememberName(w http.ResponseWriter, r *http.Request, name string) {
	http.SetCookie(w, &http.Cookie{
		Name: NameCookie, Value: url.PathEscape(name), Path: "/", SameSite: http.SameSiteLaxMode,
		Secure: s.TrustedProxies.HTTPS(r), MaxAge: int((365 * 24 * time.Hour).Seconds()),
	})
}

func itoa(n int) string { return strconv.Itoa(n) }
