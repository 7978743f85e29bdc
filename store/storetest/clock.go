package storetest

import (
	"testing"
	"time"

	"boardroom/store"

	"github.com/stretchr/testify/require"
)

// clockMarks checks the clock's recorded start and stop: kept to the
// millisecond, cleared by a new start (the stop) and by every change of
// the log (both), and the stop leaves the room's changed time alone.
func clockMarks(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	tick(sub)
	t0 := time.UnixMilli(1_700_000_000_123)
	r := SampleRoom("r")
	r.ClockFrom = t0
	require.NoError(t, s.CreateRoom(ctx, r))
	read := func() *store.Room {
		t.Helper()
		got, err := s.Room(ctx, "r")
		require.NoError(t, err)
		return got
	}
	got := read()
	require.Equal(t, t0, got.ClockFrom, "a room is created with its clock's start")
	require.Zero(t, got.ClockStopped)

	type marks struct{ from, stopped time.Time }
	steps := []struct {
		name  string
		write func() error
		want  marks
		// touches says the write stamps the room as changed.
		touches bool
	}{
		{"a clock starts", func() error { return s.SetClockFrom(ctx, "r", t0.Add(time.Second)) },
			marks{from: t0.Add(time.Second)}, true},
		{"the room stops", func() error { return s.SetClockStopped(ctx, "r", t0.Add(3*time.Second)) },
			marks{from: t0.Add(time.Second), stopped: t0.Add(3 * time.Second)}, false},
		{"it resumes: the stop is cleared", func() error { return s.SetClockFrom(ctx, "r", t0.Add(7*time.Second)) },
			marks{from: t0.Add(7 * time.Second)}, true},
		{"it stops again", func() error { return s.SetClockStopped(ctx, "r", t0.Add(8*time.Second)) },
			marks{from: t0.Add(7 * time.Second), stopped: t0.Add(8 * time.Second)}, false},
		{"a move clears both", func() error {
			return s.AppendTurn(ctx, "r", 0, store.Turn{Notation: "3", At: t0.Add(9 * time.Second)})
		}, marks{}, true},
		{"a clock from the last turn", func() error { return s.SetClockFrom(ctx, "r", time.Time{}) }, marks{}, true},
		{"a start after an undo", func() error { return s.SetClockFrom(ctx, "r", t0.Add(10*time.Second)) },
			marks{from: t0.Add(10 * time.Second)}, true},
		{"a stop, cleared", func() error { return s.SetClockStopped(ctx, "r", time.Time{}) },
			marks{from: t0.Add(10 * time.Second)}, false},
		{"a stop", func() error { return s.SetClockStopped(ctx, "r", t0.Add(11*time.Second)) },
			marks{from: t0.Add(10 * time.Second), stopped: t0.Add(11 * time.Second)}, false},
		{"the log replaced clears both", func() error { return s.ReplaceTurns(ctx, "r", nil) }, marks{}, true},
		{"a start and a stop", func() error {
			require.NoError(t, s.SetClockFrom(ctx, "r", t0.Add(12*time.Second)))
			return s.SetClockStopped(ctx, "r", t0.Add(13*time.Second))
		}, marks{from: t0.Add(12 * time.Second), stopped: t0.Add(13 * time.Second)}, true},
		{"a rematch clears both", func() error { return s.Rematch(ctx, "r", nil, r.Seats) }, marks{}, true},
	}
	for _, step := range steps {
		before := read().Updated
		require.NoError(t, step.write(), step.name)
		got := read()
		require.Equal(t, step.want, marks{from: got.ClockFrom, stopped: got.ClockStopped}, step.name)
		if step.touches {
			require.True(t, got.Updated.After(before), "%s: the room is changed", step.name)
		} else {
			require.Equal(t, before, got.Updated, "%s: nothing anyone sees changed", step.name)
		}
	}
	require.NoError(t, s.SetClockFrom(ctx, "r", t0.Add(20*time.Second)))
	require.NoError(t, s.SetClockStopped(ctx, "r", t0.Add(21*time.Second)))
	if sub.Reopen != nil {
		require.NoError(t, s.Close())
		s = sub.Reopen(t)
	}
	got = read()
	require.Equal(t, t0.Add(20*time.Second), got.ClockFrom, "the marks survive closing the store")
	require.Equal(t, t0.Add(21*time.Second), got.ClockStopped)
}
