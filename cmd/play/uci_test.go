package main

import (
	"bufio"
	"context"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/enginetext/fairystockfish"
	"boardroom/enginetext/ucitest"
)

// needFairyStockfish installs Fairy-Stockfish (kept in the user's cache)
// before a test that plays it: without Node or npm the test is skipped,
// except in CI, which installs them.
func needFairyStockfish(t *testing.T) {
	t.Helper()
	dir, err := fairystockfish.DefaultDir()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	_, err = fairystockfish.Install(ctx, dir)
	if errors.Is(err, fairystockfish.ErrNoNode) && os.Getenv("CI") == "" {
		t.Skip(err)
	}
	require.NoError(t, err)
}

// A match at time odds against Fairy-Stockfish: the engine is installed
// and named, and each side plays on its own time a move. Whether it keeps
// to 300 ms depends on how busy the machine is (a test run is), so a loss
// on time is allowed here, but it must be counted against its own time,
// not the other side's; the bridge's stop on time is tested with a fake
// engine (enginetext's TestUCIBridge, uci-slow).
func TestMatchAgainstFairyStockfishAtTimeOdds(t *testing.T) {
	t.Parallel()
	needFairyStockfish(t)
	games, stderr := matchLines(t, "amazons", "--a", "fairy-stockfish", "--b", "beginner", "-n", "1",
		"--time-a", "300ms", "--time-b", "30ms")
	require.Len(t, games, 1)
	assert.Regexp(t, `^game 1: White=a Black=b: (White|Black) wins \([ab]\), (no legal move|a exceeded its time \([0-9.]+m?s for 300ms\)), score`, games[0])
	assert.Regexp(t, regexp.MustCompile(`(?m)^a: Fairy-Stockfish.*\(UCI\)`), stderr)
	assert.Contains(t, stderr, "longest think: a (fairy-stockfish)")
}

// fakeUCIEnv makes the test binary a fake UCI engine (ucitest.Engine) of
// the mode it names. It is read in init, before TestMain, which is the
// engine-text fakes' (engine_test.go).
const fakeUCIEnv = "PLAY_FAKE_UCI"

func init() {
	if mode := os.Getenv(fakeUCIEnv); mode != "" {
		os.Exit(ucitest.Engine(mode, bufio.NewScanner(os.Stdin)))
	}
}

// play engine --engine puts a UCI engine behind our protocol: an adapter
// for engine authors.
func TestEngineServesAUCIEngine(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	t.Setenv(fakeUCIEnv, "uci")
	out, errOut, err := runCmd(t, "name\ntime 100\ngenmove\nlegal\nlevel beginner\ngame kalah\nquit\n",
		"engine", "amazons", "--engine", "uci:"+strconv.Quote(exe)+" -test.run=^$")
	require.NoError(t, err, errOut)
	replies := strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n")
	require.Len(t, replies, 7, out)
	assert.Equal(t, "= Fake UCI (UCI amazons)", replies[0])
	assert.Equal(t, "=", replies[1])
	assert.Equal(t, "= d1-d7/g7", replies[2], "the engine's move, in our notation")
	assert.True(t, strings.HasPrefix(replies[3], "= "), replies[3])
	assert.Contains(t, replies[4], "? ", "level: a UCI engine plays at its own strength")
	assert.Contains(t, replies[5], "? no UCI variant plays Kalah")
	assert.Equal(t, "=", replies[6])
}

func TestMatchAndEngineRefuseBadUCIFlags(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want string
	}{
		{[]string{"match", "amazons", "--a", "uci:", "--b", "beginner"}, "no program named"},
		{[]string{"match", "amazons", "--a", `uci:"unterminated`, "--b", "beginner"}, "unterminated"},
		{[]string{"match", "amazons", "--a", "uci:/no/such/engine", "--b", "beginner", "-n", "1"}, `starting engine "/no/such/engine"`},
		{[]string{"match", "amazons", "--a", "beginner", "--b", "beginner", "--time-a", "0s"}, "match --time-a must be a positive duration"},
		{[]string{"match", "amazons", "--a", "beginner", "--b", "beginner", "--time-b", "soon"}, "match --time-b must be a positive duration"},
		{[]string{"engine", "amazons", "--engine", "exec:play engine"}, "--engine takes uci:COMMAND or fairy-stockfish"},
		{[]string{"engine", "amazons", "--engine", "uci:/no/such/engine"}, `starting engine "/no/such/engine"`},
		{[]string{"engine", "amazons", "--engine", "fairy-stockfish", "--level", "beginner"}, "exclude each other"},
	} {
		t.Run(strings.Join(tc.argv, " "), func(t *testing.T) {
			_, _, err := runCmd(t, "", tc.argv...)
			require.ErrorContains(t, err, tc.want)
		})
	}
}
