package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/all"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/roombot/roombottest"
	"boardroom/secret"
	"boardroom/store"
)

// playEngine is the command line of Boardroom's own engine (play engine at
// Beginner), built once for the tests; "" if the build failed.
var playEngine string
var buildErr error

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "bot-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin := filepath.Join(dir, "play")
	if out, err := exec.Command("go", "build", "-o", bin, "../play").CombinedOutput(); err != nil {
		buildErr = fmt.Errorf("go build ../play: %v: %s", err, out)
	} else {
		playEngine = bin + " engine --level beginner"
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// pythonEngine is the command line of the sample Python engine; without
// python3 the test skips, except in CI, where it fails.
func pythonEngine(t *testing.T, seed int) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 is missing (.ci/run installs it)")
		}
		t.Skip("python3 is missing")
	}
	return fmt.Sprintf("python3 ../../examples/engines/random_player.py --seed %d", seed)
}

// result is how one run of the command ended.
type result struct {
	code           int
	stdout, stderr string
}

func runBot(ctx context.Context, args ...string) result {
	var stdout, stderr bytes.Buffer
	code := run(ctx, args, &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

func TestFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"help", []string{"-help"}, 0, "bot -room URL -engine"},
		{"no room", []string{"-engine", "x"}, 2, "-room, -pool, -challenges or -tournament is required"},
		{"a room and a pool", []string{"-room", "http://h/r/x", "-pool", "kalah/fast", "-engine", "x"}, 2, "give -room (one room) or -pool (quick pairing), not both"},
		{"a pool without a token", []string{"-pool", "kalah/fast", "-engine", "x"}, 2, "-pool, -challenges and -tournament need -token"},
		{"challenges without a token", []string{"-challenges", "kalah", "-engine", "x"}, 2, "-pool, -challenges and -tournament need -token"},
		{"an event without a token", []string{"-tournament", "abc", "-engine", "x"}, 2, "-pool, -challenges and -tournament need -token"},
		{"an event and a pool", []string{"-tournament", "abc", "-pool", "kalah/fast", "-token", "t", "-engine", "x"}, 2,
			"-tournament plays the event's games alone"},
		{"an event in a room", []string{"-tournament", "abc", "-room", "http://h/r/x", "-engine", "x"}, 2, "-tournament plays the event's games alone"},
		{"an event with a name", []string{"-tournament", "abc", "-token", "t", "-name", "Bob", "-engine", "x"}, 2, "-token-file and -name are for -room"},
		{"challenges in a room", []string{"-room", "http://h/r/x", "-challenges", "kalah", "-engine", "x"}, 2, "-challenges is for a bot account"},
		{"no games at all", []string{"-challenges", "none", "-token", "t", "-engine", "x"}, 2, "leaves the bot no games"},
		{"bad challenges", []string{"-pool", "kalah/fast", "-challenges", "kalah/fast", "-token", "t", "-engine", "x"}, 2, "give game names"},
		{"a pool with a name", []string{"-pool", "kalah/fast", "-token", "t", "-name", "Bob", "-engine", "x"}, 2, "-token-file and -name are for -room"},
		{"bad games", []string{"-pool", "kalah/fast", "-token", "t", "-games", "-1", "-engine", "x"}, 2, "-games must be 0 (no end) or more"},
		{"no engine", []string{"-room", "http://h/r/x"}, 2, "-engine is required"},
		{"an unquoted engine", []string{"-room", "http://h/r/x", "-engine", "python3", "random_player.py"}, 2,
			`unexpected argument "random_player.py" (quote the engine's command line as one -engine)`},
		{"unknown flag", []string{"-room", "http://h/r/x", "-engine", "x", "-colour", "red"}, 2, "flag provided but not defined: -colour"},
		{"bad time", []string{"-room", "http://h/r/x", "-engine", "x", "-time", "0s"}, 2, "-time must be at least 1ms"},
		{"bad reconnect", []string{"-room", "http://h/r/x", "-engine", "x", "-reconnect", "-1s"}, 2, "-reconnect must be positive"},
		{"no such program", []string{"-room", "http://h/r/x", "-engine", "/nonexistent/engine --fast"}, 1,
			`the engine "/nonexistent/engine --fast" did not start`},
		{"an unbalanced quote", []string{"-room", "http://h/r/x", "-engine", `python3 "my engine`}, 1, "did not start"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runBot(t.Context(), tc.args...)
			require.Equal(t, tc.code, r.code, r.stderr)
			require.Contains(t, r.stdout+r.stderr, tc.want)
		})
	}
}

// TestTwoEnginesPlayEveryGameInARoom: Boardroom's own engine (play engine,
// Beginner) holds the creator's seat of a friend room through its token
// file; the sample Python engine takes the free seat. Both play each game
// to its end over the room's WebSockets; each bot prints the result.
func TestTwoEnginesPlayEveryGameInARoom(t *testing.T) {
	require.NoError(t, buildErr)
	for _, g := range game.All() {
		t.Run(g.ID(), func(t *testing.T) {
			t.Parallel()
			python := pythonEngine(t, 3)
			s := roombottest.New(t)
			creator := secret.New()
			room := s.Create(match.Spec{Game: g.ID()}, creator)
			tokenFile := filepath.Join(t.TempDir(), "token")
			require.NoError(t, os.WriteFile(tokenFile, []byte(creator+"\n"), 0o600))

			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			first := make(chan result, 1)
			go func() {
				first <- runBot(ctx, "-room", room, "-engine", playEngine, "-token-file", tokenFile, "-time", "100ms")
			}()
			second := runBot(ctx, "-room", room, "-engine", python, "-q")
			a := <-first

			rec := s.Room(room)
			require.True(t, rec.Over)
			seats := g.Seats()
			for i, r := range []result{a, second} {
				require.Equal(t, 0, r.code, r.stderr)
				require.True(t, strings.HasSuffix(r.stdout, fmt.Sprintf(" (the engine played %s)\n", seats[i])), r.stdout)
				require.Contains(t, r.stdout, rec.Reason)
			}
			require.Contains(t, a.stderr, "bot: seated as "+seats[0])
			require.Contains(t, a.stderr, "bot: move 1: ")
			require.Empty(t, second.stderr, "-q: only the result")
			require.Equal(t, "Boardroom beginner", rec.Seats[0].Engine)
			require.Equal(t, "Random player (Python)", rec.Seats[1].Engine)
			require.Equal(t, vocab.Human, rec.Seats[1].Kind, "held by the bot's token, as a person's seat")
		})
	}
}

// TestNoFreeSeat: a room that plays the computer has no seat for the bot;
// it says so and exits 1.
func TestNoFreeSeat(t *testing.T) {
	t.Parallel()
	require.NoError(t, buildErr)
	s := roombottest.New(t)
	room := s.Create(match.Spec{Game: "kalah", Mode: vocab.Computer, Name: "Carol"}, secret.New())
	r := runBot(t.Context(), "-room", room, "-engine", playEngine)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "bot: the room has no free seat: P1: Carol, P2: Computer · Beginner")
	require.Empty(t, r.stdout)
}

// TestStoppedBeforeTheEnd: a bot stopped (SIGINT) while seated says so and
// exits 1.
func TestStoppedBeforeTheEnd(t *testing.T) {
	t.Parallel()
	require.NoError(t, buildErr)
	s := roombottest.New(t)
	room := s.Create(match.Spec{Game: "kalah", Name: "Dora"}, secret.New())
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan result, 1)
	go func() { done <- runBot(ctx, "-room", room, "-engine", playEngine) }()
	require.Eventually(t, func() bool { return s.Room(room).Seats[1].Engine == "Boardroom beginner" }, 10*time.Second, 10*time.Millisecond)
	cancel()
	r := <-done
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "bot: stopped before the game ended")
}

// TestBotsPlayQuickPairing: two bot accounts, each run by the command
// with its token and -pool, meet each other in the pool, play their games
// under their accounts' names (marked BOT, rated), go back to the pool
// after each, and stop after -games; each prints a line per game.
func TestBotsPlayQuickPairing(t *testing.T) {
	t.Parallel()
	require.NoError(t, buildErr)
	s := roombottest.New(t)
	tokens := []string{s.Bot("Alpha"), s.Bot("Beta")}
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	done := make(chan result, 2)
	for _, token := range tokens {
		go func() {
			done <- runBot(ctx, "-server", s.URL(), "-token", token, "-pool", "kalah/fast", "-engine", playEngine, "-games", "2")
		}()
	}
	var rooms []string
	for range tokens {
		r := <-done
		require.Equal(t, 0, r.code, r.stderr)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		require.Len(t, lines, 2, r.stdout)
		for _, line := range lines {
			room, text, ok := strings.Cut(line, ": ")
			require.True(t, ok, line)
			require.True(t, strings.HasPrefix(room, s.URL()+"/r/"), line)
			require.Contains(t, text, "(the engine played ")
			rooms = append(rooms, room)
		}
		require.Contains(t, r.stderr, "bot: paired: ")
		require.Contains(t, r.stderr, "bot: 2 games: ")
	}
	require.ElementsMatch(t, rooms[:2], rooms[2:], "the two bots played each other")
	for _, room := range rooms[:2] {
		rec := s.Room(room)
		require.True(t, rec.Over)
		require.True(t, rec.Rated, "bots' games are rated")
		require.NotNil(t, rec.RatingChanges, "and were rated")
		names := []string{rec.Seats[0].Account, rec.Seats[1].Account}
		require.ElementsMatch(t, []string{"Alpha", "Beta"}, names)
		for _, seat := range rec.Seats {
			require.True(t, seat.BotAccount)
			require.Empty(t, seat.Engine, "the seat shows the account, not the engine")
		}
	}
	got, err := s.Store.CurrentRatings(t.Context(), "kalah", vocab.FastClock, []string{"Alpha", "Beta"})
	require.NoError(t, err)
	require.Equal(t, 2, got["Alpha"].Games)
	require.Equal(t, 2, got["Beta"].Games)
}

// TestBotPoolRefusals: a token the server does not know, or a pool it
// has not got, stops the bot with a message and exit 1; interrupted while
// it waits, the bot ends normally.
func TestBotPoolRefusals(t *testing.T) {
	t.Parallel()
	require.NoError(t, buildErr)
	s := roombottest.New(t)
	token := s.Bot("Gamma")
	for _, tc := range []struct{ name, token, pool, want string }{
		{"unknown token", "boardroom_bot_nope", "kalah/fast", "bot: the server does not know the bot's token: This token is not a bot's"},
		{"no such pool", token, "chess/fast", "bot: the server refused the connection: 400 Bad Request: Bad pool"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runBot(t.Context(), "-server", s.URL(), "-token", tc.token, "-pool", tc.pool, "-engine", playEngine)
			require.Equal(t, 1, r.code, r.stderr)
			require.Contains(t, r.stderr, tc.want)
			require.Empty(t, r.stdout)
		})
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan result, 1)
	go func() {
		done <- runBot(ctx, "-server", s.URL(), "-pool", "kalah/slow", "-engine", playEngine, "-token", token)
	}()
	require.Eventually(t, func() bool {
		names, err := s.Store.PoolNames(t.Context())
		return err == nil && len(names) == 1
	}, 10*time.Second, 10*time.Millisecond, "the bot waits")
	cancel()
	r := <-done
	require.Equal(t, 0, r.code, r.stderr)
	require.Empty(t, r.stdout, "no game")
}

// TestBotAccountInARoom: with -room and a bot account's -token, the bot
// takes a friend room's free seat under its account's name, marked BOT
// (the way a challenge's room would be played), against an engine
// holding the creator's seat.
func TestBotAccountInARoom(t *testing.T) {
	t.Parallel()
	require.NoError(t, buildErr)
	s := roombottest.New(t)
	token := s.Bot("Delta")
	creator := secret.New()
	room := s.Create(match.Spec{Game: "kalah"}, creator)
	tokenFile := filepath.Join(t.TempDir(), "token")
	require.NoError(t, os.WriteFile(tokenFile, []byte(creator+"\n"), 0o600))
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	first := make(chan result, 1)
	go func() {
		first <- runBot(ctx, "-room", room, "-engine", playEngine, "-token-file", tokenFile, "-time", "100ms")
	}()
	second := runBot(ctx, "-room", room, "-engine", playEngine, "-token", token, "-q")
	require.Equal(t, 0, (<-first).code)
	require.Equal(t, 0, second.code, second.stderr)
	rec := s.Room(room)
	require.True(t, rec.Over)
	require.Equal(t, store.Seat{Kind: vocab.Human, TokenHash: rec.Seats[1].TokenHash, Name: "Delta", Account: "Delta", BotAccount: true}, rec.Seats[1])
	require.Equal(t, "Boardroom beginner", rec.Seats[0].Engine)
}

// TestBotAnswersAChallenge: with -challenges and a bot account's token,
// the bot is online while it waits, accepts a challenge in its game, and
// plays it to the end (against an engine holding the challenger's seat).
func TestBotAnswersAChallenge(t *testing.T) {
	t.Parallel()
	require.NoError(t, buildErr)
	s := roombottest.New(t)
	token := s.Bot("Echo")
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	done := make(chan result, 1)
	go func() {
		done <- runBot(ctx, "-server", s.URL(), "-token", token, "-challenges", "kalah", "-engine", playEngine, "-games", "1", "-time", "100ms")
	}()
	require.Eventually(t, func() bool {
		got, err := s.Store.Online(ctx, []string{"Echo"}, time.Now().Add(-time.Minute))
		return err == nil && got["Echo"]
	}, 10*time.Second, 20*time.Millisecond, "the bot is online, waiting for a challenge")
	// The challenger is an account, and an account's seat answers only to
	// that account signed in: a bot account's program is, by its token.
	bob := s.Bot("Bob")
	id := s.Challenge("Bob", bob, "Echo", "kalah")
	var room string
	require.Eventually(t, func() bool {
		list, err := s.Store.ChallengesOf(ctx, []string{"Echo"}, time.Time{})
		require.NoError(t, err)
		for _, c := range list {
			if c.ID == id && c.Room != "" {
				room = c.Room
			}
		}
		return room != ""
	}, 10*time.Second, 20*time.Millisecond, "the bot accepts")
	challenger := runBot(ctx, "-room", s.URL()+"/r/"+room, "-engine", playEngine, "-token", bob, "-time", "100ms", "-q")
	require.Equal(t, 0, challenger.code, challenger.stderr)
	r := <-done
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, s.URL()+"/r/"+room+": ")
	rec := s.Room(s.URL() + "/r/" + room)
	require.True(t, rec.Over)
	var seated bool
	for _, seat := range rec.Seats {
		seated = seated || (seat.Account == "Echo" && seat.BotAccount)
	}
	require.True(t, seated)
}
