package cluster

import (
	"context"
	"testing"
	"time"

	"boardroom/rating"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

// fenceRecorder is a store that notes, for each write, whether its
// context carried a fence.
type fenceRecorder struct {
	store.Store
	fenced map[string]bool
}

func (f *fenceRecorder) note(ctx context.Context, what string) error {
	_, ok := store.FenceFrom(ctx)
	f.fenced[what] = ok
	return nil
}

func (f *fenceRecorder) CreateRoom(ctx context.Context, _ *store.Room) error {
	return f.note(ctx, "CreateRoom")
}
func (f *fenceRecorder) SetSeats(ctx context.Context, _ string, _ [2]store.Seat) error {
	return f.note(ctx, "SetSeats")
}
func (f *fenceRecorder) AppendTurn(ctx context.Context, _ string, _ int, _ store.Turn) error {
	return f.note(ctx, "AppendTurn")
}
func (f *fenceRecorder) ReplaceTurns(ctx context.Context, _ string, _ []store.Turn) error {
	return f.note(ctx, "ReplaceTurns")
}
func (f *fenceRecorder) SetSave(ctx context.Context, _ string, _ []string) error {
	return f.note(ctx, "SetSave")
}
func (f *fenceRecorder) SetSeeking(ctx context.Context, _ string, _ bool) error {
	return f.note(ctx, "SetSeeking")
}
func (f *fenceRecorder) SetResult(ctx context.Context, _ string, _ store.Result) (*[2]rating.Change, error) {
	return nil, f.note(ctx, "SetResult")
}
func (f *fenceRecorder) Rematch(ctx context.Context, _ string, _ *store.Room, _ [2]store.Seat) error {
	return f.note(ctx, "Rematch")
}
func (f *fenceRecorder) AppendChat(ctx context.Context, _ string, _ store.ChatMessage) error {
	return f.note(ctx, "AppendChat")
}
func (f *fenceRecorder) SetClockFrom(ctx context.Context, _ string, _ time.Time) error {
	return f.note(ctx, "SetClockFrom")
}
func (f *fenceRecorder) SetClockStopped(ctx context.Context, _ string, _ time.Time) error {
	return f.note(ctx, "SetClockStopped")
}
func (f *fenceRecorder) SetForecast(ctx context.Context, _ string, _ store.Forecast) error {
	return f.note(ctx, "SetForecast")
}

// Every write a room in a cluster makes carries its fence: a shared store
// refuses a write without one (the clock's writes once went without).
func TestFencedStoreFencesEveryWrite(t *testing.T) {
	rec := &fenceRecorder{fenced: map[string]bool{}}
	s := fencedStore{Store: rec, fence: store.Fence{Session: "s", Epoch: 3}, lost: func() {}}
	ctx := context.Background()
	writes := map[string]func() error{
		"CreateRoom":      func() error { return s.CreateRoom(ctx, &store.Room{}) },
		"SetSeats":        func() error { return s.SetSeats(ctx, "r", [2]store.Seat{}) },
		"AppendTurn":      func() error { return s.AppendTurn(ctx, "r", 0, store.Turn{}) },
		"ReplaceTurns":    func() error { return s.ReplaceTurns(ctx, "r", nil) },
		"SetSave":         func() error { return s.SetSave(ctx, "r", nil) },
		"SetSeeking":      func() error { return s.SetSeeking(ctx, "r", true) },
		"SetResult":       func() error { _, err := s.SetResult(ctx, "r", store.Result{}); return err },
		"Rematch":         func() error { return s.Rematch(ctx, "r", nil, [2]store.Seat{}) },
		"AppendChat":      func() error { return s.AppendChat(ctx, "r", store.ChatMessage{}) },
		"SetClockFrom":    func() error { return s.SetClockFrom(ctx, "r", time.Now()) },
		"SetClockStopped": func() error { return s.SetClockStopped(ctx, "r", time.Now()) },
		"SetForecast":     func() error { return s.SetForecast(ctx, "r", store.Forecast{Seat: 1}) },
	}
	for name, write := range writes {
		require.NoError(t, write(), name)
		require.True(t, rec.fenced[name], "%s carries the room's fence", name)
	}
}
