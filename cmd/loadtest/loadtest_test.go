package main

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/internal/emptydb"
	"boardroom/lobby"
	"boardroom/realtime"
	"boardroom/store"
	"boardroom/web"
	"boardroom/web/templates"
)

// newServer runs the whole app in-process on a loopback port with a fresh
// database, as web's tests do.
func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	st, err := store.OpenSQLite(emptydb.Path(t, "loadtest.db"))
	require.NoError(t, err)
	srv := httptest.NewUnstartedServer(nil)
	hub := realtime.NewHub(realtime.Config{Store: st, Renderer: templates.Renderer{}, BaseURL: "http://" + srv.Listener.Addr().String()})
	pools := &lobby.Pools{Store: st, Ratings: st, Games: st, Rooms: hub, Log: slog.New(slog.DiscardHandler)}
	ctx, stopPools := context.WithCancel(context.Background())
	go pools.Run(ctx)
	srv.Config.Handler = (&web.Server{Hub: hub, Store: st, Log: slog.New(slog.DiscardHandler), Pools: pools}).Handler()
	srv.Start()
	t.Cleanup(func() {
		stopPools()
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hub.Shutdown(ctx)
		st.Close()
	})
	return srv
}

// runLoad runs the tool against srv with args and requires a run without
// errors; it returns the result and the printed summary.
func runLoad(t *testing.T, srv *httptest.Server, args ...string) (*result, string) {
	t.Helper()
	cfg, err := parseFlags(append([]string{"-url", srv.URL}, args...), new(bytes.Buffer))
	require.NoError(t, err)
	var out bytes.Buffer
	res, err := run(t.Context(), cfg, &out)
	require.NoError(t, err)
	t.Log("\n" + out.String())
	require.Zero(t, res.errors, out.String())
	return res, out.String()
}

var lastLine = regexp.MustCompile(`^rooms: (\d+), connections: (\d+), moves/s: (\d+\.\d), p50: (\d+\.\d\d) ms, p99: (\d+\.\d\d) ms, errors: (\d+)$`)

// TestLoadEveryGame plays 3 rooms × 2 spectators of each game against the
// real server for a moment: every move must reach everyone, with no error.
func TestLoadEveryGame(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	duration := time.Second
	if testing.Short() {
		duration = 700 * time.Millisecond
	}
	for _, id := range game.IDs() {
		t.Run(id, func(t *testing.T) {
			res, out := runLoad(t, srv, "-rooms", "3", "-spectators", "2", "-duration", duration.String(), "-game", id, "-seed", "7")
			require.Positive(t, res.moves)
			require.Equal(t, 3, res.rooms)
			require.Equal(t, 12, res.conns)
			// every turn reached its receivers: 2 spectators and the opponent (both players at Angels & Demons)
			perTurn := 3
			if id == "demons" {
				perTurn = 4
			}
			require.Equal(t, uint64(res.moves)*uint64(perTurn), res.latency.count())

			lines := strings.Split(strings.TrimSpace(out), "\n")
			m := lastLine.FindStringSubmatch(lines[len(lines)-1])
			require.NotNil(t, m, "last line %q", lines[len(lines)-1])
			require.Equal(t, []string{"3", "12", "0"}, []string{m[1], m[2], m[6]})
		})
	}
}

// TestLoadAllGamesWithRestarts cycles the games over the rooms long enough
// for Angels & Demons games (20 turns) to end and start again.
func TestLoadAllGamesWithRestarts(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays for 6 s")
	}
	srv := newServer(t)
	// An Angels & Demons game takes 20 turns of two choices at 9 messages a
	// second: about 2.5 s, more on a busy machine with the race detector.
	res, _ := runLoad(t, srv, "-rooms", "5", "-spectators", "1", "-duration", "6s", "-game", "all")
	require.Positive(t, res.games, "a game ended and a new one began")
}

// TestLoadWithDroppedConnections cuts connections while every game is
// played (issue 5: reconnect and resume under load): every cut page must
// get the whole current view and its seat back, and play goes on.
func TestLoadWithDroppedConnections(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	duration := "4s"
	if testing.Short() {
		duration = "2s"
	}
	res, out := runLoad(t, srv, "-rooms", "5", "-spectators", "2", "-duration", duration, "-game", "all", "-drop", "15", "-seed", "3")
	require.GreaterOrEqual(t, res.reconnects, int64(5), "connections were cut and came back")
	require.Equal(t, uint64(res.reconnects), res.resume.count(), "every reconnect got its first update")
	require.Positive(t, res.moves)
	require.Contains(t, out, "cut and reconnected:")
}

func TestRefusesRemoteTargets(t *testing.T) {
	for _, tc := range []struct {
		url    string
		remote bool
		ok     bool
	}{
		{"http://127.0.0.1:8080", false, true},
		{"http://localhost:8080/", false, true},
		{"http://[::1]:8080", false, true},
		{"https://127.0.0.2:8443", false, true},
		{"http://example.com:8080", false, false},
		{"http://10.0.0.1:8080", false, false},
		{"http://0.0.0.0:8080", false, false},
		{"http://example.com:8080", true, true},
		{"ftp://127.0.0.1", false, false},
		{"http://127.0.0.1:8080/r/abc", false, false},
		{"127.0.0.1:8080", false, false},
	} {
		_, err := checkTarget(tc.url, tc.remote)
		require.Equal(t, tc.ok, err == nil, "%s (allow remote %v): %v", tc.url, tc.remote, err)
	}
}

func TestBrowserAddrs(t *testing.T) {
	seen := map[string]bool{}
	for n := range 20000 {
		ip := browserAddr(n)
		require.True(t, ip.IsLoopback(), ip.String())
		require.False(t, seen[ip.String()], "%s twice", ip)
		seen[ip.String()] = true
	}
	base, _ := checkTarget("http://127.0.0.1:1", false)
	require.True(t, spreadAddrs(base))
	base, _ = checkTarget("http://[::1]:1", false)
	require.False(t, spreadAddrs(base))
}

func TestProcReaders(t *testing.T) {
	pid := os.Getpid()
	busy := time.Now().Add(30 * time.Millisecond)
	for time.Now().Before(busy) {
	}
	require.Positive(t, procCPU(pid))
	require.Contains(t, procStatus(pid), "VmRSS")
	require.Zero(t, procCPU(-1))
	require.Empty(t, procStatus(-1))
}

func TestFlags(t *testing.T) {
	cfg, err := parseFlags([]string{"-url", "http://127.0.0.1:1", "-rooms", "2", "-spectators", "0", "-duration", "1s", "-game", "all"}, new(bytes.Buffer))
	require.NoError(t, err)
	require.Equal(t, game.IDs(), cfg.games)
	for _, args := range [][]string{
		{"-game", "chess"},
		{"-rooms", "0"},
		{"-rate", "11"},
		{"-duration", "0s"},
		{"-rooms", "5000", "-spectators", "3"}, // over -max-conns
		{"-drop", "-1"},
		{"-watch-rooms", "-1"},
		{"-watch-game", "chess"},
		{"-url", "http://192.0.2.1:8080"},
		{"extra"},
	} {
		_, err := parseFlags(args, new(bytes.Buffer))
		require.Error(t, err, "%q", args)
	}
}

func TestRoomTrack(t *testing.T) {
	tr := newRoomTrack(2, 1)
	t0 := time.Now()
	k := turnKey{0, 1}
	_, _, ok := tr.observe(k, true)
	require.False(t, ok, "an unknown turn")
	tr.sent(k, t0)
	tr.sent(k, t0.Add(-time.Second)) // the earlier of two simultaneous clicks does not count
	sent, first, ok := tr.observe(k, false)
	require.True(t, ok && first)
	require.Equal(t, t0, sent)
	_, first, _ = tr.observe(k, true)
	require.False(t, first)
	require.Equal(t, 1, tr.pending())
	tr.observe(k, true)
	require.Equal(t, 0, tr.pending(), "seen by both receivers")

	tr.sent(turnKey{0, 2}, t0)
	tr.observe(turnKey{0, 2}, true)
	tr.sent(turnKey{0, 3}, t0.Add(time.Minute))
	missing, incomplete := tr.sweep(t0.Add(time.Second))
	require.Equal(t, [2]int{1, 0}, [2]int{missing, incomplete}, "one receiver never saw turn 2")
	require.Equal(t, 1, tr.pending(), "turn 3 is recent")

	sim := newRoomTrack(3, 2)
	sim.sent(k, t0)
	require.Zero(t, sim.pending(), "one player's choice is shown to nobody: not awaited")
	sim.sent(k, t0)
	require.Equal(t, 1, sim.pending(), "both chose: awaited")
	sim.sent(turnKey{0, 2}, t0)
	missing, incomplete = sim.sweep(t0.Add(time.Second))
	require.Equal(t, [2]int{3, 1}, [2]int{missing, incomplete}, "nobody saw turn 1; only one player chose turn 2")
}

func TestLimiter(t *testing.T) {
	lim := newLimiter(50, 5)
	start := time.Now()
	for range 15 {
		require.True(t, lim.wait(t.Context()))
	}
	// 5 at once, then 10 more at 50/s: at least 200 ms.
	require.GreaterOrEqual(t, time.Since(start), 190*time.Millisecond)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	one := newLimiter(1, 1)
	require.True(t, one.wait(ctx), "a token in hand is taken even after ctx ends")
	require.False(t, one.wait(ctx), "an empty bucket gives up when ctx ends")
}

// TestLoadPools: players entering two pools over a moment are all paired,
// two to a room, with the pairing's latency measured.
func TestLoadPools(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	cfg, err := parseFlags([]string{"-url", srv.URL, "-pool-players", "40", "-pool-over", "1s", "-pools", "kalah/fast,amazons/bullet"}, new(bytes.Buffer))
	require.NoError(t, err)
	var out bytes.Buffer
	res, err := runPools(t.Context(), cfg, &out)
	require.NoError(t, err)
	t.Log("\n" + out.String())
	require.Zero(t, res.errors, out.String())
	require.Equal(t, 20, res.rooms)
	require.Equal(t, uint64(40), res.latency.count())
	require.Regexp(t, `players: 40 over 1s, rooms: 20, pairing p50: \d+\.\d\d ms, p99: \d+\.\d\d ms, errors: 0\n$`, out.String())
	_, err = parseFlags([]string{"-pools", "kalah/none"}, new(bytes.Buffer))
	require.Error(t, err, "a pool without a clock")
}
