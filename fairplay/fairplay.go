// Package fairplay keeps ratings honest. It says, in words for players,
// why two accounts may not play each other in a rated game: a bot and the
// person who owns it, or two accounts used in one browser within the last
// day (one person under two names, feeding one rating the other's
// losses). Every place a rated game can start asks it (a direct
// challenge and its answer, an open challenge's seat, a rematch, quick
// pairing), and the web server tells it which accounts each browser uses
// (Sightings). The store keeps the facts (store.Links).
package fairplay

import (
	"context"
	"fmt"
	"slices"
	"time"

	"boardroom/store"
)

// SharedBrowserWithin is how lately two accounts seen in one browser may
// not play each other rated: a day, long enough to outlast a log-out and a
// log-in, short enough for a shared family computer.
const SharedBrowserWithin = store.BrowsersKept

// Refused is the error of a rated game refused to two linked accounts:
// its text is the reason, a sentence for players.
type Refused struct{ Why string }

func (e Refused) Error() string { return e.Why }

// Check says why the accounts a and b (usernames as shown) may not play
// each other in a rated game at now: a Refused error, or nil when they
// may. A store that cannot say is an error of its own (the game is not
// begun on a guess).
func Check(ctx context.Context, links store.Links, a, b string, now time.Time) error {
	got, err := links.Linked(ctx, []string{a, b}, now.Add(-SharedBrowserWithin))
	if err != nil {
		return err
	}
	if len(got) == 0 {
		return nil
	}
	// A bot's link says more than a browser's: name it first.
	slices.SortStableFunc(got, func(x, y store.Link) int { return len(y.Bot) - len(x.Bot) })
	return Refused{Why: words(got[0], a, b)}
}

// words says why link keeps a and b from a rated game.
func words(link store.Link, a, b string) string {
	if link.Bot != "" {
		bot, owner := a, b
		if store.AccountKey(b) == link.Bot {
			bot, owner = b, a
		}
		return fmt.Sprintf("%s is %s's bot, and a bot never plays its owner in a rated game: play it casual instead.", bot, owner)
	}
	return fmt.Sprintf("%s and %s were both used in the same browser within the last day, so a game between them cannot be rated: play it casual instead.", a, b)
}

// Apart says, of accounts (usernames), which may not play which rated at
// now: for each account's key, the keys of those it may not meet. Quick
// pairing passes such pairs over and pairs the others.
func Apart(ctx context.Context, links store.Links, accounts []string, now time.Time) (map[string][]string, error) {
	got, err := links.Linked(ctx, accounts, now.Add(-SharedBrowserWithin))
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, l := range got {
		out[l.A] = append(out[l.A], l.B)
		out[l.B] = append(out[l.B], l.A)
	}
	return out, nil
}
