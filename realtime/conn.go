package realtime

import (
	"context"
	"errors"
	"net/http"
	"time"

	"boardroom/realtime/cluster"
	"boardroom/realtime/match"
	"boardroom/realtime/socket"
)

// socketLimits are a page socket's limits as the hub sets them.
func (h *Hub) socketLimits() socket.Limits {
	return socket.Limits{ReadLimit: match.MaxMessageBytes, OnSlowDrop: h.metrics.droppedSlow, PerSecond: h.messagesPerSecond}
}

// sink is where a page's messages go: its room, or in a cluster the
// page's link to the room (link.go). deliver reports false when the page
// should close.
type sink interface {
	deliver(ctx context.Context, c *match.Conn, msg match.Message, raw []byte, err error) bool
}

// linkedSink hands a page's messages to its room wherever it runs, in a
// cluster.
type linkedSink struct{ pg *cluster.Page }

func (s linkedSink) deliver(ctx context.Context, _ *match.Conn, msg match.Message, raw []byte, err error) bool {
	return s.pg.Deliver(ctx, msg, raw, err)
}

// roomSink hands a page's messages to its room run here.
type roomSink struct{ r *match.Room }

func (s roomSink) deliver(ctx context.Context, c *match.Conn, msg match.Message, _ []byte, err error) bool {
	return s.r.Input(ctx, c, msg, err)
}

// readPage reads the page's messages from its socket and hands them to
// to, decoded.
func readPage(ctx context.Context, sock *socket.Conn, c *match.Conn, to sink) {
	sock.Read(func(text []byte, err error) bool {
		var msg match.Message
		switch {
		case err == nil:
			msg, err = match.DecodeMessage(text)
		case errors.Is(err, socket.ErrTooFast):
			err = match.ErrTooFast
		case errors.Is(err, socket.ErrBinary):
			err = match.ErrBinary
		}
		return to.deliver(ctx, c, msg, text, err)
	})
}

// SocketHooks are what the caller of ServeWS does around a socket.
type SocketHooks struct {
	// Opened, when set, is given the function that closes the socket with
	// a code and a reason, once it is open (a session that ends closes the
	// sockets opened with it).
	Opened func(close func(code socket.StatusCode, reason string))
	// Closed, when set, is called once the socket has closed, or was
	// never opened.
	Closed func()
}

// ServeWS upgrades an HTTP request to a WebSocket of room id for the viewer
// holding tokenHash and called name (its browser's, "" for none), signed in
// as account ("" for a guest; botAccount when it is a bot account), opens it
// in the room, and returns: the socket is served on a goroutine of its own
// until it closes, around which hooks are called. originPatterns lists the
// other origins allowed besides the request's own host. The query
// may ask for the room as JSON (ParseStream); a query it cannot read is
// answered 400 before any upgrade.
//
// The socket outlives the request's handler on purpose: the handler's
// goroutine has grown a deep stack by then (the HTTP server, the handlers
// around this one, finding the room), which a page would keep for as long
// as it stays open — most of an idle page's memory. Reading is done on a
// fresh goroutine, whose stack stays small.
func (h *Hub) ServeWS(w http.ResponseWriter, req *http.Request, id, tokenHash, name, account string, botAccount bool, originPatterns []string, hooks SocketHooks) {
	done := func() {
		if hooks.Closed != nil {
			hooks.Closed()
		}
	}
	stream, err := match.ParseStream(req.URL.Query())
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
	c := match.NewConn(sock, tokenHash, name, stream)
	c.SetAccount(account)
	c.SetBotAccount(botAccount)
	if hooks.Opened != nil {
		hooks.Opened(sock.Close)
	}
	// The request's context ends with its handler; the page's lasts until
	// its socket closes.
	ctx, cancel := context.WithCancel(context.WithoutCancel(req.Context()))
	if h.node != nil {
		pg, err := h.node.OpenPage(ctx, id, c)
		if err != nil {
			cancel()
			sock.Close(socket.ServiceRestart, "the room is moving; reconnect")
			done()
			return
		}
		go func() {
			defer done()
			defer cancel()
			readPage(ctx, sock, c, linkedSink{pg})
			sock.Close(socket.NormalClosure, "")
			pg.Close()
		}()
		return
	}
	r, err := h.connect(ctx, id, c)
	if err != nil {
		cancel()
		sock.Close(socket.ServiceRestart, "the room is closed")
		done()
		return
	}
	go func() {
		defer done()
		defer cancel()
		readPage(ctx, sock, c, roomSink{r})
		sock.Close(socket.NormalClosure, "")
		// The room may have stopped; then nobody needs to hear of this.
		bye, stop := context.WithTimeout(h.ctx, 5*time.Second)
		defer stop()
		r.Leave(bye, c)
	}()
}
