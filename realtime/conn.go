package realtime

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

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
//
// A connection has no goroutine of its own for writing: most pages are idle
// most of the time, and a parked writer per page was half the server's
// goroutines — their stacks a third of its memory, and scanned by every
// collection. An update is queued, and a writer goroutine runs while the
// queue has something in it (outbox).
type Conn struct {
	ws        *websocket.Conn
	tokenHash string
	// name is the display name the page's browser gave (its name cookie,
	// cleaned): a spectator's name in the chat, a joiner's when the Join
	// sent none.
	name    string
	metrics *Metrics // counts a drop; nil counts nothing
	outbox
	once   sync.Once
	closed atomic.Bool
	status websocket.StatusCode
	reason string
	// rate is the rate limit's bucket, used by the reading goroutine only.
	rate bucket
	// remote is set on the owner's side for a page open on another node
	// (no socket: its node is sent the frames, owner.go).
	remote *remote
	// stream is what the connection asked to be sent: the page's HTML, or
	// the room as JSON for a program (programs.go).
	stream Stream
}

// outbox holds the updates waiting for the page's socket.
type outbox struct {
	mu      sync.Mutex
	queue   []textFrame // queue[head:] waits
	head    int
	limit   int  // most updates that may wait; one more drops the page
	writing bool // somebody is writing the socket: the room, or a writer goroutine
	stuck   *time.Timer
	// frames sends each update framed in one write (hijack.go); nil:
	// the library writes.
	frames *frameWriter
}

// newConn is a connection for a socket (nil in tests of the room alone).
func newConn(ws *websocket.Conn, tokenHash, name string, metrics *Metrics, stream Stream) *Conn {
	c := &Conn{ws: ws, tokenHash: tokenHash, name: CleanName(name), metrics: metrics, stream: stream}
	c.limit = sendQueue
	return c
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
	sock := &pageSocket{ResponseWriter: w}
	ws, err := websocket.Accept(sock, req, &websocket.AcceptOptions{OriginPatterns: originPatterns})
	if err != nil {
		done()
		return // Accept has answered the request
	}
	ws.SetReadLimit(MaxMessageBytes)
	c := newConn(ws, tokenHash, name, h.deps.metrics, stream)
	c.frames = sock.frames
	// The request's context ends with its handler; the page's lasts until
	// its socket closes.
	ctx, cancel := context.WithCancel(context.WithoutCancel(req.Context()))
	if h.node != nil {
		l, p, err := h.openLinked(ctx, id, c)
		if err != nil {
			cancel()
			ws.Close(websocket.StatusServiceRestart, "the room is moving; reconnect")
			done()
			return
		}
		go func() {
			defer done()
			defer cancel()
			h.serveLinked(ctx, l, p, c)
		}()
		return
	}
	r, err := h.connect(ctx, id, c)
	if err != nil {
		cancel()
		ws.Close(websocket.StatusServiceRestart, "the room is closed")
		done()
		return
	}
	go func() {
		defer done()
		defer cancel()
		c.readLoop(ctx, r)
		c.close(websocket.StatusNormalClosure, "")
		// The room may have stopped; then nobody needs to hear of this.
		bye, stop := context.WithTimeout(r.deps.ctx, 5*time.Second)
		defer stop()
		r.send(bye, evDisconnect{c})
	}()
}

// readLoop decodes the page's messages and hands them to the room. Of a
// run of messages over the rate limit only the first reaches the room, to
// be refused with a notice; the rest are dropped unread, so that a flood
// costs the room nothing and never fills the page's own send queue.
func (c *Conn) readLoop(ctx context.Context, to sink) {
	limited := false
	for {
		// Not ctx: a read with a context that can end arms a callback on
		// it for every message. Whatever ends the page closes its socket,
		// which ends the read.
		typ, data, err := c.ws.Read(context.Background())
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
		case !utf8.Valid(data):
			// RFC 6455 §8.1: a text message that is not UTF-8 fails the
			// connection, with 1007.
			c.close(websocket.StatusInvalidFramePayloadData, "text messages must be UTF-8")
			return
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

// enqueue sends an update without ever blocking the room, and reports
// whether the connection keeps f (queued, or left to a writer) — if not, f
// is written or dropped, and its buffer may be reused. When nothing waits
// for the page's socket it is written at once, on the caller's goroutine,
// as far as the socket takes it without waiting: that is nearly always all
// of it, and starting a writer goroutine for each update (and waking a
// processor for it) cost more than the write. What the socket does not
// take at once is left to a writer goroutine, and the updates after it
// queue up behind it. A page that has fallen limit updates behind is
// disconnected instead.
func (c *Conn) enqueue(f textFrame) (kept bool) {
	if c.remote != nil {
		return false // its node is sent frames, not updates (Room.publish)
	}
	c.mu.Lock()
	if c.closed.Load() {
		c.mu.Unlock()
		return false
	}
	if len(c.queue)-c.head >= c.limit {
		c.mu.Unlock()
		c.metrics.droppedSlow()
		c.close(websocket.StatusTryAgainLater, "too slow to keep up") // 1013: the page reconnects and gets the whole view
		return false
	}
	if c.writing || c.ws == nil {
		c.queue = append(c.queue, f)
		c.mu.Unlock()
		return true
	}
	c.writing = true
	c.mu.Unlock()
	if c.frames == nil {
		go c.flush(f, nil)
		return true
	}
	rest, held, err := c.frames.try(f)
	switch {
	case err != nil:
		c.close(websocket.StatusGoingAway, "write failed")
		return false
	case held:
		go c.flush(textFrame{}, rest)
		return true
	case rest != nil:
		go c.flush(f, nil)
		return true
	}
	c.mu.Lock()
	more := c.head < len(c.queue) // queued by another goroutine meanwhile
	c.writing = more
	c.mu.Unlock()
	if more {
		go c.flush(textFrame{}, nil)
	}
	return false
}

// next takes the oldest waiting update; ok is false when there is none
// (or the page is closed), and then the writer stops.
func (c *Conn) next() (f textFrame, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.head == len(c.queue) || c.closed.Load() {
		clear(c.queue)
		c.queue, c.head, c.writing = c.queue[:0], 0, false
		return textFrame{}, false
	}
	f = c.queue[c.head]
	c.queue[c.head] = textFrame{}
	c.head++
	return f, true
}

// flush writes what an update left to write, then the waiting updates in
// order, then ends. What was left is either a whole update (first) or, when
// the socket took part of one, the rest of its frame (rest, with the frame
// writer's lock still held for it). A write that takes longer than
// writeTimeout is ended by closing the socket under it, which fails the
// write and closes the connection. One reusable timer does it, and writes
// get a context that is never done: the WebSocket library arms a callback
// on every write's context that can end (and a context with its own
// deadline per write cost more still).
func (c *Conn) flush(first textFrame, rest []byte) {
	if c.stuck == nil { // only the one writer running touches it
		c.stuck = time.AfterFunc(writeTimeout, func() { c.ws.CloseNow() })
		c.stuck.Stop()
	}
	f, ok := first, !first.empty()
	if rest != nil {
		c.stuck.Reset(writeTimeout)
		err := c.frames.finish(rest)
		c.stuck.Stop()
		if err != nil {
			c.close(websocket.StatusGoingAway, "write failed")
			return
		}
	}
	for {
		if !ok {
			if f, ok = c.next(); !ok {
				return
			}
		}
		c.stuck.Reset(writeTimeout)
		err := c.write(f)
		c.stuck.Stop()
		if err != nil {
			c.close(websocket.StatusGoingAway, "write failed")
			return
		}
		ok = false
	}
}

// write sends one update, waiting for the socket.
func (c *Conn) write(f textFrame) error {
	if c.frames == nil {
		return c.ws.Write(context.Background(), websocket.MessageText, f.payload())
	}
	return c.frames.message(f)
}

// close ends the connection once, with a status the page sees: what waits
// is dropped, and the socket is closed with the closing handshake, on a
// goroutine of its own (it waits for the page's answer; a write under way
// finishes first).
func (c *Conn) close(status websocket.StatusCode, reason string) {
	c.once.Do(func() {
		c.status, c.reason = status, reason
		c.closed.Store(true)
		if c.ws != nil {
			go c.ws.Close(status, reason)
		}
	})
}

// closeRestart closes with 1012, on which the page reconnects by itself.
func (c *Conn) closeRestart() { c.close(websocket.StatusServiceRestart, "the server is restarting") }

func (c *Conn) isClosed() bool { return c.closed.Load() }
