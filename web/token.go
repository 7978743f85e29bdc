package web

import (
	"net/http"
	"strconv"
	"time"

	"boardroom/realtime"
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
func ensureToken(w http.ResponseWriter, r *http.Request) string {
	if t := readToken(r); t != "" {
		return t
	}
	t := realtime.NewToken()
	http.SetCookie(w, &http.Cookie{
		Name: TokenCookie, Value: t, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: r.TLS != nil, MaxAge: int((365 * 24 * time.Hour).Seconds()),
	})
	// Later handlers of this same request (the room page) must see it too.
	r.AddCookie(&http.Cookie{Name: TokenCookie, Value: t})
	return t
}

func itoa(n int) string { return strconv.Itoa(n) }
