package store

import (
	"context"
	"fmt"
	"time"
)

// When a page was last seen open in a room (seen_at, the node's time in
// milliseconds, 0: never): the lobby lists a live room only while it
// changed or was seen lately (List's since), so that games left alone
// leave the list. Hub.MarkSeen records it for the rooms with a page open.

// SetSeen implements Store. It is not fenced: that a page was open says
// nothing about the game, and any node that saw one may say so.
func (b *base) SetSeen(ctx context.Context, ids []string, at time.Time) error {
	for len(ids) > 0 {
		batch := ids[:min(len(ids), seenBatch)]
		ids = ids[len(batch):]
		in, args := b.e.anyOf("id", 2, batch)
		_, err := b.e.exec(ctx, `UPDATE rooms SET seen_at = CASE WHEN seen_at > $1 THEN seen_at ELSE $1 END WHERE `+in,
			append([]any{at.UnixMilli()}, args...)...)
		if err != nil {
			return fmt.Errorf("store: rooms seen: %w", err)
		}
	}
	return nil
}

// seenBatch bounds the ids of one SetSeen statement: SQLite's IN (…) takes
// a parameter an id, and a statement at most 32,766.
const seenBatch = 1000
