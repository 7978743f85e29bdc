package realtime

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"slices"
	"sync"
	"time"

	"boardroom/game"
	"boardroom/game/ai/engine"
	"boardroom/realtime/frame"
	"boardroom/realtime/store"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// ErrNoRoom is returned for a room id that does not exist.
var ErrNoRoom = errors.New("no such room")

// ErrBadRequest wraps a refused room-creation request.
var ErrBadRequest = errors.New("bad request")

// BotMaker makes a computer player for a seat: its level, the search
// algorithm where the game offers a choice (Amazons), and a seed.
type BotMaker func(g game.Game, level, algorithm string, seed uint64) (game.Bot, error)

// Renderer draws a room page's live fragment for one viewer; the room sends
// over the WebSocket what changed since the viewer's previous frame (package
// frame), or all of it.
type Renderer interface {
	Frame(p *view.Page) *frame.Frame
	// Spectators renders just the spectator count, for the updates that
	// only that changes (someone starts or stops watching).
	Spectators(n int) []byte
}

// Config holds a Hub's collaborators and knobs.
type Config struct {
	Store    store.Store
	Renderer Renderer
	Bots     BotMaker
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
	// (default 10 minutes).
	IdleUnload time.Duration
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
	Clock Clock
	// Cluster makes the hub one node of several sharing the store (nil:
	// this process runs every room; cluster.go).
	Cluster *Cluster

	// unloading is deps.unloading (tests).
	unloading func()
}

// Hub is the registry of live rooms. It starts a room's goroutine when the
// room is created or first visited, and stops it when the room goes idle.
type Hub struct {
	// deps are what every room is made with.
	deps  deps
	ctx   context.Context
	stop  context.CancelFunc
	wg    sync.WaitGroup
	mu    sync.Mutex
	rooms map[string]*Room
	// loads are the rooms being loaded (load.go).
	loads map[string]*loading
	// node is the hub's part in a cluster; nil when it runs alone.
	node *node
}

// NewHub returns a hub; call Restore to bring back unfinished rooms.
func NewHub(cfg Config) *Hub {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Bots == nil {
		cfg.Bots = BeginnerBots
	}
	if cfg.Clock == nil {
		cfg.Clock = SystemClock{}
	}
	if cfg.Engine == nil {
		cfg.Engine = engine.New(engine.Config{Observe: cfg.Metrics.EngineJob})
	}
	cfg.Metrics.watchEngine(cfg.Engine)
	ctx, stop := context.WithCancel(context.Background())
	h := &Hub{ctx: ctx, stop: stop, rooms: map[string]*Room{}, loads: map[string]*loading{}}
	h.deps = deps{
		store: cfg.Store, render: cfg.Renderer, bots: cfg.Bots, engine: cfg.Engine, hint: cfg.Hint, evaluate: cfg.Evaluate,
		clock: cfg.Clock, log: cfg.Log, metrics: cfg.Metrics, timings: timingsOf(cfg), baseURL: cfg.BaseURL, ctx: ctx,
		leave: h.forget, unloading: cfg.unloading,
	}
	if cfg.Cluster != nil {
		h.node = newNode(*cfg.Cluster, h)
	}
	return h
}

// BeginnerBots is the BotMaker that plays every level with the game's
// Beginner player (until stronger levels are plugged in).
func BeginnerBots(g game.Game, _, _ string, seed uint64) (game.Bot, error) {
	return game.Beginner(g, seed), nil
}

// Spec is what the lobby form asks for.
type Spec struct {
	Game    string
	Options map[string]string
	Mode    vocab.Mode
	Level   vocab.Level
	// Algorithm is the computer's search for games that offer a choice.
	Algorithm string
	Seat      vocab.SeatChoice
	Clock     vocab.Clock
	// LevelSecond is the second seat's level in computer against computer
	// ("": the same as Level).
	LevelSecond vocab.Level
	// Pace is the speed of computer against computer ("": DefaultPace).
	Pace vocab.Pace
	// Private rooms are never listed in the lobby.
	Private bool
	// Turns start the game from a record: its turns in notation, played in
	// order (each checked by the rules).
	Turns []string
	// Name is the creator's display name (cleaned here; empty: a guest's
	// name).
	Name string
}

// Create checks a spec, stores a new room with the creator (holding
// token) seated, starts it and returns its id.
func (h *Hub) Create(ctx context.Context, spec Spec, token string) (string, error) {
	g, err := game.Lookup(spec.Game)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	start, err := g.New(spec.Options)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	for _, err := range []error{
		oneOf("mode", spec.Mode, vocab.Modes()), oneOf("clock", spec.Clock, vocab.Clocks()),
		oneOf("seat", spec.Seat, vocab.SeatChoices()), oneOf("level", spec.Level, vocab.Levels()),
	} {
		if err != nil {
			return "", err
		}
	}
	if spec.LevelSecond == "" || spec.Mode != vocab.Watch {
		spec.LevelSecond = spec.Level
	}
	if err := oneOf("level_second", spec.LevelSecond, vocab.Levels()); err != nil {
		return "", err
	}
	if spec.Pace == "" {
		spec.Pace = vocab.DefaultPace
	}
	if err := oneOf("pace", spec.Pace, vocab.Paces()); err != nil {
		return "", err
	}
	mine := game.First
	switch spec.Seat {
	case vocab.SecondSeat:
		mine = game.Second
	case vocab.RandomSeat:
		mine = game.Player(mrand.IntN(2))
	}
	human := store.Seat{Kind: vocab.Human, TokenHash: HashToken(token), Name: CleanName(spec.Name)}
	if human.Name == "" {
		human.Name = guestName(human.TokenHash)
	}
	// A computer seat carries its creator's token hash: the creator may pause
	// it. The search choice is kept only at Difficult, the one level whose
	// search it changes: Beginner plays the rules' heuristics and Medium a
	// fixed one-or-two-ply search, whatever was chosen.
	bot := func(level vocab.Level) store.Seat {
		s := store.Seat{Kind: vocab.Bot, TokenHash: human.TokenHash, Level: level, Algorithm: spec.Algorithm}
		if level != vocab.Difficult {
			s.Algorithm = ""
		}
		return s
	}
	var seats [2]store.Seat
	switch spec.Mode {
	case vocab.Friend:
		seats[mine] = human
	case vocab.Hotseat:
		seats = [2]store.Seat{human, human}
	case vocab.Computer:
		seats[mine], seats[mine.Other()] = human, bot(spec.Level)
	case vocab.Watch:
		seats = [2]store.Seat{bot(spec.Level), bot(spec.LevelSecond)}
		seats[0].Pace, seats[1].Pace = spec.Pace, spec.Pace
	}
	rec := &store.Room{
		ID: NewID(), Game: g.ID(), Options: start.Options(), Mode: spec.Mode, Clock: spec.Clock,
		Seats: seats, Winner: -1, Private: spec.Private,
	}
	// A clock that starts with the room (both seats held) counts from its
	// creation.
	now := h.deps.clock.Now()
	rec.ClockFrom = now
	if len(spec.Turns) > 0 {
		for _, t := range spec.Turns {
			rec.Turns = append(rec.Turns, store.Turn{Notation: t, At: now})
		}
		final, err := Position(g, rec)
		if err != nil {
			return "", fmt.Errorf("%w: %w", ErrBadRequest, err)
		}
		if out := final.Outcome(); out.Over { // a record of a finished game opens finished
			rec.Over, rec.Winner, rec.Reason = true, int(out.Winner), out.Reason
		}
	}
	// The room is made before it is stored, so that a choice the computer
	// refuses (an algorithm the game has not) stores nothing.
	r, err := newRoom(rec, h.deps)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	r.clock.mark = clockMark{from: now, stored: now} // it has run since (and has not stopped)
	if h.node != nil {
		session, live := h.node.current()
		if !live || h.node.draining.Load() {
			return "", errors.New("this server is not taking new rooms at the moment; try again")
		}
		h.own(r, store.Fence{Session: session, Epoch: 1}) // a new room's first owner
	}
	if err := r.deps.store.CreateRoom(ctx, rec); err != nil {
		return "", err
	}
	if _, err := h.launch(r); err != nil {
		return "", err
	}
	h.deps.log.Info("room created", "room", rec.ID, "game", rec.Game, "mode", rec.Mode, "clock", rec.Clock)
	return rec.ID, nil
}

// oneOf checks that a field of a Spec holds one of its values.
func oneOf[T ~string](name string, value T, all []T) error {
	if slices.Contains(all, value) {
		return nil
	}
	return fmt.Errorf("%w: %s must be one of %s, got %q", ErrBadRequest, name, vocab.List(all), value)
}

// Snapshot returns the page of room id as the holder of tokenHash would
// see it now.
func (h *Hub) Snapshot(ctx context.Context, id, tokenHash string) (*view.Page, error) {
	var p *view.Page
	_, err := h.ask(ctx, id, func(r *Room) (err error) {
		p, err = r.Snapshot(ctx, tokenHash)
		return err
	})
	return p, err
}

// connect opens connection c in room id, and returns the room once it has
// taken the connection.
func (h *Hub) connect(ctx context.Context, id string, c *Conn) (*Room, error) {
	return h.ask(ctx, id, func(r *Room) error {
		taken := make(chan bool, 1)
		if !r.send(ctx, evConnect{c: c, taken: taken}) {
			return r.notSent(ctx)
		}
		select {
		case ok := <-taken:
			if !ok {
				return fmt.Errorf("room %s: %w", id, errStopped)
			}
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
}

// ask runs f on room id, and once more on the room loaded again if the one
// found had stopped meanwhile (it went idle): a stopping room leaves the
// registry before it stops taking events, so the next look-up does not
// find it. It returns the room that f succeeded on.
func (h *Hub) ask(ctx context.Context, id string, f func(*Room) error) (*Room, error) {
	for attempt := 1; ; attempt++ {
		r, err := h.Room(ctx, id)
		if err != nil {
			return nil, err
		}
		err = f(r)
		if err == nil || !errors.Is(err, errStopped) || attempt == askAttempts {
			return r, err
		}
	}
}

// askAttempts bounds the rooms ask tries: a room loaded again does not
// stop again at once unless the server is stopping.
const askAttempts = 3

// Restore starts every unfinished room in the store, so that their clocks
// and computer players run again after a restart.
func (h *Hub) Restore(ctx context.Context) (int, error) {
	if h.node != nil {
		return h.joinCluster(ctx)
	}
	ids, err := h.deps.store.Unfinished(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if _, err := h.Room(ctx, id); err != nil {
			h.deps.log.Error("room not restored", "room", id, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

// launch runs a room made by newRoom, unless another caller started the
// same room first (then that one is returned).
func (h *Hub) launch(r *Room) (*Room, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if running, ok := h.rooms[r.id]; ok {
		return running, nil
	}
	if h.ctx.Err() != nil {
		return nil, errors.New("the server is shutting down")
	}
	o := ownerOf(r)
	if o != nil {
		if err := o.serve(); err != nil {
			return nil, err
		}
	}
	h.rooms[r.id] = r
	h.deps.metrics.roomStarted(1)
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		defer h.deps.metrics.roomStarted(-1)
		why := r.run(h.ctx)
		if o != nil && why == StopIdle {
			// Unloaded: any node may take it when someone comes back.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := h.node.Leases.Release(ctx, r.id, o.fence); err != nil {
				h.deps.log.Warn("room not released", "room", r.id, "err", err)
			}
		}
	}()
	return r, nil
}

// forget takes a stopping room out of the registry (deps.leave).
func (h *Hub) forget(r *Room) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.rooms[r.id] == r {
		delete(h.rooms, r.id)
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
		session, _ := h.node.current()
		ctx = store.WithFence(ctx, store.Fence{Session: session})
	}
	n, err := h.deps.store.DeleteIdle(ctx, h.deps.clock.Now().Add(-age), keep)
	if n > 0 {
		h.deps.log.Info("idle rooms deleted", "rooms", n)
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
		if r.watched.Load() && !r.private {
			ids = append(ids, id)
		}
	}
	h.mu.Unlock()
	return h.deps.store.SetSeen(ctx, ids, h.deps.clock.Now())
}

// Now is the time by the rooms' clock.
func (h *Hub) Now() time.Time { return h.deps.clock.Now() }

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

// NewID returns an unguessable room id (96 random bits).
func NewID() string { return randomText(12) }

// NewToken returns an unguessable seat token (256 random bits).
func NewToken() string { return randomText(32) }

func randomText(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("realtime: no randomness: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is what the store keeps of a token: its SHA-256, in hex. An
// empty token hashes to "" so that it never matches a seat.
func HashToken(token string) string {
	if token == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
