package web

import (
	"net/http"
	"time"

	"boardroom/secret"
)

// seeBrowser records that account was used in the browser whose seat
// token is token (fairplay.Sightings: two accounts of one browser may not
// play each other rated for a day). A log-in is always recorded; a
// session's use at most once an hour on a node, so that requests cost no
// write. A failure is logged: the page is served all the same.
func (s *Server) seeBrowser(r *http.Request, account, token string, loggedIn bool) {
	if token == "" {
		return
	}
	see := s.sightings.Used
	if loggedIn {
		see = s.sightings.LoggedIn
	}
	if err := see(r.Context(), secret.Hash(token), account, time.Now()); err != nil {
		s.logFailure(r, "browser seen", err)
	}
}
