package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// socialTables are presence and challenges in a SQLite file (tables).
const socialTables = `CREATE TABLE IF NOT EXISTS presence (
	account TEXT NOT NULL,
	node    TEXT NOT NULL,
	seen    INTEGER NOT NULL,
	PRIMARY KEY (account, node)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS challenges (
	id         TEXT PRIMARY KEY,
	from_name  TEXT NOT NULL,
	to_name    TEXT NOT NULL,
	from_token TEXT NOT NULL,
	game       TEXT NOT NULL,
	clock      TEXT NOT NULL,
	rated      INTEGER NOT NULL,
	created    INTEGER NOT NULL,
	expires    INTEGER NOT NULL,
	status     TEXT NOT NULL,
	room       TEXT NOT NULL DEFAULT '',
	reason     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS challenges_to ON challenges(to_name, created);
CREATE INDEX IF NOT EXISTS challenges_from ON challenges(from_name, created);`

// challengeColumns are a challenge's columns, in scanChallenges's order.
const challengeColumns = `id, from_name, to_name, from_token, game, clock, rated, created, expires, status, room, reason`

// SeeOnline implements Presence.
func (s *SQLite) SeeOnline(ctx context.Context, node string, accounts []string, at time.Time) error {
	return s.write(ctx, func(tx *wtx) error {
		if _, err := tx.Exec(`DELETE FROM presence WHERE node = ?`, node); err != nil {
			return fmt.Errorf("store: presence: %w", err)
		}
		for _, a := range accounts {
			if _, err := tx.Exec(`INSERT INTO presence (account, node, seen) VALUES (?, ?, ?)
				ON CONFLICT (account, node) DO UPDATE SET seen = excluded.seen`, AccountKey(a), node, at.UnixMilli()); err != nil {
				return fmt.Errorf("store: presence: %w", err)
			}
		}
		return nil
	})
}

// Online implements Presence.
func (s *SQLite) Online(ctx context.Context, accounts []string, since time.Time) (map[string]bool, error) {
	out := map[string]bool{}
	if len(accounts) == 0 {
		return out, nil
	}
	keys := map[string][]string{}
	args := []any{since.UnixMilli()}
	for _, a := range accounts {
		keys[AccountKey(a)] = append(keys[AccountKey(a)], a)
		args = append(args, AccountKey(a))
	}
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT account FROM presence WHERE seen >= ? AND account IN (`+placeholders(len(accounts))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: presence: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		for _, a := range keys[k] {
			out[a] = true
		}
	}
	return out, rows.Err()
}

// CreateChallenge implements DirectChallenges.
func (s *SQLite) CreateChallenge(ctx context.Context, c DirectChallenge) error {
	return s.write(ctx, func(tx *wtx) error {
		_, err := tx.Exec(`INSERT INTO challenges (`+challengeColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.ID, c.From, c.To, c.FromToken, c.Game, c.Clock, c.Rated, c.Created.UnixMilli(), c.Expires.UnixMilli(), c.Status, c.Room, c.Reason)
		if err != nil {
			return fmt.Errorf("store: challenge: %w", err)
		}
		return nil
	})
}

// ChallengesOf implements DirectChallenges.
func (s *SQLite) ChallengesOf(ctx context.Context, accounts []string, since time.Time) ([]DirectChallenge, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	args := []any{since.UnixMilli()}
	for _, a := range accounts {
		args = append(args, a)
	}
	nums := make([]string, len(accounts)) // ?2, ?3, …: the list twice
	for i := range accounts {
		nums[i] = "?" + strconv.Itoa(i+2)
	}
	in := strings.Join(nums, ",")
	rows, err := s.db.QueryContext(ctx, `SELECT `+challengeColumns+` FROM challenges
		WHERE created >= ?1 AND (to_name IN (`+in+`) OR from_name IN (`+in+`)) ORDER BY created, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: challenges: %w", err)
	}
	return scanChallenges(sqlRows{rows})
}

// PendingFrom implements DirectChallenges.
func (s *SQLite) PendingFrom(ctx context.Context, from string, now time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM challenges WHERE from_name = ? AND status = ? AND expires > ?`,
		from, ChallengePending, now.UnixMilli()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: challenges: %w", err)
	}
	return n, nil
}

// AnswerChallenge implements DirectChallenges.
func (s *SQLite) AnswerChallenge(ctx context.Context, id, to string, accept bool, reason string, room *Room, now time.Time) error {
	status, roomID := ChallengeDeclined, ""
	var insert func(*wtx) error
	if accept {
		status, roomID, reason = ChallengeAccepted, room.ID, ""
		var err error
		if insert, err = s.insertRoom(room); err != nil {
			return err
		}
	}
	return s.write(ctx, func(tx *wtx) error {
		res, err := tx.Exec(`UPDATE challenges SET status = ?, room = ?, reason = ? WHERE id = ? AND to_name = ? AND status = ? AND expires > ?`,
			status, roomID, reason, id, to, ChallengePending, now.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: challenge: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrChallengeGone
		}
		if insert == nil {
			return nil
		}
		if err := insert(tx); err != nil {
			return err
		}
		return recordBotGames(tx, room, s.stamp())
	})
}

// CancelChallenge implements DirectChallenges.
func (s *SQLite) CancelChallenge(ctx context.Context, id, from string) error {
	return s.write(ctx, func(tx *wtx) error {
		res, err := tx.Exec(`UPDATE challenges SET status = ? WHERE id = ? AND from_name = ? AND status = ?`,
			ChallengeCancelled, id, from, ChallengePending)
		if err != nil {
			return fmt.Errorf("store: challenge: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrChallengeGone
		}
		return nil
	})
}

// scanChallenges reads rows of challengeColumns.
func scanChallenges(rs scanRows) ([]DirectChallenge, error) {
	defer rs.Close()
	var out []DirectChallenge
	for rs.Next() {
		var (
			c                DirectChallenge
			created, expires int64
		)
		if err := rs.Scan(&c.ID, &c.From, &c.To, &c.FromToken, &c.Game, &c.Clock, &c.Rated, &created, &expires, &c.Status, &c.Room, &c.Reason); err != nil {
			return nil, fmt.Errorf("store: challenges: %w", err)
		}
		c.Created, c.Expires = time.UnixMilli(created), time.UnixMilli(expires)
		out = append(out, c)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: challenges: %w", err)
	}
	return out, nil
}

// FindPlayers implements PlayerLists.
func (s *SQLite) FindPlayers(ctx context.Context, query string, limit int) ([]string, error) {
	contains, prefix := likePatterns(query)
	return s.names(ctx, "find players", findPlayersQuery, contains, prefix, limit)
}

// OnlineNames implements PlayerLists.
func (s *SQLite) OnlineNames(ctx context.Context, since time.Time, limit int) ([]string, error) {
	return s.names(ctx, "online", onlineNamesQuery, since.UnixMilli(), limit)
}

// names runs a query of one text column.
func (s *SQLite) names(ctx context.Context, what, query string, args ...any) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("store: %s: %w", what, err)
		}
		out = append(out, name)
	}
	return out, rows.Err()
}
