package web

import (
	"errors"
	"net/http"
	"strings"

	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// What of the accounts the server keeps itself: the middleware that reads
// each request's session into the request kit (request.WithUser), with the
// header's challenges (web/play's). Signing up and in, and the account
// page, are web/account's; the player pages web/players'.

// noAccountPaths are requests that draw no page: their session is not
// looked up (a picture, a script cost no database read).
var noAccountPaths = []string{"/static/", "/games/", "/games.css", "/sw.js", "/manifest.webmanifest", "/healthz", "/readyz", "/lobby/lists"}

// signedIn reads the session cookie, and puts its player in the request's
// context for the handlers and the header of every page.
func (s *Server) signedIn(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(request.SessionCookie)
		if s.Accounts == nil || err != nil || c.Value == "" || skipAccount(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		u, err := s.Accounts.User(r.Context(), c.Value)
		switch {
		case err == nil:
			s.kit.SeeBrowser(r, u.Name, request.ReadToken(r), false)
			ctx := request.WithUser(r.Context(), u)
			r = r.WithContext(s.play.WithTurns(s.play.WithChallenges(templates.WithUser(ctx, u.Name), u.Name), u.Name))
			// A page drawn for a player names them: no shared cache may
			// keep it, nor the service worker's offline copies (sw.js).
			w.Header().Set("Cache-Control", "private")
		case errors.Is(err, store.ErrNotFound):
			s.kit.ClearSession(w, r) // logged out elsewhere, or expired
		default:
			s.kit.LogFailure(r, "session", err) // the page is served as to a guest
		}
		next.ServeHTTP(w, r)
	})
}

func skipAccount(path string) bool {
	// A room's socket is looked up (a signed-in player joins under their
	// name): once as it opens, never per message.
	if strings.HasPrefix(path, "/r/") && strings.HasSuffix(path, ".svg") {
		return true
	}
	for _, p := range noAccountPaths {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}
