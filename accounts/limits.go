package accounts

// The log-in limits (docs/accounts.md, "Protection"), which the web
// package counts for the site (across nodes when they share a store). A
// network is a client's address, an IPv6 client's /64.
const (
	// LoginsPerAddr is how many sign-ups and log-in tries (passkeys' too)
	// one network may make a minute, as many at once.
	LoginsPerAddr = 10
	// LoginsPerAccountNetwork is how many password log-ins one network may
	// try at one account a minute: a guesser's network is stopped there,
	// while the owner, from a network that has not tried, logs in.
	LoginsPerAccountNetwork = 5
	// LoginsPerAccount is how many password log-ins one account may be
	// tried a minute from everywhere together: a bound on a guesser with
	// many networks, generous enough that closing the account's password
	// log-in takes LoginsPerAccount/LoginsPerAccountNetwork networks
	// guessing without pause (and a passkey still logs in).
	LoginsPerAccount = 100
	// PasskeyAddsPerAccount is how many passkeys a signed-in person may
	// begin to add a minute. Adding one is no log-in try (a live session
	// asks, for its own account), so it takes nothing from the limits
	// above: this only bounds the challenges one session writes.
	PasskeyAddsPerAccount = 20
)
