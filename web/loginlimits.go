package web

import (
	"net/http"

	"github.com/a-h/templ"

	"boardroom/accounts"
	"boardroom/web/templates"
)

// The log-in limits (accounts.LoginsPerAddr and the others; docs/accounts.md,
// "Protection"). They are counted by takeLimit, so that in a cluster they
// hold for the site: each node counting its own would let a guesser
// through as many times over as there are nodes.

// mayTryFromNetwork takes a sign-up's or a log-in's try (a password's or a
// passkey's) from the budget of r's network.
func (s *Server) mayTryFromNetwork(r *http.Request) bool {
	return s.takeLimit(r, "logins/"+s.clientNetwork(r), accounts.LoginsPerAddr)
}

// mayTryAccount takes a password log-in's try at the account named by key
// (accounts.NameKey) from r's network: from the budget of that account
// and network together, then from the account's own, far larger one.
// Guesses from one network thus stop that network only: the owner, from a
// network that has not tried, still logs in.
func (s *Server) mayTryAccount(r *http.Request, key string) bool {
	return s.takeLimit(r, "login/"+key+"/"+s.clientNetwork(r), accounts.LoginsPerAccountNetwork) &&
		s.takeLimit(r, "login/"+key, accounts.LoginsPerAccount)
}

// busyRetryAfter is the Retry-After of a form refused by tooBusy, in
// seconds: a moment, for the hashes ahead of it to finish.
const busyRetryAfter = "2"

// tooBusy answers a sign-up or a log-in whose password could not be
// hashed soon (accounts.ErrBusy): 503, with when to try again.
func (s *Server) tooBusy(w http.ResponseWriter, r *http.Request, page func(templates.AccountForm) templ.Component, form templates.AccountForm) {
	w.Header().Set("Retry-After", busyRetryAfter)
	form.Error = "Many people are logging in just now; try again in a few seconds."
	s.renderAccountForm(w, r, http.StatusServiceUnavailable, page, form)
}
