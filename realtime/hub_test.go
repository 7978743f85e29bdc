package realtime

import (
	"context"
	"testing"
	"time"

	"boardroom/realtime/clocktest"

	"github.com/stretchr/testify/require"
)

// TestIdleRoomsLeaveMemory checks the idle unload, on the room's clock: a
// room nobody has had open for IdleUnload leaves memory, unless it has a
// page open or a computer game of its own to play.
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
		{"a computer game playing", Spec{Game: "kalah", Mode: "watch", Pace: "slow"}, false, true},
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
			require.Equal(t, "You", p.Seats[0].Holder)
		})
	}
}
