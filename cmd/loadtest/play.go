package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"boardroom/game"
)

// turnKey names one turn of one room: the game played in the room (a new
// game after the end starts the next epoch) and the 1-based turn number.
type turnKey struct{ epoch, ply int }

// inFlight is a turn sent and not yet seen by all of its receivers.
type inFlight struct {
	sent  time.Time // when the click (or, on a simultaneous turn, the last click) completing it was sent
	left  int       // receivers that have not seen it
	sends int       // clicks completing it so far (a simultaneous turn needs both players')
	seen  bool      // somebody has seen it (the turn is complete)
}

// roomTrack is what the connections of one room share: the send time of
// every turn in flight.
type roomTrack struct {
	mu        sync.Mutex
	turns     map[turnKey]*inFlight
	receivers int // per turn: the opponent (both players on a simultaneous turn) and every spectator
	senders   int // per turn: 1, or 2 on a simultaneous turn
}

func newRoomTrack(receivers, senders int) *roomTrack {
	return &roomTrack{turns: map[turnKey]*inFlight{}, receivers: receivers, senders: senders}
}

// sent records that the click completing turn k went out at t (on a
// simultaneous turn the later of the two players' clicks counts).
func (t *roomTrack) sent(k turnKey, at time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f := t.turns[k]
	if f == nil {
		f = &inFlight{left: t.receivers}
		t.turns[k] = f
	}
	f.sends++
	if at.After(f.sent) {
		f.sent = at
	}
}

// observe records that a connection saw turn k; receiver says whether it
// is one of the turn's receivers (not the player who made it). It returns
// when the turn was sent, whether this is the first sight of it, and false
// if the turn is unknown (never sent by this tool, or given up on).
func (t *roomTrack) observe(k turnKey, receiver bool) (sent time.Time, first, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f := t.turns[k]
	if f == nil {
		return time.Time{}, false, false
	}
	first = !f.seen
	f.seen = true
	if receiver {
		if f.left--; f.left <= 0 {
			delete(t.turns, k)
		}
	}
	return f.sent, first, true
}

// sweep gives up on turns sent before cutoff, returning how many receivers
// never saw a complete turn, and how many turns only one player of a
// simultaneous turn chose (at the end of a run the other stopped playing;
// before, the room stalled).
func (t *roomTrack) sweep(cutoff time.Time) (missing, incomplete int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, f := range t.turns {
		if f.sent.Before(cutoff) {
			if f.sends < t.senders {
				incomplete++
			} else {
				missing += f.left
			}
			delete(t.turns, k)
		}
	}
	return missing, incomplete
}

// skip counts as seen, for one receiver, the turns of epoch after ply
// that it will never see (it reconnected into the next game).
func (t *roomTrack) skip(epoch, ply int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, f := range t.turns {
		if k.epoch == epoch && k.ply > ply {
			if f.left--; f.left <= 0 {
				delete(t.turns, k)
			}
		}
	}
}

// pending is the turns whose receivers are still awaited: complete turns
// not yet seen by all of them. A simultaneous turn that only one player
// chose is not one: nobody is shown it until the other chooses, which after
// play stopped he never does (stopPlaying), so waiting for it only ran out
// the drain's whole timeout.
func (t *roomTrack) pending() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, f := range t.turns {
		if f.sends >= t.senders {
			n++
		}
	}
	return n
}

// outMsg is a message a player's writer sends.
type outMsg struct {
	data  []byte
	key   *turnKey      // set on the click that completes a turn
	think time.Duration // wait before sending
}

// viewer is one WebSocket of one simulated browser: a player (seat) or a
// spectator (seat game.NoPlayer). Its reader goroutine owns the fields below
// mu; the start of play reaches them through mu too.
type viewer struct {
	l     *load
	track *roomTrack
	ws    atomic.Pointer[websocket.Conn]
	b     *browser // its cookies hold the seat: a reconnect dials with them
	path  string   // the room's page
	name  string   // "room 3 P1" for error details
	seat  game.Player
	g     game.Game
	ready chan struct{} // closed once the connection is set up (for the second player: seated)
	out   chan outMsg   // players only
	quiet atomic.Bool   // closed by the tool after a failed setup: its close is no error

	mu         sync.Mutex
	readyOnce  sync.Once
	state      game.State
	known      []string // the turns of this epoch, as the server wrote them
	epoch      int
	page       page // what the viewer's page shows
	broken     bool // out of step with the server beyond repair: stop playing
	request    bool // the last update offered Accept
	sentFor    turnKey
	hasSent    bool
	newSent    int // epoch+1 once "new" was proposed in that epoch
	acceptSent int
	rng        *rand.Rand
	legalBuf   []game.Move
	// down is set from a cut (-drop) until the first update after the
	// reconnect, which resuming marks.
	down     atomic.Bool
	downAt   time.Time
	resuming bool
}

func (v *viewer) player() bool { return v.seat != game.NoPlayer }

// read consumes every update until the connection ends, reconnecting
// after a cut.
//
// Reads get a context that never ends: the WebSocket library arms a
// callback on a context that can end for every read, a tenth of the tool's
// CPU with thousands of spectators (and the tool shares the machine with
// the server it measures). When ctx ends the socket is closed instead.
func (v *viewer) read(ctx context.Context) {
	stop := context.AfterFunc(ctx, func() { v.conn().CloseNow() })
	defer stop()
	var buf bytes.Buffer // reused: the update is parsed before the next read
	for {
		_, r, err := v.conn().Reader(context.Background())
		if err == nil {
			buf.Reset()
			_, err = buf.ReadFrom(r)
		}
		data := buf.Bytes()
		if err != nil && v.down.Load() && ctx.Err() == nil && v.reconnect(ctx) {
			continue
		}
		if err != nil {
			if !v.l.closing.Load() && !v.quiet.Load() && ctx.Err() == nil {
				v.l.errs.add("unexpected close", fmt.Sprintf("%s: %v (status %d)", v.name, err, websocket.CloseStatus(err)))
			}
			return
		}
		v.l.countMessage(len(data))
		v.mu.Lock()
		v.handle(data, time.Now())
		v.mu.Unlock()
	}
}

// handle applies one update: new turns (timed for the latency), checks
// against the client's own game, and the player's next action.
func (v *viewer) handle(data []byte, now time.Time) {
	if countOnly(data) {
		return
	}
	live := true // the turns in this update are timed
	if v.resuming {
		v.resumed(data, now)
		live = false // they waited for the reconnect
	}
	f := &v.page
	before := f.version
	err := f.apply(data)
	if err != nil {
		v.l.errs.add("unreadable update", fmt.Sprintf("%s: %v: %.80q", v.name, err, data))
		return
	}
	if f.version < before {
		v.l.errs.add("version went backwards", fmt.Sprintf("%s: %d after %d", v.name, f.version, before))
	}
	if f.hasError {
		v.l.errs.add("error toast", fmt.Sprintf("%s: %q", v.name, f.errText))
		// A refused move ("could not be saved") is played again, as a
		// person would: forget having sent this turn.
		v.hasSent = false
	}
	if v.seat != game.Second || !strings.HasPrefix(f.turn, "Waiting for an opponent") {
		v.readyOnce.Do(func() { close(v.ready) })
	}
	if v.broken {
		return
	}
	n := len(f.moves)
	switch {
	case (n < len(v.known) && n == 0) || (!live && !extends(f.moves, v.known)):
		// A new game; after a reconnect, possibly with turns of it played
		// already and the last turns of the old game never seen.
		if !live {
			v.track.skip(v.epoch, len(v.known))
		}
		v.epoch++
		v.state, _ = v.g.New(nil)
		v.known = v.known[:0]
		v.hasSent = false
	case n < len(v.known) || (n > 0 && len(v.known) > 0 && f.moves[len(v.known)-1] != v.known[len(v.known)-1]):
		v.disagree(fmt.Sprintf("the move list changed under the client (%d turns, was %d)", n, len(v.known)), f)
		return
	}
	for i := len(v.known); i < n; i++ {
		text := f.moves[i]
		toMove := v.state.ToMove()
		receiver := !v.player() || len(toMove) > 1 || toMove[0] != v.seat
		moves, err := game.ParseTurn(v.state, text)
		if err == nil {
			err = v.state.Apply(moves...)
		}
		if err != nil {
			v.disagree(fmt.Sprintf("turn %d %q: %v", i+1, text, err), f)
			return
		}
		v.known = append(v.known, text)
		if sent, first, ok := v.track.observe(turnKey{v.epoch, i + 1}, receiver); ok {
			if first {
				v.l.moves.Add(1)
				if v.state.Outcome().Over {
					v.l.games.Add(1)
				}
			}
			switch {
			case !live:
			case receiver:
				v.l.latency.record(now.Sub(sent))
			default:
				v.l.ack.record(now.Sub(sent))
			}
		}
	}
	if f.over() != v.state.Outcome().Over {
		v.disagree(fmt.Sprintf("server says %q, client's game over=%v after %d turns", f.turn, v.state.Outcome().Over, n), f)
		return
	}
	if f.turn == "Your move" && !slices.Contains(v.state.ToMove(), v.seat) {
		v.disagree(fmt.Sprintf("server says %q, client has %v to move", f.turn, v.state.ToMove()), f)
		return
	}
	v.request = f.request
	v.decide()
}

// extends reports whether moves starts with known.
func extends(moves, known []string) bool {
	return len(moves) >= len(known) && slices.Equal(moves[:len(known)], known)
}

// disagree counts a difference between the server's game and the client's,
// then follows the server's move list if it can.
func (v *viewer) disagree(detail string, f *page) {
	v.l.errs.add("client and server disagree", v.name+": "+detail)
	state, _ := v.g.New(nil)
	known := make([]string, 0, len(f.moves))
	for i := range f.moves {
		text := f.moves[i]
		if err := game.PlayTurns(state, text); err != nil {
			v.broken = true
			return
		}
		known = append(known, text)
	}
	v.state, v.known = state, known
}

// decide sends the player's next message, if any: a random legal move when
// it is the seat's turn, and after the end a new game (the first seat
// proposes, the second accepts).
func (v *viewer) decide() {
	if !v.player() || v.broken || !v.l.playing.Load() {
		return
	}
	if v.state.Outcome().Over {
		switch {
		case v.seat == game.First && v.newSent != v.epoch+1:
			v.newSent = v.epoch + 1
			v.send(outMsg{data: []byte(`{"action":"new"}`)})
		case v.seat == game.Second && v.request && v.acceptSent != v.epoch+1:
			v.acceptSent = v.epoch + 1
			v.send(outMsg{data: []byte(`{"action":"takeback-accept"}`)})
		}
		return
	}
	key := turnKey{v.epoch, len(v.known) + 1}
	if (v.hasSent && v.sentFor == key) || !slices.Contains(v.state.ToMove(), v.seat) {
		return
	}
	v.legalBuf = v.state.Legal(v.seat, v.legalBuf[:0])
	if len(v.legalBuf) == 0 {
		v.l.errs.add("client and server disagree", fmt.Sprintf("%s: no legal move for a seat to move", v.name))
		v.broken = true
		return
	}
	m := v.legalBuf[v.rng.IntN(len(v.legalBuf))]
	v.sentFor, v.hasSent = key, true
	msg := outMsg{data: moveMessage(m), key: &key}
	if v.l.cfg.think > 0 {
		msg.think = time.Duration(float64(v.l.cfg.think) * (0.5 + v.rng.Float64()))
	}
	v.send(msg)
}

// moveMessage is what a page sends for m: its click, or, for a move of
// several clicks, the whole move, which the page builds by itself (pick.js).
func moveMessage(m game.Move) []byte {
	path := m.Path()
	if len(path) == 1 {
		return []byte(`{"cell":"` + path[0].String() + `"}`)
	}
	cells := make([]string, len(path))
	for i, c := range path {
		cells[i] = c.String()
	}
	return []byte(`{"path":"` + strings.Join(cells, " ") + `"}`)
}

// send queues a message for the writer without blocking the reader.
func (v *viewer) send(m outMsg) {
	select {
	case v.out <- m:
	default:
		v.l.errs.add("tool backlog", v.name+": the writer queue is full")
	}
}

// write sends the player's queued messages at most at the page's pace.
func (v *viewer) write(ctx context.Context, lim *limiter) {
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-v.out:
			if m.think > 0 && !sleep(ctx, m.think) {
				return
			}
			if !lim.wait(ctx) {
				return
			}
			if m.key != nil && !v.l.recordMove(v.track, *m.key) {
				continue // a move queued as play stopped
			}
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := v.conn().Write(wctx, websocket.MessageText, m.data)
			cancel()
			if err != nil && !v.l.closing.Load() && ctx.Err() == nil && !v.down.Load() {
				v.l.errs.add("write failed", fmt.Sprintf("%s: %v", v.name, err))
			}
		}
	}
}

// limiter is a token bucket that makes callers wait for a token.
type limiter struct {
	rate, burst, tokens float64
	last                time.Time
}

func newLimiter(rate, burst float64) *limiter {
	return &limiter{rate: rate, burst: burst, tokens: burst, last: time.Now()}
}

// wait takes a token, sleeping until there is one; false if ctx ended.
func (l *limiter) wait(ctx context.Context) bool {
	for {
		now := time.Now()
		l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
		l.last = now
		if l.tokens >= 1 {
			l.tokens--
			return true
		}
		if !sleep(ctx, time.Duration((1-l.tokens)/l.rate*float64(time.Second))+time.Millisecond) {
			return false
		}
	}
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
