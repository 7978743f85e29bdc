package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// socialMigration is the PostgreSQL migration that adds presence and
// direct challenges (migrations); challengesReasonMigration adds why a
// challenge was declined.
const socialMigration = `CREATE TABLE presence (
		account text NOT NULL,
		node    text NOT NULL,
		seen    bigint NOT NULL,
		PRIMARY KEY (account, node)
	);
	CREATE TABLE challenges (
		id         text PRIMARY KEY,
		from_name  text NOT NULL,
		to_name    text NOT NULL,
		from_token text NOT NULL,
		game       text NOT NULL,
		clock      text NOT NULL,
		rated      boolean NOT NULL,
		created    bigint NOT NULL,
		expires    bigint NOT NULL,
		status     text NOT NULL,
		room       text NOT NULL DEFAULT ''
	);
	CREATE INDEX challenges_to ON challenges (to_name, created);
	CREATE INDEX challenges_from ON challenges (from_name, created);`

// challengesReasonMigration keeps why a challenge was declined.
const challengesReasonMigration = `ALTER TABLE challenges ADD COLUMN reason text NOT NULL DEFAULT '';`

// SeeOnline implements Presence.
func (p *Postgres) SeeOnline(ctx context.Context, node string, accounts []string, at time.Time) error {
	keys := make([]string, len(accounts))
	for i, a := range accounts {
		keys[i] = AccountKey(a)
	}
	return p.tx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM presence WHERE node = $1 AND NOT (account = ANY($2))`, node, keys); err != nil {
			return fmt.Errorf("store: presence: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO presence (account, node, seen) SELECT k, $2, $3 FROM unnest($1::text[]) AS k
			ON CONFLICT (account, node) DO UPDATE SET seen = excluded.seen`, keys, node, at.UnixMilli()); err != nil {
			return fmt.Errorf("store: presence: %w", err)
		}
		return nil
	})
}

// Online implements Presence.
func (p *Postgres) Online(ctx context.Context, accounts []string, since time.Time) (map[string]bool, error) {
	out := map[string]bool{}
	if len(accounts) == 0 {
		return out, nil
	}
	keys := map[string][]string{}
	list := make([]string, 0, len(accounts))
	for _, a := range accounts {
		keys[AccountKey(a)] = append(keys[AccountKey(a)], a)
		list = append(list, AccountKey(a))
	}
	online, err := p.ids(ctx, "presence", `SELECT DISTINCT account FROM presence WHERE seen >= $1 AND account = ANY($2)`, since.UnixMilli(), list)
	if err != nil {
		return nil, err
	}
	for _, k := range online {
		for _, a := range keys[k] {
			out[a] = true
		}
	}
	return out, nil
}

// CreateChallenge implements DirectChallenges.
func (p *Postgres) CreateChallenge(ctx context.Context, c DirectChallenge) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO challenges (`+challengeColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
		c.ID, c.From, c.To, c.FromToken, c.Game, string(c.Clock), c.Rated, c.Created.UnixMilli(), c.Expires.UnixMilli(), c.Status, c.Room, c.Reason)
	if err != nil {
		return fmt.Errorf("store: challenge: %w", err)
	}
	return nil
}

// ChallengesOf implements DirectChallenges.
func (p *Postgres) ChallengesOf(ctx context.Context, accounts []string, since time.Time) ([]DirectChallenge, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	rows, err := p.pool.Query(ctx, `SELECT `+challengeColumns+` FROM challenges
		WHERE created >= $1 AND (to_name = ANY($2) OR from_name = ANY($2)) ORDER BY created, id`, since.UnixMilli(), accounts)
	if err != nil {
		return nil, fmt.Errorf("store: challenges: %w", err)
	}
	return scanChallenges(pgRows{rows})
}

// PendingFrom implements DirectChallenges.
func (p *Postgres) PendingFrom(ctx context.Context, from string, now time.Time) (int, error) {
	var n int
	err := p.pool.QueryRow(ctx, `SELECT count(*) FROM challenges WHERE from_name = $1 AND status = $2 AND expires > $3`,
		from, ChallengePending, now.UnixMilli()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: challenges: %w", err)
	}
	return n, nil
}

// AnswerChallenge implements DirectChallenges: an accepted challenge's room is
// owned by the fence ctx carries.
func (p *Postgres) AnswerChallenge(ctx context.Context, id, to string, accept bool, reason string, room *Room, now time.Time) error {
	status, roomID := ChallengeDeclined, ""
	var kept encodedRoom
	if accept {
		status, roomID, reason = ChallengeAccepted, room.ID, ""
		var err error
		if kept, err = p.encode(room); err != nil {
			return err
		}
	}
	answer := func(ctx context.Context, owner *Fence) error {
		return p.tx(ctx, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, `UPDATE challenges SET status = $1, room = $2, reason = $7 WHERE id = $3 AND to_name = $4 AND status = $5 AND expires > $6`,
				status, roomID, id, to, ChallengePending, now.UnixMilli(), reason)
			if err != nil {
				return fmt.Errorf("store: challenge: %w", err)
			}
			if tag.RowsAffected() != 1 {
				return ErrChallengeGone
			}
			if !accept {
				return nil
			}
			if err := insertPGRoom(ctx, tx, kept, owner, owner.Epoch); err != nil {
				return err
			}
			return recordPGBotGames(ctx, tx, room, p.stamp())
		})
	}
	if !accept {
		return answer(ctx, nil)
	}
	return p.write(ctx, room.ID, func(ctx context.Context, f Fence) error { return answer(ctx, &f) })
}

// CancelChallenge implements DirectChallenges.
func (p *Postgres) CancelChallenge(ctx context.Context, id, from string) error {
	tag, err := p.pool.Exec(ctx, `UPDATE challenges SET status = $1 WHERE id = $2 AND from_name = $3 AND status = $4`,
		ChallengeCancelled, id, from, ChallengePending)
	if err != nil {
		return fmt.Errorf("store: challenge: %w", err)
	}
	if tag.RowsAffected() != 1 {
		return ErrChallengeGone
	}
	return nil
}

// FindPlayers implements PlayerLists.
func (p *Postgres) FindPlayers(ctx context.Context, query string, limit int) ([]string, error) {
	contains, prefix := likePatterns(query)
	return p.ids(ctx, "find players", dollars(findPlayersQuery), contains, prefix, limit)
}

// OnlineNames implements PlayerLists.
func (p *Postgres) OnlineNames(ctx context.Context, since time.Time, limit int) ([]string, error) {
	return p.ids(ctx, "online", dollars(onlineNamesQuery), since.UnixMilli(), limit)
}

// dollars numbers a query's ? placeholders as PostgreSQL's $1, $2, ….
func dollars(query string) string {
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
