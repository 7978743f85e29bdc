package match

import (
	"context"
	"testing"
	"time"

	"boardroom/realtime/clocktest"
	"boardroom/realtime/match/matchtest"
	"boardroom/realtime/vocab"

	"github.com/stretchr/testify/require"
)

// resumeHarness is a harness on a fake clock, whose store stamps the
// rooms' changes on that clock too and can crash.
func resumeHarness(t *testing.T, tweak ...func(*Config)) (*harness, *clocktest.Clock, *matchtest.CrashableStore) {
	clock := clocktest.New()
	cs := &matchtest.CrashableStore{}
	h := newHarness(t, append(tweak, func(c *Config) {
		c.Clock = clock
		cs.Store, c.Store = c.Store, cs
	})...)
	h.store.SetNow(clock.Now)
	return h, clock, cs
}

// stopFor stops the server, cleanly or as a crash would, lets down pass
// with no server running, and starts it again (its rooms restored).
func stopFor(t *testing.T, h *harness, clock *clocktest.Clock, cs *matchtest.CrashableStore, down time.Duration, crash bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cs.Crashed.Store(crash)
	require.NoError(t, h.hub.Shutdown(ctx))
	cs.Crashed.Store(false)
	clock.Advance(down)
	h.hub = newTestHub(h.cfg)
	_, err := h.hub.Restore(ctx)
	require.NoError(t, err)
}

// A stop of the server in the tests below: the clock runs for ran, the
// server stops (or crashes) for down, and the room comes back with left
// on its clock.
type stop struct {
	ran   time.Duration
	crash bool
	down  time.Duration
	left  time.Duration
}

func TestClockResumesWithTheTimeLeft(t *testing.T) {
	// Kalah at one screen: each side's first move, then P1 is on the 30 s
	// move clock.
	firstMoves := func(t *testing.T, me *client, clock *clocktest.Clock) {
		me.click(1, 1)
		me.click(0, 1)
	}
	const lostOnTime = "P2 wins — P1 ran out of time"
	tests := []struct {
		name string
		spec Spec
		// play brings the room to the clock under test; me holds the
		// seat to move.
		play      func(t *testing.T, me *client, clock *clocktest.Clock)
		stops     []stop
		firstMove bool
		// end is the page's status once the time left has run out.
		end string
	}{
		{
			name: "10 s of a 30 s clock, a restart: 20 s left; and so on after each restart",
			spec: Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.FastClock}, play: firstMoves,
			stops: []stop{
				{ran: 10 * time.Second, down: 5 * time.Minute, left: 20 * time.Second},
				{ran: 5 * time.Second, down: time.Minute, left: 15 * time.Second},
				// A crash: the 4 s since the last write (the resumed
				// clock's start) come back.
				{ran: 4 * time.Second, crash: true, down: time.Minute, left: 15 * time.Second},
			},
			end: lostOnTime,
		},
		{
			name:      "the wait for a first move resumes",
			spec:      Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.BulletClock},
			play:      func(*testing.T, *client, *clocktest.Clock) {},
			stops:     []stop{{ran: 20 * time.Second, down: 5 * time.Minute, left: 40 * time.Second}},
			firstMove: true, end: "Game aborted: P1 did not make a first move in time",
		},
		{
			name: "after an undo the clock counts from the undo, not from the last move",
			spec: Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.FastClock},
			play: func(t *testing.T, me *client, clock *clocktest.Clock) {
				firstMoves(t, me, clock)
				clock.Advance(5 * time.Second)
				me.click(1, 2)
				clock.Advance(5 * time.Second)
				require.Len(t, me.action(vocab.Undo).Moves, 2)
			},
			stops: []stop{{ran: 10 * time.Second, down: time.Hour, left: 20 * time.Second}},
			end:   lostOnTime,
		},
		{
			name: "after a rematch the first move's wait counts from the rematch",
			spec: Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.FastClock},
			play: func(t *testing.T, me *client, clock *clocktest.Clock) {
				firstMoves(t, me, clock)
				clock.Advance(5 * time.Minute)
				require.True(t, me.last().Over, "P1 lost on time")
				require.False(t, me.action(vocab.Rematch).Over)
			},
			stops:     []stop{{ran: 20 * time.Second, down: time.Hour, left: 40 * time.Second}},
			firstMove: true, end: "Game aborted: P1 did not make a first move in time",
		},
		{
			name: "a crash gives back the time since the last write: here the save 10 s in",
			spec: Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.FastClock},
			play: func(t *testing.T, me *client, clock *clocktest.Clock) {
				firstMoves(t, me, clock)
				clock.Advance(10 * time.Second)
				require.Equal(t, "Game saved.", me.action(vocab.Save).Error, "a notice")
			},
			stops: []stop{{ran: 5 * time.Second, crash: true, down: time.Hour, left: 20 * time.Second}},
			end:   lostOnTime,
		},
		{
			name: "a crash with no write since the move gives the whole period back",
			spec: Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.FastClock}, play: firstMoves,
			stops: []stop{{ran: 10 * time.Second, crash: true, down: time.Hour, left: 30 * time.Second}},
			end:   lostOnTime,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, clock, cs := resumeHarness(t)
			r := h.create(tc.spec, "me")
			me := h.connect(r, "me")
			tc.play(t, me, clock)
			for i, s := range tc.stops {
				clock.Advance(s.ran)
				stopFor(t, h, clock, cs, s.down, s.crash)
				r, err := h.hub.Room(context.Background(), r.ID())
				require.NoError(t, err)
				me = h.connect(r, "me")
				p := me.last()
				require.True(t, p.Clock.Running, "stop %d", i)
				require.Equal(t, tc.firstMove, p.Clock.FirstMove, "stop %d", i)
				require.Equal(t, s.left.Milliseconds(), p.Clock.RemainingMS, "stop %d: the time left", i)
			}
			clock.Advance(tc.stops[len(tc.stops)-1].left - time.Second)
			require.False(t, me.last().Over, "a second left")
			clock.Advance(time.Second)
			p := me.last()
			require.True(t, p.Over, "the time left has run out")
			require.Equal(t, tc.end, p.Status)
		})
	}
}

// A friend takes the second seat two minutes after the room was made: the
// first move's wait counts from then, also after a restart.
func TestClockFromASeatTakenResumes(t *testing.T) {
	h, clock, cs := resumeHarness(t)
	r := h.create(Spec{Game: "kalah", Clock: vocab.BulletClock}, "alice")
	alice := h.connect(r, "alice")
	clock.Advance(2 * time.Minute)
	h.connect(r, "bob").action(vocab.Join)
	require.Equal(t, int64(60_000), alice.last().Clock.RemainingMS)
	clock.Advance(15 * time.Second)

	stopFor(t, h, clock, cs, time.Hour, false)
	r, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	alice = h.connect(r, "alice")
	p := alice.last()
	require.False(t, p.Over)
	require.True(t, p.Clock.FirstMove)
	require.Equal(t, int64(45_000), p.Clock.RemainingMS)

	alice.click(1, 1) // her first move, in time
	require.True(t, alice.last().Clock.FirstMove, "now Bob's first move")
	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.Zero(t, rec.ClockFrom, "a move starts the next clock: its time is the stored turn's")
	require.Zero(t, rec.ClockStopped)
}

// What the store holds as rooms stop and run: a clean stop records when
// the clock stopped, the room running again records its clock's new start
// and clears the stop, and a room with no clock running records neither.
func TestClockMarksStored(t *testing.T) {
	h, clock, cs := resumeHarness(t)
	ctx := context.Background()
	timed := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.FastClock}, "me")
	untimed := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.NoClock}, "me")
	for _, r := range []*Room{timed, untimed} {
		me := h.connect(r, "me")
		me.click(1, 1)
		me.click(0, 1)
	}
	moved := clock.Now()
	clock.Advance(10 * time.Second)
	stopped := clock.Now()
	stopFor(t, h, clock, cs, time.Minute, false)

	// Restore ran both rooms again (each stores its clock as it starts to
	// run, on its own goroutine: wait until both have).
	for _, r := range []*Room{timed, untimed} {
		running, err := h.hub.Room(ctx, r.ID())
		require.NoError(t, err)
		inRoom(t, running, func(*Room) {})
	}
	rec, err := h.store.Room(ctx, timed.ID())
	require.NoError(t, err)
	require.Equal(t, clock.Now().Add(-stopped.Sub(moved)), rec.ClockFrom, "resumed: 10 s on the clock already")
	require.Zero(t, rec.ClockStopped)
	rec, err = h.store.Room(ctx, untimed.ID())
	require.NoError(t, err)
	require.Zero(t, rec.ClockFrom)
	require.Zero(t, rec.ClockStopped, "no clock ran: no stop recorded")

	// Stopped again, the rooms are not run: the store holds the stop.
	clock.Advance(time.Second)
	require.NoError(t, h.hub.Shutdown(ctx))
	rec, err = h.store.Room(ctx, timed.ID())
	require.NoError(t, err)
	require.Equal(t, clock.Now(), rec.ClockStopped)
}

// A room left with nobody watching unloads with its clock running: the
// clock stands still until someone comes back and the room loads again.
func TestClockStandsStillWhileUnloaded(t *testing.T) {
	h, clock, _ := resumeHarness(t, func(c *Config) { c.IdleUnload = 10 * time.Second })
	r := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.BulletClock}, "me")
	h.connect(r, "me").leave()
	clock.Advance(10 * time.Second) // the first move's wait ran 10 s; nobody there: unloaded
	require.Eventually(t, func() bool { return h.hub.Live() == 0 }, 5*time.Second, time.Millisecond)
	clock.Advance(time.Hour)

	r, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	p := h.connect(r, "me").last()
	require.False(t, p.Over)
	require.True(t, p.Clock.FirstMove)
	require.Equal(t, int64(50_000), p.Clock.RemainingMS)
}
