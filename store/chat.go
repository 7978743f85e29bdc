package store

import (
	"context"
	"fmt"
)

// A room's chat is kept in its own table (see tables in sqlite.go): a
// message is written once and never changed, and only the last chatKept of
// each room are kept, which is more than a page shows.

// chatKept is how many messages of a room the file keeps.
const chatKept = 200

// The statements every chat message runs, prepared once.
const (
	// insertChatSQL inserts nothing for a room that does not exist.
	insertChatSQL = `INSERT INTO chat (room_id, name, seat, text, sent_at)
		SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM rooms WHERE id = ?1)`
	// pruneChatSQL drops a room's messages older than its chatKept newest
	// (none while it has fewer: the comparison with NULL is never true).
	pruneChatSQL = `DELETE FROM chat WHERE room_id = ?1 AND id <
		(SELECT id FROM chat WHERE room_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)`
)

// AppendChat implements Store.
func (s *SQLite) AppendChat(ctx context.Context, id string, m ChatMessage) error {
	return s.write(ctx, func(tx *wtx) error {
		res, err := tx.Exec(insertChatSQL, id, m.Name, m.Seat, m.Text, m.At.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: room %q chat: %w", id, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return fmt.Errorf("store: room %q chat: %w", id, ErrNotFound)
		}
		if _, err := tx.Exec(pruneChatSQL, id, chatKept-1); err != nil {
			return fmt.Errorf("store: room %q chat: %w", id, err)
		}
		return nil
	})
}
