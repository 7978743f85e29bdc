package roombot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"boardroom/realtime/roomjson"
)

// The room's connection: the address of its socket, the dial with the seat
// token, and a reader that keeps up with the room while the engine thinks.

// TokenCookie is the cookie that carries the seat token (web.TokenCookie).
const TokenCookie = "boardroom_seat"

// socketURL turns a room's address into its socket's, asking for JSON:
// http(s)://HOST/r/ID (the page's link, as shared) or ws(s)://HOST/r/ID/ws.
func socketURL(room string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(room))
	if err != nil {
		return "", fmt.Errorf("the room's address %q: %w", room, err)
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	case "ws", "wss":
	default:
		return "", fmt.Errorf("the room's address %q: give the room's link, http(s)://HOST/r/ID", room)
	}
	path := strings.TrimSuffix(strings.TrimSuffix(u.Path, "/"), "/ws")
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if u.Host == "" || len(parts) < 2 || parts[len(parts)-2] != "r" || parts[len(parts)-1] == "" {
		return "", fmt.Errorf("the room's address %q: give the room's link, http(s)://HOST/r/ID", room)
	}
	u.Path = path + "/ws"
	u.RawQuery = "format=json"
	u.Fragment = ""
	return u.String(), nil
}

// Errors of a dial; errors.Is tells them apart.
var (
	// ErrNoRoom: the server has no room at that address.
	ErrNoRoom = errors.New("no such room")
	// ErrBadToken: the server knows no bot by the token (never one, or
	// replaced since).
	ErrBadToken = errors.New("the server does not know the bot's token")
	// errRefusedDial: the server answered the dial with an HTTP error
	// (another than 404); no use trying again.
	errRefusedDial = errors.New("the server refused the connection")
	// errProtocol: the server sent what this bot does not understand.
	errProtocol = errors.New("the server sent what this bot does not understand")
)

// credentials say who the bot is to the server: a seat token, or a bot
// account's API token.
type credentials struct{ token, bearer string }

func (b *bot) credentials() credentials { return credentials{token: b.cfg.Token, bearer: b.cfg.Bearer} }

// header carries the credentials: the bearer token alone when there is
// one (its cookies would not count).
func (c credentials) header() http.Header {
	h := http.Header{}
	if c.bearer != "" {
		h.Set("Authorization", "Bearer "+c.bearer)
	} else if c.token != "" {
		h.Set("Cookie", TokenCookie+"="+c.token)
	}
	return h
}

// dial opens the room's socket with the bot's credentials.
func dial(ctx context.Context, socket string, creds credentials, client *http.Client) (*websocket.Conn, error) {
	h := creds.header()
	ctx, cancel := context.WithTimeout(ctx, dialTimeout)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, socket, &websocket.DialOptions{HTTPHeader: h, HTTPClient: client})
	if err == nil {
		ws.SetReadLimit(readLimit)
		return ws, nil
	}
	if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		why := strings.TrimSpace(string(body))
		switch resp.StatusCode {
		case http.StatusNotFound:
			return nil, ErrNoRoom
		case http.StatusUnauthorized:
			return nil, fmt.Errorf("%w: %s", ErrBadToken, firstLine(why))
		}
		return nil, fmt.Errorf("%w: %s: %s", errRefusedDial, resp.Status, firstLine(why))
	}
	return nil, err
}

const (
	dialTimeout = 10 * time.Second
	// readLimit bounds a message from the server: a state with a long
	// game's moves and the legal moves is a few tens of kilobytes.
	readLimit = 1 << 20
	// writeTimeout bounds a message to the server.
	writeTimeout = 10 * time.Second
)

// retryable reports whether a closed connection is worth dialling again:
// the server restarting (1012), the room dropping a reader too slow
// (1013), a server going away (1001), the network failing or the server
// not there; not a close the server meant (1000, 1008, 1009...), a refused
// dial nor a message not understood.
func retryable(err error) bool {
	switch websocket.CloseStatus(err) {
	case websocket.StatusServiceRestart, websocket.StatusTryAgainLater, websocket.StatusGoingAway:
		return true
	case -1: // no close frame: the network, or no server
		return !errors.Is(err, ErrNoRoom) && !errors.Is(err, errRefusedDial) && !errors.Is(err, errProtocol) && !errors.Is(err, ErrBadToken)
	}
	return false
}

// inbox holds what the room sent while the engine thought: the answers to
// the bot's messages in order, and only the newest state (an older one is
// of no use), so that the reader never falls behind the room.
type inbox struct {
	mu      sync.Mutex
	answers []roomjson.Message // errors and notices
	state   *roomjson.State
	at      time.Time // when state came
	err     error     // why reading ended
	ready   chan struct{}
}

func newInbox() *inbox { return &inbox{ready: make(chan struct{}, 1)} }

// read fills the inbox from ws until it fails.
func (in *inbox) read(ctx context.Context, ws *websocket.Conn) {
	for {
		_, b, err := ws.Read(ctx)
		var m roomjson.Message
		if err == nil {
			m, err = roomjson.Decode(b)
			if err != nil {
				err = fmt.Errorf("%w: %w", errProtocol, err)
			}
		}
		in.mu.Lock()
		switch {
		case err != nil:
			in.err = err
		case m.State != nil:
			in.state, in.at = m.State, time.Now()
		default:
			in.answers = append(in.answers, m)
		}
		in.mu.Unlock()
		select {
		case in.ready <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

// take empties the inbox.
func (in *inbox) take() (answers []roomjson.Message, state *roomjson.State, at time.Time, err error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	answers, state, at, err = in.answers, in.state, in.at, in.err
	in.answers, in.state = nil, nil
	return answers, state, at, err
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
