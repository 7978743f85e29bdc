package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
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
	Days                int // a correspondence clock's days a move
	Rated               bool
	// Expires is when a pending challenge stops waiting for an answer;
	// once answered or withdrawn, when it was (ChallengesOf's lists keep
	// a challenge a while after it stopped waiting, so that pages hear
	// what became of it).
	Created, Expires time.Time
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
	// ChallengesOf lists the challenges to or from any of accounts that
	// waited for an answer at since or after (pending, or answered,
	// withdrawn or expired since: their Expires), oldest first.
	ChallengesOf(ctx context.Context, accounts []string, since time.Time) ([]DirectChallenge, error)
	// PendingFrom counts from's challenges pending at now.
	PendingFrom(ctx context.Context, from string, now time.Time) (int, error)
	// AnswerChallenge answers challenge id, pending at now and addressed
	// to to: declined, or accepted with the record of its room, made in
	// the same transaction (owned as CreateRoom would own it).
	// ErrChallengeGone when it is not pending.
	AnswerChallenge(ctx context.Context, id, to string, accept bool, reason string, room *Room, now time.Time) error
	// CancelChallenge withdraws from's challenge id at now while it is
	// pending.
	CancelChallenge(ctx context.Context, id, from string, now time.Time) error
}

// SeeOnline implements Presence: the node's rows become accounts, in one
// statement whatever their number.
func (st *base) SeeOnline(ctx context.Context, node string, accounts []string, at time.Time) error {
	return st.e.writeTx(ctx, func(tx txn) error {
		if _, err := tx.Exec(`DELETE FROM presence WHERE node = $1`, node); err != nil {
			return fmt.Errorf("store: presence: %w", err)
		}
		if len(accounts) == 0 {
			return nil
		}
		var rows strings.Builder
		args := []any{node, at.UnixMilli()}
		for i, a := range accounts {
			if i > 0 {
				rows.WriteString(", ")
			}
			rows.WriteString("($" + strconv.Itoa(len(args)+1) + ", $1, $2)")
			args = append(args, AccountKey(a))
		}
		if _, err := tx.Exec(`INSERT INTO presence (account, node, seen) VALUES `+rows.String()+`
			ON CONFLICT (account, node) DO UPDATE SET seen = excluded.seen`, args...); err != nil {
			return fmt.Errorf("store: presence: %w", err)
		}
		return nil
	})
}

// Online implements Presence.
func (st *base) Online(ctx context.Context, accounts []string, since time.Time) (map[string]bool, error) {
	out := map[string]bool{}
	if len(accounts) == 0 {
		return out, nil
	}
	keys, given := keyed(accounts)
	in, args := st.e.anyOf("account", 2, keys)
	online, err := st.names(ctx, "presence", `SELECT DISTINCT account FROM presence WHERE seen >= $1 AND `+in, append([]any{since.UnixMilli()}, args...)...)
	if err != nil {
		return nil, err
	}
	for _, k := range online {
		for _, a := range given[k] {
			out[a] = true
		}
	}
	return out, nil
}

// ChallengesOf implements DirectChallenges.
func (st *base) ChallengesOf(ctx context.Context, accounts []string, since time.Time) ([]DirectChallenge, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	to, args := st.e.anyOf("to_name", 2, accounts)
	from, _ := st.e.anyOf("from_name", 2, accounts)
	rows, err := st.db.QueryContext(ctx, `SELECT `+challengeColumns+` FROM challenges
		WHERE expires >= $1 AND (`+to+` OR `+from+`) ORDER BY created, id`, append([]any{since.UnixMilli()}, args...)...)
	return collect(rows, err, "challenges", func(r row) (c DirectChallenge, err error) {
		var created, expires int64
		err = r.Scan(&c.ID, &c.From, &c.To, &c.FromToken, &c.Game, &c.Clock, &c.Rated, &created, &expires, &c.Status, &c.Room, &c.Reason, &c.Days)
		c.Created, c.Expires = time.UnixMilli(created), time.UnixMilli(expires)
		return c, err
	})
}

// FindPlayers implements PlayerLists.
func (st *base) FindPlayers(ctx context.Context, query string, limit int) ([]string, error) {
	contains, prefix := likePatterns(query)
	return st.names(ctx, "find players", `SELECT name FROM users WHERE key LIKE $1 ESCAPE '\'
		ORDER BY CASE WHEN key LIKE $2 ESCAPE '\' THEN 0 ELSE 1 END, key LIMIT $3`, contains, prefix, limit)
}

// OnlineNames implements PlayerLists.
func (st *base) OnlineNames(ctx context.Context, since time.Time, limit int) ([]string, error) {
	return st.names(ctx, "online", `SELECT u.name FROM users u WHERE u.key IN (SELECT account FROM presence WHERE seen >= $1)
		ORDER BY u.key LIMIT $2`, since.UnixMilli(), limit)
}

// CreateChallenge implements DirectChallenges.
func (st *base) CreateChallenge(ctx context.Context, c DirectChallenge) error {
	_, err := st.e.exec(ctx, `INSERT INTO challenges (`+challengeColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		c.ID, c.From, c.To, c.FromToken, c.Game, c.Clock, c.Rated, c.Created.UnixMilli(), c.Expires.UnixMilli(), c.Status, c.Room, c.Reason, c.Days)
	if err != nil {
		return fmt.Errorf("store: challenge: %w", err)
	}
	return nil
}

// PendingFrom implements DirectChallenges.
func (st *base) PendingFrom(ctx context.Context, from string, now time.Time) (int, error) {
	var n int
	err := st.db.QueryRowContext(ctx, `SELECT count(*) FROM challenges WHERE from_name = $1 AND status = $2 AND expires > $3`,
		from, ChallengePending, now.UnixMilli()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: challenges: %w", err)
	}
	return n, nil
}

// CancelChallenge implements DirectChallenges.
func (st *base) CancelChallenge(ctx context.Context, id, from string, now time.Time) error {
	res, err := st.e.exec(ctx, `UPDATE challenges SET status = $1, expires = $5 WHERE id = $2 AND from_name = $3 AND status = $4`,
		ChallengeCancelled, id, from, ChallengePending, now.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: challenge: %w", err)
	}
	return affected(res, nil, ErrChallengeGone)
}

// socialTables are presence and challenges, for both engines (schema.go).
const socialTables = `CREATE TABLE IF NOT EXISTS presence (
	account {text} NOT NULL,
	node    {text} NOT NULL,
	seen    {bigint} NOT NULL,
	PRIMARY KEY (account, node)
){norowid};
CREATE TABLE IF NOT EXISTS challenges (
	id         {text} PRIMARY KEY,
	from_name  {text} NOT NULL,
	to_name    {text} NOT NULL,
	from_token {text} NOT NULL,
	game       {text} NOT NULL,
	clock      {text} NOT NULL,
	rated      {bool} NOT NULL,
	created    {bigint} NOT NULL,
	expires    {bigint} NOT NULL,
	status     {text} NOT NULL,
	room       {text} NOT NULL DEFAULT '',
	reason     {text} NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS challenges_to_waiting ON challenges(to_name, expires);
CREATE INDEX IF NOT EXISTS challenges_from_waiting ON challenges(from_name, expires);`

// challengeColumns are a challenge's columns, in the order ChallengesOf reads them.
const challengeColumns = `id, from_name, to_name, from_token, game, clock, rated, created, expires, status, room, reason, days`
