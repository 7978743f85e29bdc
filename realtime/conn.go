package realtime

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Connection knobs.
const (
	// sendQueue is how many updates may wait for a slow page; one more and
	// the page is disconnected (it reconnects and gets a fresh view).
	sendQueue = 32
	// Each connection may send rateBurst messages at once and rateRefill
	// more per second; beyond that its messages are refused.
	rateBurst  = 20
	rateRefill = 10.0
)

// writeTimeout bounds every write to a page (a variable for tests).
var writeTimeout = 10 * time.Second

// Conn is one open WebSocket of one viewer. The room owns its viewer state;
// Conn only moves bytes.
type Conn struct {
	ws        *websocket.Conn
	tokenHash string
	// name is the display name the page's browser gave (its name cookie,
	// cleaned): a spectator's name in the chat, a joiner's when the Join
	// sent none.
	name    string
	metrics *Metrics // counts a drop; nil counts nothing
	out     chan []byte
	once    sync.Once
	done    chan struct{}
	status  websocket.StatusCode
	reason  string
	// rate is the rate limit's bucket, used by the reading goroutine only.
	rate bucket
	// remote is set on the owner's side for a page open on another node
	// (no socket: its node is sent the frames, owner.go).
	remote *remote
	// stream is what the connection asked to be sent: the page's HTML, or
	// the room as JSON for a program (programs.go).
	stream Stream
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

// ServeWS upgrades an HTTP request to a WebSocket of room id for the viewer
// holding tokenHash and called name (its browser's, "" for none), and
// serves it until it closes. originPatterns lists the other origins allowed
// besides the request's own host. The query may ask for the room as JSON
// (ParseStream); a query it cannot read is answered 400 before any upgrade.
func (h *Hub) ServeWS(w http.ResponseWriter, req *http.Request, id, tokenHash, name string, originPatterns []string) {
	stream, err := ParseStream(req.URL.Query())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ws, err := websocket.Accept(w, req, &websocket.AcceptOptions{OriginPatterns: originPatterns})
	if err != nil {
		return // Accept has answered the request
	}
	ws.SetReadLimit(MaxMessageBytes)
	c := &Conn{
		ws: ws, tokenHash: tokenHash, name: CleanName(name), metrics: h.deps.metrics, stream: stream,
		out: make(chan []byte, sendQueue), done: make(chan struct{}),
	}
	ctx, cancel := context.WithCancel(req.Context())
	defer cancel()
	if h.node != nil {
		if err := h.serveLinked(ctx, id, c); err != nil {
			ws.Close(websocket.StatusServiceRestart, "the room is moving; reconnect")
		}
		return
	}
	r, err := h.connect(ctx, id, c)
	if err != nil {
		ws.Close(websocket.StatusServiceRestart, "the room is closed")
		return
	}
	go c.writeLoop(ctx)
	c.readLoop(ctx, r)
	c.close(websocket.StatusNormalClosure, "")
	// The room may have stopped; then nobody needs to hear of this.
	bye, stop := context.WithTimeout(r.deps.ctx, 5*time.Second)
	defer stop()
	r.send(bye, evDisconnect{c})
}

// readLoop decodes the page's messages and hands them to the room. Of a
// run of messages over the rate limit only the first reaches the room, to
// be refused with a notice; the rest are dropped unread, so that a flood
// costs the room nothing and never fills the page's own send queue.
func (c *Conn) readLoop(ctx context.Context, to sink) {
	limited := false
	for {
		typ, data, err := c.ws.Read(ctx)
		if err != nil {
			return // closed by the page, by us, or over the read limit (1009)
		}
		var msg Message
		switch {
		case !c.allow():
			if limited {
				continue
			}
			limited, err = true, errTooFast
		case typ != websocket.MessageText:
			limited, err = false, errBinary
		default:
			limited = false
			msg, err = DecodeMessage(data)
		}
		if !to.deliver(ctx, c, msg, data, err) {
			return
		}
	}
}

var (
	errBinary  = errors.New("bad message: binary messages are not accepted")
	errTooFast = errors.New("too many messages: slow down")
)

// allow takes a token from the connection's bucket.
func (c *Conn) allow() bool { return c.rate.take(time.Now(), rateBurst, rateRefill) }

// bucket is a token bucket: it holds up to burst tokens, a message takes
// one, and refill tokens come back every second. A bucket never used is
// full.
type bucket struct {
	tokens float64
	last   time.Time
}

// take takes a token at now, and reports whether there was one.
func (b *bucket) take(now time.Time, burst, refill float64) bool {
	if b.last.IsZero() {
		b.tokens = burst
	} else {
		b.tokens = min(burst, b.tokens+now.Sub(b.last).Seconds()*refill)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// writeLoop sends queued updates. A write that takes longer than
// writeTimeout is ended by closing the socket under it, which fails the
// write and closes the connection. One reusable timer does it, and writes
// get a context that is never done: the WebSocket library arms a callback
// on every write's context that can end (and a context with its own
// deadline per write cost more still) — a tenth of the server's CPU with
// thousands of spectators.
func (c *Conn) writeLoop(ctx context.Context) {
	stuck := time.AfterFunc(writeTimeout, func() { c.ws.CloseNow() })
	stuck.Stop()
	for {
		select {
		case b := <-c.out:
			stuck.Reset(writeTimeout)
			err := c.ws.Write(context.Background(), websocket.MessageText, b)
			stuck.Stop()
			if err != nil {
				c.close(websocket.StatusGoingAway, "write failed")
				return
			}
		case <-c.done:
			c.ws.Close(c.status, c.reason)
			return
		case <-ctx.Done():
			return
		}
	}
}

// enqueue queues an update without ever blocking the room: a page that has
// fallen sendQueue updates behind is disconnected instead.
func (c *Conn) enqueue(b []byte) {
	if c.remote != nil {
		return // its node is sent frames, not updates (Room.publish)
	}
	select {
	case <-c.done:
	case c.out <- b:
	default:
		if !c.isClosed() {
			c.metrics.droppedSlow()
		}
		c.close(websocket.StatusTryAgainLater, "too slow to keep up") // 1013: the page reconnects and gets the whole view
	}
}

// close ends the connection once, with a status the page sees.
func (c *Conn) close(status websocket.StatusCode, reason string) {
	c.once.Do(func() {
		c.status, c.reason = status, reason
		close(c.done)
	})
}

// closeRestart closes with 1012, on which the page reconnects by itself.
func (c *Conn) closeRestart() { c.close(websocket.StatusServiceRestart, "the server is restarting") }

func (c *Conn) isClosed() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}
