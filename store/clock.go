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
// recorded; every change of the log clears them (a move's write, ReplaceTurns,
// Rematch: on SQLite a move that writes its turn alone finds them cleared
// already, writer.go's activity).

// SetClockFrom implements Store.
func (b *base) SetClockFrom(ctx context.Context, id string, from time.Time) error {
	return b.setRoom(ctx, id, `clock_from = $1, clock_stopped = NULL, updated_at = $2`, millis(from), b.stamp())
}

// SetClockStopped implements Store.
func (b *base) SetClockStopped(ctx context.Context, id string, at time.Time) error {
	return b.setRoom(ctx, id, `clock_stopped = $1`, millis(at))
}
