package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
)

// correspondenceRoom is a correspondence room of days a move.
func correspondenceRoom(id string, days int) *store.Room {
	r := SampleRoom(id)
	r.Clock, r.Days = vocab.CorrespondenceClock, days
	r.Seats[0].Account, r.Seats[1].Account = "ann", "bea"
	return r
}

// deadlines: a correspondence room keeps its days; its deadline, alarm
// and movers are written with each turn and by SetDue; the keeper's reads
// find the rooms past them, and an alarm is claimed once.
func deadlines(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	tick(sub)
	at := time.UnixMilli(5_000_000_000)
	day := vocab.Day
	for _, id := range []string{"c1", "c2", "c3"} {
		require.NoError(t, s.CreateRoom(ctx, correspondenceRoom(id, 3)))
	}
	r, err := s.Room(ctx, "c1")
	require.NoError(t, err)
	require.Equal(t, 3, r.Days)
	require.Zero(t, r.Due, "no deadline before the clock runs")

	due := func(from time.Time, movers ...string) store.Due {
		return store.Due{At: from.Add(3 * day), Alarm: from.Add(3 * day * 8 / 10), Movers: movers}
	}
	require.NoError(t, s.AppendTurn(ctx, "c1", 0, store.Turn{Notation: "3", At: at, Due: due(at, "bea")}))
	require.NoError(t, s.SetDue(ctx, "c2", due(at.Add(time.Hour), "ann")))
	require.NoError(t, s.SetDue(ctx, "c3", due(at.Add(2*time.Hour))), "a guest to move")
	r, err = s.Room(ctx, "c1")
	require.NoError(t, err)
	require.Equal(t, due(at, "bea"), r.Due, "the deadline written with the turn")
	require.Len(t, r.Turns, 1)

	tests := []struct {
		name           string
		now            time.Time
		overdue, alarm []string
	}{
		{"before any alarm", at.Add(day), nil, nil},
		{"the first alarm", at.Add(3 * day * 8 / 10), nil, []string{"c1"}},
		{"all alarms, earliest first", at.Add(2*day + 20*time.Hour), nil, []string{"c1", "c2", "c3"}},
		{"overdue, earliest first", at.Add(3*day + time.Hour), []string{"c1", "c2"}, []string{"c1", "c2", "c3"}},
	}
	ids := func(list []store.DueRoom) (out []string) {
		for _, d := range list {
			out = append(out, d.ID)
		}
		return out
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			over, err := s.Overdue(ctx, tc.now, 10)
			require.NoError(t, err)
			require.Equal(t, tc.overdue, ids(over))
			alarms, err := s.Alarms(ctx, tc.now, 10)
			require.NoError(t, err)
			require.Equal(t, tc.alarm, ids(alarms))
		})
	}

	alarms, err := s.Alarms(ctx, at.Add(3*day), 1)
	require.NoError(t, err)
	require.Equal(t, []store.DueRoom{{ID: "c1", Due: due(at, "bea")}}, alarms, "limited; the movers read")
	won, err := s.ClaimAlarm(ctx, alarms[0])
	require.NoError(t, err)
	require.True(t, won)
	won, err = s.ClaimAlarm(ctx, alarms[0])
	require.NoError(t, err)
	require.False(t, won, "an alarm is raised once")
	require.NoError(t, s.SetDue(ctx, "c1", due(at, "bea")))
	alarms, err = s.Alarms(ctx, at.Add(3*day), 10)
	require.NoError(t, err)
	require.Equal(t, []string{"c2", "c3"}, ids(alarms), "the same deadline written again raises no second alarm")

	stale := alarms[0]
	next := at.Add(time.Minute)
	require.NoError(t, s.AppendTurn(ctx, "c2", 0, store.Turn{Notation: "3", At: next, Due: due(next, "bea")}))
	won, err = s.ClaimAlarm(ctx, stale)
	require.NoError(t, err)
	require.False(t, won, "a move since moved the deadline")

	require.NoError(t, ResultErr(s.SetResult(ctx, "c1", store.Result{Over: true, Winner: 0, Reason: "bea ran out of time"})))
	require.NoError(t, s.SetDue(ctx, "c3", store.Due{}))
	over, err := s.Overdue(ctx, at.Add(30*day), 10)
	require.NoError(t, err)
	require.Equal(t, []string{"c2"}, ids(over), "a finished game and a cleared deadline are not overdue")
}

// correspondenceSeeks: an open correspondence challenge stays listed
// while the room says so for 14 days from its making, not for ever; and
// a correspondence room whose game never started outlives the others'
// clean-up by as long.
func correspondenceSeeks(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	clock := time.UnixMilli(1_000_000)
	sub.SetNow(func() time.Time { return clock })
	for _, id := range []string{"k1", "k2"} {
		r := correspondenceRoom(id, 7)
		if id == "k2" {
			r.Clock, r.Days = vocab.FastClock, 0
		}
		r.Seats[1] = store.Seat{}
		r.Open, r.Seeking = true, true
		require.NoError(t, s.CreateRoom(ctx, r))
	}
	tests := []struct {
		name  string
		after time.Duration
		want  []string
	}{
		{"both at first", time.Hour, []string{"k2", "k1"}},
		{"correspondence on its 14th day", 14*vocab.Day - time.Minute, []string{"k2", "k1"}},
		{"not after 14 days", 14*vocab.Day + time.Minute, []string{"k2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock = time.UnixMilli(1_000_000).Add(tc.after)
			list, err := s.Seeks(ctx, 10)
			require.NoError(t, err)
			require.ElementsMatch(t, tc.want, IDs(list))
			for _, sum := range list {
				if sum.ID == "k1" {
					require.Equal(t, 7, sum.Days)
				}
			}
		})
	}
	n, err := s.DeleteIdle(ctx, time.UnixMilli(1_000_000).Add(2*vocab.Day), nil)
	require.NoError(t, err)
	require.Equal(t, 1, n, "the fast room goes, the correspondence one stays")
	_, err = s.Room(ctx, "k1")
	require.NoError(t, err)
	n, err = s.DeleteIdle(ctx, time.UnixMilli(1_000_000).Add(15*vocab.Day), nil)
	require.NoError(t, err)
	require.Equal(t, 1, n, "and goes 14 days later")
}
