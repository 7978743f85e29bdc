package realtime

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"boardroom/game"
	"boardroom/game/ai/engine"
	"boardroom/realtime/cluster"
	"boardroom/realtime/match"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
)

// ErrNoRoom is returned for a room id that does not exist.
var ErrNoRoom = errors.New("no such room")

// Config holds a Hub's collaborators and knobs.
type Config struct {
	Store    store.Store
	Renderer match.Renderer
	Bots     match.BotMaker
	// Engine runs the computer's moves as jobs on the server's bounded
	// pool of search workers (nil: a pool of engine.DefaultWorkers for
	// this hub). Hint should run on the same pool (engine.Pool.Hint).
	Engine *engine.Pool
	// MoveBudget is a computer move's deadline, waiting for a worker and
	// thinking together (0: the engine's default, ai.DefaultBudget).
	MoveBudget time.Duration
	Log        *slog.Logger
	// BaseURL prefixes share links ("http://localhost:8080").
	BaseURL string
	// BotDelay is the least time a computer takes per move against a human
	// (default 300 ms), WatchDelay between moves of computer against
	// computer when the room has no pace (default 800 ms), so that people
	// can follow.
	BotDelay, WatchDelay time.Duration
	// ReplayStep is the pace of replay auto-play (default 800 ms).
	ReplayStep time.Duration
	// IdleUnload is how long a room with no connection stays in memory
	// (default 10 minutes); SleepAfter a correspondence room's (default
	// 30 seconds: match.Knobs).
	IdleUnload, SleepAfter time.Duration
	// UnwatchedPause is how long computer against computer plays on with
	// nobody watching before it pauses until someone looks (default 1
	// minute).
	UnwatchedPause time.Duration
	// ContactPause bounds how long a player's clock stands still while
	// the room cannot hear the node holding their page (default
	// ContactPauseMax).
	ContactPause time.Duration
	// Paces overrides the delays of the computer-against-computer paces
	// (tests shorten them); a pace missing here has its own Delay.
	Paces map[vocab.Pace]time.Duration
	// Periods overrides the move clocks' time per move (tests shorten
	// them); a clock missing here has its own Period.
	Periods map[vocab.Clock]time.Duration
	// Turns tells a player of a correspondence game, with no page of the
	// room open, that it is their move (nil: nobody is told).
	Turns match.TurnNotifier
	// Awaiting hears which accounts' games awaiting their move changed,
	// for the header's count on their pages (nil: nobody is told).
	Awaiting match.AwaitingNotifier
	// Hint finds a good move for a player who asks (nil: no hints).
	Hint func(ctx context.Context, s game.State, p game.Player) (engine.Hinted, error)
	// Evaluate scores a position from the first seat's view, for the
	// replay's evaluation graph (nil: no graph).
	Evaluate func(s game.State) float64
	// FirstMoveWait and ClaimWait override the rooms' waits (tests);
	// zero means the constants of the same names.
	FirstMoveWait, ClaimWait time.Duration
	// Metrics records the rooms' activity; nil records nothing.
	Metrics *Metrics
	// Clock is the time and the game timers (nil: SystemClock; tests
	// drive a fake one).
	Clock match.Clock
	// Cluster makes the hub one node of several sharing the store (nil:
	// this process runs every room; cluster.go).
	Cluster *Cluster

	// unloading is deps.Unloading (tests).
	unloading func()
	// messagesPerSecond overrides a page's message allowance (socket.Limits'
	// PerSecond; 0: its default): the benchmarks play faster than people.
	messagesPerSecond float64
}

// Hub is the registry of live rooms. It starts a room's goroutine when the
// room is created or first visited, and stops it when the room goes idle.
type Hub struct {
	// deps are what every room is made with.
	deps  match.Deps
	ctx   context.Context
	stop  context.CancelFunc
	wg    sync.WaitGroup
	mu    sync.Mutex
	rooms map[string]*match.Room
	// loads are the rooms being loaded (load.go).
	loads map[string]*loading
	// node is the hub's part in a cluster; nil when it runs alone.
	node *cluster.Node
	// metrics are the server's (nil: none).
	metrics *Metrics
	// messagesPerSecond is Config.messagesPerSecond.
	messagesPerSecond float64
	// busID tells this hub's messages on the bus from the other nodes'
	// (vacation.go).
	busID string
}

// NewHub returns a hub; call Restore to bring back unfinished rooms.
func NewHub(cfg Config) *Hub {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Bots == nil {
		cfg.Bots = match.BeginnerBots
	}
	if cfg.Clock == nil {
		cfg.Clock = match.SystemClock{}
	}
	if cfg.Engine == nil {
		cfg.Engine = engine.New(engine.Config{Observe: cfg.Metrics.EngineJob})
	}
	cfg.Metrics.watchEngine(cfg.Engine)
	ctx, stop := context.WithCancel(context.Background())
	h := &Hub{ctx: ctx, stop: stop, rooms: map[string]*match.Room{}, loads: map[string]*loading{}, metrics: cfg.Metrics,
		messagesPerSecond: cfg.messagesPerSecond, busID: secret.New()}
	var metrics match.Observer
	if cfg.Metrics != nil {
		metrics = cfg.Metrics
	}
	h.deps = match.Deps{
		Store: cfg.Store, Render: cfg.Renderer, Bots: cfg.Bots, Engine: cfg.Engine, Hint: cfg.Hint, Evaluate: cfg.Evaluate,
		Clock: cfg.Clock, Log: cfg.Log, Metrics: metrics, BaseURL: cfg.BaseURL, Ctx: ctx, Leave: h.forget, Unloading: cfg.unloading,
		Turns: cfg.Turns, Awaiting: cfg.Awaiting, Knobs: match.Knobs{
			BotDelay: cfg.BotDelay, WatchDelay: cfg.WatchDelay, MoveBudget: cfg.MoveBudget, ReplayStep: cfg.ReplayStep,
			IdleUnload: cfg.IdleUnload, SleepAfter: cfg.SleepAfter, UnwatchedPause: cfg.UnwatchedPause, ContactPause: cfg.ContactPause,
			FirstMoveWait: cfg.FirstMoveWait, ClaimWait: cfg.ClaimWait, Paces: cfg.Paces, Periods: cfg.Periods,
		},
	}
	if cfg.Cluster != nil {
		h.node = cluster.New(*cfg.Cluster, h, h.deps)
	}
	return h
}

// Create checks a spec, stores a new room with the creator (holding
// token) seated, starts it and returns its id.
func (h *Hub) Create(ctx context.Context, spec match.Spec, token string) (string, error) {
	rec, err := match.NewRecord(spec, token, h.deps.Clock.Now())
	if err != nil {
		return "", err
	}
	// The room is made before it is stored, so that a choice the computer
	// refuses (an algorithm the game has not) stores nothing.
	var fence *store.Fence
	if h.node != nil {
		session, live := h.node.Current()
		if !live || h.node.Draining() {
			return "", errors.New("this server is not taking new rooms at the moment; try again")
		}
		fence = &store.Fence{Session: session, Epoch: 1} // a new room's first owner
	}
	r, err := h.made(fence, func(d match.Deps) (*match.Room, error) { return match.New(rec, d) })
	if err != nil {
		return "", fmt.Errorf("%w: %w", match.ErrBadRequest, err)
	}
	if err := r.Store().CreateRoom(ctx, rec); err != nil {
		return "", err
	}
	if _, err := h.launch(r); err != nil {
		return "", err
	}
	h.deps.Log.Info("room created", "room", rec.ID, "game", rec.Game, "mode", rec.Mode, "clock", rec.Clock)
	return rec.ID, nil
}

// NewRoomContext returns ctx as a write that stores rooms made on this
// node (not through Create: a pairing's) must carry: in a cluster, the
// fence of a new room's first owner, this node's session at epoch 1. It
// fails when the node takes no new rooms (draining, or its lease lost).
func (h *Hub) NewRoomContext(ctx context.Context) (context.Context, error) {
	if h.node == nil {
		return ctx, nil
	}
	session, live := h.node.Current()
	if !live || h.node.Draining() {
		return nil, errors.New("this server is not taking new rooms at the moment; try again")
	}
	return store.WithFence(ctx, store.Fence{Session: session, Epoch: 1}), nil
}

// RunNew runs the room of a record this node stored under
// NewRoomContext's fence. A node that dies before leaves the room to the
// others, as the room of a dead owner.
func (h *Hub) RunNew(ctx context.Context, rec *store.Room) error {
	var fence *store.Fence
	if fctx, err := h.NewRoomContext(ctx); err != nil {
		return err
	} else if f, ok := store.FenceFrom(fctx); ok {
		fence = &f
	}
	r, err := h.made(fence, func(d match.Deps) (*match.Room, error) { return match.New(rec, d) })
	if err != nil {
		return err
	}
	if _, err := h.launch(r); err != nil {
		return err
	}
	h.deps.Log.Info("room created", "room", rec.ID, "game", rec.Game, "mode", rec.Mode, "clock", rec.Clock, "rated", rec.Rated)
	return nil
}

// Snapshot returns the page of room id as w would see it now.
func (h *Hub) Snapshot(ctx context.Context, id string, w match.Who) (*view.Page, error) {
	var p *view.Page
	_, err := h.ask(ctx, id, func(r *match.Room) (err error) {
		p, err = r.Snapshot(ctx, w)
		return err
	})
	return p, err
}

// connect opens connection c in room id, and returns the room once it has
// taken the connection.
func (h *Hub) connect(ctx context.Context, id string, c *match.Conn) (*match.Room, error) {
	return h.ask(ctx, id, func(r *match.Room) error { return r.Open(ctx, c) })
}

// ask runs f on room id, and once more on the room loaded again if the one
// found had stopped meanwhile (it went idle): a stopping room leaves the
// registry before it stops taking events, so the next look-up does not
// find it. It returns the room that f succeeded on.
func (h *Hub) ask(ctx context.Context, id string, f func(*match.Room) error) (*match.Room, error) {
	for attempt := 1; ; attempt++ {
		r, err := h.Room(ctx, id)
		if err != nil {
			return nil, err
		}
		err = f(r)
		if err == nil || !errors.Is(err, match.ErrStopped) || attempt == askAttempts {
			return r, err
		}
	}
}

// askAttempts bounds the rooms ask tries: a room loaded again does not
// stop again at once unless the server is stopping.
const askAttempts = 3

// Restore starts the unfinished rooms in the store, so that their clocks
// and computer players run again after a restart: all but correspondence
// games between people (store.Restorable), which sleep until a page, a
// move or their deadline wakes them, so that a start does not load the
// thousands of games that go on across days.
func (h *Hub) Restore(ctx context.Context) (int, error) {
	if h.node != nil {
		return h.joinCluster(ctx)
	}
	ids, err := h.deps.Store.Restorable(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if _, err := h.Room(ctx, id); err != nil {
			h.deps.Log.Error("room not restored", "room", id, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

// launch runs a room made by newRoom, unless another caller started the
// same room first (then that one is returned).
func (h *Hub) launch(r *match.Room) (*match.Room, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if running, ok := h.rooms[r.ID()]; ok {
		return running, nil
	}
	if h.ctx.Err() != nil {
		return nil, errors.New("the server is shutting down")
	}
	if h.node != nil {
		if err := h.node.Serve(r); err != nil {
			return nil, err
		}
	}
	h.rooms[r.ID()] = r
	h.metrics.roomStarted(1)
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		defer h.metrics.roomStarted(-1)
		why := r.Run(h.ctx)
		if h.node != nil && why == match.StopIdle {
			// Unloaded: any node may take it when someone comes back.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := h.node.Release(ctx, r); err != nil {
				h.deps.Log.Warn("room not released", "room", r.ID(), "err", err)
			}
		}
	}()
	return r, nil
}

// forget takes a stopping room out of the registry (deps.Leave).
func (h *Hub) forget(r *match.Room) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.rooms[r.ID()] == r {
		delete(h.rooms, r.ID())
	}
}

// CleanIdle deletes stored rooms whose game never started and that nobody
// has touched for age; rooms in memory are kept.
func (h *Hub) CleanIdle(ctx context.Context, age time.Duration) (int, error) {
	h.mu.Lock()
	keep := make([]string, 0, len(h.rooms))
	for id := range h.rooms {
		keep = append(keep, id)
	}
	h.mu.Unlock()
	if h.node != nil {
		// In a cluster a node cleans only its own rooms and nobody's.
		session, _ := h.node.Current()
		ctx = store.WithFence(ctx, store.Fence{Session: session})
	}
	n, err := h.deps.Store.DeleteIdle(ctx, h.deps.Clock.Now().Add(-age), keep)
	if n > 0 {
		h.deps.Log.Info("idle rooms deleted", "rooms", n)
	}
	return n, err
}

// MarkSeen records, for every room of this node with a page open, that it
// was seen now (store.SetSeen): the lobby lists a live room while someone
// looks at it, or plays, and drops it some minutes after (docs/rules.md,
// "Rooms"). The server calls it every minute or so.
func (h *Hub) MarkSeen(ctx context.Context) error {
	h.mu.Lock()
	var ids []string
	for id, r := range h.rooms {
		if r.Watched() && !r.Private() {
			ids = append(ids, id)
		}
	}
	h.mu.Unlock()
	return h.deps.Store.SetSeen(ctx, ids, h.deps.Clock.Now())
}

// Now is the time by the rooms' clock.
func (h *Hub) Now() time.Time { return h.deps.Clock.Now() }

// Live returns how many rooms are in memory.
func (h *Hub) Live() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms)
}

// Shutdown stops every room (each closes its connections with "service
// restart" so pages reconnect to the next server) and waits for them.
func (h *Hub) Shutdown(ctx context.Context) error {
	h.stop()
	done := make(chan struct{})
	go func() { h.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
