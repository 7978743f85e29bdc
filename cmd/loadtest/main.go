// Command loadtest plays many online rooms against a running Boardroom
// server, as real pages do, and measures how fast every move reaches the
// opponent and the spectators.
//
//	go run ./cmd/loadtest -url http://127.0.0.1:8080 -rooms 50 -spectators 3 -duration 30s [-game kalah|all|...]
//	go run ./cmd/loadtest -rooms 1 -spectators 0 -think 500ms -watch-rooms 100 -watch-level difficult -watch-pace fast
//	go run ./cmd/loadtest -pool-players 1000 -pool-over 1m -pools kalah/fast,kalah/bullet,amazons/fast
//
// Each room is created through the lobby form (friend mode, no clock, the
// creator first) by its own simulated browser (cookie jar); a second browser
// opens the room page, connects its WebSocket and sends {"action":"join"};
// S more browsers open the page and watch. Every connection sends the
// page's Origin and its seat cookie and reads every update. The players
// play random legal moves as the page sends them, as soon as it is their
// turn: a move of one click as {"cell":"R,C"}, a longer one whole as
// {"path":"R,C R,C ..."} (the page builds it by itself, pick.js), at most -rate messages a second (the server
// allows 10). When a game ends the first player proposes a new game
// ({"action":"new"}) and the second accepts ({"action":"takeback-accept"}),
// so the rooms, connections and load stay steady.
//
// Latency: for every turn, from the moment the click completing it is
// written (on a simultaneous turn the later of the two
// players' clicks) to the moment the update containing it is read by each
// receiver: the opponent (both players on a simultaneous turn) and every
// spectator. The mover's own update is reported separately.
//
// Errors counted: failed setups (HTTP or WebSocket), unexpected closes,
// failed writes, error toasts ([data-testid=error]) in any update, turns
// not seen by a receiver within -timeout, and any disagreement between the
// server's move list or game-over and the client's own game (boardroom/game).
// The run is bounded: -rooms × (2 + -spectators) connections at most
// -max-conns, setup at most -setup-timeout, play -duration, then at most
// -timeout for the last turns to arrive. Only the -url is contacted, and
// it must be this machine's unless -allow-remote. With a 127.x.y.z target
// every simulated browser connects from its own loopback address, as
// separate users would, so the server's per-address limits apply per
// browser (-one-addr turns this off).
//
// Several -url (the nodes of a cluster, repeated or comma-separated) share
// the simulated browsers round-robin, and the report says how many
// connections and rooms each got (targets.go).
//
// -watch-rooms W adds W computer-against-computer rooms (-watch-level,
// -watch-pace, -watch-game), each watched by its creator's page, which
// reads every update, counts the computer's moves it is shown and starts
// the rematch when a game ends, so that the server's engine stays loaded;
// the friend rooms then time people's moves beside them (-rooms 1
// -spectators 0 -think 500ms: one person's moves in another room). With
// watch rooms the report adds the server's engine figures from /metrics at
// the addresses given with -metrics (cmd/web -metrics-addr): workers, busy,
// queue, jobs by outcome, time waited.
//
// The last line of the output is
//
//	rooms: R, connections: C, moves/s: M, p50: X ms, p99: Y ms, errors: E
//
// where C counts the WebSocket connections opened, M the turns completed
// per second of play, p50 and p99 the receiver latencies. The exit status
// is 0 without errors, 3 with errors, 1 or 2 if the run could not start.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"boardroom/game"
	_ "boardroom/game/all" // every game in the registry
	"boardroom/pairing"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		if err == flag.ErrHelp {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(2)
	}
	if cfg.cpuProfile != "" {
		// The load tool shares the machine with a local server: its own
		// cost is part of what a measurement sees.
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadtest:", err)
			os.Exit(2)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "loadtest:", err)
			os.Exit(2)
		}
	}
	runLoad := run
	if cfg.poolPlayers > 0 {
		runLoad = runPools
	}
	res, err := runLoad(ctx, cfg, os.Stdout)
	pprof.StopCPUProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	if res.errors > 0 {
		os.Exit(3)
	}
}

// config is the parsed command line.
type config struct {
	targets     []string // the servers' base URLs (-url, several for the nodes of a cluster)
	metrics     []string // the servers' metrics addresses (-metrics), for the engine's figures
	allowRemote bool
	rooms       int
	spectators  int
	duration    time.Duration
	games       []string
	think       time.Duration
	rate        float64
	timeout     time.Duration
	setupTime   time.Duration
	parallel    int
	maxConns    int
	seed        uint64
	serverPID   int
	oneAddr     bool
	drop        float64
	watchRooms  int
	watchLevel  string
	watchPace   string
	watchGames  []string
	cpuProfile  string
	// Quick pairing's load (pools.go): players entering the pools over a
	// time, instead of the rooms.
	poolPlayers int
	poolOver    time.Duration
	pools       []string
}

func parseFlags(args []string, errOut io.Writer) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.Var((*urlList)(&cfg.targets), "url", "the server's base URL (a loopback address unless -allow-remote); several (repeated or comma-separated) share the connections and rooms round-robin (default "+defaultTarget+")")
	fs.Var((*urlList)(&cfg.metrics), "metrics", "the servers' metrics base URLs (cmd/web -metrics-addr), whose engine figures the report adds after a run with -watch-rooms (default: none)")
	fs.BoolVar(&cfg.allowRemote, "allow-remote", false, "allow a -url that is not on this machine")
	fs.IntVar(&cfg.rooms, "rooms", 10, "online rooms to create and play")
	fs.IntVar(&cfg.spectators, "spectators", 3, "spectators per room")
	fs.DurationVar(&cfg.duration, "duration", 30*time.Second, "how long to play once every room is set up")
	gameID := fs.String("game", "kalah", "game to play: "+strings.Join(game.IDs(), ", ")+", or all (cycled over the rooms)")
	fs.DurationVar(&cfg.think, "think", 0, "mean thinking time before each move (uniform from half to 1.5 times); 0 plays at once")
	fs.Float64Var(&cfg.rate, "rate", 9, "most messages a second per player (the server allows 10, burst 20)")
	fs.DurationVar(&cfg.timeout, "timeout", 10*time.Second, "a move not seen by a receiver within this time is an error")
	fs.DurationVar(&cfg.setupTime, "setup-timeout", 3*time.Minute, "longest time to create and join every room")
	fs.IntVar(&cfg.parallel, "parallel", 8, "rooms set up at the same time")
	fs.IntVar(&cfg.maxConns, "max-conns", 12000, "refuse to open more WebSocket connections than this")
	fs.Uint64Var(&cfg.seed, "seed", uint64(time.Now().UnixNano()), "random seed of the players' moves")
	fs.BoolVar(&cfg.oneAddr, "one-addr", false, "connect every browser from the same address (the server's per-address limits then apply to the whole run)")
	fs.Float64Var(&cfg.drop, "drop", 0, "connections cut a second while playing, each reconnecting as the page does (0: none)")
	fs.IntVar(&cfg.watchRooms, "watch-rooms", 0, "computer-against-computer rooms to create as well, each watched by one page")
	fs.StringVar(&cfg.watchLevel, "watch-level", "difficult", "the computer's level in the watch rooms (beginner, medium, difficult)")
	fs.StringVar(&cfg.watchPace, "watch-pace", "fast", "the watch rooms' pace (fast, normal, slow)")
	watchGame := fs.String("watch-game", "all", "the watch rooms' game, or all (cycled over them)")
	fs.IntVar(&cfg.serverPID, "server-pid", 0, "a local server process whose memory and CPU time (/proc/PID) to report")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write the load tool's own CPU profile to this file")
	fs.IntVar(&cfg.poolPlayers, "pool-players", 0, "instead of rooms: players entering quick pairing's pools, each from its own browser")
	fs.DurationVar(&cfg.poolOver, "pool-over", time.Minute, "the time over which the -pool-players enter, evenly")
	pools := fs.String("pools", "kalah/fast", "the pools the -pool-players enter, comma-separated (round-robin)")
	fs.Usage = func() {
		fmt.Fprintln(errOut, "usage: loadtest -url http://HOST:PORT[,...] -rooms R -spectators S -duration D [-game G] [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if _, err := checkTargets(cfg.targets, cfg.allowRemote); err != nil {
		return cfg, err
	}
	if _, err := checkTargets(cfg.metrics, cfg.allowRemote); err != nil {
		return cfg, fmt.Errorf("-metrics: %w", err)
	}
	if len(cfg.targets) == 0 {
		cfg.targets = []string{defaultTarget}
	}
	switch {
	case cfg.rooms < 1 || cfg.spectators < 0:
		return cfg, fmt.Errorf("-rooms must be at least 1 and -spectators at least 0")
	case cfg.duration <= 0 || cfg.duration > 24*time.Hour:
		return cfg, fmt.Errorf("-duration must be positive and at most 24h")
	case cfg.rate <= 0 || cfg.rate > 10:
		return cfg, fmt.Errorf("-rate must be above 0 and at most 10 (the server's limit)")
	case cfg.timeout <= 0 || cfg.setupTime <= 0 || cfg.parallel < 1 || cfg.think < 0 || cfg.drop < 0 || cfg.drop > 1000:
		return cfg, fmt.Errorf("-timeout, -setup-timeout and -parallel must be positive, -think not negative, -drop from 0 to 1000")
	case cfg.watchRooms < 0:
		return cfg, fmt.Errorf("-watch-rooms must not be negative")
	case cfg.rooms*(2+cfg.spectators)+cfg.watchRooms > cfg.maxConns:
		return cfg, fmt.Errorf("%d rooms × %d connections and %d watch rooms is more than -max-conns %d",
			cfg.rooms, 2+cfg.spectators, cfg.watchRooms, cfg.maxConns)
	}
	if cfg.poolPlayers < 0 || cfg.poolPlayers > cfg.maxConns || cfg.poolOver <= 0 {
		return cfg, fmt.Errorf("-pool-players must be from 0 to -max-conns, -pool-over positive")
	}
	cfg.pools = strings.Split(*pools, ",")
	for _, p := range cfg.pools {
		if _, err := pairing.ParsePool(p); err != nil {
			return cfg, fmt.Errorf("-pools: %w", err)
		}
	}
	var err error
	if cfg.watchGames, err = watchGameIDs(*watchGame); err != nil {
		return cfg, err
	}
	if *gameID == "all" {
		cfg.games = game.IDs()
	} else {
		if _, err := game.Lookup(*gameID); err != nil {
			return cfg, fmt.Errorf("-game: %w", err)
		}
		cfg.games = []string{*gameID}
	}
	return cfg, nil
}

// cpuPerMove says how much of the server's CPU time each move took, the
// whole of its work for a move with its receivers (issue 15 aims at
// 0.3 ms with two players and three spectators).
func cpuPerMove(cpu time.Duration, moves int64) string {
	if moves <= 0 {
		return ""
	}
	return fmt.Sprintf(", %.3f ms a move", float64(cpu.Microseconds())/1000/float64(moves))
}

// summary writes the report; its last line is the one-line result.
func summary(w io.Writer, cfg config, r *result) {
	fmt.Fprintf(w, "target %s, games %s, %d spectators a room, think %s, rate %.1f/s a player\n",
		strings.Join(cfg.targets, ","), strings.Join(cfg.games, ","), cfg.spectators, cfg.think, cfg.rate)
	for _, line := range targetLines(r.targets) {
		fmt.Fprintln(w, "round-robin:", line)
	}
	if r.spread {
		fmt.Fprintln(w, "every simulated browser connects from its own loopback address (127.1.x.y)")
	}
	fmt.Fprintf(w, "setup: %d of %d rooms, %d connections in %s\n", r.rooms, cfg.rooms, r.conns, r.setup.Round(time.Millisecond))
	fmt.Fprintf(w, "played %s: %d moves (%d games finished), %.1f moves/s\n", r.played.Round(time.Millisecond), r.moves, r.games, r.movesPerSec())
	if cfg.watchRooms > 0 {
		fmt.Fprintf(w, "watch rooms: %d of %d (%s, %s pace, %s), %d computer moves shown, %.1f/s\n", r.watchRooms, cfg.watchRooms,
			cfg.watchLevel, cfg.watchPace, strings.Join(cfg.watchGames, ","), r.watchMoves, float64(r.watchMoves)/max(r.played.Seconds(), 1e-9))
		for _, line := range r.engine {
			fmt.Fprintln(w, "server:", line)
		}
	}
	fmt.Fprintf(w, "latency to receivers, ms (opponent + spectators): %s\n", r.latency.line())
	fmt.Fprintf(w, "latency to the mover's own page, ms:              %s\n", r.ack.line())
	if cfg.drop > 0 {
		fmt.Fprintf(w, "cut and reconnected: %d connections; from the cut to the whole view again, ms: %s\n", r.reconnects, r.resume.line())
	}
	fmt.Fprintf(w, "received %d updates, %.1f MiB, largest %d bytes\n", r.messages, float64(r.bytes)/(1<<20), r.largest)
	if r.cpu > 0 && r.wall > time.Second {
		fmt.Fprintf(w, "load tool CPU: %s (%.0f%% of one core)\n", r.cpu.Round(time.Millisecond), 100*r.cpu.Seconds()/r.wall.Seconds())
	}
	if r.serverMem != "" {
		fmt.Fprintf(w, "server memory: %s\n", r.serverMem)
	}
	if r.serverCPU > 0 {
		fmt.Fprintf(w, "server CPU while playing: %s (%.0f%% of one core)%s\n", r.serverCPU.Round(time.Millisecond),
			100*r.serverCPU.Seconds()/r.played.Seconds(), cpuPerMove(r.serverCPU, r.moves))
	}
	if r.load != "" {
		fmt.Fprintf(w, "load average (1, 5, 15 min) at the end: %s\n", r.load)
	}
	for _, line := range r.errLines {
		fmt.Fprintln(w, "error:", line)
	}
	fmt.Fprintf(w, "rooms: %d, connections: %d, moves/s: %.1f, p50: %s ms, p99: %s ms, errors: %d\n",
		r.rooms, r.conns, r.movesPerSec(), ms(r.latency.percentile(50)), ms(r.latency.percentile(99)), r.errors)
}

// procStatus reads the memory lines of a process's /proc status.
func procStatus(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return ""
	}
	var parts []string
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if ok && (k == "VmRSS" || k == "VmHWM" || k == "Threads") {
			parts = append(parts, k+" "+strings.Join(strings.Fields(v), " "))
		}
	}
	return strings.Join(parts, ", ")
}

// procCPU is the CPU time (user + system) a process has used, from
// /proc/PID/stat; 0 if unknown.
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name (field 2) may hold spaces; fields 14 and 15 follow it.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ is 100 on Linux
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}
