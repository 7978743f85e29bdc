package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/game/ai/engine"
	_ "boardroom/game/all"
	"boardroom/internal/emptydb"
	"boardroom/realtime/frame"
	"boardroom/realtime/match/matchtest"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

// Config is what a test may set of its rooms' Deps, with the names of the
// hub's Config.
type Config struct {
	Store    store.Store
	Renderer Renderer
	Bots     BotMaker
	Engine   *engine.Pool
	Hint     func(ctx context.Context, s game.State, p game.Player) (engine.Hinted, error)
	Evaluate func(s game.State) float64
	Clock    Clock
	Metrics  Observer
	BaseURL  string
	Turns    TurnNotifier
	Awaiting AwaitingNotifier
	Knobs
	unloading func()
}

// testHub is a registry of rooms for the tests, as the server's hub is one:
// it makes, loads and runs rooms, and forgets them as they stop.
type testHub struct {
	deps  Deps
	ctx   context.Context
	stop  context.CancelFunc
	wg    sync.WaitGroup
	mu    sync.Mutex
	rooms map[string]*Room
}

func newTestHub(cfg Config) *testHub {
	ctx, stop := context.WithCancel(context.Background())
	h := &testHub{ctx: ctx, stop: stop, rooms: map[string]*Room{}}
	h.deps = Deps{Store: cfg.Store, Render: cfg.Renderer, Bots: cfg.Bots, Engine: cfg.Engine, Hint: cfg.Hint, Evaluate: cfg.Evaluate,
		Clock: cfg.Clock, Metrics: cfg.Metrics, BaseURL: cfg.BaseURL, Knobs: cfg.Knobs, Ctx: ctx, Unloading: cfg.unloading,
		Turns: cfg.Turns, Awaiting: cfg.Awaiting, Leave: func(r *Room) {
			h.mu.Lock()
			defer h.mu.Unlock()
			if h.rooms[r.ID()] == r {
				delete(h.rooms, r.ID())
			}
		}}
	if h.deps.Engine == nil {
		h.deps.Engine = engine.New(engine.Config{})
	}
	return h
}

// Create makes, stores and runs a new room.
func (h *testHub) Create(ctx context.Context, spec Spec, token string) (string, error) {
	clock := h.deps.Clock
	if clock == nil {
		clock = SystemClock{}
	}
	rec, err := NewRecord(spec, token, clock.Now())
	if err != nil {
		return "", err
	}
	r, err := New(rec, h.deps)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	if err := h.deps.Store.CreateRoom(ctx, rec); err != nil {
		return "", err
	}
	h.run(r)
	return rec.ID, nil
}

func (h *testHub) run(r *Room) *Room {
	h.mu.Lock()
	defer h.mu.Unlock()
	if running, ok := h.rooms[r.ID()]; ok {
		return running
	}
	h.rooms[r.ID()] = r
	h.wg.Add(1)
	go func() { defer h.wg.Done(); r.Run(h.ctx) }()
	return r
}

// Room returns the running room id, loading it from the store if needed.
func (h *testHub) Room(ctx context.Context, id string) (*Room, error) {
	h.mu.Lock()
	r, ok := h.rooms[id]
	h.mu.Unlock()
	if ok {
		return r, nil
	}
	rec, err := h.deps.Store.Room(ctx, id)
	if err != nil {
		return nil, err
	}
	chat, err := h.deps.Store.Chat(ctx, id, ChatShown)
	if err != nil {
		return nil, err
	}
	r, err = Load(rec, chat, time.Time{}, h.deps)
	if err != nil {
		return nil, err
	}
	return h.run(r), nil
}

// Snapshot is the page of room id as the holder of tokenHash sees it.
func (h *testHub) Snapshot(ctx context.Context, id, tokenHash string) (*view.Page, error) {
	for range 3 {
		r, err := h.Room(ctx, id)
		if err != nil {
			return nil, err
		}
		p, err := r.Snapshot(ctx, Who{TokenHash: tokenHash})
		if !errors.Is(err, ErrStopped) {
			return p, err
		}
	}
	return nil, ErrStopped
}

// Restore runs every unfinished room again, as after a restart.
func (h *testHub) Restore(ctx context.Context) (int, error) {
	ids, err := h.deps.Store.Restorable(ctx)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		if _, err := h.Room(ctx, id); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}

// Live is how many rooms run.
func (h *testHub) Live() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms)
}

// Shutdown stops every room and waits for them.
func (h *testHub) Shutdown(ctx context.Context) error {
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

// counting is an Observer that counts refusals and jobs, for tests that
// read the metrics.
type counting struct {
	noObserver
	mu      sync.Mutex
	refused map[string]int
	jobs    map[[2]string]int
}

func (c *counting) Refused(why string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.refused == nil {
		c.refused = map[string]int{}
	}
	c.refused[why]++
}

// refusals is how many messages were refused for why.
func (c *counting) refusals(why string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.refused[why]
}

// EngineJob counts an engine job by kind and outcome (engine.Config's
// Observe).
func (c *counting) EngineJob(k engine.Kind, o engine.Outcome, _ time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.jobs == nil {
		c.jobs = map[[2]string]int{}
	}
	c.jobs[[2]string{string(k), string(o)}]++
}

// jobsOf is how many jobs of a kind ended so.
func (c *counting) jobsOf(k engine.Kind, o engine.Outcome) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.jobs[[2]string{string(k), string(o)}]
}

type harness struct {
	t     *testing.T
	hub   *testHub
	store *store.SQLite
	path  string
	pages *matchtest.PageRecorder
	cfg   Config
}

func newHarness(t *testing.T, tweak ...func(*Config)) *harness {
	t.Helper()
	path := emptydb.Path(t, "rooms.db")
	st, err := store.OpenSQLite(path)
	require.NoError(t, err)
	h := &harness{t: t, store: st, path: path, pages: &matchtest.PageRecorder{}}
	h.cfg = Config{Store: st, Renderer: h.pages, BaseURL: "http://test", Knobs: Knobs{BotDelay: time.Millisecond,
		WatchDelay: time.Millisecond, ReplayStep: 10 * time.Millisecond,
		Paces: map[vocab.Pace]time.Duration{"fast": time.Millisecond, "normal": time.Millisecond, "slow": time.Millisecond}}}
	for _, f := range tweak {
		f(&h.cfg)
	}
	h.hub = newTestHub(h.cfg)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		require.NoError(t, h.hub.Shutdown(ctx))
		st.Close()
	})
	return h
}

// restart stops the rooms and runs them again on the same database, as a
// server restart would.
func (h *harness) restart() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(h.t, h.hub.Shutdown(ctx))
	h.hub = newTestHub(h.cfg)
	_, err := h.hub.Restore(ctx)
	require.NoError(h.t, err)
}

func (h *harness) create(spec Spec, token string) *Room {
	h.t.Helper()
	if spec.Mode == "" {
		spec.Mode = "friend"
	}
	if spec.Clock == "" {
		spec.Clock = "none"
	}
	if spec.Seat == "" {
		spec.Seat = "first"
	}
	if spec.Level == "" {
		spec.Level = "beginner"
	}
	id, err := h.hub.Create(context.Background(), spec, token)
	require.NoError(h.t, err)
	r, err := h.hub.Room(context.Background(), id)
	require.NoError(h.t, err)
	return r
}

// client is a fake page: a Conn without a socket whose updates the test reads.
type client struct {
	h    *harness
	room *Room
	c    *Conn
	seen *view.Page // the newest page received so far
	// spectators is the newest spectator count received on its own.
	spectators int
}

func (h *harness) connect(r *Room, token string) *client {
	h.t.Helper()
	return h.connectNamed(r, token, "")
}

// connectNamed opens a page whose browser gave name (its name cookie).
func (h *harness) connectNamed(r *Room, token, name string) *client {
	h.t.Helper()
	c := testConn(secret.Hash(token), 1024)
	c.name = CleanName(name)
	require.True(h.t, r.send(context.Background(), evConnect{c: c}))
	cl := &client{h: h, room: r, c: c}
	cl.sync() // the room has seen the page open (and, just created, has started)
	return cl
}

// leave closes the page, as far as the room knows.
func (cl *client) leave() {
	require.True(cl.h.t, cl.room.send(context.Background(), evDisconnect{cl.c}))
	cl.sync()
}

// sync waits until the room has handled everything sent before.
func (cl *client) sync() {
	done := make(chan struct{})
	require.True(cl.h.t, cl.room.send(context.Background(), evFunc{func(*Room) { close(done) }}))
	<-done
}

func (cl *client) click(row, col int) *view.Page {
	return cl.send(Message{Cell: game.Cell{Row: int8(row), Col: int8(col)}, HasCell: true})
}

func (cl *client) action(a vocab.Action) *view.Page { return cl.send(Message{Action: a}) }

func (cl *client) send(m Message) *view.Page {
	require.True(cl.h.t, cl.room.send(context.Background(), evInput{c: cl.c, msg: m}))
	return cl.last()
}

// last returns the newest page this connection was sent.
func (cl *client) last() *view.Page {
	cl.h.t.Helper()
	cl.sync()
	for _, b := range cl.c.taken() {
		if n, ok := strings.CutPrefix(string(b), "spectators:"); ok {
			cl.spectators, _ = strconv.Atoi(n)
			continue
		}
		cl.seen = cl.h.pages.Page(b)
	}
	require.NotNil(cl.h.t, cl.seen, "the connection was sent nothing")
	return cl.seen
}

// inRoom runs f inside the room's goroutine and waits for it.
func inRoom(t *testing.T, r *Room, f func(*Room)) {
	done := make(chan struct{})
	require.True(t, r.send(context.Background(), evFunc{func(r *Room) { f(r); close(done) }}))
	<-done
}

func movesOf(p *view.Page) []string {
	var out []string
	for _, m := range p.Moves {
		out = append(out, m.Text)
	}
	return out
}

// waitFor polls cond (run inside the room) until it holds.
func waitFor(t *testing.T, r *Room, what string, cond func(*Room) bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		ok := false
		inRoom(t, r, func(r *Room) { ok = cond(r) })
		if ok {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

// testConn is a connection without a socket: what the room sends it stays
// queued (up to limit updates; -1: none) for the test to take.
func testConn(tokenHash string, limit int) *Conn {
	return NewConn(&testOutlet{limit: limit}, tokenHash, "", Stream{})
}

// testOutlet keeps what is sent to it, for the test to take; one update
// more than limit closes it, as a slow page's socket is.
type testOutlet struct {
	mu     sync.Mutex
	queue  [][]byte
	limit  int
	closed bool
}

func (o *testOutlet) Send(m frame.Message) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return false
	}
	if len(o.queue) >= max(o.limit, 0) {
		o.closed = true
		return false
	}
	o.queue = append(o.queue, bytes.Clone(m.Payload()))
	return false // copied: the buffer may be reused
}

func (o *testOutlet) Restart() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closed = true
}

func (o *testOutlet) Closed() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.closed
}

// taken takes the updates queued so far, oldest first.
func (c *Conn) taken() [][]byte {
	o := c.out.(*testOutlet)
	o.mu.Lock()
	defer o.mu.Unlock()
	q := o.queue
	o.queue = nil
	return q
}

// targetsOf is what a page lets its viewer click next: the targets the
// server marks or, on a page that marks them itself from its paths, the
// cells that start a move.
func targetsOf(t *testing.T, p *view.Page) map[game.Cell]bool {
	t.Helper()
	if p.Paths == "" {
		return p.Targets
	}
	paths, err := view.DecodePaths(p.Paths)
	require.NoError(t, err)
	starts := map[game.Cell]bool{}
	for _, path := range paths {
		starts[path[0]] = true
	}
	return starts
}
