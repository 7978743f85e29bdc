package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// forecasts: a seat's forecast is set, replaced and deleted; each seat
// keeps its own; a change of the log (undo, rematch) and the room's
// deletion take them away; a missing room has none to set.
func forecasts(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	require.NoError(t, s.CreateRoom(ctx, correspondenceRoom("f1", 3)))
	at := time.UnixMilli(1_700_000_000_000)
	require.NoError(t, s.AppendTurn(ctx, "f1", 0, store.Turn{Notation: "3", At: at}))
	require.NoError(t, s.AppendTurn(ctx, "f1", 1, store.Turn{Notation: "1", At: at}))

	read := func() []store.Forecast {
		t.Helper()
		got, err := s.Forecasts(ctx, "f1")
		require.NoError(t, err)
		return got
	}
	assert.Empty(t, read(), "none before any is set")

	first := store.Forecast{Seat: 1, Ply: 2, Lines: [][]string{{"3", "1", "4"}, {"2", "5"}}}
	second := store.Forecast{Seat: 1, Ply: 2, Lines: [][]string{{"6", "4"}}}
	other := store.Forecast{Seat: 0, Ply: 1, Lines: [][]string{{"1", "2"}}}
	steps := []struct {
		name string
		set  store.Forecast
		want []store.Forecast
	}{
		{"set", first, []store.Forecast{first}},
		{"replaced", second, []store.Forecast{second}},
		{"each seat its own", other, []store.Forecast{other, second}},
		{"what it played kept with no lines", store.Forecast{Seat: 0, Ply: 3, Said: "Your forecast answered 1 with 2."},
			[]store.Forecast{{Seat: 0, Ply: 3, Said: "Your forecast answered 1 with 2."}, second}},
		{"deleted by no lines and nothing said", store.Forecast{Seat: 0}, []store.Forecast{second}},
		{"deleting none is no error", store.Forecast{Seat: 0}, []store.Forecast{second}},
	}
	for _, step := range steps {
		require.NoError(t, s.SetForecast(ctx, "f1", step.set), step.name)
		assert.Equal(t, step.want, read(), step.name)
	}
	require.Error(t, s.SetForecast(ctx, "f1", store.Forecast{Seat: 2, Lines: [][]string{{"1"}}}), "no seat 2")

	r, err := s.Room(ctx, "f1")
	require.NoError(t, err)
	require.NoError(t, s.ReplaceTurns(ctx, "f1", r.Turns[:1]))
	assert.Empty(t, read(), "an undo takes the forecasts made for the log it replaced")

	require.NoError(t, s.SetForecast(ctx, "f1", first))
	require.NoError(t, s.Rematch(ctx, "f1", nil, r.Seats))
	assert.Empty(t, read(), "a rematch takes them too")

	require.ErrorIs(t, s.SetForecast(ctx, "nowhere", first), store.ErrNotFound)
	none, err := s.Forecasts(ctx, "nowhere")
	require.NoError(t, err)
	assert.Empty(t, none)
}
