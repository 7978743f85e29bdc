package roombot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// A bot account's games (docs/accounts.md, "Bots"): it waits in a quick
// pairing pool over the pool's socket (docs/protocol.md, "Quick pairing's
// socket") with its API token, is told the room the pairing made, plays
// it with Run, and waits again.

// Games gives a bot its games, one at a time: Next waits for the next and
// returns its room's address (http(s)://HOST/r/ID), where the bot already
// holds a seat. Pool is quick pairing's; Site is direct challenges' (and
// waits in a Pool meanwhile), so that cmd/bot plays both with one loop.
type Games interface {
	Next(ctx context.Context) (room string, err error)
}

// Pool waits in a quick pairing pool for each game.
type Pool struct {
	// Server is the site's address, http(s)://HOST.
	Server string
	// Pool is the pool's name, GAME/SPEED ("kalah/fast").
	Pool string
	// Bearer is the bot account's API token.
	Bearer string
	// HTTPClient dials the socket (nil: http.DefaultClient).
	HTTPClient *http.Client
}

// ErrReplaced: the bot entered another pool elsewhere (another program
// plays the same account), which ended this wait.
var ErrReplaced = errors.New("the bot's account is waiting in another pool: is another program running it?")

// NotNowError is the server's refusal of a wait, in its words: the bot
// has begun the most games a bot may in an hour (RetryAfter says when it
// may enter again), too many entries from its address, the database
// down. A bad token or a bad pool is refused as the socket opens instead.
type NotNowError struct {
	Text       string
	RetryAfter time.Duration
}

func (e *NotNowError) Error() string { return e.Text }

// poolMessage is what the pool's socket says.
type poolMessage struct {
	Waiting    string `json:"waiting"`
	Room       string `json:"room"`
	Error      string `json:"error"`
	Left       bool   `json:"left"`
	RetryAfter int64  `json:"retry_after"`
}

// Next implements Games: it waits in the pool until the bot is paired.
func (p Pool) Next(ctx context.Context) (string, error) {
	// The dial is not cut short by ctx: once the server has answered it,
	// the bot waits in the pool, and a wait given up must be left.
	ws, base, err := openSocket(context.WithoutCancel(ctx), p.Server, "/pool/ws", url.Values{"pool": {p.Pool}}, p.Bearer,
		p.HTTPClient, 4<<10)
	if err != nil {
		return "", err
	}
	defer ws.CloseNow()
	// A wait given up is left by saying so, and is over when the server,
	// having taken the bot out of the pool, closes the socket (or names
	// the room it paired the bot into as it left): closing the socket
	// alone would return while the bot still waits, until the server
	// notices, and a pairing made then would hold a seat nobody plays.
	readCtx, stopReading := context.WithCancel(context.WithoutCancel(ctx))
	defer stopReading()
	leave := context.AfterFunc(ctx, func() {
		wctx, cancel := context.WithTimeout(readCtx, writeTimeout)
		defer cancel()
		if ws.Write(wctx, websocket.MessageText, []byte(`{"cancel":true}`)) != nil {
			stopReading()
			return
		}
		time.AfterFunc(leaveTimeout, stopReading)
	})
	defer leave()
	for {
		_, b, err := ws.Read(readCtx)
		if err != nil {
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
			return "", err
		}
		var m poolMessage
		if err := json.Unmarshal(b, &m); err != nil {
			return "", fmt.Errorf("%w: %w", errProtocol, err)
		}
		switch {
		case m.Room != "":
			ws.Close(websocket.StatusNormalClosure, "")
			if !strings.HasPrefix(m.Room, "/r/") {
				return "", fmt.Errorf("%w: a room at %q", errProtocol, m.Room)
			}
			return base + m.Room, nil
		case m.Error != "":
			return "", &NotNowError{Text: m.Error, RetryAfter: time.Duration(m.RetryAfter) * time.Second}
		case m.Left:
			return "", ErrReplaced
		}
		// {"waiting":...}: the wait has begun; read on.
	}
}

// leaveTimeout bounds how long a wait given up waits for the server to
// take it out of the pool.
const leaveTimeout = 5 * time.Second

// socketAt is the address of the server's socket at path with query, and
// the site's address (for the rooms').
func socketAt(server, path string, query url.Values) (socket, base string, err error) {
	u, err := url.Parse(strings.TrimSpace(server))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", "", fmt.Errorf("the server's address %q: give the site's address, http(s)://HOST", server)
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawQuery, u.Fragment = "", ""
	base = u.String()
	u.Scheme = map[string]string{"http": "ws", "https": "wss"}[u.Scheme]
	u.Path += path
	u.RawQuery = query.Encode()
	return u.String(), base, nil
}

// openSocket opens the server's socket at path with query as the bot of
// token, over client (nil: http.DefaultClient), its messages read up to
// limit bytes; base is the site's address (for the rooms'). Pool, Site
// and Event all open theirs so.
func openSocket(ctx context.Context, server, path string, query url.Values, token string, client *http.Client,
	limit int64) (ws *websocket.Conn, base string, err error) {
	socket, base, err := socketAt(server, path, query)
	if err != nil {
		return nil, "", err
	}
	if err := checkBearer(token); err != nil {
		return nil, "", err
	}
	if client == nil {
		client = http.DefaultClient
	}
	if ws, err = dial(ctx, socket, credentials{bearer: token}, client); err != nil {
		return nil, "", err
	}
	ws.SetReadLimit(limit)
	return ws, base, nil
}

// checkBearer refuses a bot's token that could not be one: missing, or
// holding what no header can carry.
func checkBearer(token string) error {
	if token == "" || strings.ContainsAny(token, " \t\r\n") {
		return errors.New("the bot's token is missing, or holds a space or a line break")
	}
	return nil
}

// Retryable says whether a failed wait is worth trying again later: the
// server restarting or out of reach, or refusing for now (a *NotNowError,
// which may say how long to wait); not a refused token or pool, nor a
// wait replaced by another of the account's, nor an event that refused
// the bot or is over.
func Retryable(err error) bool {
	var (
		notNow  *NotNowError
		refused *EntryRefusedError
	)
	return errors.As(err, &notNow) || (retryable(err) && !errors.Is(err, ErrReplaced) && !errors.As(err, &refused) &&
		!errors.Is(err, ErrEventOver))
}
