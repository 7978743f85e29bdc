package match

import (
	"context"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

func TestCorrespondenceSpecDays(t *testing.T) {
	tests := []struct {
		name  string
		clock vocab.Clock
		days  int
		err   string
	}{
		{"correspondence, 5 days", vocab.CorrespondenceClock, 5, ""},
		{"correspondence with no days", vocab.CorrespondenceClock, 0, "days must be one of 1, 2, 3, 5, 7, 14"},
		{"correspondence, 4 days", vocab.CorrespondenceClock, 4, "days must be one of"},
		{"days with another clock", vocab.FastClock, 3, "days a move are for the correspondence clock"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := NewRecord(Spec{Game: "kalah", Mode: vocab.Friend, Clock: tc.clock, Days: tc.days, Seat: vocab.FirstSeat,
				Level: vocab.Beginner}, "tok", time.Now())
			if tc.err != "" {
				require.ErrorIs(t, err, ErrBadRequest)
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.days, rec.Days)
		})
	}
}

// A correspondence clock counts by the wall clock: the store keeps each
// turn's deadline, the room's clock does not stand still while no server
// runs it, and a room loaded after its deadline ends the game on time.
func TestCorrespondenceClock(t *testing.T) {
	day := vocab.Day
	tests := []struct {
		name string
		// ran is how long the clock runs before the server stops for
		// down (crashing if crash).
		ran, down time.Duration
		crash     bool
		// left is the time then left; 0: the game is over on time.
		left time.Duration
	}{
		{name: "a restart: the time down counts", ran: 5 * time.Hour, down: 10 * time.Hour, left: 3*day - 15*time.Hour},
		{name: "a crash: the time down counts", ran: time.Hour, down: 2 * day, crash: true, left: day - 3*time.Hour + 2*time.Hour},
		{name: "down past the deadline: lost on time when loaded", ran: time.Hour, down: 3 * day},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, clock, cs := resumeHarness(t)
			r := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.CorrespondenceClock, Days: 3, Account: "ann"}, "me")
			me := h.connectAs(r, "me", "ann")
			p := me.last()
			require.True(t, p.Clock.FirstMove, "the first move has the whole period")
			require.Equal(t, (3 * day).Milliseconds(), p.Clock.RemainingMS)
			require.Equal(t, "First move, or the game is aborted", p.Clock.Label)
			me.click(1, 1)
			me.click(0, 1)
			at := clock.Now()
			p = me.last()
			require.Equal(t, "Correspondence · 3 days", p.Clock.Label)
			require.Equal(t, (3 * day).Milliseconds(), p.Clock.RemainingMS)

			rec, err := h.store.Room(context.Background(), r.ID())
			require.NoError(t, err)
			require.Equal(t, 3, rec.Days)
			require.Equal(t, at.Add(3*day).UnixMilli(), rec.Due.At.UnixMilli(), "the deadline written with the turn")
			require.Equal(t, at.Add(3*day*8/10).UnixMilli(), rec.Due.Alarm.UnixMilli(), "the alarm at 80%")
			require.Equal(t, []string{"ann"}, rec.Due.Movers)
			js := h.connectProgram(r, "watcher", false).state().Clock
			require.Equal(t, 3, js.Days, "the room's JSON for programs")
			require.Equal(t, "3 days 0 h", js.Left)
			require.True(t, js.Running)

			clock.Advance(tc.ran)
			stopFor(t, h, clock, cs, tc.down, tc.crash)
			r, err = h.hub.Room(context.Background(), r.ID())
			require.NoError(t, err)
			me = h.connectAs(r, "me", "ann")
			p = me.last()
			if tc.left == 0 {
				clock.Advance(0) // the fake clock runs a timer of no time when told to
				me.sync()
				p = me.last()
				require.True(t, p.Over)
				require.Equal(t, "P2 wins — P1 ran out of time", p.Status)
				return
			}
			require.False(t, p.Over)
			require.Equal(t, tc.left.Milliseconds(), p.Clock.RemainingMS)
			rec, err = h.store.Room(context.Background(), r.ID())
			require.NoError(t, err)
			require.Equal(t, at.Add(3*day).UnixMilli(), rec.Due.At.UnixMilli(), "the deadline stands")
			clock.Advance(tc.left)
			require.True(t, me.last().Over, "the deadline passed, live")
		})
	}
}

// An open correspondence challenge stays listed while its creator's page
// is closed, and as its room leaves memory; an open challenge on another
// clock goes with the page.
func TestCorrespondenceSeekOutlivesThePage(t *testing.T) {
	tests := []struct {
		name   string
		clock  vocab.Clock
		days   int
		listed bool
	}{
		{"correspondence", vocab.CorrespondenceClock, 7, true},
		{"fast", vocab.FastClock, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, _, _ := resumeHarness(t)
			r := h.create(Spec{Game: "kalah", Mode: vocab.Friend, Clock: tc.clock, Days: tc.days, Open: true}, "me")
			me := h.connect(r, "me")
			me.leave()
			listed := func() bool {
				list, err := h.store.Seeks(context.Background(), 10)
				require.NoError(t, err)
				return len(list) == 1
			}
			require.Equal(t, tc.listed, listed())
			h.restart()
			require.Equal(t, tc.listed, listed(), "after the room left memory")
		})
	}
}

// The store's deadline follows the clock's starts that are not moves: a
// seat taken starts it (and writes it), an undo moves it.
func TestCorrespondenceDeadlineFollowsTheClock(t *testing.T) {
	h, clock, _ := resumeHarness(t, func(c *Config) {
		c.Periods = map[vocab.Clock]time.Duration{vocab.CorrespondenceClock: time.Hour} // an hour a "day"
	})
	ctx := context.Background()
	r := h.create(Spec{Game: "kalah", Clock: vocab.CorrespondenceClock, Days: 2, Account: "ann"}, "alice")
	alice := h.connectAs(r, "alice", "ann")
	due := func() store.Due {
		rec, err := h.store.Room(ctx, r.ID())
		require.NoError(t, err)
		return rec.Due
	}
	require.Zero(t, due(), "no deadline while the seat waits")
	clock.Advance(time.Minute)
	h.connect(r, "bob").action(vocab.Join)
	joined := clock.Now()
	require.Equal(t, joined.Add(2*time.Hour).UnixMilli(), due().At.UnixMilli(), "the first move's deadline from the seat taken")
	require.Equal(t, []string{"ann"}, due().Movers)
	clock.Advance(time.Minute)
	alice.click(1, 1)
	require.Equal(t, clock.Now().Add(2*time.Hour).UnixMilli(), due().At.UnixMilli())
	require.Empty(t, due().Movers, "a guest to move")
	require.Equal(t, int64((2 * time.Hour).Milliseconds()), alice.last().Clock.RemainingMS)
}

// A correspondence room nobody has open sleeps (issue 39 item 2): it
// leaves memory SleepAfter after its last page closed, where any other
// room waits IdleUnload, and a start does not run it again unless a
// computer plays in it. A page wakes it as it was.
func TestCorrespondenceRoomsSleep(t *testing.T) {
	tests := []struct {
		name  string
		spec  Spec
		sleep bool // leaves memory after SleepAfter
		// restored: run again at a start.
		restored bool
	}{
		{"correspondence between people", Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.CorrespondenceClock, Days: 3}, true, false},
		{"correspondence against the computer", Spec{Game: "kalah", Mode: vocab.Computer, Clock: vocab.CorrespondenceClock, Days: 3}, true, true},
		{"a live game", Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.SlowClock}, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, clock, _ := resumeHarness(t, func(c *Config) { c.SleepAfter = 30 * time.Second })
			r := h.create(tc.spec, "me")
			me := h.connect(r, "me")
			me.click(1, 4) // Kalah: sow the fourth house, the turn passes
			if tc.spec.Mode == vocab.Computer {
				require.Eventually(t, func() bool {
					clock.Advance(100 * time.Millisecond)
					mine := false
					inRoom(t, r, func(r *Room) { mine = !r.computers.thinking() && r.state.ToMove()[0] == 0 })
					return mine
				}, 5*time.Second, time.Millisecond, "the computer has answered")
			}
			moves := movesOf(me.last())
			me.leave()
			clock.Advance(29 * time.Second)
			me.sync()
			require.Equal(t, 1, h.hub.Live(), "a reload has time to come back")
			clock.Advance(time.Second)
			if tc.sleep {
				require.Eventually(t, func() bool { return h.hub.Live() == 0 }, 5*time.Second, time.Millisecond, "asleep")
			} else {
				time.Sleep(20 * time.Millisecond)
				require.Equal(t, 1, h.hub.Live(), "a live game stays IdleUnload")
			}

			h.restart()
			want := 0
			if tc.restored {
				want = 1
			}
			require.Equal(t, want, h.hub.Live(), "rooms run again at a start")
			r, err := h.hub.Room(context.Background(), r.ID())
			require.NoError(t, err)
			p := h.connect(r, "me").last()
			require.Equal(t, moves, movesOf(p), "woken as it was")
			require.False(t, p.Over)
		})
	}
}

// A computer choosing its move keeps a correspondence room awake: asleep,
// its move would wait for the next visit, and the deadline keeper would
// find its time run out.
func TestAThinkingComputerKeepsItsRoomAwake(t *testing.T) {
	started := make(chan struct{}, 8)
	h, clock, _ := resumeHarness(t, func(c *Config) {
		c.SleepAfter = 30 * time.Second
		c.Bots = func(game.Game, string, string, uint64) (game.Bot, error) { return blocker{started}, nil }
	})
	r := h.create(Spec{Game: "kalah", Mode: vocab.Computer, Clock: vocab.CorrespondenceClock, Days: 3}, "me")
	me := h.connect(r, "me")
	me.click(1, 1)
	clock.Advance(time.Second) // the computer's least time a move
	<-started
	me.leave()
	clock.Advance(time.Hour)
	time.Sleep(20 * time.Millisecond)
	require.Equal(t, 1, h.hub.Live(), "thinking: awake")
	waitFor(t, r, "still thinking", func(r *Room) bool { return r.computers.thinking() })
}
