package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"boardroom/realtime/vocab"
)

// The rooms' reads and one-statement updates, written once for both
// engines. A room's writes go through the engine (setRoom, roomTx):
// SQLite's one writer, PostgreSQL's fence.

// roomColumns are a room's columns, in the order roomRow.dest takes them.
const roomColumns = `id, game, options, mode, clock, seats, save, over, winner, reason, created_at, updated_at, private, aborted, next,
	clock_from, clock_stopped, rated, rating_changes, open, seeking, days, due_at, alarm_at, movers, tournament`

// roomRow is a room's row as it is read: the plain columns go straight
// into the Room, the encoded ones (JSON, milliseconds, NULLs) here until
// room decodes them.
type roomRow struct {
	r                  Room
	opts, seats        string
	save               *string
	created, updated   int64
	clockFrom, stopped *int64
	changes            *string
	due, alarm         int64
	movers             string
}

// dest lists where each of roomColumns goes.
func (w *roomRow) dest() []any {
	r := &w.r
	return []any{&r.ID, &r.Game, &w.opts, &r.Mode, &r.Clock, &w.seats, &w.save, &r.Over, &r.Winner, &r.Reason,
		&w.created, &w.updated, &r.Private, &r.Aborted, &r.Next, &w.clockFrom, &w.stopped, &r.Rated, &w.changes,
		&r.Open, &r.Seeking, &r.Days, &w.due, &w.alarm, &w.movers, &r.Tournament}
}

// room decodes the encoded columns of room id (its turns are read apart).
func (w *roomRow) room(id string) (*Room, error) {
	r := &w.r
	if err := json.Unmarshal([]byte(w.opts), &r.Options); err != nil {
		return nil, fmt.Errorf("store: room %q options: %w", id, err)
	}
	if err := json.Unmarshal([]byte(w.seats), &r.Seats); err != nil {
		return nil, fmt.Errorf("store: room %q seats: %w", id, err)
	}
	if w.save != nil {
		if err := json.Unmarshal([]byte(*w.save), &r.Save); err != nil {
			return nil, fmt.Errorf("store: room %q save: %w", id, err)
		}
	}
	r.Created, r.Updated = time.UnixMilli(w.created), time.UnixMilli(w.updated)
	if w.clockFrom != nil {
		r.ClockFrom = time.UnixMilli(*w.clockFrom)
	}
	r.Due = readDue(w.due, w.alarm, w.movers)
	if w.stopped != nil {
		r.ClockStopped = time.UnixMilli(*w.stopped)
	}
	var err error
	r.RatingChanges, err = decodeChanges(w.changes, id)
	return r, err
}

// Room implements Store.
func (b *base) Room(ctx context.Context, id string) (*Room, error) {
	var w roomRow
	err := b.db.QueryRowContext(ctx, `SELECT `+roomColumns+` FROM rooms WHERE id = $1`, id).Scan(w.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: room %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: room %q: %w", id, err)
	}
	r, err := w.room(id)
	if err != nil {
		return nil, err
	}
	rows, err := b.db.QueryContext(ctx, `SELECT notation, played_at, think_us, info FROM turns WHERE room_id = $1 ORDER BY ply`, id)
	r.Turns, err = collect(rows, err, fmt.Sprintf("room %q turns", id), func(row row) (t Turn, err error) {
		var at, think int64
		err = row.Scan(&t.Notation, &at, &think, &t.Info)
		t.At, t.Think = time.UnixMilli(at), time.Duration(think)*time.Microsecond
		return t, err
	})
	if err != nil {
		return nil, err
	}
	if r.Tournament != "" {
		err := b.db.QueryRowContext(ctx, `SELECT berserk0, berserk1 FROM tournament_games WHERE room = $1`, id).Scan(&r.Berserk[0], &r.Berserk[1])
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("store: room %q berserk: %w", id, err)
		}
	}
	return r, nil
}

// Restorable implements Store, whoever owns the rooms (a node of a cluster
// restores only the rooms it acquires: see Orphans). A computer's seat is
// told by the seats' JSON (Seat.Kind, as json.Marshal writes it).
func (b *base) Restorable(ctx context.Context) ([]string, error) {
	return b.names(ctx, "rooms to restore", `SELECT id FROM rooms WHERE NOT over AND (clock <> $1 OR seats LIKE $2)
		ORDER BY updated_at, id`, vocab.CorrespondenceClock, `%"kind":"`+string(vocab.ComputerSeat)+`"%`)
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
		over, limit, offset, millisOrZero(since))
	return collect(rows, err, "list rooms", scanSummary)
}

// Chat implements Store.
func (b *base) Chat(ctx context.Context, id string, last int) ([]ChatMessage, error) {
	if last < 0 {
		return nil, fmt.Errorf("store: room %q chat: last %d may not be negative", id, last)
	}
	rows, err := b.db.QueryContext(ctx, `SELECT name, seat, text, sent_at FROM
		(SELECT id, name, seat, text, sent_at FROM chat WHERE room_id = $1 ORDER BY id DESC LIMIT $2) AS recent ORDER BY id`, id, last)
	return collect(rows, err, fmt.Sprintf("room %q chat", id), func(r row) (m ChatMessage, err error) {
		var at int64
		err = r.Scan(&m.Name, &m.Seat, &m.Text, &at)
		m.At = time.UnixMilli(at)
		return m, err
	})
}

// SetSeats implements Store.
func (b *base) SetSeats(ctx context.Context, id string, seats [2]Seat) error {
	v, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	return b.setRoom(ctx, id, `seats = $1, seated = $2, updated_at = $3`, string(v), seated(seats), b.stamp())
}

// SetSave implements Store.
func (b *base) SetSave(ctx context.Context, id string, save []string) error {
	v, err := encodeSave(save)
	if err != nil {
		return err
	}
	return b.setRoom(ctx, id, `save = $1, updated_at = $2`, v, b.stamp())
}

// encodeSave is the save column of save: NULL for nil.
func encodeSave(save []string) (*string, error) {
	if save == nil {
		return nil, nil
	}
	b, err := json.Marshal(save)
	return new(string(b)), err
}
