package rooms_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserPlaysAnEngine: a person creates a friend room of Kalah in the
// lobby; cmd/bot (built as a program) seats the sample Python engine in
// it; the person's page names the seat "Engine: Random player (Python)",
// and she plays against it to the end of the game, each of the engine's
// moves arriving on her page; the bot prints the result and exits 0.
func TestBrowserPlaysAnEngine(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	python := pythonPath(t)
	bot := buildBot(t)

	alice := newTab(t, browser, "alice")
	room := alice.CreateGame(ts.Node, "kalah", "friend", map[string]string{"houses": "3", "seeds": "2"})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bot, "-room", room, "-engine", python+" ../../examples/engines/random_player.py --seed 5")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()

	alice.WaitText(".player.seat1 .holder", "Engine: Random player (Python)")
	for moves := 0; ; moves++ {
		alice.WaitJS("her move or the end", `document.querySelector("[data-testid=turn]").textContent === "Your move" ||
			document.querySelector("[data-testid=status]").textContent.length > 0`)
		if alice.Text("[data-testid=status]") != "" {
			break
		}
		require.Less(t, moves, 40, "a game of three houses of two seeds is short")
		shown := len(alice.Moves())
		alice.Click("[data-testid=board] [data-cell].target")
		alice.WaitJS("her move shown", `document.querySelectorAll("[data-testid=move]").length > `+strconv.Itoa(shown))
	}
	select {
	case err := <-done:
		require.NoError(t, err, "bot: %s", stderr.String())
	case <-ctx.Done():
		t.Fatalf("the bot did not end with the game: %s", stderr.String())
	}
	// Alice's page speaks to her ("You lost — houses empty"); the bot
	// prints the result as programs read it, by seat ("P2 wins — houses
	// empty"): the same ending.
	status := alice.Text("[data-testid=status]")
	_, reason, ok := strings.Cut(status, " — ")
	require.True(t, ok, status)
	require.True(t, strings.HasSuffix(stdout.String(), " — "+reason+" (the engine played P2)\n"), "%q against %q", stdout.String(), status)
	for page, bot := range map[string]string{"You won": "P1 wins", "You lost": "P2 wins", "Draw": "Draw"} {
		if strings.HasPrefix(status, page) {
			require.True(t, strings.HasPrefix(stdout.String(), bot), "%q against %q", stdout.String(), status)
		}
	}
	require.Contains(t, stderr.String(), "bot: seated as P2 in Kalah")
	require.Equal(t, alice.Moves(), ts.turns(t, room), "her page shows the game as stored")
	engineMoves := 0
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(line, "bot: move ") {
			engineMoves++
		}
	}
	require.Positive(t, engineMoves, "the engine moved")
}

// pythonPath finds python3 for the sample engine: the test skips without
// it on a developer machine and fails in CI.
func pythonPath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 is required for the engine tests in CI (.ci/run installs it)")
		}
		t.Skip("no python3 on this machine")
	}
	return p
}

// buildBot builds cmd/bot into the test's directory.
func buildBot(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bot")
	out, err := exec.Command("go", "build", "-o", bin, "../../cmd/bot").CombinedOutput()
	require.NoError(t, err, "go build ../../cmd/bot: %s", out)
	return bin
}

// turns is the stored game of a room's link, in notation.
func (ts *testServer) turns(t *testing.T, room string) []string {
	t.Helper()
	rec, err := ts.Store.Room(context.Background(), strings.TrimPrefix(room, ts.URL+"/r/"))
	require.NoError(t, err)
	out := make([]string, len(rec.Turns))
	for i, turn := range rec.Turns {
		out[i] = turn.Notation
	}
	return out
}
