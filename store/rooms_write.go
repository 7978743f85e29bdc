package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// The rooms' writes that take a transaction, written once for both
// engines. The engine holds the room (roomTx: SQLite's one writer,
// PostgreSQL's fence and row lock), inserts a room and its turns its own
// way (PostgreSQL records the owner and the epoch of every turn), and
// creates rooms under the fence (fencedTx). A move's own write, AppendTurn,
// is each engine's: it is the room's hot path, one prepared pair of
// statements in SQLite's batch, one statement on PostgreSQL.

// encodedRoom is a room ready to insert: its JSON columns encoded before
// the write is queued, so that the write itself cannot fail on them.
type encodedRoom struct {
	*Room
	options, seats string
	save, changes  *string
	now            int64
}

// encodeRoom encodes r for an insert stamped now.
func encodeRoom(r *Room, now int64) (encodedRoom, error) {
	e := encodedRoom{Room: r, now: now}
	opts, err := json.Marshal(r.Options)
	if err != nil {
		return e, fmt.Errorf("store: room %q options: %w", r.ID, err)
	}
	seats, err := json.Marshal(r.Seats)
	if err != nil {
		return e, fmt.Errorf("store: room %q seats: %w", r.ID, err)
	}
	e.options, e.seats = string(opts), string(seats)
	if e.save, err = encodeSave(r.Save); err != nil {
		return e, fmt.Errorf("store: room %q save: %w", r.ID, err)
	}
	if r.RatingChanges != nil {
		if e.changes, err = encodeChanges(*r.RatingChanges); err != nil {
			return e, fmt.Errorf("store: room %q rating changes: %w", r.ID, err)
		}
	}
	return e, nil
}

// insertRoomColumns are the columns a room is inserted with, in the order
// of encodedRoom.values ($1 to $24: created_at and updated_at are both $12).
const insertRoomColumns = `id, game, options, mode, clock, seats, save, over, winner, reason, turns, created_at, updated_at,
	private, aborted, seated, next, clock_from, clock_stopped, rated, rating_changes, open, seeking, days, tournament`

// values are the parameters of insertRoomColumns.
func (e encodedRoom) values() []any {
	return []any{e.ID, e.Game, e.options, string(e.Mode), string(e.Clock), e.seats, e.save, e.Over, e.Winner, e.Reason, len(e.Turns),
		e.now, e.Private, e.Aborted, seated(e.Seats), e.Next, millis(e.ClockFrom), millis(e.ClockStopped), e.Rated, e.changes,
		e.Open, e.Seeking, e.Days, e.Tournament}
}

// CreateRoom implements Store: on PostgreSQL the new room is owned by the
// session of the fence ctx carries, at its epoch (at least 1), which is
// logged as the room's first acquisition.
func (b *base) CreateRoom(ctx context.Context, r *Room) error {
	e, err := encodeRoom(r, b.stamp())
	if err != nil {
		return err
	}
	return b.e.fencedTx(ctx, r.ID, func(tx txn) error { return b.e.insertRooms(ctx, tx, []encodedRoom{e}, true) })
}

// ReplaceTurns implements Store.
func (b *base) ReplaceTurns(ctx context.Context, id string, turns []Turn) error {
	return b.e.roomTx(ctx, id, updateTurnsSet, []any{len(turns), b.stamp()}, func(tx txn) error {
		if _, err := tx.Exec(`DELETE FROM turns WHERE room_id = $1`, id); err != nil {
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		if _, err := tx.Exec(deleteForecastsSQL, id); err != nil { // made for the log replaced
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		return b.e.insertTurns(ctx, tx, id, 0, turns)
	})
}

// updateTurnsSet is a change of the log, which clears the clock's recorded
// start and stop: the turns' count $1 and the time $2.
const updateTurnsSet = `turns = $1, updated_at = $2, clock_from = NULL, clock_stopped = NULL`

// Rematch implements Store. The kept game is, on PostgreSQL, a room of
// nobody's (epoch 0): it is finished, so nobody runs it until someone
// acquires it.
func (b *base) Rematch(ctx context.Context, id string, archive *Room, seats [2]Seat) error {
	var kept encodedRoom
	if archive != nil {
		var err error
		if kept, err = encodeRoom(archive, b.stamp()); err != nil {
			return err
		}
	}
	v, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	set := `seats = $1, seated = $2, turns = 0, over = FALSE, winner = -1, reason = '', aborted = FALSE, aborted_by = -1,
		clock_from = NULL, clock_stopped = NULL, rating_changes = NULL, updated_at = $3`
	return b.e.roomTx(ctx, id, set, []any{string(v), seated(seats), b.stamp()}, func(tx txn) error {
		if archive != nil {
			if err := b.e.insertRooms(ctx, tx, []encodedRoom{kept}, false); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(`DELETE FROM turns WHERE room_id = $1`, id); err != nil {
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		if _, err := tx.Exec(deleteForecastsSQL, id); err != nil { // made for the game that ended
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		return nil
	})
}

// A room's chat is kept in its own table: a message is written once and
// never changed, and only the last chatKept of each room are kept, which
// is more than a page shows.

// chatKept is how many messages of a room the store keeps.
const chatKept = 200

// The statements every chat message runs (prepared once on SQLite).
const (
	insertChatSQL = `INSERT INTO chat (room_id, name, seat, text, sent_at) VALUES ($1, $2, $3, $4, $5)`
	// pruneChatSQL drops a room's messages older than its chatKept newest
	// (none while it has fewer: the comparison with NULL is never true).
	pruneChatSQL = `DELETE FROM chat WHERE room_id = $1 AND id <
		(SELECT id FROM chat WHERE room_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)`
)

// AppendChat implements Store.
func (b *base) AppendChat(ctx context.Context, id string, m ChatMessage) error {
	return b.e.roomTx(ctx, id, "", nil, func(tx txn) error {
		if _, err := tx.Exec(insertChatSQL, id, m.Name, m.Seat, m.Text, m.At.UnixMilli()); err != nil {
			return fmt.Errorf("store: room %q chat: %w", id, err)
		}
		if _, err := tx.Exec(pruneChatSQL, id, chatKept-1); err != nil {
			return fmt.Errorf("store: room %q chat: %w", id, err)
		}
		return nil
	})
}

// AnswerChallenge implements DirectChallenges: an accepted challenge's
// room is made in the same transaction (owned, on PostgreSQL, by the fence
// ctx carries).
func (b *base) AnswerChallenge(ctx context.Context, id, to string, accept bool, reason string, room *Room, now time.Time) error {
	status, roomID := ChallengeDeclined, ""
	var kept encodedRoom
	if accept {
		status, roomID, reason = ChallengeAccepted, room.ID, ""
		var err error
		if kept, err = encodeRoom(room, b.stamp()); err != nil {
			return err
		}
	}
	answer := func(tx txn) error {
		res, err := tx.Exec(`UPDATE challenges SET status = $1, room = $2, reason = $3, expires = $7
			WHERE id = $4 AND to_name = $5 AND status = $6 AND expires > $7`,
			status, roomID, reason, id, to, ChallengePending, now.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: challenge: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrChallengeGone
		}
		if !accept {
			return nil
		}
		if err := b.e.insertRooms(ctx, tx, []encodedRoom{kept}, true); err != nil {
			return err
		}
		return recordBotGames(tx, room, b.stamp())
	}
	if !accept {
		return b.e.writeTx(ctx, answer)
	}
	return b.e.fencedTx(ctx, room.ID, answer)
}
