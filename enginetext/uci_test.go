package enginetext

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startFakeUCI starts the test binary as a fake UCI engine (ucitest.Engine)
// behind the bridge, as Start does for a "uci:" command line.
func startFakeUCI(t *testing.T, mode string) (*Client, error) {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	t.Setenv(fakeEnv, mode)
	c, err := Start(UCIPrefix + strconv.Quote(exe) + " -test.run=^$")
	if err == nil {
		t.Cleanup(func() { c.Close() })
	}
	return c, err
}

// The bridge plays what a UCI engine answers only after reading it and
// checking it against the rules; whatever the engine does wrong is a
// refusal or an error that says what, and the bridge never hangs.
func TestUCIBridge(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		mode    string
		game    string // refusal of "game amazons", if any
		genmove string // refusal or error of the first genmove, if any
		move    string // its move otherwise
		within  time.Duration
	}{
		{mode: "uci", move: "d1-d7/g7", within: time.Second},
		{mode: "uci-slow", move: "d1-d7/g7", within: 300 * time.Millisecond}, // stopped on time
		{mode: "uci-chess", game: "Fake UCI offers no UCI_Variant amazons"},
		{mode: "uci-illegal", genmove: `Fake UCI played an illegal move "d1d7,d7d10" (d1-d7/d10)`},
		{mode: "uci-garbage", genmove: `Fake UCI played an unreadable move "d1-d7/g7"`},
		{mode: "uci-none", genmove: `Fake UCI found no move`},
		{mode: "uci-crash", genmove: "segmentation fault"},
		{mode: "uci-deaf", genmove: "did not stop its search", within: uciStopGrace + time.Second},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			c, err := startFakeUCI(t, tc.mode)
			require.NoError(t, err)
			name, err := c.Name(ctx)
			require.NoError(t, err)
			assert.Equal(t, "Fake UCI (UCI)", name)
			err = c.NewGame(ctx, "amazons", nil)
			if tc.game != "" {
				var refusal *Refusal
				require.ErrorAs(t, err, &refusal)
				assert.Contains(t, refusal.Reason, tc.game)
				return
			}
			require.NoError(t, err)
			require.NoError(t, c.Time(ctx, 200))
			start := time.Now()
			move, err := c.GenMove(ctx)
			took := time.Since(start)
			if tc.genmove != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.genmove)
			} else {
				require.NoError(t, err)
				assert.Equal(t, tc.move, move)
			}
			if tc.within > 0 {
				assert.Less(t, took, tc.within)
			}
		})
	}
}

func TestUCIBridgeNamesItsVariantAndRefusesOtherGames(t *testing.T) {
	ctx := context.Background()
	c, err := startFakeUCI(t, "uci")
	require.NoError(t, err)
	require.NoError(t, c.NewGame(ctx, "amazons", nil))
	name, err := c.Name(ctx)
	require.NoError(t, err)
	assert.Equal(t, "Fake UCI (UCI amazons)", name)

	for _, tc := range []struct{ command, refusal string }{
		{"game kalah", "no UCI variant plays Kalah with these options, so Fake UCI cannot play it"},
		{"level beginner", "plays at its own strength"},
		{"play d1-d7/d10", "d10"}, // our rules, before the engine sees it
	} {
		_, err := c.Do(ctx, tc.command)
		var refusal *Refusal
		require.ErrorAs(t, err, &refusal, tc.command)
		assert.Contains(t, refusal.Reason, tc.refusal, tc.command)
	}
	// After the refusals the game is Amazons still, at its start.
	move, err := c.GenMove(ctx)
	require.NoError(t, err)
	assert.Equal(t, "d1-d7/g7", move)
	require.NoError(t, c.Undo(ctx))
	require.NoError(t, c.Play(ctx, "g1-g7/g8"))
}

func TestUCIEngineThatDiesBeforeItsHandshake(t *testing.T) {
	start := time.Now()
	_, err := startFakeUCI(t, "uci-noshake")
	require.ErrorIs(t, err, ErrExited)
	assert.Contains(t, err.Error(), "no handshake today")
	assert.Less(t, time.Since(start), 5*time.Second)
}

func TestUCIStartRefusesABadCommandLine(t *testing.T) {
	for _, command := range []string{"uci:", `uci:"unterminated`, "uci:/no/such/engine"} {
		_, err := Start(command)
		require.Error(t, err, command)
	}
}
