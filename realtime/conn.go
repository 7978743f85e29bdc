package realtime

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"boardroom/realtime/frame"
	"boardroom/realtime/socket"
)

// sendQueue is how many updates may wait for a slow page; one more and
// the page is disconnected (it reconnects and gets a fresh view).
const sendQueue = socket.DefaultQueue

// Outlet is where a page's updates go: its socket (socket.Conn), or in
// tests a queue. The room never waits on it.
type Outlet interface {
	// Send hands over an update without waiting, and reports whether the
	// outlet keeps it (then its buffer is not reused).
	Send(m frame.Message) (kept bool)
	// Restart closes the page with 1012: it reconnects by itself.
	Restart()
	// Closed reports whether the page was closed.
	Closed() bool
}

// Conn is one open page of one viewer: where its updates go (out) and who
// it is. The room owns its viewer state; the outlet only moves bytes.
type Conn struct {
	// out is the page's socket; nil for a page open elsewhere (far).
	out       Outlet
	tokenHash string
	// name is the display name the page's browser gave (its name cookie,
	// cleaned): a spectator's name in the chat, a joiner's when the Join
	// sent none.
	name string
	// far is set for a page open elsewhere (elsewhere.go), whose frames
	// the room's steward carries.
	far Far
	// stream is what the connection asked to be sent: the page's HTML, or
	// the room as JSON for a program (programs.go).
	stream Stream
	// gone is set when a page with no outlet here is closed.
	gone atomic.Bool
}

// newConn is a connection of a page whose updates go to out.
func newConn(out Outlet, tokenHash, name string, stream Stream) *Conn {
	return &Conn{out: out, tokenHash: tokenHash, name: CleanName(name), stream: stream}
}

// enqueue sends the page an update; false when it does not keep it.
func (c *Conn) enqueue(m frame.Message) (kept bool) {
	if c.out == nil {
		return false // its node is sent frames, not updates (Room.publish)
	}
	return c.out.Send(m)
}

// closeRestart closes the page with 1012, on which it reconnects.
func (c *Conn) closeRestart() {
	c.gone.Store(true)
	if c.out != nil {
		c.out.Restart()
	}
}

func (c *Conn) isClosed() bool {
	if c.out != nil {
		return c.out.Closed()
	}
	return c.gone.Load()
}

// socketLimits are a page socket's limits as the hub sets them.
func (h *Hub) socketLimits() socket.Limits {
	return socket.Limits{ReadLimit: MaxMessageBytes, OnSlowDrop: h.deps.metrics.droppedSlow}
}

// sink is where a page's messages go: its room, or in a cluster the
// page's link to the room (link.go). deliver reports false when the page
// should close.
type sink interface {
	deliver(ctx context.Context, c *Conn, msg Message, raw []byte, err error) bool
}

func (r *Room) deliver(ctx context.Context, c *Conn, msg Message, _ []byte, err error) bool {
	return r.send(ctx, evInput{c: c, msg: msg, err: err})
}

// readPage reads the page's messages from its socket and hands them to
// to, decoded.
func readPage(ctx context.Context, sock *socket.Conn, c *Conn, to sink) {
	sock.Read(func(text []byte, err error) bool {
		var msg Message
		if err == nil {
			msg, err = DecodeMessage(text)
		}
		return to.deliver(ctx, c, msg, text, err)
	})
}

// ServeWS upgrades an HTTP request to a WebSocket of room id for the viewer
// holding tokenHash and called name (its browser's, "" for none), opens it
// in the room, and returns: the socket is served on a goroutine of its own
// until it closes, and then closed (if not nil) is called. originPatterns
// lists the other origins allowed besides the request's own host. The query
// may ask for the room as JSON (ParseStream); a query it cannot read is
// answered 400 before any upgrade.
//
// The socket outlives the request's handler on purpose: the handler's
// goroutine has grown a deep stack by then (the HTTP server, the handlers
// around this one, finding the room), which a page would keep for as long
// as it stays open — most of an idle page's memory. Reading is done on a
// fresh goroutine, whose stack stays small.
func (h *Hub) ServeWS(w http.ResponseWriter, req *http.Request, id, tokenHash, name string, originPatterns []string, closed func()) {
	done := func() {
		if closed != nil {
			closed()
		}
	}
	stream, err := ParseStream(req.URL.Query())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		done()
		return
	}
	sock, err := socket.Accept(w, req, originPatterns, h.socketLimits())
	if err != nil {
		done()
		return // Accept has answered the request
	}
	c := newConn(sock, tokenHash, name, stream)
	// The request's context ends with its handler; the page's lasts until
	// its socket closes.
	ctx, cancel := context.WithCancel(context.WithoutCancel(req.Context()))
	if h.node != nil {
		l, p, err := h.openLinked(ctx, id, c)
		if err != nil {
			cancel()
			sock.Close(websocket.StatusServiceRestart, "the room is moving; reconnect")
			done()
			return
		}
		go func() {
			defer done()
			defer cancel()
			h.serveLinked(ctx, l, p, sock, c)
		}()
		return
	}
	r, err := h.connect(ctx, id, c)
	if err != nil {
		cancel()
		sock.Close(websocket.StatusServiceRestart, "the room is closed")
		done()
		return
	}
	go func() {
		defer done()
		defer cancel()
		readPage(ctx, sock, c, r)
		sock.Close(websocket.StatusNormalClosure, "")
		// The room may have stopped; then nobody needs to hear of this.
		bye, stop := context.WithTimeout(r.deps.ctx, 5*time.Second)
		defer stop()
		r.send(bye, evDisconnect{c})
	}()
}
