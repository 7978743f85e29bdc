package roombot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/coder/websocket"
)

// A bot account's games in an event, an arena or a Swiss event (docs/
// protocol.md, "The site's socket"): the bot's program opens the site's
// socket as /site/ws?event=ID with its API token, enters the event once
// ({"join":ID}, answered {"joined":ID} or {"error":WHY}), and is sent
// {"go":"/r/ID"} each time the event's director pairs it, until
// {"event_over":ID}. Between games the socket is closed: a socket opened
// again is sent the game the bot plays there now, if any, so no pairing is
// missed while the bot played, nor while the server restarted.

// Event gives a bot its games in an event. Its Next is not safe for
// concurrent use (cmd/bot calls it from one loop).
type Event struct {
	// Server is the site's address, http(s)://HOST; Bearer the bot
	// account's API token; Event the event's id (its page is /t/ID).
	Server, Bearer, Event string
	// HTTPClient dials the socket (nil: http.DefaultClient).
	HTTPClient *http.Client

	// joined: the server took the bot's entry; asked: the bot asked to
	// enter and was not answered (the wait ended first); over: the server
	// said the event has finished.
	joined, asked, over bool
}

// ErrEventOver: the event has finished; it gives no more games.
var ErrEventOver = errors.New("the event is over")

// EntryRefusedError is the server's refusal of the bot's entry in an
// event, in its words: no such event, one for people alone, one that has
// finished. Trying again would not help.
type EntryRefusedError struct{ Text string }

func (e *EntryRefusedError) Error() string { return "the event refused the bot: " + e.Text }

// eventMessage is what the site's socket says to a bot in an event.
type eventMessage struct {
	Go        string `json:"go"`
	Error     string `json:"error"`
	Joined    string `json:"joined"`
	Left      string `json:"left"`
	EventOver string `json:"event_over"`
}

// Next implements Games: it enters the event (on its first call) and
// waits until the director pairs the bot, or the event is over
// (ErrEventOver).
func (e *Event) Next(ctx context.Context) (string, error) {
	if e.over {
		return "", ErrEventOver
	}
	ws, base, err := e.open(ctx, url.Values{"event": {e.Event}})
	if err != nil {
		return "", err
	}
	defer ws.CloseNow()
	if !e.joined {
		if err := say(ctx, ws, map[string]string{"join": e.Event}); err != nil {
			return "", err
		}
		e.asked = true
	}
	// An event over before the bot's entry was answered refuses the entry
	// (in the server's words), which may come after it.
	overSeen := false
	for {
		m, err := readEventMessage(ctx, ws)
		if err != nil {
			return "", err
		}
		switch {
		case m.Joined == e.Event:
			e.joined, e.asked = true, false
		case m.Error != "" && !e.joined:
			e.asked = false
			return "", &EntryRefusedError{Text: m.Error}
		case m.EventOver == e.Event:
			overSeen = true
		case m.Go != "":
			if !strings.HasPrefix(m.Go, "/r/") {
				return "", fmt.Errorf("%w: a room at %q", errProtocol, m.Go)
			}
			ws.Close(websocket.StatusNormalClosure, "")
			return base + m.Go, nil
		}
		if overSeen && e.joined {
			e.over = true
			ws.Close(websocket.StatusNormalClosure, "")
			return "", ErrEventOver
		}
		// The rest (the challenges to the bot, its count of games) is
		// not the event's: read on.
	}
}

// Entered says the bot entered the event with this Event (or asked to,
// and stopped waiting before the answer), and it is not over: a program
// that stops should Leave.
func (e *Event) Entered() bool { return (e.joined || e.asked) && !e.over }

// Leave takes the bot out of the event's pairings (it keeps its score):
// a program that stops playing leaves, so that it is not paired into
// games nobody plays. It may come back with Next.
func (e *Event) Leave(ctx context.Context) error {
	ws, _, err := e.open(ctx, nil)
	if err != nil {
		return err
	}
	defer ws.CloseNow()
	if err := say(ctx, ws, map[string]string{"leave": e.Event}); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, dialTimeout)
	defer cancel()
	for {
		m, err := readEventMessage(ctx, ws)
		switch {
		case err != nil:
			return err
		case m.Left == e.Event:
			e.joined, e.asked = false, false
			ws.Close(websocket.StatusNormalClosure, "")
			return nil
		case m.Error != "":
			return &EntryRefusedError{Text: m.Error}
		}
	}
}

// open dials the site's socket with the bot's token and query; base is
// the site's address (for the rooms').
func (e *Event) open(ctx context.Context, query url.Values) (ws *websocket.Conn, base string, err error) {
	return openSocket(ctx, e.Server, "/site/ws", query, e.Bearer, e.HTTPClient, siteReadLimit)
}

// readEventMessage reads the site socket's next message.
func readEventMessage(ctx context.Context, ws *websocket.Conn) (eventMessage, error) {
	_, b, err := ws.Read(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return eventMessage{}, ctx.Err()
		}
		return eventMessage{}, err
	}
	var m eventMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return eventMessage{}, fmt.Errorf("%w: %w", errProtocol, err)
	}
	return m, nil
}
