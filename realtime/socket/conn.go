// Package socket is a page's WebSocket as the server keeps it: reading its
// messages under a rate limit, and writing updates without ever making the
// sender wait: a write queue per page, a writer goroutine only while
// something waits, the hijacked connection's small buffers and the
// updates' framing done once (frame.Message). It knows no game and no
// room: what a message means is its reader's business.
package socket

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"boardroom/realtime/frame"
)

// Limits are a socket's knobs; a zero field has its default.
type Limits struct {
	// Queue is how many updates may wait for a slow page; one more and the
	// page is disconnected with 1013 (it reconnects and gets a fresh view).
	// Default 32; negative: nothing may wait.
	Queue int
	// Burst messages may come at once, and PerSecond more each second;
	// beyond that a message is refused (ErrTooFast). Default 20 and 10.
	Burst     int
	PerSecond float64
	// ReadLimit is the largest message read; a larger one closes the
	// socket with 1009. Default 4 KiB.
	ReadLimit int64
	// OnSlowDrop is called when a page is dropped for falling Queue
	// updates behind (a metric); nil: nothing.
	OnSlowDrop func()
}

// Defaults of Limits.
const (
	DefaultQueue     = 32
	DefaultBurst     = 20
	DefaultPerSecond = 10.0
	DefaultReadLimit = 4096
)

func (l Limits) withDefaults() Limits {
	switch {
	case l.Queue == 0:
		l.Queue = DefaultQueue
	case l.Queue < 0:
		l.Queue = 0 // nothing may wait (tests)
	}
	if l.Burst == 0 {
		l.Burst = DefaultBurst
	}
	if l.PerSecond == 0 {
		l.PerSecond = DefaultPerSecond
	}
	if l.ReadLimit == 0 {
		l.ReadLimit = DefaultReadLimit
	}
	return l
}

// WriteTimeout bounds every write to a page (a variable for tests).
var WriteTimeout = 10 * time.Second

// Conn is one open WebSocket of a page. It only moves bytes.
//
// A connection has no goroutine of its own for writing: most pages are idle
// most of the time, and a parked writer per page was half the server's
// goroutines — their stacks a third of its memory, and scanned by every
// collection. An update is queued, and a writer goroutine runs while the
// queue has something in it (outbox).
type Conn struct {
	ws     *websocket.Conn
	limits Limits
	outbox
	once   sync.Once
	closed atomic.Bool
	status StatusCode
	reason string
	// rate is the rate limit, used by the reading goroutine only.
	rate *rate.Limiter
}

// outbox holds the updates waiting for the page's socket.
type outbox struct {
	mu      sync.Mutex
	queue   []frame.Message // queue[head:] waits
	head    int
	writing bool // somebody is writing the socket: the sender, or a writer goroutine
	stuck   *time.Timer
	// frames sends each update framed in one write (hijack.go); nil:
	// the library writes.
	frames *frameWriter
}

// Accept upgrades an HTTP request to a page's socket. originPatterns lists
// the other origins allowed besides the request's own host. When it fails,
// the request has been answered.
func Accept(w http.ResponseWriter, req *http.Request, originPatterns []string, limits Limits) (*Conn, error) {
	sock := &pageSocket{ResponseWriter: w}
	ws, err := websocket.Accept(sock, req, &websocket.AcceptOptions{OriginPatterns: originPatterns})
	if err != nil {
		return nil, err
	}
	c := newConn(ws, limits)
	c.frames = sock.frames
	return c, nil
}

// Queue is a Conn with no socket: what is sent to it waits in its queue,
// for a test to take (Taken). It is dropped as a slow page would be.
func Queue(limits Limits) *Conn { return newConn(nil, limits) }

func newConn(ws *websocket.Conn, limits Limits) *Conn {
	limits = limits.withDefaults()
	c := &Conn{ws: ws, limits: limits, rate: rate.NewLimiter(rate.Limit(limits.PerSecond), limits.Burst)}
	if ws != nil {
		ws.SetReadLimit(limits.ReadLimit)
	}
	return c
}

// The reasons a message is refused without being read further.
var (
	ErrBinary  = errors.New("bad message: binary messages are not accepted")
	ErrTooFast = errors.New("too many messages: slow down")
)

// Read reads the page's messages until the socket closes (or deliver says
// to stop), handing each text to deliver; err is ErrTooFast for a message
// over the rate limit and ErrBinary for a binary one (text is nil then). Of
// a run of messages over the rate limit only the first is delivered, to be
// refused; the rest are dropped unread, so that a flood costs the reader
// nothing and never fills the page's own queue. A text message that is not
// UTF-8 closes the socket with 1007 (RFC 6455 §8.1).
func (c *Conn) Read(deliver func(text []byte, err error) bool) {
	limited := false
	for {
		// No context that can end: a read with one arms a callback on it
		// for every message. Whatever ends the page closes its socket,
		// which ends the read.
		typ, data, err := c.ws.Read(context.Background())
		if err != nil {
			return // closed by the page, by us, or over the read limit (1009)
		}
		switch {
		case !c.rate.Allow():
			if limited {
				continue
			}
			limited, data, err = true, nil, ErrTooFast
		case typ != websocket.MessageText:
			limited, data, err = false, nil, ErrBinary
		case !utf8.Valid(data):
			c.Close(InvalidUTF8, "text messages must be UTF-8")
			return
		default:
			limited = false
		}
		if !deliver(data, err) {
			return
		}
	}
}

// Send sends an update without ever blocking the sender, and reports
// whether the connection keeps m (queued, or left to a writer) — if not, m
// is written or dropped, and its buffer may be reused. When nothing waits
// for the page's socket it is written at once, on the caller's goroutine,
// as far as the socket takes it without waiting: that is nearly always all
// of it, and starting a writer goroutine for each update (and waking a
// processor for it) cost more than the write. What the socket does not
// take at once is left to a writer goroutine, and the updates after it
// queue up behind it. A page that has fallen Limits.Queue updates behind
// is disconnected instead.
func (c *Conn) Send(m frame.Message) (kept bool) {
	c.mu.Lock()
	if c.closed.Load() {
		c.mu.Unlock()
		return false
	}
	if len(c.queue)-c.head >= c.limits.Queue {
		c.mu.Unlock()
		if c.limits.OnSlowDrop != nil {
			c.limits.OnSlowDrop()
		}
		c.Close(TryAgainLater, "too slow to keep up") // 1013: the page reconnects and gets the whole view
		return false
	}
	if c.writing || c.ws == nil {
		c.queue = append(c.queue, m)
		c.mu.Unlock()
		return true
	}
	c.writing = true
	c.mu.Unlock()
	if c.frames == nil {
		go c.flush(m, nil)
		return true
	}
	rest, held, err := c.frames.try(m)
	switch {
	case err != nil:
		c.Close(GoingAway, "write failed")
		return false
	case held:
		go c.flush(frame.Message{}, rest)
		return true
	case rest != nil:
		go c.flush(m, nil)
		return true
	}
	c.mu.Lock()
	more := c.head < len(c.queue) // queued by another goroutine meanwhile
	c.writing = more
	c.mu.Unlock()
	if more {
		go c.flush(frame.Message{}, nil)
	}
	return false
}

// next takes the oldest waiting update; ok is false when there is none
// (or the page is closed), and then the writer stops.
func (c *Conn) next() (m frame.Message, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.head == len(c.queue) || c.closed.Load() {
		clear(c.queue)
		c.queue, c.head, c.writing = c.queue[:0], 0, false
		return frame.Message{}, false
	}
	m = c.queue[c.head]
	c.queue[c.head] = frame.Message{}
	c.head++
	return m, true
}

// flush writes what an update left to write, then the waiting updates in
// order, then ends. What was left is either a whole update (first) or, when
// the socket took part of one, the rest of its frame (rest, with the frame
// writer's lock still held for it). A write that takes longer than
// WriteTimeout is ended by closing the socket under it, which fails the
// write and closes the connection. One reusable timer does it, and writes
// get a context that is never done: the WebSocket library arms a callback
// on every write's context that can end (and a context with its own
// deadline per write cost more still).
func (c *Conn) flush(first frame.Message, rest []byte) {
	if c.stuck == nil { // only the one writer running touches it
		c.stuck = time.AfterFunc(WriteTimeout, func() { c.ws.CloseNow() })
		c.stuck.Stop()
	}
	m, ok := first, !first.Empty()
	if rest != nil {
		c.stuck.Reset(WriteTimeout)
		err := c.frames.finish(rest)
		c.stuck.Stop()
		if err != nil {
			c.Close(GoingAway, "write failed")
			return
		}
	}
	for {
		if !ok {
			if m, ok = c.next(); !ok {
				return
			}
		}
		c.stuck.Reset(WriteTimeout)
		err := c.write(m)
		c.stuck.Stop()
		if err != nil {
			c.Close(GoingAway, "write failed")
			return
		}
		ok = false
	}
}

// write sends one update, waiting for the socket.
func (c *Conn) write(m frame.Message) error {
	if c.frames == nil {
		return c.ws.Write(context.Background(), websocket.MessageText, m.Payload())
	}
	return c.frames.message(m)
}

// Close ends the connection once, with a status the page sees: what waits
// is dropped, and the socket is closed with the closing handshake, on a
// goroutine of its own (it waits for the page's answer; a write under way
// finishes first).
func (c *Conn) Close(status StatusCode, reason string) {
	c.once.Do(func() {
		c.status, c.reason = status, reason
		c.closed.Store(true)
		if c.ws != nil {
			go c.ws.Close(status, reason)
		}
	})
}

// Restart closes with 1012, on which the page reconnects by itself.
func (c *Conn) Restart() { c.Close(ServiceRestart, "the server is restarting") }

// Closed reports whether the connection was closed.
func (c *Conn) Closed() bool { return c.closed.Load() }

// Status is the status the connection was closed with (0 while open).
func (c *Conn) Status() StatusCode {
	if !c.closed.Load() {
		return 0
	}
	return c.status
}

// Taken takes the updates waiting so far, oldest first (for a Queue).
func (c *Conn) Taken() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	var q [][]byte
	for _, m := range c.queue[c.head:] {
		q = append(q, m.Payload())
	}
	clear(c.queue)
	c.queue, c.head = c.queue[:0], 0
	return q
}

// TakeOne waits for an update and takes the oldest (for a Queue).
func (c *Conn) TakeOne(ctx context.Context) ([]byte, error) {
	for {
		c.mu.Lock()
		if c.head < len(c.queue) {
			b := c.queue[c.head].Payload()
			c.head++
			c.mu.Unlock()
			return b, nil
		}
		c.mu.Unlock()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Millisecond):
		}
	}
}
