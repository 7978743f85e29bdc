package play

import (
	"time"

	"boardroom/pairing"
)

// StatusOf lets the tests (play_test) ask how a wait would go at any time,
// without waiting that long.
func (a *Area) StatusOf(pool pairing.Pool, signedIn bool, since, now time.Time) *poolStatus {
	return a.statusOf(pool, signedIn, since, now)
}
