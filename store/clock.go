package store

import (
	"context"
	"time"
)

// The move clock's marks, kept with each room so that a room run again
// resumes its clock where it stood: when the clock of the turn being
// played started, when that is not the last turn's time (clock_from), and
// when the room stopped with its clock running (clock_stopped). Both are
// the node's times in milliseconds, as every game time, and NULL when not
// recorded; every change of the log clears them (updateTurnsSQL, Rematch).

// SetClockFrom implements Store.
func (s *SQLite) SetClockFrom(ctx context.Context, id string, from time.Time) error {
	return s.update(ctx, id, `UPDATE rooms SET clock_from = ?, clock_stopped = NULL, updated_at = ? WHERE id = ?`,
		millis(from), s.stamp(), id)
}

// SetClockStopped implements Store.
func (s *SQLite) SetClockStopped(ctx context.Context, id string, at time.Time) error {
	return s.update(ctx, id, `UPDATE rooms SET clock_stopped = ? WHERE id = ?`, millis(at), id)
}

// SetClockFrom implements Store.
func (p *Postgres) SetClockFrom(ctx context.Context, id string, from time.Time) error {
	return p.write(ctx, id, func(ctx context.Context, f Fence) error {
		return p.update(ctx, id, f, `clock_from = $4, clock_stopped = NULL, updated_at = $5`, millis(from), p.stamp())
	})
}

// SetClockStopped implements Store.
func (p *Postgres) SetClockStopped(ctx context.Context, id string, at time.Time) error {
	return p.write(ctx, id, func(ctx context.Context, f Fence) error {
		return p.update(ctx, id, f, `clock_stopped = $4`, millis(at))
	})
}

// millis is t in milliseconds for a nullable column: NULL for the zero
// time.
func millis(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}
