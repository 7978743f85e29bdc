package store

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// rows is what both drivers' query results offer (database/sql's and
// pgx's), so that a room's turns and chat are read by one piece of code.
type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanTurns reads the turns of room id: notation, time (ms), think (µs)
// and info, in order.
func scanTurns(rs rows, id string) ([]Turn, error) {
	var turns []Turn
	for rs.Next() {
		var t Turn
		var at, think int64
		if err := rs.Scan(&t.Notation, &at, &think, &t.Info); err != nil {
			return nil, fmt.Errorf("store: room %q turns: %w", id, err)
		}
		t.At, t.Think = time.UnixMilli(at), time.Duration(think)*time.Microsecond
		turns = append(turns, t)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: room %q turns: %w", id, err)
	}
	return turns, nil
}

// scanChat reads chat messages: name, seat, text and time (ms), in order.
func scanChat(rs rows, id string) ([]ChatMessage, error) {
	var out []ChatMessage
	for rs.Next() {
		var m ChatMessage
		var at int64
		if err := rs.Scan(&m.Name, &m.Seat, &m.Text, &at); err != nil {
			return nil, fmt.Errorf("store: room %q chat: %w", id, err)
		}
		m.At = time.UnixMilli(at)
		out = append(out, m)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: room %q chat: %w", id, err)
	}
	return out, nil
}

// roomColumns are a room's columns, in the order roomRow.dest takes them;
// both stores' tables have them under these names.
const roomColumns = `id, game, options, mode, clock, seats, save, over, winner, reason, created_at, updated_at, private, aborted, next,
	clock_from, clock_stopped, rated, rating_changes, open, seeking`

// roomRow is a room's row as both stores read it: the plain columns go
// straight into the Room, the encoded ones (JSON, milliseconds, NULLs)
// here until room decodes them.
type roomRow struct {
	r                  Room
	opts, seats        string
	save               *string
	created, updated   int64
	clockFrom, stopped *int64
	changes            *string
}

// dest lists where each of roomColumns goes.
func (w *roomRow) dest() []any {
	r := &w.r
	return []any{&r.ID, &r.Game, &w.opts, &r.Mode, &r.Clock, &w.seats, &w.save, &r.Over, &r.Winner, &r.Reason,
		&w.created, &w.updated, &r.Private, &r.Aborted, &r.Next, &w.clockFrom, &w.stopped, &r.Rated, &w.changes,
		&r.Open, &r.Seeking}
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
	if w.stopped != nil {
		r.ClockStopped = time.UnixMilli(*w.stopped)
	}
	changes, err := ratedGame{changes: w.changes}.applied(id)
	if err != nil {
		return nil, err
	}
	r.RatingChanges = changes
	return r, nil
}

// scanRows is what the scanners of lists read (sqlRows wraps database/sql's).
type scanRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// sqlRows gives database/sql's rows a Close with no result.
type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { r.Rows.Close() }

// scanPlayerRatingRows reads rows of name, game, speed, rating, deviation,
// volatility, games, played_at.
func scanPlayerRatingRows(rs scanRows) ([]PlayerRating, error) {
	defer rs.Close()
	var out []PlayerRating
	for rs.Next() {
		var (
			p  PlayerRating
			at int64
		)
		if err := rs.Scan(&p.Name, &p.Game, &p.Speed, &p.Rating.Rating, &p.Deviation, &p.Volatility, &p.Games, &at); err != nil {
			return nil, fmt.Errorf("store: ratings: %w", err)
		}
		p.Played = time.UnixMilli(at)
		out = append(out, p)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: ratings: %w", err)
	}
	return out, nil
}

// scanRatingPointRows reads rows of game, speed, rating, deviation,
// played_at.
func scanRatingPointRows(rs scanRows) ([]RatingPoint, error) {
	defer rs.Close()
	var out []RatingPoint
	for rs.Next() {
		var (
			p  RatingPoint
			at int64
		)
		if err := rs.Scan(&p.Game, &p.Speed, &p.Rating, &p.Deviation, &at); err != nil {
			return nil, fmt.Errorf("store: rating history: %w", err)
		}
		p.At = time.UnixMilli(at)
		out = append(out, p)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: rating history: %w", err)
	}
	return out, nil
}
