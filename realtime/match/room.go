package match

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"boardroom/game"
	"boardroom/game/ai/engine"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// Room is one match. Its goroutine (run) owns every field from state on;
// other goroutines only send it events. The room composes one part per
// concern, each in its own file with the fields it owns: who holds the
// seats (seats.go), the move clock (clock.go), the computer players
// (bots.go), the log and save slot (history.go), the open pages
// (viewers.go) and the chat (chat.go); the room itself holds the game and
// what ends it.
type Room struct {
	id   string
	g    game.Game
	opts game.Options
	// optionWords says opts in words (game.Options.Describe), for every
	// view of the room: made once, as the options never change.
	optionWords string
	mode        vocab.Mode
	private     bool // never listed in the lobby
	// open marks an open challenge; seeking says the lobby lists it now
	// (as last stored: seek.go).
	open, seeking bool
	deps          Deps
	inbox         chan event
	// stopping is closed when the room stops taking events: a send waiting
	// for room in the inbox gives up.
	stopping chan struct{}
	// sendMu orders sends against the room's stop: a send holds it shared,
	// the stop exclusively to set stopped, so that once stopped is set no
	// event can enter the inbox unseen (stop answers those already there).
	sendMu  sync.RWMutex
	stopped bool
	// finished is closed once the room has stopped and closed its pages.
	finished chan struct{}
	// steward carries the updates of pages elsewhere, in a cluster
	// (elsewhere.go); nil otherwise.
	steward Steward
	// quit holds why the room was asked to stop (Quit).
	quit chan StopReason
	// watched says whether a page is open in the room (here or, in a
	// cluster, on another node), for Hub.MarkSeen to read from outside.
	watched atomic.Bool

	state game.State
	ended *game.Outcome // an end the rules do not see: time out, resignation, claim, abort
	// aborted marks an end with no result (ended holds its reason);
	// abortedBy is the seat that aborted it (game.NoPlayer: none, both).
	aborted   bool
	abortedBy game.Player
	// next is set on a finished game kept after a rematch: the room where
	// the players went on. Such a room is a record; nothing changes it.
	next    string
	request *request
	// endUnstored marks a game the rules ended whose end the store was
	// not told (its room stopped between the last turn and the result):
	// the room records it as it starts running.
	endUnstored bool
	// version counts the changes that every page shows.
	version uint64
	legal   legalMemo
	score   scoreMemo
	moves   movesMemo

	seats     seats
	clock     moveClock
	computers computerSeats
	hints     hints
	history   history
	viewers   viewers
	chat      chatLog
	ratings   ratings
	event     eventGame
	away      vacations // the players' vacations (vacation.go)
	forecasts forecasts
	// awaiting are the accounts the game awaited at the last change, as
	// its AwaitingNotifier was told (notices.go).
	awaiting [2]string
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
	evConnect struct {
		c     *Conn
		taken chan<- bool // told when the room has the connection (nil: nobody waits)
	}
	evDisconnect struct{ c *Conn }
	evInput      struct {
		c   *Conn
		msg Message
		err error // the message was refused before reaching the room
	}
	evTimeout      struct{ gen uint64 }
	evComputerMove struct {
		gen  uint64
		seat game.Player
		move game.Move
		// think is the move's time from asking; searched the part spent
		// on a worker (or on the fallback), without the wait for one.
		think, searched time.Duration
		info            string
		err             error
	}
	evSnapshot struct {
		who   Who
		reply chan *view.Page
	}
	evPresence struct{}
	// evCrowdGone comes a crowdWindow after a spectator arrived.
	evCrowdGone struct{}
	evClaimable struct{}
	evHint      struct {
		ctx  context.Context // the hint's: which request this answers
		c    *Conn
		ply  int
		hint engine.Hinted
		err  error
	}
	// evIdle comes when the room may have had no page open for long
	// enough to leave memory.
	evIdle struct{}
	evFunc struct{ f func(*Room) } // for tests: run f inside the room
)

func (evConnect) roomEvent()      {}
func (evDisconnect) roomEvent()   {}
func (evInput) roomEvent()        {}
func (evTimeout) roomEvent()      {}
func (evComputerMove) roomEvent() {}
func (evSnapshot) roomEvent()     {}
func (evPresence) roomEvent()     {}
func (evCrowdGone) roomEvent()    {}
func (evClaimable) roomEvent()    {}
func (evHint) roomEvent()         {}
func (evIdle) roomEvent()         {}
func (evFunc) roomEvent()         {}

// newRoom makes the room of a stored record, its game replayed to where
// the record left it.
func newRoom(rec *store.Room, d Deps) (*Room, error) {
	d = d.withDefaults()
	g, err := game.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	start, err := g.New(rec.Options)
	if err != nil {
		return nil, err
	}
	now := d.Clock.Now()
	r := &Room{
		id: rec.ID, g: g, opts: start.Options(), optionWords: start.Options().Describe(g.Options()), mode: rec.Mode, private: rec.Private, open: rec.Open, seeking: rec.Seeking, deps: d,
		inbox: make(chan event, 64), stopping: make(chan struct{}), finished: make(chan struct{}), quit: make(chan StopReason, 1), state: start, aborted: rec.Aborted, abortedBy: game.NoPlayer, next: rec.Next,
		seats:     newSeats(rec.Seats, now),
		clock:     newMoveClock(rec.Clock, rec.Days, d.Clock, d.timings),
		computers: newComputers(d.Bots, d.Engine, d.timings),
		history:   history{save: rec.Save},
		forecasts: newForecasts(),
		viewers:   newViewers(d.Render, d.Metrics, d.timings.replayStep, now),
	}
	var turns []turnRecord
	for _, t := range rec.Turns {
		seats := slices.Clone(r.state.ToMove())
		moves, err := game.ParseTurn(r.state, t.Notation)
		if err == nil {
			err = r.state.Apply(moves...)
		}
		if err != nil {
			return nil, fmt.Errorf("stored turn %d (%s): %w", len(turns)+1, t.Notation, err)
		}
		turns = append(turns, turnRecord{moves: moves, seats: seats, text: t.Notation, at: t.At, think: t.Think, info: t.Info})
	}
	r.history.set(turns, nil)
	r.clock.mark = loadedMark(rec)
	r.clock.storedDue = rec.Due
	r.computers.said = r.history.lastInfo()
	if rec.Over && !r.state.Outcome().Over {
		end := game.Win(game.Player(rec.Winner), rec.Reason)
		if rec.Winner < 0 {
			end = game.Draw(rec.Reason)
		}
		r.ended = &end
	}
	r.endUnstored = r.state.Outcome().Over && !rec.Over
	r.ratings = ratings{rated: rec.Rated, changes: rec.RatingChanges}
	r.event = eventGame{id: rec.Tournament, berserk: rec.Berserk}
	r.awaiting = r.awaited() // as the store has it: only a change from here is told
	if r.next != "" {
		return r, nil // a record of a finished game: nobody will play it
	}
	if err := r.computers.seat(g, rec.Seats); err != nil {
		return nil, err
	}
	r.readRatings()
	r.readVacations(false)
	return r, nil
}

// New makes the room of a record just created: its clock has run since
// the record's ClockFrom (and has not stopped).
func New(rec *store.Room, d Deps) (*Room, error) {
	r, err := newRoom(rec, d)
	if err != nil {
		return nil, err
	}
	r.clock.mark = clockMark{from: rec.ClockFrom, stored: rec.ClockFrom}
	return r, nil
}

// Load makes the room of a stored record with its chat. ranUntil, when
// not zero, is when the room's dead owner was last known to run it.
func Load(rec *store.Room, chat []store.ChatMessage, ranUntil time.Time, d Deps) (*Room, error) {
	r, err := newRoom(rec, d)
	if err != nil {
		return nil, err
	}
	r.chat = newChatLog(chat)
	r.clock.mark.ranUntil(ranUntil)
	if r.forecastsPossible() && r.next == "" && !r.over() {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		stored, err := d.Store.Forecasts(ctx, rec.ID)
		if err != nil {
			return nil, fmt.Errorf("room %s: %w", rec.ID, err)
		}
		r.loadForecasts(stored)
	}
	return r, nil
}

// Run is the room's goroutine: it runs the room until it stops, and says
// why.
func (r *Room) Run(ctx context.Context) StopReason { return r.run(ctx) }

// Store is the store the room writes to (its registry stores a new room's
// record there).
func (r *Room) Store() store.Store { return r.deps.Store }

// Watched says whether a page is open in the room (here or elsewhere).
func (r *Room) Watched() bool { return r.watched.Load() }

// Waiting is how many events wait in the room's inbox.
func (r *Room) Waiting() int { return len(r.inbox) }

// Game is the room's game.
func (r *Room) Game() game.Game { return r.g }

// Private says the room is never listed.
func (r *Room) Private() bool { return r.private }

// ErrStopped says a room stopped (it went idle, or the server is
// stopping) before it took an event; a room loaded again may take it.
var ErrStopped = errors.New("the room has stopped")

// send delivers an event to the room, or gives up when the room stops or
// ctx ends.
func (r *Room) send(ctx context.Context, ev event) bool {
	r.sendMu.RLock()
	defer r.sendMu.RUnlock()
	if r.stopped {
		return false
	}
	select {
	case r.inbox <- ev:
		return true
	case <-ctx.Done():
		return false
	case <-r.stopping:
		return false
	}
}

// sendLater delivers an event from a timer or a background task, unless
// the server is shutting down.
func (r *Room) sendLater(ev event) { r.send(r.deps.Ctx, ev) }

// Snapshot returns the page as w would see it now;
// the error wraps ErrStopped if the room stopped first.
func (r *Room) Snapshot(ctx context.Context, w Who) (*view.Page, error) {
	reply := make(chan *view.Page, 1)
	if !r.send(ctx, evSnapshot{who: w, reply: reply}) {
		return nil, r.notSent(ctx)
	}
	select {
	case p := <-reply:
		if p == nil {
			return nil, fmt.Errorf("room %s: %w", r.id, ErrStopped)
		}
		return p, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// notSent says why a send failed: ctx ended, or the room stopped.
func (r *Room) notSent(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return fmt.Errorf("room %s: %w", r.id, ErrStopped)
}

// ID returns the room's id.
func (r *Room) ID() string { return r.id }

// run is the room's goroutine; it returns why the room stopped.
func (r *Room) run(ctx context.Context) (why StopReason) {
	defer func() { r.stop(why) }()
	if r.endUnstored { // the room stopped at the very end: record it now
		r.endUnstored = false
		r.storeResult()
	}
	r.resumeClock() // and the computer players, where they were
	r.refresh()
	r.forecastsOnStart() // a reply owed when the room stopped
	for {
		select {
		case ev := <-r.inbox:
			if _, ok := ev.(evIdle); ok && r.idle() {
				r.unlistSeek() // nobody's page is open: its creator's is not
				r.deps.Log.Debug("room unloaded", "room", r.id)
				if r.deps.Unloading != nil {
					r.deps.Unloading()
				}
				return StopIdle
			}
			if why, quit := r.quitting(ev); quit {
				return why
			}
			r.handleSafely(ev)
			if why, quit := r.quitting(nil); quit {
				return why
			}
		case <-r.viewers.replayTicks():
			r.replayTick()
		case <-ctx.Done():
			return StopShutdown
		}
	}
}

// quitting reports whether the room must stop before (or after) handling
// ev: it was asked to (Quit), or its steward says it may run elsewhere by
// now — a node that was paused must not act on what it finds waiting when
// it wakes.
func (r *Room) quitting(ev event) (StopReason, bool) {
	if r.steward != nil && !r.steward.Live() {
		r.deps.Log.Warn("room dropped: this node's lease ran out", "room", r.id)
		return StopLost, true
	}
	select {
	case why := <-r.quit:
		r.quit <- why // later quitting calls see it too
		return why, true
	default:
	}
	_, quit := ev.(evQuit)
	return StopLost, quit
}

// stop ends the room. Unless another node runs the room now, a running
// clock is frozen first, before anyone can load the room again. It then
// leaves the hub's registry, so that nobody is handed it any more, and
// only then stops taking events: an event sent by someone handed it just
// before is refused, not left unread, and the sender asks the hub again,
// which loads the room afresh.
func (r *Room) stop(why StopReason) {
	if why != StopLost {
		r.freezeClock()
	}
	r.deps.Leave(r)
	defer close(r.finished)
	if r.steward != nil {
		r.steward.Stopped() // pages elsewhere look for the room's next owner
	}
	close(r.stopping) // sends waiting for room in the inbox give up
	r.sendMu.Lock()   // sends under way have finished
	r.stopped = true
	r.sendMu.Unlock()
	for {
		select {
		case ev := <-r.inbox:
			r.refuse(ev)
		default:
			r.shutdown()
			return
		}
	}
}

// refuse answers an event that came as the room stopped.
func (r *Room) refuse(ev event) {
	switch ev := ev.(type) {
	case evConnect:
		if ev.taken != nil {
			ev.taken <- false // Hub.connect tries the room loaded again
		} else {
			ev.c.Close() // the page reconnects
		}
	case evSnapshot:
		ev.reply <- nil
	case evFunc:
		ev.f(r) // a test waits for it
	}
}

// busy reports whether the room has work of its own to do (a computer game
// running), so that it stays in memory with nobody watching.
func (r *Room) busy() bool { return !r.over() && r.computers.running() }

// unloadAfter is how long the room stays in memory with no page open: a
// correspondence room sleeps soon (issue 39: it holds no goroutine and no
// memory while nobody looks, for days), any other after idleUnload. A
// computer choosing a move keeps any room awake until it has moved: asleep,
// its move would wait for the next visit, and in a correspondence game
// the deadline keeper would find its time run out.
func (r *Room) unloadAfter() time.Duration {
	if r.clock.correspondence() {
		return r.deps.timings.sleepAfter
	}
	return r.deps.timings.idleUnload
}

// scheduleIdle sets the timer that unloads the room once it has had no
// page open for idleUnload and nothing to do (it runs on the room's Clock,
// so tests can drive it).
func (r *Room) scheduleIdle() {
	r.viewers.stopIdle()
	if len(r.viewers.conns) > 0 {
		return
	}
	wait := r.unloadAfter()
	if r.busy() {
		wait = r.deps.timings.unwatchedPause // computer against computer, unwatched: pause it then
	}
	wait -= r.viewers.idleFor(r.deps.Clock.Now())
	r.viewers.stopIdleTimer = r.deps.Clock.AfterFunc(max(wait, 0), func() { r.sendLater(evIdle{}) })
}

// idle reports whether the room may leave memory now; if not, it sets the
// timer again. A computer game nobody has watched for unwatchedPause is
// paused first, and then unloads as any idle room.
func (r *Room) idle() bool {
	r.viewers.stopIdleTimer = nil
	unwatched := r.viewers.idleFor(r.deps.Clock.Now())
	if len(r.viewers.conns) == 0 && r.busy() && unwatched >= r.deps.timings.unwatchedPause {
		r.computers.unwatched = true
		r.computers.stop()
		r.deps.Log.Debug("computer game paused: nobody watches", "room", r.id)
	}
	if len(r.viewers.conns) == 0 && !r.busy() && unwatched >= r.unloadAfter() {
		if !r.computers.thinking() {
			return true
		}
		// Its move first: the move schedules the unload again (refresh);
		// this is in case the search never ends.
		r.viewers.stopIdleTimer = r.deps.Clock.AfterFunc(r.unloadAfter(), func() { r.sendLater(evIdle{}) })
		return false
	}
	r.scheduleIdle()
	return false
}

// handleSafely handles one event; a panic is logged, and the room goes on.
func (r *Room) handleSafely(ev event) {
	defer func() {
		if p := recover(); p != nil {
			r.deps.Log.Error("room panic", "room", r.id, "panic", p, "stack", string(debug.Stack()))
			if in, ok := ev.(evInput); ok {
				r.reject(in.c, refusedFailed, "Something went wrong on the server; nothing was changed.")
			}
		}
	}()
	switch ev := ev.(type) {
	case evConnect:
		r.connect(ev.c)
		if ev.taken != nil {
			ev.taken <- true
		}
	case evDisconnect:
		r.disconnect(ev.c)
	case evInput:
		r.input(ev)
	case evTimeout:
		r.timeout(ev.gen)
	case evComputerMove:
		r.computerMoved(ev)
	case evSnapshot:
		ev.reply <- r.page(&viewer{who: ev.who}) // a page request has no connection yet
	case evHint:
		r.hinted(ev)
	case evPresence:
		r.sendPresence()
	case evCrowdGone:
		r.crowdGone()
	case evClaimable:
		r.claimable()
	case evFunc:
		ev.f(r)
	case evReach:
		r.reach(ev)
	}
}

// shutdown stops the room's timers and computer players and closes its
// connections with "service restart", so pages reconnect by themselves.
func (r *Room) shutdown() {
	r.clock.stop()
	if r.away.stopEnd != nil {
		r.away.stopEnd()
	}
	r.clock.stopClaim()
	r.computers.stop()
	r.hints.stop()
	r.viewers.stopIdle()
	r.viewers.close()
}

func (r *Room) over() bool { return r.ended != nil || r.state.Outcome().Over }

func (r *Room) outcome() game.Outcome {
	if r.ended != nil {
		return *r.ended
	}
	return r.state.Outcome()
}
