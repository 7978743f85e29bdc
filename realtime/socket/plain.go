package socket

import (
	"context"
	"net/http"

	"github.com/coder/websocket"
)

// Plain is a WebSocket its handler reads and writes itself, one message at
// a time: the lobby's small JSON sockets (a pool's wait, the site's
// challenges), which send a few messages a minute and need neither a
// page's rate limit nor its write queue (Conn).
type Plain struct{ ws *websocket.Conn }

// AcceptPlain upgrades a request to a Plain socket, from the request's own
// host or one of originPatterns (host patterns), taking messages of at
// most readLimit bytes. When it fails it has answered the request.
func AcceptPlain(w http.ResponseWriter, req *http.Request, originPatterns []string, readLimit int64) (*Plain, error) {
	ws, err := websocket.Accept(w, req, &websocket.AcceptOptions{OriginPatterns: originPatterns})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(readLimit)
	return &Plain{ws: ws}, nil
}

// Read waits for the next message, of either type; an error once the
// socket is closed (or ctx ends, which closes it).
func (p *Plain) Read(ctx context.Context) ([]byte, error) {
	_, b, err := p.ws.Read(ctx)
	return b, err
}

// Write sends b as a text message, waiting until it is written or ctx
// ends (which closes the socket).
func (p *Plain) Write(ctx context.Context, b []byte) error {
	return p.ws.Write(ctx, websocket.MessageText, b)
}

// Close closes the socket with status and reason, with the closing
// handshake (it waits for the other side's answer, for a while).
func (p *Plain) Close(status StatusCode, reason string) error { return p.ws.Close(status, reason) }

// CloseNow closes the socket at once, without the handshake (its end,
// whatever happened before).
func (p *Plain) CloseNow() error { return p.ws.CloseNow() }
