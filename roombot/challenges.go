package roombot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// Direct challenges to a bot account (docs/protocol.md, "The site's
// socket"): the bot's program keeps the site's socket open with its API
// token while it waits for a game, which makes the bot online; it is told
// the challenges to it, accepts one in a game its engine plays (declining
// the others) and is given the room, where its account already holds a
// seat.

// Site gives a bot its games from direct challenges and, when Pool is set,
// from quick pairing at the same time: whichever comes first.
type Site struct {
	// Server is the site's address, http(s)://HOST; Bearer the bot
	// account's API token.
	Server, Bearer string
	// Games are the games whose challenges the bot accepts (empty: none;
	// a challenge in another game is declined).
	Games []string
	// Pool, when set, is waited in meanwhile (its Server and Bearer are
	// the same).
	Pool *Pool
	// HTTPClient dials the socket (nil: http.DefaultClient).
	HTTPClient *http.Client
}

// siteReadLimit bounds a message of the site's socket to a bot: its
// challenges, a few at once.
const siteReadLimit = 64 << 10

// siteMessage is what the site's socket says to a bot.
type siteMessage struct {
	Challenges *[]struct {
		ID, From, Game, Clock string
		Rated                 bool
	} `json:"challenges"`
	Go    string `json:"go"`
	Error string `json:"error"`
}

// pooled is what a wait in the pool came to.
type pooled struct {
	room string
	err  error
}

// Next implements Games: the room of the first challenge the bot accepts,
// or of the pool's pairing. A challenge that comes while the bot waits in
// the pool is accepted only once the bot has left the pool, so that it is
// never given two games at once: should the pool have paired it in the
// meantime, that game is played and the challenge, still open, waits for
// the next call.
func (s Site) Next(ctx context.Context) (string, error) {
	ws, base, err := openSocket(ctx, s.Server, "/site/ws", nil, s.Bearer, s.HTTPClient, siteReadLimit)
	if err != nil {
		return "", err
	}
	defer ws.CloseNow()
	messages := make(chan siteMessage)
	readErr := make(chan error, 1)
	readCtx, stopReading := context.WithCancel(ctx)
	defer stopReading()
	go func() {
		for {
			_, b, err := ws.Read(readCtx)
			if err != nil {
				readErr <- err
				return
			}
			var m siteMessage
			if err := json.Unmarshal(b, &m); err != nil {
				readErr <- fmt.Errorf("%w: %w", errProtocol, err)
				return
			}
			select {
			case messages <- m:
			case <-readCtx.Done():
				return
			}
		}
	}()

	var pool chan pooled
	stopPool := func() {}
	startPool := func() {
		if s.Pool == nil {
			return
		}
		pctx, cancel := context.WithCancel(ctx)
		pool, stopPool = make(chan pooled, 1), cancel
		go func(p Pool, done chan<- pooled) {
			room, err := p.Next(pctx)
			done <- pooled{room, err}
		}(*s.Pool, pool)
	}
	// leavePool ends the wait in the pool, and says the room it was paired
	// into before it could leave ("": none).
	leavePool := func() string {
		if pool == nil {
			return ""
		}
		stopPool()
		r := <-pool
		pool = nil
		return r.room
	}
	defer leavePool()
	startPool()

	asked := map[string]bool{} // the challenges answered on this socket
	for {
		select {
		case r := <-pool:
			pool = nil
			return r.room, r.err
		case err := <-readErr:
			return "", err
		case m := <-messages:
			if m.Challenges == nil {
				continue
			}
			for _, c := range *m.Challenges {
				if asked[c.ID] {
					continue
				}
				asked[c.ID] = true
				if !slices.Contains(s.Games, c.Game) {
					say(ctx, ws, map[string]string{"decline": c.ID})
					continue
				}
				if room := leavePool(); room != "" {
					return room, nil // paired first: the challenge waits
				}
				room, err := accept(ctx, ws, messages, readErr, c.ID)
				switch {
				case err == nil:
					return base + room, nil
				case errors.Is(err, errChallengeGone): // withdrawn, or expired: wait on
					startPool()
				default:
					return "", err
				}
			}
		}
	}
}

// errChallengeGone: the challenge was no longer open when the bot
// accepted it.
var errChallengeGone = errors.New("the challenge is no longer open")

// accept accepts challenge id and waits for its room (/r/ID).
func accept(ctx context.Context, ws *websocket.Conn, messages <-chan siteMessage, readErr <-chan error, id string) (string, error) {
	if err := say(ctx, ws, map[string]string{"accept": id}); err != nil {
		return "", err
	}
	timeout := time.After(dialTimeout)
	for {
		select {
		case m := <-messages:
			switch {
			case m.Go != "":
				if !strings.HasPrefix(m.Go, "/r/") {
					return "", fmt.Errorf("%w: a room at %q", errProtocol, m.Go)
				}
				return m.Go, nil
			case m.Error != "":
				return "", fmt.Errorf("%w: %s", errChallengeGone, m.Error)
			}
		case err := <-readErr:
			return "", err
		case <-timeout:
			return "", fmt.Errorf("%w: no answer to the bot's accept", errProtocol)
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

func say(ctx context.Context, ws *websocket.Conn, m map[string]string) error {
	b, _ := json.Marshal(m)
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return ws.Write(wctx, websocket.MessageText, b)
}
