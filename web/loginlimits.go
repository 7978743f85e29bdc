package web

import (
	"net/http"

	"boardroom/accounts"
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
