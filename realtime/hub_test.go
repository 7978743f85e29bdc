package realtime

import (
	"context"
	"errors"
	"testing"
	"time"

	"boardroom/realtime/clocktest"
	"boardroom/realtime/view"

	"github.com/stretchr/testify/require"
)

// TestIdleRoomsLeaveMemory checks the idle unload, on the room's clock: a
// room nobody has had open for IdleUnload leaves memory, unless it has a
// page open. A computer game nobody watches pauses after a minute
// (TestUnwatchedComputerGamesPause), and then leaves too.
func TestIdleRoomsLeaveMemory(t *testing.T) {
	tests := []struct {
		name string
		spec Spec
		// open keeps a page open
		open  bool
		stays bool
	}{
		{"nobody there", Spec{Game: "kalah"}, false, false},
		{"a page open", Spec{Game: "kalah"}, true, true},
		{"a computer game nobody watches", Spec{Game: "kalah", Mode: "watch", Pace: "slow"}, false, false},
		{"a computer game watched", Spec{Game: "kalah", Mode: "watch", Pace: "slow"}, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New()
			h := newHarness(t, func(c *Config) {
				c.Clock = clock
				c.Paces = nil // slow: 3 s a move, so the game outlasts the test
			})
			r := h.create(tc.spec, "alice")
			alice := h.connect(r, "alice")
			if !tc.open {
				alice.leave()
			}
			clock.Advance(9 * time.Minute)
			alice.sync()
			require.Equal(t, 1, h.hub.Live(), "not idle for long enough yet")
			clock.Advance(time.Minute)
			if tc.stays {
				alice.sync()
				require.Equal(t, 1, h.hub.Live())
				return
			}
			require.Eventually(t, func() bool { return h.hub.Live() == 0 }, 5*time.Second, time.Millisecond)
			p, err := h.hub.Snapshot(context.Background(), r.ID(), HashToken("alice"))
			require.NoError(t, err, "the room comes back when asked for")
			require.Equal(t, tc.spec.Mode != "watch", p.Seats[0].Yours, "its creator's seat, where a person has one")
		})
	}
}

// TestRoomAskedForAsItUnloads asks for a room just as it leaves memory for
// being idle, the moment Hub.Room could still hand it out: a page request
// or a socket sent to it then must be answered (by the room loaded again),
// not left in the inbox of a room that no longer reads it.
func TestRoomAskedForAsItUnloads(t *testing.T) {
	tests := []struct {
		name string
		// ask asks the hub for room id as the web handlers do, and returns
		// the page it was answered with.
		ask func(h *harness, ctx context.Context, id string) (*view.Page, error)
	}{
		{"a page", func(h *harness, ctx context.Context, id string) (*view.Page, error) {
			return h.hub.Snapshot(ctx, id, HashToken("alice"))
		}},
		{"a socket", func(h *harness, ctx context.Context, id string) (*view.Page, error) {
			c := testConn(HashToken("alice"), 16)
			if _, err := h.hub.connect(ctx, id, c); err != nil {
				return nil, err
			}
			if c.isClosed() {
				return nil, errors.New("the socket was closed")
			}
			b, err := c.takeOne(ctx)
			if err != nil {
				return nil, err
			}
			return h.pages.page(b), nil
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := clocktest.New()
			unloading, unload := make(chan struct{}), make(chan struct{})
			h := newHarness(t, func(c *Config) {
				c.Clock = clock
				c.unloading = func() {
					close(unloading)
					<-unload
				}
			})
			old := h.create(Spec{Game: "kalah"}, "alice")
			inRoom(t, old, func(*Room) {})  // the room has started, its idle timer set
			clock.Advance(10 * time.Minute) // nobody came: the room unloads...
			select {                        // ...and is held just as it has decided to
			case <-unloading:
			case <-time.After(5 * time.Second):
				t.Fatal("the idle room did not unload")
			}

			r, err := h.hub.Room(context.Background(), old.ID())
			require.NoError(t, err)
			require.Same(t, old, r, "still listed, as a request may find it")
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			type answer struct {
				p   *view.Page
				err error
			}
			answered := make(chan answer, 1)
			go func() {
				p, err := tc.ask(h, ctx, old.ID())
				answered <- answer{p, err}
			}()
			require.Eventually(t, func() bool { return len(old.inbox) > 0 }, 5*time.Second, time.Millisecond,
				"the request reaches the unloading room")
			close(unload)
			a := <-answered
			require.NoError(t, a.err, "answered, not left waiting")
			require.True(t, a.p.Seats[0].Yours, "by the room loaded again")
			require.Equal(t, 1, h.hub.Live())
		})
	}
}

// TestUnwatchedComputerGamesPause: 25 computer-against-computer rooms with
// nobody watching kept a core busy. Such a game pauses once nobody has had
// it open for a minute, leaves memory as any idle room, and plays on from
// where it stopped when someone opens it; one that is watched plays on.
func TestUnwatchedComputerGamesPause(t *testing.T) {
	clock := clocktest.New()
	h := newHarness(t, func(c *Config) {
		c.Clock = clock
		c.Paces = nil // slow: 3 s a move, so the game outlasts the test
	})
	watched := h.create(Spec{Game: "kalah", Mode: "watch", Pace: "slow"}, "bob")
	bob := h.connect(watched, "bob")
	r := h.create(Spec{Game: "kalah", Mode: "watch", Pace: "slow"}, "alice")
	alice := h.connect(r, "alice")
	running := func(r *Room) (yes bool) {
		inRoom(t, r, func(r *Room) { yes = r.bots.running() })
		return yes
	}
	require.True(t, running(r))
	alice.leave()
	clock.Advance(59 * time.Second)
	require.True(t, running(r), "not a minute yet")
	clock.Advance(time.Second)
	require.Eventually(t, func() bool { return !running(r) }, 5*time.Second, time.Millisecond, "paused: nobody watches")
	require.True(t, running(watched), "a watched game plays on")
	bob.sync()

	alice = h.connect(r, "alice")
	require.True(t, running(r), "someone looks: it plays on")
	alice.leave()
	clock.Advance(time.Minute)
	require.Eventually(t, func() bool { return !running(r) }, 5*time.Second, time.Millisecond)
	clock.Advance(10 * time.Minute)
	require.Eventually(t, func() bool { return h.hub.Live() == 1 }, 5*time.Second, time.Millisecond, "the paused game left memory")
	again, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	h.connect(again, "alice")
	require.True(t, running(again), "loaded again by a page, it plays on")
}
