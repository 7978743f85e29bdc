package match

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/clocktest"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/vacation"
)

// vacationRoom is a correspondence game of 3 days a move in which ann,
// signed in, holds both seats (hot seat), has made both first moves and is
// to move: her turn's clock started at the returned time. A spectator
// watches.
func vacationRoom(t *testing.T, h *harness, clock *clocktest.Clock) (r *Room, ann, watcher *client, turn time.Time) {
	t.Helper()
	require.NoError(t, h.store.CreateUser(context.Background(), &store.User{Name: "ann", Key: "ann", PasswordHash: "h", Created: clock.Now()}))
	r = h.create(Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.CorrespondenceClock, Days: 3, Account: "ann"}, "me")
	ann = h.connectAs(r, "me", "ann")
	ann.click(1, 1)
	ann.click(0, 1)
	watcher = h.connect(r, "watcher")
	require.True(t, watcher.last().Clock.Running)
	return r, ann, watcher, clock.Now()
}

// changed tells the room ann's vacation changed, as the hub does once the
// store has it, and waits for the room to take it.
func changed(r *Room, cl *client) {
	r.VacationChanged(context.Background(), "ann")
	cl.sync()
}

func storedDue(t *testing.T, h *harness, id string) store.Due {
	t.Helper()
	rec, err := h.store.Room(context.Background(), id)
	require.NoError(t, err)
	return rec.Due
}

// A vacation stops the clock of the player to move: the time she had when
// it began is what she has while away and when it ends, the deadline (the
// room's and the store's, for the keeper) moves by its length, the alarm
// is after it, and her pages and her opponents' say so beside the clock.
func TestVacationStopsTheCorrespondenceClock(t *testing.T) {
	day := vacation.Day
	tests := []struct {
		name string
		// away is how long after the vacation began it is stopped (0: it
		// runs until the days run out, 14 days).
		away time.Duration
	}{
		{"stopped after five days", 5 * day},
		{"stopped after two hours (a day spent)", 2 * time.Hour},
		{"the days run out by themselves", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, clock, _ := resumeHarness(t)
			r, ann, watcher, turn := vacationRoom(t, h, clock)

			clock.Advance(day)
			v, err := h.store.StartVacation(context.Background(), "ann", clock.Now())
			require.NoError(t, err)
			changed(r, ann)
			until := v.To.UTC().Format("Mon 2 Jan, 15:04") + " UTC"
			for _, p := range []*namedPage{{"hers", ann}, {"a spectator's", watcher}} {
				c := p.cl.last().Clock
				assert.False(t, c.Running, "%s page: the clock stands still", p.name)
				assert.Equal(t, (2 * day).Milliseconds(), c.RemainingMS, "%s page: the time she had", p.name)
				assert.Equal(t, "On vacation until "+until, c.Vacation, "%s page", p.name)
				assert.Equal(t, "On vacation until "+until, p.cl.last().Seats[0].Vacation, "%s page: her seat says so", p.name)
			}
			due := storedDue(t, h, r.ID())
			assert.Equal(t, v.To.Add(2*day).UnixMilli(), due.At.UnixMilli(), "the store's deadline: her time, after the vacation")
			assert.True(t, due.Alarm.After(v.To), "no alarm while she is away")

			clock.Advance(3 * time.Hour)
			ann.sync()
			assert.Equal(t, (2 * day).Milliseconds(), ann.last().Clock.RemainingMS, "nothing runs while away")

			end := v.To
			if tc.away > 0 {
				end = v.From.Add(tc.away)
				clock.Advance(end.Sub(clock.Now()))
				_, err := h.store.StopVacation(context.Background(), "ann", clock.Now())
				require.NoError(t, err)
				changed(r, ann)
			} else {
				clock.Advance(end.Sub(clock.Now())) // the vacation's end: its timer
				ann.sync()
			}
			c := ann.last().Clock
			assert.True(t, c.Running, "the clock runs again")
			assert.Empty(t, c.Vacation)
			assert.Empty(t, watcher.last().Seats[0].Vacation)
			assert.Equal(t, (2 * day).Milliseconds(), c.RemainingMS, "with the time she had")
			assert.Equal(t, turn.Add(3*day).Add(end.Sub(v.From)).UnixMilli(), storedDue(t, h, r.ID()).At.UnixMilli(),
				"the deadline moved by the vacation's length")

			clock.Advance(2*day - time.Second)
			ann.sync()
			require.False(t, ann.last().Over)
			clock.Advance(time.Second)
			ann.sync()
			require.True(t, ann.last().Over, "her time ran out after it")
			assert.Equal(t, "P2 wins — P1 ran out of time", ann.last().Status)
		})
	}
}

type namedPage struct {
	name string
	cl   *client
}

// A vacation the room did not hear of (the message lost) still stops the
// clock: the room reads the vacations again before it ends a game on time.
// So does one it finds as it is loaded after a restart.
func TestVacationTheRoomDidNotHearOf(t *testing.T) {
	day := vacation.Day
	tests := []struct {
		name    string
		restart bool
	}{
		{"the room ran all along", false},
		{"the room was loaded again", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, clock, cs := resumeHarness(t)
			r, ann, _, turn := vacationRoom(t, h, clock)
			clock.Advance(day)
			_, err := h.store.StartVacation(context.Background(), "ann", clock.Now())
			require.NoError(t, err)
			if tc.restart {
				stopFor(t, h, clock, cs, time.Hour, false)
				r, err = h.hub.Room(context.Background(), r.ID())
				require.NoError(t, err)
				ann = h.connectAs(r, "me", "ann")
				assert.NotEmpty(t, ann.last().Clock.Vacation, "read as the room was loaded")
			}
			clock.Advance(turn.Add(3 * day).Sub(clock.Now())) // the deadline before the vacation
			ann.sync()
			p := ann.last()
			require.False(t, p.Over, "not lost on time while away")
			assert.Equal(t, (2 * day).Milliseconds(), p.Clock.RemainingMS)
			assert.NotEmpty(t, p.Clock.Vacation)
		})
	}
}

// A live clock does not stop for a vacation.
func TestVacationLeavesLiveClocksAlone(t *testing.T) {
	h, clock, _ := resumeHarness(t)
	require.NoError(t, h.store.CreateUser(context.Background(), &store.User{Name: "ann", Key: "ann", PasswordHash: "h", Created: clock.Now()}))
	r := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.FastClock, Account: "ann"}, "me")
	ann := h.connectAs(r, "me", "ann")
	ann.click(1, 1)
	ann.click(0, 1)
	_, err := h.store.StartVacation(context.Background(), "ann", clock.Now())
	require.NoError(t, err)
	changed(r, ann)
	c := ann.last().Clock
	assert.True(t, c.Running)
	assert.Empty(t, c.Vacation)
	clock.Advance(time.Duration(c.RemainingMS) * time.Millisecond)
	ann.sync()
	assert.True(t, ann.last().Over, "lost on time as ever")
}

// A stop the room did not hear of is found at its next look, within
// vacationLook: the opponent does not wait for the vacation's end.
func TestVacationStopTheRoomDidNotHearOf(t *testing.T) {
	day := vacation.Day
	h, clock, _ := resumeHarness(t)
	r, ann, watcher, _ := vacationRoom(t, h, clock)
	clock.Advance(day)
	_, err := h.store.StartVacation(context.Background(), "ann", clock.Now())
	require.NoError(t, err)
	changed(r, ann)
	require.NotEmpty(t, watcher.last().Clock.Vacation)
	clock.Advance(2 * time.Minute)
	_, err = h.store.StopVacation(context.Background(), "ann", clock.Now())
	require.NoError(t, err)
	back := clock.Now()
	watcher.sync()
	require.NotEmpty(t, watcher.last().Clock.Vacation, "not heard yet")

	clock.Advance(vacationLook - 2*time.Minute)
	watcher.sync()
	c := watcher.last().Clock
	assert.Empty(t, c.Vacation, "found at the room's next look")
	assert.True(t, c.Running)
	assert.Equal(t, (2*day - (clock.Now().Sub(back))).Milliseconds(), c.RemainingMS, "her time runs from her return")
	assert.Equal(t, back.Add(2*day).UnixMilli(), storedDue(t, h, r.ID()).At.UnixMilli())
}
