package enginetext

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// connectServe runs Serve in a goroutine and connects a Client to it.
func connectServe(t *testing.T, cfg Config) *Client {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	repR, repW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := Serve(cmdR, repW, cfg)
		repW.Close()
		cmdR.Close()
		done <- err
	}()
	c := Connect(repR, cmdW)
	t.Cleanup(func() {
		require.NoError(t, c.Close())
		require.NoError(t, <-done)
	})
	return c
}

func ctxFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func TestClientKalahSession(t *testing.T) {
	c := connectServe(t, Config{Level: "beginner", Seed: 3})
	ctx := ctxFor(t, 10*time.Second)

	name, err := c.Name(ctx)
	require.NoError(t, err)
	require.Equal(t, "Boardroom beginner", name)
	require.NoError(t, c.NewGame(ctx, "kalah", map[string]string{"seeds": "3", "houses": "4"}))
	require.NoError(t, c.Time(ctx, 100))
	require.NoError(t, c.Level(ctx, "medium", ""))

	legal, err := c.Legal(ctx)
	require.NoError(t, err)
	require.Equal(t, []string{"1", "2", "3", "4"}, legal)
	require.NoError(t, c.Play(ctx, "1"))
	move, err := c.GenMove(ctx)
	require.NoError(t, err)
	require.Regexp(t, `^[1-4]$`, move)

	// The engine played both: the board is the rules' after 1 and its move.
	g, err := game.Lookup("kalah")
	require.NoError(t, err)
	s, err := g.New(map[string]string{"houses": "4", "seeds": "3"})
	require.NoError(t, err)
	require.NoError(t, game.PlayTurns(s, "1", move))
	board, err := c.Show(ctx)
	require.NoError(t, err)
	require.Equal(t, s.Render(), board)

	require.NoError(t, c.Undo(ctx))
	require.NoError(t, c.Undo(ctx))
	err = c.Undo(ctx)
	var refusal *Refusal
	require.ErrorAs(t, err, &refusal)
	require.Equal(t, "undo", refusal.Command)
	require.Equal(t, "nothing to undo: no turn has been played", refusal.Reason)

	res, err := c.Result(ctx)
	require.NoError(t, err)
	require.Equal(t, Result{}, res)

	err = c.Play(ctx, "7")
	require.ErrorAs(t, err, &refusal)
	require.Contains(t, refusal.Reason, "not a house number 1-4")
}

func TestClientSimultaneousTurn(t *testing.T) {
	c := connectServe(t, Config{Game: "demons", Options: map[string]string{"turns": "2"}, Level: "beginner"})
	ctx := ctxFor(t, 10*time.Second)
	for turn := range 2 {
		a, err := c.GenMove(ctx, "Angels")
		require.NoError(t, err)
		d, err := c.GenMove(ctx, "2")
		require.NoError(t, err)
		if turn == 0 {
			// genmove plays nothing on a simultaneous turn.
			res, err := c.Result(ctx)
			require.NoError(t, err)
			require.False(t, res.Over)
		}
		require.NoError(t, c.Play(ctx, a+"+"+d))
	}
	res, err := c.Result(ctx)
	require.NoError(t, err)
	require.True(t, res.Over)
	require.Equal(t, res.Score[0] > res.Score[1], res.Winner == "Angels", "%+v", res)
	require.Equal(t, res.Score[0] == res.Score[1], res.Winner == "", "%+v", res)
	_, err = c.GenMove(ctx, "Angels", "Demons")
	require.Error(t, err, "one seat at most")
}

func TestParseResult(t *testing.T) {
	tests := []struct {
		text string
		want Result
		ok   bool
	}{
		{"none", Result{}, true},
		{"P1 27 21 houses empty", Result{Over: true, Winner: "P1", Score: [2]int{27, 21}, Reason: "houses empty"}, true},
		{"draw 4 4", Result{Over: true, Score: [2]int{4, 4}}, true},
		{"Angel 0 0 reached the edge", Result{Over: true, Winner: "Angel", Reason: "reached the edge"}, true},
		{"", Result{}, false},
		{"P1 27", Result{}, false},
		{"P1 x 3", Result{}, false},
		{"none at all", Result{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			got, err := ParseResult(tc.text)
			if !tc.ok {
				require.ErrorIs(t, err, ErrProtocol)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// script is a fake engine on the other end of a pair of pipes: it answers
// each command it reads with the next of its answers, after the delay.
func script(t *testing.T, delay time.Duration, answers ...string) *Client {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	repR, repW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 4096)
		for _, a := range answers {
			if _, err := cmdR.Read(buf); err != nil {
				break
			}
			time.Sleep(delay)
			if _, err := io.WriteString(repW, a); err != nil {
				break
			}
		}
		repW.Close()
		_, _ = io.Copy(io.Discard, cmdR)
	}()
	c := Connect(repR, cmdW)
	t.Cleanup(func() {
		c.Close()
		<-done
	})
	return c
}

func TestClientReadsReplies(t *testing.T) {
	tests := []struct {
		name   string
		answer string
		want   string
		is     error // nil: success
	}{
		{"plain", "= Kalah master\n\n", "Kalah master", nil},
		{"empty", "=\n\n", "", nil},
		{"crlf and blank lines before", "\r\n\n=  spaced \r\n\r\n", "spaced", nil},
		{"multi-line", "=\nline 1\n  line 2\n\n", "\nline 1\n  line 2", nil},
		{"ends at the end of output", "= last", "last", nil},
		{"garbage", "hello\n\n", "", ErrProtocol},
		{"nothing", "", "", ErrExited},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := script(t, 0, tc.answer)
			got, err := c.Do(ctxFor(t, 5*time.Second), "name")
			if tc.is != nil {
				require.ErrorIs(t, err, tc.is)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestClientRefusesBadCommands(t *testing.T) {
	c := script(t, 0)
	_, err := c.Do(context.Background(), "play 1\nquit")
	require.ErrorContains(t, err, "a command is one line")
	err = c.NewGame(context.Background(), "kalah", map[string]string{"houses": "1 2"})
	require.ErrorContains(t, err, "cannot be sent as one word")
}

func TestClientDeadlineAndLateReply(t *testing.T) {
	c := script(t, 300*time.Millisecond, "= slow\n\n", "= second\n\n")
	start := time.Now()
	_, err := c.GenMove(ctxFor(t, 50*time.Millisecond))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), 250*time.Millisecond, "the deadline ends the wait")
	// The late "slow" is dropped: the next command gets its own reply.
	got, err := c.Name(ctxFor(t, 5*time.Second))
	require.NoError(t, err)
	require.Equal(t, "second", got)
}

func TestClientAfterClose(t *testing.T) {
	c := connectServe(t, Config{})
	require.NoError(t, c.Close())
	require.NoError(t, c.Close(), "twice is fine")
	_, err := c.Name(context.Background())
	require.ErrorIs(t, err, ErrClosed)
}

// startFake starts the test binary as a fake engine (see fakeEngine).
func startFake(t *testing.T, mode string, env ...string) *Client {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	t.Setenv(fakeEnv, mode)
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	c, err := StartArgs([]string{exe, "-test.run=^$"})
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

func TestProcessServe(t *testing.T) {
	c := startFake(t, "serve")
	ctx := ctxFor(t, 10*time.Second)
	require.NoError(t, c.NewGame(ctx, "angels", map[string]string{"size": "7"}))
	move, err := c.GenMove(ctx)
	require.NoError(t, err)
	require.Regexp(t, `^\d,\d$`, move)
	require.NoError(t, c.Close())
	_, err = c.Name(ctx)
	require.ErrorIs(t, err, ErrClosed)
}

func TestProcessCrashIsAnError(t *testing.T) {
	c := startFake(t, "crash")
	ctx := ctxFor(t, 10*time.Second)
	name, err := c.Name(ctx)
	require.NoError(t, err)
	require.Equal(t, "crasher", name)
	_, err = c.GenMove(ctx)
	require.ErrorIs(t, err, ErrExited)
	require.ErrorContains(t, err, "exit status 3")
	require.ErrorContains(t, err, "something went badly wrong")
	_, err = c.Name(ctx)
	require.ErrorIs(t, err, ErrExited, "and stays one")
}

func TestProcessGarbageIsAnError(t *testing.T) {
	c := startFake(t, "garbage")
	_, err := c.Name(ctxFor(t, 10*time.Second))
	require.ErrorIs(t, err, ErrProtocol)
}

func TestProcessSilentEngineTimesOut(t *testing.T) {
	c := startFake(t, "silent")
	_, err := c.GenMove(ctxFor(t, 100*time.Millisecond))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	// It reads quit and its input's end, and exits by itself.
	require.NoError(t, c.Close())
}

func TestProcessStartFailures(t *testing.T) {
	_, err := Start("/no/such/engine --level medium")
	require.ErrorContains(t, err, `starting engine "/no/such/engine"`)
	_, err = Start("  ")
	require.ErrorIs(t, err, ErrBadCommandLine)
	_, err = Start(`python3 "unterminated`)
	require.ErrorIs(t, err, ErrBadCommandLine)
}

// TestClientEngineNotReading: an engine that reads no commands cannot hang
// a command, nor Close.
func TestClientEngineNotReading(t *testing.T) {
	cmdR, cmdW := io.Pipe() // nobody reads cmdR
	repR, repW := io.Pipe()
	c := Connect(repR, cmdW)
	_, err := c.Name(ctxFor(t, 50*time.Millisecond))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.ErrorIs(t, err, ErrWedged)
	_, err = c.Name(ctxFor(t, time.Second))
	require.ErrorIs(t, err, ErrWedged, "a part of a line may have gone: nothing more is sent")
	start := time.Now()
	require.NoError(t, c.Close())
	require.Less(t, time.Since(start), CloseGrace+time.Second)
	repW.Close()
	cmdR.Close()
}
