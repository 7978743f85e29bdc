package realtime

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"boardroom/game"
	_ "boardroom/game/all"
	"boardroom/realtime/frame"
	"boardroom/realtime/socket"
	"boardroom/realtime/store"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"

	"github.com/stretchr/testify/require"
)

// pageRecorder is a Renderer that keeps every page it draws and sends its
// index, so tests can look at exactly what each connection was sent.
type pageRecorder struct {
	mu    sync.Mutex
	pages []*view.Page
}

func (p *pageRecorder) Frame(pg *view.Page) *frame.Frame {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pages = append(p.pages, pg)
	return frame.Whole([]byte(strconv.Itoa(len(p.pages) - 1)))
}

// Spectators implements Renderer: the count arrives as "spectators:N".
func (p *pageRecorder) Spectators(n int) []byte { return []byte("spectators:" + strconv.Itoa(n)) }

func (p *pageRecorder) page(b []byte) *view.Page {
	p.mu.Lock()
	defer p.mu.Unlock()
	i, _ := strconv.Atoi(string(b))
	return p.pages[i]
}

type harness struct {
	t     *testing.T
	hub   *Hub
	store *store.SQLite
	path  string
	pages *pageRecorder
	cfg   Config
}

func newHarness(t *testing.T, tweak ...func(*Config)) *harness {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rooms.db")
	st, err := store.OpenSQLite(path)
	require.NoError(t, err)
	h := &harness{t: t, store: st, path: path, pages: &pageRecorder{}}
	h.cfg = Config{Store: st, Renderer: h.pages, BaseURL: "http://test", BotDelay: time.Millisecond,
		WatchDelay: time.Millisecond, ReplayStep: 10 * time.Millisecond,
		Paces: map[vocab.Pace]time.Duration{"fast": time.Millisecond, "normal": time.Millisecond, "slow": time.Millisecond}}
	for _, f := range tweak {
		f(&h.cfg)
	}
	h.hub = NewHub(h.cfg)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		require.NoError(t, h.hub.Shutdown(ctx))
		st.Close()
	})
	return h
}

// restart stops the hub and starts a new one on the same database, as a
// server restart would.
func (h *harness) restart() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(h.t, h.hub.Shutdown(ctx))
	h.hub = NewHub(h.cfg)
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
	c := testConn(HashToken(token), 1024)
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
		cl.seen = cl.h.pages.page(b)
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
	return newConn(socket.Queue(socket.Limits{Queue: limit}), tokenHash, "", Stream{})
}

// queue is the test connection's queue.
func (c *Conn) queue() *socket.Conn { return c.out.(*socket.Conn) }

// taken takes the updates queued so far, oldest first.
func (c *Conn) taken() [][]byte { return c.queue().Taken() }

// takeOne waits for an update and takes the oldest.
func (c *Conn) takeOne(ctx context.Context) ([]byte, error) { return c.queue().TakeOne(ctx) }

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
