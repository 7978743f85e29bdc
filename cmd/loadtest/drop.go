package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/coder/websocket"
)

// Dropped connections (-drop N): N times a second the tool cuts one random
// connection without a close handshake, as a network blip does, and the
// simulated page reconnects after the page's own backoff (up to a second),
// as htmx's WebSocket extension does. The server must then send the whole
// current view and give a player their seat back. A player is cut only
// between its turns, so no click of it is lost on the way (a real page
// queues them; the server's view of a half-made move is tested elsewhere).

// resumeMark is in the page of a seated player only, whatever the state of
// the game: the viewer's own seat card is marked "yours" (its last class).
// The game's buttons are no mark: Resign gives way to Abort until each side
// has moved, and Undo and the rest go once the game is over.
var resumeMark = []byte(` yours"`)

// dropper cuts connections until ctx ends.
func (l *load) dropper(ctx context.Context, perSecond float64, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0xd0))
	tick := time.NewTicker(time.Duration(float64(time.Second) / perSecond))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		l.mu.Lock()
		n := len(l.viewers)
		var v *viewer
		if n > 0 {
			v = l.viewers[rng.IntN(n)]
		}
		l.mu.Unlock()
		if v != nil {
			v.cut()
		}
	}
}

// cut drops the viewer's connection if it is between turns.
func (v *viewer) cut() {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.down.Load() || v.broken || len(v.out) > 0 ||
		(v.player() && slices.Contains(v.state.ToMove(), v.seat) && !v.state.Outcome().Over) {
		return
	}
	v.down.Store(true)
	v.downAt = time.Now()
	v.conn().CloseNow()
}

// reconnect dials the room again after a cut, as the page does; false if
// it could not (counted as an error) or the run is ending.
func (v *viewer) reconnect(ctx context.Context) bool {
	for attempt := range 5 {
		backoff := time.Duration(rand.Int64N(int64(time.Second) << attempt))
		if !sleep(ctx, backoff) || v.l.closing.Load() {
			return false
		}
		dctx, cancel := context.WithTimeout(ctx, v.l.cfg.timeout)
		ws, err := v.b.dial(dctx, v.path)
		cancel()
		if err == nil {
			v.mu.Lock()
			v.ws.Store(ws)
			v.page = page{}
			v.resuming = true
			v.mu.Unlock()
			v.l.reconnects.Add(1)
			return true
		}
	}
	v.l.errs.add("reconnect failed", v.name+": 5 attempts")
	return false
}

// resumed checks the first update after a reconnect: the whole current
// view, with the seat back for a player.
func (v *viewer) resumed(data []byte, now time.Time) {
	v.resuming = false
	v.down.Store(false)
	v.l.resume.record(now.Sub(v.downAt))
	if !bytes.Contains(data[:min(len(data), 200)], liveMark) {
		v.l.errs.add("resume without the whole view", fmt.Sprintf("%s: %.80q", v.name, data))
		return
	}
	if seated := bytes.Contains(data, resumeMark); seated != v.player() {
		v.l.errs.add("resume lost the seat", fmt.Sprintf("%s: seated=%v after reconnecting", v.name, seated))
	}
}

// conn is the viewer's current WebSocket (a reconnect replaces it).
func (v *viewer) conn() *websocket.Conn { return v.ws.Load() }
