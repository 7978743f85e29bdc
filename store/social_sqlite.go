package store

import (
	"context"
	"fmt"
	"time"
)

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
