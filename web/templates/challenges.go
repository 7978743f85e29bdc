package templates

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"boardroom/realtime/vocab"
)

// ChallengeRow is a direct challenge waiting for an answer, as the
// signed-in player sees it: in the header's list of their challenges, on
// their own page, in the pop-up of one to them, and on the player page of
// the one they challenged.
type ChallengeRow struct {
	ID string
	// Sent says the viewer made it (they may cancel it); else it is to
	// them (they accept or decline it).
	Sent bool
	// Other is the other player; OtherRating the challenger's rating in
	// the game and speed offered ("1500?"; shown on one to the viewer).
	Other, OtherRating string
	// Text says what is offered: "Kalah · Fast · Rated".
	Text    string
	Expires time.Time
	// Offline says the one challenged has no page of the site open: they
	// see it only if they open one before it expires.
	Offline bool
}

// ExpiresAt is when the challenge expires, in milliseconds since 1970, for
// site.js to count down.
func (c ChallengeRow) ExpiresAt() string { return strconv.FormatInt(c.Expires.UnixMilli(), 10) }

// Left is the time it has left at now, as "1:45 left", or in days and
// hours for a correspondence challenge's ("13 days 23 h left"; site.js
// counts down alike).
func (c ChallengeRow) Left(now time.Time) string {
	d := max(c.Expires.Sub(now).Round(time.Second), 0)
	if d >= time.Hour {
		return vocab.Left(d) + " left"
	}
	return fmt.Sprintf("%d:%02d left", int(d.Minutes()), int(d.Seconds())%60)
}

// DeclineReasons are the reasons a player may give for declining a
// challenge, by the value the page sends: the challenger sees the words.
var DeclineReasons = []struct{ Value, Label string }{
	{"later", "Not now"},
	{"clock", "Another time control"},
	{"rated", "Rated games only"},
	{"casual", "Casual games only"},
}

// DeclineReasonText is the words of the decline reason value ("" for an
// unknown one).
func DeclineReasonText(value string) string {
	for _, r := range DeclineReasons {
		if r.Value == value {
			return r.Label
		}
	}
	return ""
}

type challengesKey struct{}

// WithChallenges gives a page's rendering the signed-in player's
// challenges waiting for an answer, for the header: list is called only
// by a page that shows them (never by a redirect or a socket).
func WithChallenges(ctx context.Context, list func() []ChallengeRow) context.Context {
	return context.WithValue(ctx, challengesKey{}, list)
}

// challengesOf are the signed-in player's challenges waiting for an answer.
func challengesOf(ctx context.Context) []ChallengeRow {
	if list, ok := ctx.Value(challengesKey{}).(func() []ChallengeRow); ok {
		return list()
	}
	return nil
}
