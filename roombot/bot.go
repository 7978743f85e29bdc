// Package roombot seats an engine in a Boardroom room: it opens the room's
// WebSocket as a program does (docs/protocol.md: ?format=json and a seat
// token of its own), takes the free seat in the engine's name, tells the
// engine the game, its options, the time it has a move and the moves so
// far, then follows the room: the other side's moves go to the engine,
// and on its turn the engine's move goes to the room, on the room's clock.
// It returns when the game ends, and dials again when the server restarts.
//
// The engine is anything with the Engine methods: an engine program
// driven over the engine text protocol (enginetext.Client), or a test's
// player.
//
// This is the engine client, one of three things called "bot"
// (docs/design.md, "Programs in rooms"): not the server's computer seat,
// nor a bot account, though it may play as one (Config.Bearer, a bot's API
// token).
package roombot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/coder/websocket"

	"boardroom/realtime/roomjson"
	"boardroom/secret"
)

// Engine is what the bot needs of an engine: the commands of the engine
// text protocol (docs/engine-protocol.md), each waiting for its reply
// until ctx ends. enginetext.Client has them.
type Engine interface {
	// Name is the engine's name, shown on every page as "Engine: NAME".
	Name(ctx context.Context) (string, error)
	// NewGame starts a game of gameID with options.
	NewGame(ctx context.Context, gameID string, opts map[string]string) error
	// Time sets the engine's time a move.
	Time(ctx context.Context, ms int) error
	// Play tells the engine a turn in notation (A+B on a simultaneous one).
	Play(ctx context.Context, notation string) error
	// GenMove asks the engine's move, which it also plays; on a
	// simultaneous turn, given the seat ("1" or "2"), its choice for that
	// seat, which it does not play.
	GenMove(ctx context.Context, seat ...string) (string, error)
	// Undo takes back the last turn.
	Undo(ctx context.Context) error
}

// Config is what Run needs.
type Config struct {
	// Room is the room's address, as its page's link gives it:
	// http(s)://HOST/r/ID (or its socket's, ws(s)://HOST/r/ID/ws).
	Room   string
	Engine Engine
	// Name is the seat's display name (the chat's); "" for the engine's.
	Name string
	// Token is the seat token: a secret of 32 to 128 characters by which
	// the room knows the seat's holder. "" makes a new one; give the one a
	// seat was taken with (or a room's creator's cookie) to play that seat.
	Token string
	// Bearer is a bot account's API token (docs/accounts.md, "Bots"):
	// the room knows the bot by it, and its seat shows the account's name
	// marked BOT, not the engine's. Token is then not used.
	Bearer string
	// MoveTime is the engine's time a move in a room with no clock
	// (0: DefaultMoveTime). With a clock, the bot gives it part of the
	// time left (MoveBudget).
	MoveTime time.Duration
	// Reconnect is how long the bot tries to reach the room again once
	// seated, when the connection is lost (0: DefaultReconnect).
	Reconnect time.Duration
	// Log receives a line for each step (seated, moves, reconnections);
	// nil: none.
	Log io.Writer
	// HTTPClient dials the socket (nil: http.DefaultClient).
	HTTPClient *http.Client
}

// Defaults of Config.
const (
	DefaultMoveTime  = 2 * time.Second
	DefaultReconnect = time.Minute
)

// Errors of Run besides a dial's (ErrNoRoom); errors.Is tells them apart.
var (
	// ErrRoomFull: no seat is free (both held, or the room plays the
	// computer) and the bot's token holds none.
	ErrRoomFull = errors.New("the room has no free seat")
	// ErrGameOver: the room's game ended before the bot took a seat.
	ErrGameOver = errors.New("the game in the room is over")
	// ErrRefused: the room refused the bot's join or its engine's move.
	ErrRefused = errors.New("the room refused")
	// ErrEngine: the engine failed: it refused the game or a move of the
	// room, gave no move in time, or exited.
	ErrEngine = errors.New("the engine failed")
	// ErrSeatLost: the bot's seat is no longer its.
	ErrSeatLost = errors.New("the bot no longer holds a seat")
)

// engineTimeout bounds every engine command but genmove.
const engineTimeout = 30 * time.Second

// Run seats the engine in the room and plays until the game ends; it
// returns the room's last state, whose Result says how the game ended.
func Run(ctx context.Context, cfg Config) (*roomjson.State, error) {
	socket, err := socketURL(cfg.Room)
	if err != nil {
		return nil, err
	}
	if cfg.Engine == nil {
		return nil, errors.New("roombot: no engine")
	}
	if cfg.Token == "" {
		cfg.Token = secret.New()
	}
	if strings.ContainsAny(cfg.Bearer, " \t\r\n") {
		return nil, errors.New("the bot's token holds a space or a line break: copy it again")
	}
	if n := len(cfg.Token); n < 32 || n > 128 || strings.ContainsAny(cfg.Token, "; \t\r\n\",") {
		return nil, errors.New("the seat token must be 32 to 128 characters, without spaces, quotes, commas or semicolons")
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = DefaultMoveTime
	}
	if cfg.Reconnect <= 0 {
		cfg.Reconnect = DefaultReconnect
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = http.DefaultClient
	}
	nameCtx, cancel := context.WithTimeout(ctx, engineTimeout)
	name, err := cfg.Engine.Name(nameCtx)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("%w: asked its name: %w", ErrEngine, err)
	}
	name = strings.TrimSpace(name)
	if name == "" {
		name = "unnamed engine" // the seat still says an engine plays it
	}
	b := &bot{cfg: cfg, socket: socket, engineName: name, asked: -1,
		pace: pacer{burst: sendBurst, gap: sendGap}}
	return b.run(ctx)
}

// bot is one run: the room's connection and what the engine was told.
type bot struct {
	cfg        Config
	socket     string
	engineName string

	ws     *websocket.Conn
	connID int // counts the connections, so a move is sent again on a new one
	// shownOn is the last connection whose state showed the bot's seat
	// (the time to reconnect counts from its loss).
	shownOn int

	joinSent bool
	seated   bool
	game     string
	options  map[string]string
	// told are the turns the engine has played, as the room writes them.
	told     []string
	timeSent int // the engine's time a move last sent, in ms (0: none)
	// asked is the ply and askedSeat the seat the engine's move was last
	// asked for (ply -1: none since the last takeback), pending that move
	// and askedOn the connection it was sent on.
	asked, askedSeat, askedOn int
	pending                   string
	// answeredAt is the room's version when the bot last answered a
	// proposal: one shown at that version is answered already.
	answeredAt uint64
	// pace keeps the messages under the room's limit; last is the last
	// message sent, sent again if the room found it too fast all the same.
	pace pacer
	last []byte
}

// run dials the room and serves it, dialling again after a lost
// connection once seated, for up to cfg.Reconnect.
func (b *bot) run(ctx context.Context) (*roomjson.State, error) {
	var lostAt time.Time
	wait := 100 * time.Millisecond
	for {
		ws, err := dial(ctx, b.socket, b.credentials(), b.cfg.HTTPClient)
		if err == nil {
			b.ws = ws
			b.connID++
			var final *roomjson.State
			final, err = b.serve(ctx)
			if err == nil {
				ws.Close(websocket.StatusNormalClosure, "the game is over")
				return final, nil
			}
			ws.CloseNow()
			if b.seated && (lostAt.IsZero() || b.shownOn == b.connID) {
				lostAt, wait = time.Now(), 100*time.Millisecond // a new loss
			}
		}
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.Is(err, ErrNoRoom):
			return nil, fmt.Errorf("%w at %s", err, strings.TrimSpace(b.cfg.Room))
		case !b.seated || !retryable(err):
			return nil, err
		case time.Since(lostAt) > b.cfg.Reconnect:
			return nil, fmt.Errorf("lost the room and could not reach it again for %s: %w", b.cfg.Reconnect, err)
		}
		b.logf("connection lost (%v); connecting again", err)
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		wait = min(2*wait, 2*time.Second)
	}
}

// serve reads the room on the current connection and acts on it, until the
// game ends (the last state) or the connection fails.
func (b *bot) serve(ctx context.Context) (*roomjson.State, error) {
	in := newInbox()
	readCtx, stop := context.WithCancel(ctx)
	defer stop()
	go in.read(readCtx, b.ws)
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-in.ready:
		}
		answers, s, at, readErr := in.take()
		for _, a := range answers {
			if err := b.answered(ctx, a); err != nil {
				return nil, err
			}
		}
		if s != nil {
			over, err := b.step(ctx, s, at)
			if err != nil || over {
				return s, err
			}
		}
		if readErr != nil {
			return nil, readErr
		}
	}
}

// answered handles the room's answer to one of the bot's messages.
func (b *bot) answered(ctx context.Context, m roomjson.Message) error {
	if m.Notice != nil {
		b.logf("the room says: %s", m.Notice.Text)
		return nil
	}
	e := m.Error
	switch {
	case !b.seated && b.joinSent:
		return fmt.Errorf("%w the bot's join: %s", ErrRefused, e.Text)
	case e.Reason == "illegal" || e.Reason == "protocol":
		return fmt.Errorf("%w the engine's move %q: %s", ErrRefused, b.pending, e.Text)
	case e.Reason == "too fast" && b.last != nil:
		// Dropped unread: say it again, once the room has let a second pass.
		b.logf("the room found the bot too fast; sending again")
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return ctx.Err()
		}
		return b.send(ctx, b.last)
	}
	// Not the bot's turn any more, the game over...: a race with the
	// clock or the other player, which the next state shows.
	b.logf("the room refused a message (%s): %s", e.Reason, e.Text)
	return nil
}

// step acts on a state of the room; over says the game has ended.
func (b *bot) step(ctx context.Context, s *roomjson.State, at time.Time) (over bool, err error) {
	if len(s.You) == 0 {
		return false, b.takeSeat(ctx, s)
	}
	if !b.seated {
		if err := b.setUp(ctx, s); err != nil {
			return false, err
		}
	}
	b.shownOn = b.connID
	if err := b.follow(ctx, s.Moves); err != nil {
		return false, err
	}
	if s.Over {
		return true, nil
	}
	if err := b.answerProposal(ctx, s); err != nil {
		return false, err
	}
	if s.YourTurn {
		return false, b.move(ctx, s, at)
	}
	return false, nil
}

// takeSeat joins the free seat, or says why the bot cannot.
func (b *bot) takeSeat(ctx context.Context, s *roomjson.State) error {
	if b.seated {
		return ErrSeatLost
	}
	if s.Over {
		return fmt.Errorf("%w: %s", ErrGameOver, resultText(s))
	}
	free := -1
	for i, seat := range s.Seats {
		if seat.Kind == roomjson.KindFree {
			free = i
		}
	}
	if free < 0 {
		return fmt.Errorf("%w: %s: %s, %s: %s", ErrRoomFull, s.Seats[0].Name, s.Seats[0].Holder, s.Seats[1].Name, s.Seats[1].Holder)
	}
	if b.joinSent {
		return nil // the join's answer is on its way
	}
	b.joinSent = true
	if b.cfg.Bearer != "" { // a bot's account: its seat shows the account's name
		return b.send(ctx, roomjson.Join("", ""))
	}
	return b.send(ctx, roomjson.Join(b.cfg.Name, b.engineName))
}

// setUp starts the room's game in the engine, once seated.
func (b *bot) setUp(ctx context.Context, s *roomjson.State) error {
	b.seated, b.game, b.options = true, s.Game, s.Options
	names := make([]string, len(s.You))
	for i, p := range s.You {
		names[i] = s.Seats[p].Name
	}
	b.logf("seated as %s in %s (room %s)", strings.Join(names, " and "), s.GameName, s.Room)
	if !b.joinSent && b.cfg.Bearer == "" && s.Seats[s.You[0]].Engine != b.engineName {
		// A seat the token held already (its creator's): from now on every
		// page shows the engine there.
		b.joinSent = true
		if err := b.send(ctx, roomjson.Join(b.cfg.Name, b.engineName)); err != nil {
			return err
		}
	}
	return b.restart(ctx, nil)
}

func (b *bot) logf(format string, args ...any) {
	if b.cfg.Log != nil {
		fmt.Fprintf(b.cfg.Log, format+"\n", args...)
	}
}

// resultText says how a finished game ended.
func resultText(s *roomjson.State) string {
	if s.Result == nil {
		return "over"
	}
	return s.Result.Text
}

func formatOptions(opts map[string]string) string {
	words := make([]string, 0, len(opts))
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		words = append(words, k+"="+opts[k])
	}
	return strings.Join(words, " ")
}
