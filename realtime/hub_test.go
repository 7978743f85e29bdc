package realtime

import (
	"context"
	"errors"
	"testing"
	"time"

	"boardroom/realtime/clocktest"
	"boardroom/realtime/match"
	"boardroom/realtime/view"
	"boardroom/secret"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

// TestIdleRoomsLeaveMemory checks the idle unload, on the room's clock: a
// room nobody has had open for IdleUnload leaves memory, unless it has a
// page open. A computer game nobody watches pauses after a minute
// (TestUnwatchedComputerGamesPause), and then leaves too.
func TestIdleRoomsLeaveMemory(t *testing.T) {
	tests := []struct {
		name string
		spec match.Spec
		// open keeps a page open
		open  bool
		stays bool
	}{
		{"nobody there", match.Spec{Game: "kalah"}, false, false},
		{"a page open", match.Spec{Game: "kalah"}, true, true},
		{"a computer game nobody watches", match.Spec{Game: "kalah", Mode: "watch", Pace: "slow"}, false, false},
		{"a computer game watched", match.Spec{Game: "kalah", Mode: "watch", Pace: "slow"}, true, true},
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
			p, err := h.hub.Snapshot(context.Background(), r.ID(), match.Who{TokenHash: secret.Hash("alice")})
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
			return h.hub.Snapshot(ctx, id, match.Who{TokenHash: secret.Hash("alice")})
		}},
		{"a socket", func(h *harness, ctx context.Context, id string) (*view.Page, error) {
			c := testConn(secret.Hash("alice"), 16)
			if _, err := h.hub.connect(ctx, id, c); err != nil {
				return nil, err
			}
			if c.Outlet().Closed() {
				return nil, errors.New("the socket was closed")
			}
			b, err := takeOne(ctx, c)
			if err != nil {
				return nil, err
			}
			return h.pages.Page(b), nil
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
			old := h.create(match.Spec{Game: "kalah"}, "alice")
			_, err := old.Snapshot(t.Context(), match.Who{}) // the room has started, its idle timer set
			require.NoError(t, err)
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
			require.Eventually(t, func() bool { return old.Waiting() > 0 }, 5*time.Second, time.Millisecond,
				"the request reaches the unloading room")
			close(unload)
			a := <-answered
			require.NoError(t, a.err, "answered, not left waiting")
			require.True(t, a.p.Seats[0].Yours, "by the room loaded again")
			require.Equal(t, 1, h.hub.Live())
		})
	}
}

// TestCleanIdleKeepsRoomsInUse: the rooms that never started and nobody
// touched for a day are deleted, but not while they are in memory.
func TestCleanIdleKeepsRoomsInUse(t *testing.T) {
	clock := clocktest.New()
	h := newHarness(t, func(c *Config) {
		c.Clock = clock
		c.IdleUnload = 1000 * time.Hour // the rooms stay in memory until the test takes them out
	})
	played := h.create(match.Spec{Game: "kalah", Mode: "hotseat"}, "a")
	h.connect(played, "a").click(1, 1)
	loaded := h.create(match.Spec{Game: "kalah"}, "b")
	idle := h.create(match.Spec{Game: "kalah"}, "c")
	h.restart() // Restore brings back all three: they are unfinished

	clock.Advance(48 * time.Hour)
	n, err := h.hub.CleanIdle(context.Background(), 24*time.Hour)
	require.NoError(t, err)
	require.Equal(t, 0, n, "rooms in memory are kept")

	// Once the idle rooms leave memory, the one never played is deleted.
	_, err = h.hub.Snapshot(context.Background(), loaded.ID(), match.Who{}) // loaded again
	require.NoError(t, err)
	h.restart()
	h.hub.mu.Lock()
	for id := range h.hub.rooms {
		if id != played.ID() {
			delete(h.hub.rooms, id) // as an idle unload would
		}
	}
	h.hub.mu.Unlock()
	n, err = h.hub.CleanIdle(context.Background(), 24*time.Hour)
	require.NoError(t, err)
	require.Equal(t, 2, n, "the two rooms that never started go")
	_, err = h.store.Room(context.Background(), idle.ID())
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = h.store.Room(context.Background(), played.ID())
	require.NoError(t, err, "a room with a move stays")
}
