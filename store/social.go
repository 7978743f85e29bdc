package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"boardroom/realtime/vocab"
)

// Who is on the site, and direct challenges between players. Every node
// says which accounts have a page open on it (SeeOnline), so that any node
// knows who is online anywhere; a challenge is kept until it is answered
// or expires, and accepting one makes its room in the same transaction.

// Presence keeps which accounts have a page open on which node.
type Presence interface {
	// SeeOnline records that accounts have a page open on node at at, and
	// that node's other accounts no longer have.
	SeeOnline(ctx context.Context, node string, accounts []string, at time.Time) error
	// Online says which of accounts had a page open on some node at or
	// after since.
	Online(ctx context.Context, accounts []string, since time.Time) (map[string]bool, error)
}

// PlayerLists finds players for the players' page: by name, and those
// online now.
type PlayerLists interface {
	// FindPlayers lists the usernames containing query (any case; %, _
	// and \ are only themselves), those beginning with it first, then
	// alphabetically: at most limit.
	FindPlayers(ctx context.Context, query string, limit int) ([]string, error)
	// OnlineNames lists the usernames of the accounts that had a page open
	// on some node at or after since, alphabetically: at most limit.
	OnlineNames(ctx context.Context, since time.Time, limit int) ([]string, error)
}

// likePatterns are the LIKE patterns of a search for query among the
// users' keys: containing it, and beginning with it, with LIKE's
// wildcards escaped (by a backslash: ESCAPE '\').
func likePatterns(query string) (contains, prefix string) {
	q := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(AccountKey(query))
	return "%" + q + "%", q + "%"
}

// The queries of PlayerLists, the same in both databases but for their
// placeholders (PostgreSQL's $N in the order given).
const (
	findPlayersQuery = `SELECT name FROM users WHERE key LIKE ? ESCAPE '\'
		ORDER BY CASE WHEN key LIKE ? ESCAPE '\' THEN 0 ELSE 1 END, key LIMIT ?`
	onlineNamesQuery = `SELECT u.name FROM users u WHERE u.key IN (SELECT account FROM presence WHERE seen >= ?)
		ORDER BY u.key LIMIT ?`
)

// The states of a challenge (a pending one past its Expires has expired).
const (
	ChallengePending   = "pending"
	ChallengeAccepted  = "accepted"
	ChallengeDeclined  = "declined"
	ChallengeCancelled = "cancelled"
)

// DirectChallenge is one player's offer of a game to another.
type DirectChallenge struct {
	ID string
	// From and To are the players' usernames; FromToken the hash of the
	// challenger's browser token, which holds their seat of the room.
	From, To, FromToken string
	Game                string
	Clock               vocab.Clock
	Rated               bool
	Created, Expires    time.Time
	// Status is one of the DirectChallenge states; Room the room an accepted
	// challenge made, Reason why a declined one was (a value the site
	// names, "": none given).
	Status, Room, Reason string
}

// Expired says a pending challenge is past its time at now.
func (c DirectChallenge) Expired(now time.Time) bool {
	return c.Status == ChallengePending && !now.Before(c.Expires)
}

// ErrChallengeGone says a challenge is no longer there to answer: it was
// answered, cancelled, or expired.
var ErrChallengeGone = errors.New("the challenge is no longer open")

// DirectChallenges keeps direct challenges.
type DirectChallenges interface {
	// CreateChallenge stores a new pending challenge.
	CreateChallenge(ctx context.Context, c DirectChallenge) error
	// ChallengesOf lists the challenges to or from any of accounts made at
	// or after since, oldest first.
	ChallengesOf(ctx context.Context, accounts []string, since time.Time) ([]DirectChallenge, error)
	// PendingFrom counts from's challenges pending at now.
	PendingFrom(ctx context.Context, from string, now time.Time) (int, error)
	// AnswerChallenge answers challenge id, pending at now and addressed
	// to to: declined, or accepted with the record of its room, made in
	// the same transaction (owned as CreateRoom would own it).
	// ErrChallengeGone when it is not pending.
	AnswerChallenge(ctx context.Context, id, to string, accept bool, reason string, room *Room, now time.Time) error
	// CancelChallenge withdraws from's challenge id while it is pending.
	CancelChallenge(ctx context.Context, id, from string) error
}
