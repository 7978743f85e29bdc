package fairplay

import (
	"context"
	"sync"
	"time"

	"boardroom/store"
)

// SeenEvery is how often a node records again that an account is used in
// a browser while its session is used there: a write an hour at most, not
// one a request. A log-in always records it.
const SeenEvery = time.Hour

// sightingsKept bounds the sightings a node remembers having recorded; past
// it, those older than SeenEvery are let go (they would be recorded again
// anyway), and all of them when none is: each is then recorded once more.
const sightingsKept = 100_000

// Sightings records which accounts are used in which browser (store.Links)
// on a node, and remembers when it last did for each browser and account.
type Sightings struct {
	Links store.Links

	mu   sync.Mutex
	last map[sighting]time.Time
}

type sighting struct{ browser, account string }

// LoggedIn records that account logged in (or signed up) at now in the
// browser whose token hashes to browser.
func (s *Sightings) LoggedIn(ctx context.Context, browser, account string, now time.Time) error {
	return s.see(ctx, browser, account, now, true)
}

// Used records that account's session was used at now in browser, unless
// this node recorded it within SeenEvery.
func (s *Sightings) Used(ctx context.Context, browser, account string, now time.Time) error {
	return s.see(ctx, browser, account, now, false)
}

func (s *Sightings) see(ctx context.Context, browser, account string, now time.Time, always bool) error {
	if s.Links == nil || browser == "" || account == "" {
		return nil
	}
	key := sighting{browser, store.AccountKey(account)}
	s.mu.Lock()
	last, ok := s.last[key]
	s.mu.Unlock()
	if !always && ok && now.Sub(last) < SeenEvery {
		return nil
	}
	if err := s.Links.SeeBrowser(ctx, browser, account, now); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		s.last = map[sighting]time.Time{}
	}
	if len(s.last) >= sightingsKept {
		for k, at := range s.last {
			if now.Sub(at) >= SeenEvery {
				delete(s.last, k)
			}
		}
	}
	if len(s.last) >= sightingsKept {
		clear(s.last)
	}
	s.last[key] = now
	return nil
}
