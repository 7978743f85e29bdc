package realtime

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/store"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// turnRecord is one played turn of the room's log.
type turnRecord struct {
	moves []game.Move
	seats []game.Player
	text  string
	at    time.Time
	think time.Duration
	info  string
}

// Room is one match. Its goroutine (run) owns every field below inbox; other
// goroutines only send it events.
type Room struct {
	id    string
	hub   *Hub
	g     game.Game
	opts  game.Options
	mode  vocab.Mode
	clock vocab.Clock
	// private rooms are never listed in the lobby.
	private bool
	inbox   chan event
	// done is closed when the room's goroutine has stopped: sends give up
	// instead of filling an inbox that nobody reads.
	done chan struct{}

	state game.State
	turns []turnRecord
	redo  []turnRecord
	save  []string
	seats [2]store.Seat
	bots  [2]game.Bot
	ended *game.Outcome // an end the rules do not see: time out, resignation, claim, abort
	// aborted marks an end with no result (ended holds its reason).
	aborted bool
	// next is set on a finished game kept after a rematch: the room where
	// the players went on. Such a room is a record; nothing changes it.
	next    string
	conns   map[*Conn]*viewer
	picks   [2][]game.Cell // each seat's clicks towards its next move
	pending [2]*game.Move  // simultaneous choices made this turn
	request *request
	version uint64
	flashes uint64      // counts the flashes and messages shown, for FlashID
	legal   []game.Move // reused for the legal moves of a click or a page
	// specFrame is the spectators' page drawn at specVersion (views.go).
	specFrame   *frame.Frame
	specVersion uint64
	paused      bool
	stepOnce    bool
	botInfo     string
	// presencePending is set while a spectator-count update is scheduled.
	presencePending bool

	turnStarted   time.Time
	clockDeadline time.Time
	// clockFirstMove says the deadline is the wait for a first move.
	clockFirstMove bool
	clockGen       uint64
	stopClockTimer func() bool // nil when no timer is set
	// away is when each human seat's holder closed their last page (zero
	// while one is open); the claim timer fires when a claim becomes
	// possible.
	away           [2]time.Time
	stopClaimTimer func() bool
	botGen         uint64
	botCancel      context.CancelFunc
	replayTicker   *time.Ticker
	idleSince      time.Time
}

// request is a proposal waiting for the other player's consent.
type request struct {
	kind vocab.Proposal
	from game.Player
}

// event is anything sent to a room's goroutine: one of the ev types below,
// and nothing else (the marker method is unexported).
type event interface{ roomEvent() }

type (
	evConnect    struct{ c *Conn }
	evDisconnect struct{ c *Conn }
	evInput      struct {
		c   *Conn
		msg Message
		err error // the message was refused before reaching the room
	}
	evTimeout struct{ gen uint64 }
	evBotMove struct {
		gen   uint64
		seat  game.Player
		move  game.Move
		think time.Duration
		info  string
		err   error
	}
	evSnapshot struct {
		tokenHash string
		reply     chan *view.Page
	}
	evPresence  struct{}
	evClaimable struct{}
	evHint      struct {
		c    *Conn
		ply  int
		move game.Move
		text string
		err  error
	}
	evFunc struct{ f func(*Room) } // for tests: run f inside the room
)

func (evConnect) roomEvent()    {}
func (evDisconnect) roomEvent() {}
func (evInput) roomEvent()      {}
func (evTimeout) roomEvent()    {}
func (evBotMove) roomEvent()    {}
func (evSnapshot) roomEvent()   {}
func (evPresence) roomEvent()   {}
func (evClaimable) roomEvent()  {}
func (evHint) roomEvent()       {}
func (evFunc) roomEvent()       {}

func newRoom(h *Hub, rec *store.Room) (*Room, error) {
	g, err := game.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	start, err := g.New(rec.Options)
	if err != nil {
		return nil, err
	}
	now := h.now()
	r := &Room{
		id: rec.ID, hub: h, g: g, opts: start.Options(), mode: rec.Mode, clock: rec.Clock, private: rec.Private,
		inbox: make(chan event, 64), done: make(chan struct{}), state: start, seats: rec.Seats, save: rec.Save,
		conns: map[*Conn]*viewer{}, idleSince: now, aborted: rec.Aborted, next: rec.Next,
		away: [2]time.Time{now, now}, // nobody has a page open yet
	}
	for _, t := range rec.Turns {
		seats := slices.Clone(r.state.ToMove())
		moves, err := game.ParseTurn(r.state, t.Notation)
		if err == nil {
			err = r.state.Apply(moves...)
		}
		if err != nil {
			return nil, fmt.Errorf("stored turn %d (%s): %w", len(r.turns)+1, t.Notation, err)
		}
		r.turns = append(r.turns, turnRecord{moves: moves, seats: seats, text: t.Notation, at: t.At, think: t.Think, info: t.Info})
	}
	if n := len(r.turns); n > 0 {
		r.botInfo = r.turns[n-1].info
	}
	if rec.Over && !r.state.Outcome().Over {
		end := game.Win(game.Player(rec.Winner), rec.Reason)
		if rec.Winner < 0 {
			end = game.Draw(rec.Reason)
		}
		r.ended = &end
	}
	if r.next != "" {
		return r, nil // a record of a finished game: nobody will play it
	}
	if r.bots, err = makeBots(h, g, r.seats); err != nil {
		return nil, err
	}
	return r, nil
}

// makeBots makes the computer players of the seats that have one.
func makeBots(h *Hub, g game.Game, seats [2]store.Seat) ([2]game.Bot, error) {
	var bots [2]game.Bot
	for p, s := range seats {
		if s.Kind == vocab.Bot {
			bot, err := h.cfg.Bots(g, string(s.Level), s.Algorithm, uint64(time.Now().UnixNano())+uint64(p))
			if err != nil {
				return bots, err
			}
			bots[p] = bot
		}
	}
	return bots, nil
}

// send delivers an event to the room, or gives up when the room has stopped.
func (r *Room) send(ctx context.Context, ev event) bool {
	select {
	case <-r.done:
		return false
	default:
	}
	select {
	case r.inbox <- ev:
		return true
	case <-ctx.Done():
		return false
	case <-r.done:
		return false
	}
}

// Snapshot returns the page as the holder of tokenHash would see it now.
func (r *Room) Snapshot(ctx context.Context, tokenHash string) (*view.Page, error) {
	reply := make(chan *view.Page, 1)
	if !r.send(ctx, evSnapshot{tokenHash: tokenHash, reply: reply}) {
		return nil, fmt.Errorf("room %s is closed", r.id)
	}
	select {
	case p := <-reply:
		return p, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// ID returns the room's id.
func (r *Room) ID() string { return r.id }

// run is the room's goroutine.
func (r *Room) run(ctx context.Context) {
	r.afterChange(true) // start clocks and computer players where they were
	idle := time.NewTicker(time.Minute)
	defer idle.Stop()
	defer close(r.done)
	defer r.shutdown()
	for {
		var replay <-chan time.Time
		if r.replayTicker != nil {
			replay = r.replayTicker.C
		}
		select {
		case ev := <-r.inbox:
			r.handleSafely(ev)
		case <-replay:
			r.replayTick()
		case <-idle.C:
			if len(r.conns) == 0 && r.hub.now().Sub(r.idleSince) > r.hub.cfg.IdleUnload && !r.busy() {
				r.hub.cfg.Log.Debug("room unloaded", "room", r.id)
				return
			}
		case <-ctx.Done():
			return
		}
	}
}

// busy reports whether the room has work of its own to do (a computer game
// running), so that it stays in memory with nobody watching.
func (r *Room) busy() bool {
	return !r.over() && r.bots[0] != nil && r.bots[1] != nil && !r.paused
}

// handleSafely handles one event; a panic is logged, and the room goes on.
func (r *Room) handleSafely(ev event) {
	defer func() {
		if p := recover(); p != nil {
			r.hub.cfg.Log.Error("room panic", "room", r.id, "panic", p, "stack", string(debug.Stack()))
			if in, ok := ev.(evInput); ok {
				r.reject(in.c, refusedFailed, "Something went wrong on the server; nothing was changed.")
			}
		}
	}()
	switch ev := ev.(type) {
	case evConnect:
		r.connect(ev.c)
	case evDisconnect:
		r.disconnect(ev.c)
	case evInput:
		r.input(ev)
	case evTimeout:
		r.timeout(ev.gen)
	case evBotMove:
		r.botMoved(ev)
	case evSnapshot:
		ev.reply <- r.page(&viewer{tokenHash: ev.tokenHash}) // a page request has no connection yet
	case evHint:
		r.hinted(ev)
	case evPresence:
		r.sendPresence()
	case evClaimable:
		r.claimable()
	case evFunc:
		ev.f(r)
	}
}

// shutdown stops the room's timers and computer players and closes its
// connections with "service restart", so pages reconnect by themselves.
func (r *Room) shutdown() {
	r.stopClock()
	r.stopBot()
	if r.stopClaimTimer != nil {
		r.stopClaimTimer()
	}
	if r.replayTicker != nil {
		r.replayTicker.Stop()
	}
	for c := range r.conns {
		c.closeRestart()
		r.hub.cfg.Metrics.connected(-1)
	}
}
