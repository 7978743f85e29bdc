package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

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
