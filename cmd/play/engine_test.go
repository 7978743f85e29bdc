package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"boardroom/enginetext"

	"github.com/stretchr/testify/require"
)

// playBin is the play command built once for the tests that run it as an
// engine program (exec:), or "" when building it failed (buildErr says why).
var (
	playBin  string
	buildErr error
)

// fakeArg, first on the test binary's command line with a mode after it,
// makes the binary a misbehaving engine (see fakeEngine). An argument, not
// an environment variable, so that the tests using fakes run side by side
// (t.Setenv forbids t.Parallel).
const fakeArg = "fake-engine"

func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == fakeArg {
		os.Exit(fakeEngine(os.Args[2]))
	}
	dir, err := os.MkdirTemp("", "play-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	playBin = filepath.Join(dir, "play")
	if out, err := exec.Command("go", "build", "-o", playBin, ".").CombinedOutput(); err != nil {
		buildErr = fmt.Errorf("go build: %v: %s", err, out)
		playBin = ""
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// needPlay returns the built play binary.
func needPlay(t *testing.T) string {
	t.Helper()
	require.NoError(t, buildErr)
	return playBin
}

// fakeEngine is the test binary run as an engine that plays Beginner's
// moves (enginetext.Serve, in the process) and misbehaves at genmove after
// its first, by mode:
//   - slow: answers after 200ms;
//   - silent: never answers (and ignores quit);
//   - illegal: answers a1-a1/a1, an Amazons move that is never legal;
//   - garbage: answers a word that is no move;
//   - crash: exits with a message on standard error;
//   - stubborn: refuses the other side's moves.
func fakeEngine(mode string) int {
	cmdR, cmdW := io.Pipe()
	repR, repW := io.Pipe()
	go func() {
		_ = enginetext.Serve(cmdR, repW, enginetext.Config{Level: "beginner"})
		repW.Close()
		cmdR.Close()
	}()
	c := enginetext.Connect(repR, cmdW)
	ctx := context.Background()
	in := bufio.NewScanner(os.Stdin)
	moves := 0
	for in.Scan() {
		line := in.Text()
		word, _, _ := strings.Cut(line, " ")
		if word == "genmove" {
			moves++
		}
		switch {
		case word == "genmove" && moves > 1 && mode == "slow":
			time.Sleep(200 * time.Millisecond)
		case word == "genmove" && moves > 1 && mode == "silent":
			time.Sleep(time.Hour) // not select{}: the runtime would call that a deadlock
		case word == "genmove" && moves > 1 && mode == "illegal":
			fmt.Print("= a1-a1/a1\n\n")
			continue
		case word == "genmove" && moves > 1 && mode == "garbage":
			fmt.Print("= banana\n\n")
			continue
		case word == "genmove" && moves > 1 && mode == "crash":
			fmt.Fprintln(os.Stderr, "fake engine: out of cheese")
			return 4
		case word == "play" && mode == "stubborn":
			fmt.Print("? I do not like that move\n\n")
			continue
		}
		text, err := c.Do(ctx, line)
		var refusal *enginetext.Refusal
		switch {
		case errors.As(err, &refusal):
			fmt.Printf("? %s\n\n", refusal.Reason)
		case err != nil:
			fmt.Fprintln(os.Stderr, err)
			return 1
		default:
			fmt.Printf("= %s\n\n", text)
		}
		if word == "quit" {
			break
		}
	}
	c.Close()
	return 0
}

// fakeCommand is the exec: command line of a fake engine.
func fakeCommand(t *testing.T, mode string) string {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	// env sets GORACE for the fake alone: a test binary built with -race
	// otherwise sleeps a second as it exits, and a match waits for its
	// engine's exit after each game.
	return fmt.Sprintf("exec:env GORACE=atexit_sleep_ms=0 %q %s %s", exe, fakeArg, mode)
}

func TestEngineCommand(t *testing.T) {
	script := "name\nlegal\nplay 3\ngenmove\nresult\nshow\nplay 9\nlevel medium\ntime 100\ngenmove\nundo\nquit\nname\n"
	out, _, err := runCmd(t, script, "engine", "kalah", "-o", "houses=4", "-o", "seeds=3", "--level", "beginner", "--seed", "2")
	require.NoError(t, err)
	got := strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n")
	require.Len(t, got, 12, "one reply a command up to quit: %q", out)
	require.Equal(t, "= Boardroom beginner", got[0])
	require.Equal(t, "= 1 2 3 4", got[1])
	require.Equal(t, "=", got[2])
	require.Regexp(t, `^= [1-4]$`, got[3])
	require.Equal(t, "= none", got[4])
	require.Regexp(t, `^=\n\+----\+-------\+`, got[5])
	require.Equal(t, "? bad notation: \"9\" is not a house number 1-4", got[6])
	require.Equal(t, []string{"=", "="}, got[7:9])
	require.Regexp(t, `^= [1-4]$`, got[9])
	require.Equal(t, []string{"=", "="}, got[10:])
}

func TestEngineCommandRefusesBadFlags(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"engine", "chess"}, `unknown game "chess"`},
		{[]string{"engine", "kalah", "extra"}, "at most a game"},
		{[]string{"engine", "-o", "houses=4"}, "-o needs a game"},
		{[]string{"engine", "kalah", "-o", "houses=40"}, "houses must be from 1 to 12"},
		{[]string{"engine", "--level", "expert"}, `unknown level "expert"`},
		{[]string{"engine", "kalah", "--level", "difficult:mcts"}, `unknown algorithm "mcts"`},
		{[]string{"engine", "--time", "soon"}, "engine --time must be a positive duration"},
		{[]string{"engine", "--seed", "-1"}, "engine --seed must be a whole number"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.argv, " "), func(t *testing.T) {
			out, _, err := runCmd(t, "name\n", tc.argv...)
			require.ErrorContains(t, err, tc.want)
			require.Empty(t, out)
		})
	}
}
