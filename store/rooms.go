package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// The rooms' reads and one-statement updates, written once for both
// engines. A room's writes go through the engine (updateRoom, roomTx):
// SQLite's one writer, PostgreSQL's fence.

// Room implements Store.
func (b *base) Room(ctx context.Context, id string) (*Room, error) {
	var row roomRow
	err := b.db.QueryRowContext(ctx, `SELECT `+roomColumns+` FROM rooms WHERE id = $1`, id).Scan(row.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: room %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: room %q: %w", id, err)
	}
	r, err := row.room(id)
	if err != nil {
		return nil, err
	}
	rows, err := b.db.QueryContext(ctx, `SELECT notation, played_at, think_us, info FROM turns WHERE room_id = $1 ORDER BY ply`, id)
	if err != nil {
		return nil, fmt.Errorf("store: room %q turns: %w", id, err)
	}
	defer rows.Close()
	if r.Turns, err = scanTurns(rows, id); err != nil {
		return nil, err
	}
	return r, nil
}

// Unfinished implements Store: every unfinished room, whoever owns it (a
// node of a cluster restores only the rooms it acquires: see Orphans).
func (b *base) Unfinished(ctx context.Context) ([]string, error) {
	rows, err := b.db.QueryContext(ctx, `SELECT id FROM rooms WHERE NOT over ORDER BY updated_at, id`)
	if err != nil {
		return nil, fmt.Errorf("store: unfinished rooms: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: unfinished rooms: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// List implements Store. A live room is listed while it changed or was
// seen since since: updated_at or seen_at, whichever is later.
func (b *base) List(ctx context.Context, over bool, since time.Time, limit, offset int) ([]Summary, error) {
	if limit < 0 || offset < 0 {
		return nil, fmt.Errorf("store: list rooms: limit %d and offset %d may not be negative", limit, offset)
	}
	rows, err := b.db.QueryContext(ctx, `SELECT `+summaryColumns+`
		FROM rooms WHERE over = $1 AND NOT private AND NOT aborted AND seated AND (over OR updated_at >= $4 OR seen_at >= $4)
		ORDER BY updated_at DESC, id LIMIT $2 OFFSET $3`,
		over, limit, offset, sinceMillis(since))
	if err != nil {
		return nil, fmt.Errorf("store: list rooms: %w", err)
	}
	defer rows.Close()
	out, err := scanSummaries(rows)
	if err != nil {
		return nil, fmt.Errorf("store: list rooms: %w", err)
	}
	return out, nil
}

// Chat implements Store.
func (b *base) Chat(ctx context.Context, id string, last int) ([]ChatMessage, error) {
	if last < 0 {
		return nil, fmt.Errorf("store: room %q chat: last %d may not be negative", id, last)
	}
	rows, err := b.db.QueryContext(ctx, `SELECT name, seat, text, sent_at FROM
		(SELECT id, name, seat, text, sent_at FROM chat WHERE room_id = $1 ORDER BY id DESC LIMIT $2) AS recent ORDER BY id`, id, last)
	if err != nil {
		return nil, fmt.Errorf("store: room %q chat: %w", id, err)
	}
	defer rows.Close()
	return scanChat(rows, id)
}

// SetSeats implements Store.
func (b *base) SetSeats(ctx context.Context, id string, seats [2]Seat) error {
	v, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	return b.e.updateRoom(ctx, id, `seats = $1, seated = $2, updated_at = $3`, string(v), seated(seats), b.e.stamp())
}

// SetSave implements Store.
func (b *base) SetSave(ctx context.Context, id string, save []string) error {
	v, err := encodeSave(save)
	if err != nil {
		return err
	}
	return b.e.updateRoom(ctx, id, `save = $1, updated_at = $2`, v, b.e.stamp())
}

// sinceMillis is a List's since in milliseconds (0 for the zero time:
// every room).
func sinceMillis(since time.Time) int64 {
	if since.IsZero() {
		return 0
	}
	return since.UnixMilli()
}
