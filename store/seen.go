package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// When a page was last seen open in a room (seen_at, the node's time in
// milliseconds, 0: never): the lobby lists a live room only while it
// changed or was seen lately (List's since), so that games left alone
// leave the list. Hub.MarkSeen records it for the rooms with a page open.

// SetSeen implements Store.
func (s *SQLite) SetSeen(ctx context.Context, ids []string, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	idsJSON, err := json.Marshal(ids)
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *wtx) error {
		if _, err := tx.Exec(`UPDATE rooms SET seen_at = max(seen_at, ?) WHERE id IN (SELECT value FROM json_each(?))`,
			at.UnixMilli(), string(idsJSON)); err != nil {
			return fmt.Errorf("store: rooms seen: %w", err)
		}
		return nil
	})
}

// SetSeen implements Store. It is not fenced: that a page was open says
// nothing about the game, and any node that saw one may say so.
func (p *Postgres) SetSeen(ctx context.Context, ids []string, at time.Time) error {
	if p.closed.Load() {
		return ErrClosed
	}
	if len(ids) == 0 {
		return nil
	}
	if _, err := p.pool.Exec(ctx, `UPDATE rooms SET seen_at = GREATEST(seen_at, $2) WHERE id = ANY($1)`, ids, at.UnixMilli()); err != nil {
		return fmt.Errorf("store: rooms seen: %w", err)
	}
	return nil
}
