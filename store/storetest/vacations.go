package storetest

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/store"
	"boardroom/vacation"
)

// vacations: a vacation starts and stops, survives a reopen, counts the
// year's days (none left: refused, nothing changed), is refused twice at
// once, and moves to now the deadline of each correspondence room its
// player is to move in (and no other room's), so that the keeper loads
// them; two starts at once make one vacation.
func vacations(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	created := time.UnixMilli(1_000)
	for _, name := range []string{"ann", "bea", "b_a"} {
		require.NoError(t, s.CreateUser(ctx, &store.User{Name: name, Key: name, PasswordHash: "h", Created: created}))
	}
	day := vacation.Day
	now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)

	// Rooms: ann to move in v1 and v3 (both seats), bea in v2, "b_a" (whose
	// name LIKE's "_" would match "bea") in v4; v5 is over.
	for _, id := range []string{"v1", "v2", "v3", "v4", "v5"} {
		require.NoError(t, s.CreateRoom(ctx, correspondenceRoom(id, 3)))
	}
	later := now.Add(2 * day)
	due := func(movers ...string) store.Due {
		return store.Due{At: later, Alarm: later.Add(-day), Movers: movers}
	}
	require.NoError(t, s.SetDue(ctx, "v1", due("ann")))
	require.NoError(t, s.SetDue(ctx, "v2", due("bea")))
	require.NoError(t, s.SetDue(ctx, "v3", due("bea", "ann")))
	require.NoError(t, s.SetDue(ctx, "v4", due("b_a")))
	require.NoError(t, s.SetDue(ctx, "v5", due("ann")))
	require.NoError(t, ResultErr(s.SetResult(ctx, "v5", store.Result{Over: true, Winner: 1, Reason: "ann resigned"})))

	got, err := s.StartVacation(ctx, "ann", now)
	require.NoError(t, err)
	assert.Equal(t, vacation.Span{From: now, To: now.Add(14 * day)}.Len(), got.Len(), "the year's 14 days")
	assert.Equal(t, now.UnixMilli(), got.From.UnixMilli())

	over, err := s.Overdue(ctx, now, 10)
	require.NoError(t, err)
	var ids []string
	for _, d := range over {
		ids = append(ids, d.ID)
		assert.Zero(t, d.Alarm, "no alarm while the room's deadline is looked at again")
	}
	assert.Equal(t, []string{"v1", "v3"}, ids, "the rooms ann is to move in, unfinished, are the keeper's to load now")

	_, err = s.StartVacation(ctx, "ann", now.Add(time.Hour))
	require.ErrorIs(t, err, vacation.ErrAway)
	_, err = s.StopVacation(ctx, "bea", now)
	require.ErrorIs(t, err, vacation.ErrNotAway)
	_, err = s.StartVacation(ctx, "nobody", now)
	require.ErrorIs(t, err, store.ErrNotFound)

	stopped, err := s.StopVacation(ctx, "ann", now.Add(30*time.Hour))
	require.NoError(t, err)
	assert.Equal(t, 30*time.Hour, stopped.Len())

	// Read back, after a reopen: both engines keep it.
	if sub.Reopen != nil {
		require.NoError(t, s.Close())
		s = sub.Reopen(t)
	}
	got2, err := s.AccountVacations(ctx, []string{"Ann", "bea"}, now.Add(-day))
	require.NoError(t, err)
	require.Len(t, got2["Ann"], 1, "found by the name as the room has it, whatever its case")
	assert.Equal(t, now.UnixMilli(), got2["Ann"][0].From.UnixMilli())
	assert.Equal(t, now.Add(30*time.Hour).UnixMilli(), got2["Ann"][0].To.UnixMilli())
	assert.NotContains(t, got2, "bea", "no vacation, no entry")
	none, err := s.AccountVacations(ctx, []string{"ann"}, now.Add(2*day))
	require.NoError(t, err)
	assert.Empty(t, none, "only those ending after since")

	// 30 hours were two days: 12 left, then none.
	next, err := s.StartVacation(ctx, "ann", now.Add(10*day))
	require.NoError(t, err)
	assert.Equal(t, 12*day, next.Len())
	_, err = s.StartVacation(ctx, "ann", now.Add(30*day))
	require.ErrorIs(t, err, vacation.ErrNoDaysLeft, "14 days used")
	all, err := s.AccountVacations(ctx, []string{"ann"}, time.Time{})
	require.NoError(t, err)
	assert.Len(t, all["ann"], 2, "a refused start changes nothing")

	// Two starts at once: one vacation.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { _, errs[i] = s.StartVacation(ctx, "bea", now) })
	}
	wg.Wait()
	assert.ElementsMatch(t, []bool{true, false}, []bool{errs[0] == nil, errs[1] == nil}, "one start wins: %v", errs)
	beas, err := s.AccountVacations(ctx, []string{"bea"}, time.Time{})
	require.NoError(t, err)
	assert.Len(t, beas["bea"], 1)
}
