// Command web serves Boardroom: the lobby, the rooms and their WebSockets,
// with every game kept in an embedded SQLite file (or a PostgreSQL
// database: -db postgres://...).
//
//	go run ./cmd/web [-addr :8080] [-db boardroom.db] [-base-url URL] [-origins host,...] [-engine-workers N] [-pprof 127.0.0.1:6060] [-metrics-addr 127.0.0.1:9090]
//	                 [-node NAME] [-log-format text|json] [-trusted-proxies CIDR,...] [-drain-grace 3s] [-version]
//
// SIGINT or SIGTERM shuts it down gracefully: /readyz fails first, for
// -drain-grace if a load balancer watches it, then every room is already
// stored, and open pages are told to reconnect (close code 1012), which
// they do by themselves when the server (or another node) is back.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"boardroom/accounts"
	"boardroom/enginetext/fairystockfish"
	"boardroom/game"
	"boardroom/game/ai/engine"
	_ "boardroom/game/all" // every game in the registry
	"boardroom/inplay"
	"boardroom/lobby"
	"boardroom/notify"
	"boardroom/push"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"boardroom/deadline"
	"boardroom/realtime"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/tournament/director"
	"boardroom/web"
	"boardroom/web/templates"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr, nil); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
}

// run starts the server and blocks until ctx ends. ready, if not nil,
// receives the address it listens on (tests use -addr 127.0.0.1:0).
func run(ctx context.Context, args []string, logOut io.Writer, ready chan<- string) error {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(logOut)
	addr := fs.String("addr", envOr("BOARDROOM_ADDR", ":8080"), "address to listen on")
	dbPath := fs.String("db", envOr("BOARDROOM_DB", "boardroom.db"), "SQLite database file, or a PostgreSQL URL (postgres://user:password@host/db)")
	baseURL := fs.String("base-url", os.Getenv("BOARDROOM_BASE_URL"), "public URL for share links, and whose host passkeys are bound to (default: from the listen address; passkeys then take each request's host)")
	origins := fs.String("origins", "", "comma-separated extra origins allowed to open WebSockets")
	verbose := fs.Bool("v", false, "log every request")
	connsPerAddr := fs.Int("max-conns-per-addr", web.DefaultLimits.ConnsPerAddr, "WebSockets one client address may hold open (0: no limit)")
	httpConnsPerAddr := fs.Int("max-http-conns-per-addr", web.DefaultHTTPConnsPerAddr, "connections of any kind one client address may hold open, counted as they are accepted; trusted proxies are not counted (0: no limit)")
	requestTimeout := fs.Duration("request-timeout", 20*time.Second, "the longest a client may take to send a whole request, headers and body (an open WebSocket is not bound by it)")
	roomsPerMinute := fs.Int("max-rooms-per-minute", web.DefaultLimits.RoomsPerMinute, "rooms one client address may create a minute (0: no limit)")
	ipv6Prefix := fs.Int("ipv6-prefix", web.DefaultIPv6Prefix, "how many leading bits of an IPv6 client's address every per-address limit counts as one client (32 to 128; IPv4 clients are counted by address)")
	poolsPerMinute := fs.Int("max-pools-per-minute", web.DefaultLimits.PoolsPerMinute, "times one client address may enter a quick pairing pool a minute (0: no limit)")
	outside := fs.String("fairy-stockfish", envOr("BOARDROOM_FAIRY_STOCKFISH", outsideAuto), "the house bot Boardroom-Fairy-Stockfish (Amazons), played by Fairy-Stockfish from npm under Node: auto (where node and npm are installed), on, or off")
	houseGames := fs.Int("house-games", lobby.DefaultHouseGames, "house bots' games (the computer's levels as rated bots in quick pairing) in play at once across the site (0: no house bots)")
	botGames := fs.Int("bot-games-per-hour", lobby.DefaultBotGamesPerHour, "games a bot account may begin in an hour, in quick pairing (negative: no limit)")
	workers := fs.Int("engine-workers", engine.DefaultWorkers(), "searches the computer players run at once, each with its own tables (default GOMAXPROCS-1, at least 1)")
	pprofAddr := fs.String("pprof", "", "serve Go profiles (net/http/pprof) on this address, e.g. 127.0.0.1:6060 (default: off)")
	metricsAddr := fs.String("metrics-addr", os.Getenv("BOARDROOM_METRICS_ADDR"), "serve Prometheus metrics at /metrics on this address, e.g. 127.0.0.1:9090, never on -addr (default: off)")
	// Operating several nodes (ops.go): -node, -log-format, -trusted-proxies, -drain-grace, -version.
	ops := addOpsFlags(fs)
	natsURL := fs.String("nats", os.Getenv("BOARDROOM_NATS"), "NATS server connecting the nodes of a cluster (nats://HOST:PORT; needs a PostgreSQL -db)")
	lease := fs.Duration("lease", realtime.DefaultLease, "how long a node owns its rooms without a heartbeat (a cluster on PostgreSQL)")
	pushHostList := fs.String("push-hosts", strings.Join(push.DefaultHosts, ","), "comma-separated push services browsers may subscribe at for notifications (a name, *.domain for every host under it, or host:port); an endpoint elsewhere is refused (empty: none, no subscription is taken)")
	pushContact := fs.String("push-contact", os.Getenv("BOARDROOM_PUSH_CONTACT"), "how push services reach the site's operator, sent with every notification (VAPID's subject): a mailto: or https: URL (default: the -base-url when it is https, else mailto:webmaster@ its host)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if ops.version {
		fmt.Fprintln(stdout, versionText())
		return nil
	}
	proxies, err := ops.check()
	if err != nil {
		return err
	}
	if *ipv6Prefix < 32 || *ipv6Prefix > 128 {
		return fmt.Errorf("-ipv6-prefix must be from 32 to 128, got %d", *ipv6Prefix)
	}
	if *workers < 1 {
		return fmt.Errorf("-engine-workers must be at least 1, got %d", *workers)
	}
	pushHosts, err := push.ParseHosts(*pushHostList)
	if err != nil {
		return fmt.Errorf("-push-hosts: %w", err)
	}
	if pushHosts == nil {
		pushHosts = push.Hosts{} // an empty list allows none (nil would be the default)
	}
	if err := checkContact(*pushContact); err != nil {
		return err
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := ops.logger(logOut, level)
	if len(proxies) > 0 {
		log.Info("trusting proxies", "from", proxies.String())
	}

	private := privateRoutes{}
	if *pprofAddr != "" {
		private.addPprof(*pprofAddr)
	}
	st, err := store.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	// The VAPID pair is made once and kept in the database, so that every
	// node signs alike: the first node to start makes it, the others (even
	// starting at once) read the same.
	pushKeys, err := push.LoadKeys(ctx, st.PushKeys)
	if err != nil {
		return err
	}
	cluster, leaveCluster, err := clusterOf(st, *natsURL, ops.node, *lease, log)
	if err != nil {
		return err
	}
	defer leaveCluster()

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	// Passkeys are bound to the public address when one is given; else to
	// each request's host (web.Server.PublicURL).
	publicURL := *baseURL
	if *baseURL == "" {
		*baseURL = "http://" + displayAddr(ln.Addr().String())
	}
	// Notifications are sent from a queue, never by a room itself: a slow
	// push service holds no game (package notify).
	notifier := notify.New(notify.Config{Store: st, Log: log,
		Sender: push.NewSender(pushKeys, pushHosts, contactOr(*pushContact, *baseURL), nil)})
	defer notifier.Close()
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	metrics := realtime.NewMetrics(reg)
	// Every computer move and hint runs on this one pool: its workers own
	// the search tables, so memory and searches stay bounded whatever the
	// number of rooms.
	pool := engine.New(engine.Config{Workers: *workers, Observe: metrics.EngineJob})
	var fsPlayer *fairystockfish.Player
	if *houseGames > 0 {
		if fsPlayer, err = fairyStockfish(ctx, *outside, log); err != nil {
			return err
		}
		if fsPlayer != nil {
			defer fsPlayer.Close()
		}
	}
	turns := &lobby.Turns{} // the rooms' news of whose move they await, for the header's count (lobby/turns.go)
	hub := realtime.NewHub(realtime.Config{
		Store: st, Renderer: templates.Renderer{}, Log: log, BaseURL: *baseURL, Metrics: metrics, Engine: pool,
		Bots: func(g game.Game, level, algorithm string, seed uint64) (game.Bot, error) {
			if vocab.Level(level) == vocab.FairyStockfish && fsPlayer != nil {
				return fsPlayer.Bot(g)
			}
			return game.PlayersOf(g).New(level, algorithm, seed, 0)
		},
		Hint: func(ctx context.Context, s game.State, p game.Player) (engine.Hinted, error) {
			return pool.Hint(ctx, s, p, match.HintBudget)
		},
		Evaluate: func(s game.State) float64 {
			v, _ := game.PlayersOf(s.Game()).Estimate(s)
			return v
		},
		Cluster:  cluster,
		Turns:    notifier,
		Awaiting: turns,
	})
	if *metricsAddr != "" {
		private.mux(*metricsAddr).Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	}
	if err := private.serve(ctx, log); err != nil {
		return err
	}
	restored, err := hub.Restore(ctx)
	if err != nil {
		return fmt.Errorf("restoring rooms: %w", err)
	}
	front := &web.Server{
		Hub: hub, Store: st, Log: log, Origins: splitList(*origins),
		Limits: &web.Limits{ConnsPerAddr: *connsPerAddr, RoomsPerMinute: *roomsPerMinute, PoolsPerMinute: *poolsPerMinute},
		Node:   ops.node, TrustedProxies: proxies, IPv6Prefix: *ipv6Prefix, SharedLimits: sharedLimits(st, cluster), PublicURL: publicURL,
		Ready:     func(context.Context) error { return hub.ClusterReady() },
		PushHosts: pushHosts, PushKeys: pushKeys,
	}
	var nudges lobby.Nudges // the lobby's news to the other nodes: the cluster's bus
	var signouts signout.Bus
	if cluster != nil {
		nudges, signouts = cluster.Bus, cluster.Bus
	}
	front.Signouts = signout.New(signouts, log) // a session ended closes its sockets on every node
	defer front.Signouts.Close()
	var house *lobby.House // the computer's levels as bots (lobby/house.go)
	if *houseGames > 0 {
		list, err := lobby.HouseBots(ctx, &accounts.Service{Store: st})
		if err != nil {
			log.Error("house bots not all made", "err", err)
		}
		list = withOutside(ctx, list, fsPlayer, st, log)
		house = &lobby.House{Bots: list, Games: *houseGames, Store: st}
	}
	front.Pools = &lobby.Pools{Store: st, Ratings: st, Games: st, Rooms: hub, Log: log, Bots: st, BotGamesPerHour: *botGames,
		House: house, Nudges: nudges, Links: st}
	// The lobby's loops write to the store until they stop (the site
	// clears this node's presence on its way out): the store closes only
	// after they have returned.
	loopsCtx, stopLoops := context.WithCancel(ctx)
	var lobbyLoops sync.WaitGroup
	defer lobbyLoops.Wait()
	defer stopLoops() // first: a return before ctx ends (the server failed) stops them too
	lobbyLoops.Go(func() { front.Pools.Run(loopsCtx) })
	front.Site = &lobby.Site{Presence: st, Challenges: st, Rooms: hub, Node: ops.node, Log: log, House: house, Nudges: nudges,
		Links: st, Turns: turns,
		AwaitingRooms: func(ctx context.Context, account string) ([]string, error) { return inplay.Awaiting(ctx, st, account) }}
	lobbyLoops.Go(func() { front.Site.Run(loopsCtx) })
	// Events (arenas): every node's director runs those whose lease it
	// holds (one node each); its name is this process's. The events'
	// pages nudge it.
	front.Events = &director.Director{Store: st, Rooms: hub, Node: ops.node + "-" + secret.Text(8), Log: log, Games: game.All}
	if *requestTimeout <= 0 {
		return fmt.Errorf("-request-timeout must be positive, got %v", *requestTimeout)
	}
	srv := &http.Server{
		Handler: front.Handler(),
		// A request's headers and body must arrive within ReadTimeout: a
		// body sent a byte every 30 s held its connection for ever. The
		// HTTP server clears the deadline when a WebSocket takes the
		// connection over.
		ReadHeaderTimeout: min(10*time.Second, *requestTimeout),
		ReadTimeout:       *requestTimeout,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.Info("serving", "addr", ln.Addr().String(), "url", *baseURL, "db", store.Redact(*dbPath), "rooms_restored", restored,
		"engine_workers", *workers)
	if ready != nil {
		ready <- ln.Addr().String()
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(web.LimitListener(ln, *httpConnsPerAddr, proxies, *ipv6Prefix)) }()
	go cleanIdleRooms(ctx, hub, log)
	go markSeen(ctx, hub, log)
	// Correspondence games end on time while nobody has them open: each
	// node looks (the room's lease makes one node end each game).
	// Its alarm at 80% of a mover's time is a push to their devices.
	keeper := &deadline.Keeper{Store: st, Log: log, Alarm: notifier, Load: func(ctx context.Context, id string) error {
		_, err := hub.Room(ctx, id)
		return err
	}}
	go keeper.Run(ctx)
	go front.Events.Run(ctx)

	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}
	ops.drain(front, log)
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	// In a cluster the rooms go to the other nodes before the pages here
	// are closed: those pages reconnect to a node that runs the room.
	if err := hub.Drain(shutdownCtx); err != nil {
		log.Error("handing rooms over", "err", err)
	}
	if err := srv.Shutdown(shutdownCtx); err != nil {
		log.Error("http shutdown", "err", err)
	}
	if err := hub.Shutdown(shutdownCtx); err != nil {
		log.Error("rooms shutdown", "err", err)
	}
	if err := <-serveErr; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

// markSeen records every minute which rooms have a page open, for the
// lobby to list them (web.liveFor: ten minutes after the last page or
// change).
func markSeen(ctx context.Context, hub *realtime.Hub, log *slog.Logger) {
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
		case <-ctx.Done():
			return
		}
		if err := hub.MarkSeen(ctx); err != nil && ctx.Err() == nil {
			log.Warn("marking the rooms seen", "err", err)
		}
	}
}

// cleanIdleRooms deletes, every hour, rooms that were created but never
// played in a day.
func cleanIdleRooms(ctx context.Context, hub *realtime.Hub, log *slog.Logger) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		if _, err := hub.CleanIdle(ctx, 24*time.Hour); err != nil && ctx.Err() == nil {
			log.Error("cleaning idle rooms", "err", err)
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return
		}
	}
}

// displayAddr turns a listen address into one a browser can open.
func displayAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if host == "" || host == "::" || host == "0.0.0.0" {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
