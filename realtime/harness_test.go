package realtime

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/all"
	"boardroom/internal/emptydb"
	"boardroom/realtime/match"
	"boardroom/realtime/match/matchtest"
	"boardroom/realtime/socket"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
)

// harness is a hub on a throw-away SQLite database, whose pages record
// what they are sent: the tests of what the hub does with rooms (loading,
// unloading, restoring), which reach the rooms only through their API.
type harness struct {
	t     *testing.T
	hub   *Hub
	store *store.SQLite
	pages *matchtest.PageRecorder
	cfg   Config
}

func newHarness(t *testing.T, tweak ...func(*Config)) *harness {
	t.Helper()
	st, err := store.OpenSQLite(emptydb.Path(t, "rooms.db"))
	require.NoError(t, err)
	h := &harness{t: t, store: st, pages: &matchtest.PageRecorder{}}
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

func (h *harness) create(spec match.Spec, token string) *match.Room {
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

// client is a page whose updates wait in a queue for the test to read.
type client struct {
	h    *harness
	room *match.Room
	c    *match.Conn
	seen *view.Page
}

func (h *harness) connect(r *match.Room, token string) *client {
	h.t.Helper()
	c := testConn(secret.Hash(token), 1024)
	require.NoError(h.t, r.Open(context.Background(), c))
	return &client{h: h, room: r, c: c}
}

// testConn is a page whose updates wait in a queue (socket.Queue).
func testConn(tokenHash string, limit int) *match.Conn {
	return match.NewConn(socket.Queue(socket.Limits{Queue: limit}), tokenHash, "", match.Stream{})
}

// takeOne waits for an update of a test page and takes it.
func takeOne(ctx context.Context, c *match.Conn) ([]byte, error) {
	return c.Outlet().(*socket.Conn).TakeOne(ctx)
}

// sync waits until the room has handled everything sent to it before: a
// snapshot is answered in turn.
func (cl *client) sync() {
	_, err := cl.room.Snapshot(context.Background(), match.Who{})
	require.NoError(cl.h.t, err)
}

// leave closes the page, as far as the room knows.
func (cl *client) leave() {
	cl.room.Leave(context.Background(), cl.c)
	cl.sync()
}

// last returns the newest page this connection was sent.
func (cl *client) last() *view.Page {
	cl.h.t.Helper()
	cl.sync()
	for _, b := range cl.c.Outlet().(*socket.Conn).Taken() {
		if !strings.HasPrefix(string(b), "spectators:") {
			cl.seen = cl.h.pages.Page(b)
		}
	}
	require.NotNil(cl.h.t, cl.seen, "the connection was sent nothing")
	return cl.seen
}

// click sends a click on a cell and returns the page it brought.
func (cl *client) click(row, col int) *view.Page {
	m := match.Message{Cell: game.Cell{Row: int8(row), Col: int8(col)}, HasCell: true}
	require.True(cl.h.t, cl.room.Input(context.Background(), cl.c, m, nil))
	return cl.last()
}
