package realtime

import (
	"context"
	"errors"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
)

// scheduleBot sets a computer seat thinking if one is to move. The search
// runs on a clone in its own goroutine and reports back as an event; a newer
// schedule (a move, an undo, a pause) makes an older result stale.
func (r *Room) scheduleBot() {
	r.stopBot()
	if r.over() || (r.paused && !r.stepOnce) {
		return
	}
	for _, p := range r.state.ToMove() {
		bot := r.bots[p]
		if bot == nil || r.pending[p] != nil {
			continue
		}
		delay := r.hub.cfg.BotDelay
		if r.bots[p.Other()] != nil {
			delay = r.hub.cfg.WatchDelay
			if d := r.hub.cfg.paceDelay(r.seats[p].Pace); d > 0 {
				delay = d // the pace the room was created with
			}
		}
		r.botGen++
		gen := r.botGen
		ctx, cancel := context.WithCancel(r.hub.ctx)
		r.botCancel = cancel
		st := r.state.Clone()
		go func() {
			start := time.Now()
			m, err := bot.Choose(ctx, st, p)
			think := time.Since(start)
			info := ""
			if rep, ok := bot.(game.Reporter); ok && err == nil {
				info = rep.Report()
			}
			if wait := delay - think; wait > 0 {
				select {
				case <-time.After(wait):
				case <-ctx.Done():
					return
				}
			}
			select {
			case r.inbox <- evBotMove{gen: gen, seat: p, move: m, think: think, info: info, err: err}:
			case <-ctx.Done():
			}
		}()
		return // one computer thinks at a time; the other is scheduled after
	}
}

func (r *Room) stopBot() {
	if r.botCancel != nil {
		r.botCancel()
		r.botCancel = nil
	}
	r.botGen++
}

// botMoved plays a computer's move, if it is still wanted.
func (r *Room) botMoved(ev evBotMove) {
	if ev.gen != r.botGen || r.over() {
		return
	}
	r.botCancel = nil
	r.hub.cfg.Metrics.botThought(r.g.ID(), string(r.seats[ev.seat].Level), ev.think)
	if ev.err != nil {
		if errors.Is(ev.err, context.Canceled) {
			return
		}
		// A computer that fails must not stall the game: play any legal move.
		r.hub.cfg.Log.Error("computer player failed", "room", r.id, "seat", ev.seat, "err", ev.err)
		legal := r.state.Legal(ev.seat, nil)
		if len(legal) == 0 {
			return
		}
		ev.move = legal[0]
	}
	if !game.IsLegal(r.state, ev.seat, ev.move) {
		r.hub.cfg.Log.Error("computer player chose an illegal move", "room", r.id, "seat", ev.seat, "move", r.state.FormatMove(ev.move))
		return
	}
	r.stepOnce = false
	if r.g.Simultaneous() {
		r.pending[ev.seat] = &ev.move
		for _, p := range r.state.ToMove() {
			if r.pending[p] == nil {
				r.version++
				r.broadcast()
				r.scheduleBot()
				return
			}
		}
		r.applyTurn([]game.Move{*r.pending[0], *r.pending[1]}, ev.think, ev.info)
		return
	}
	r.applyTurn([]game.Move{ev.move}, ev.think, ev.info)
}

// watchControl pauses, resumes or steps a computer-against-computer game;
// only the room's creator may.
func (r *Room) watchControl(c *Conn, action vocab.Action) {
	switch {
	case r.bots[0] == nil || r.bots[1] == nil:
		r.reject(c, refusedNotAllowed, "Pause and step are for computer-against-computer games.")
		return
	case !r.isOwner(c.tokenHash):
		r.reject(c, refusedNotAllowed, "Only the room's creator can pause or step the game.")
		return
	case r.over():
		r.reject(c, refusedOver, "The game is over.")
		return
	}
	switch action {
	case vocab.Pause:
		r.paused = true
	case vocab.Resume:
		r.paused = false
	case vocab.Step:
		if !r.paused {
			r.reject(c, refusedNotNow, "Pause the game first, then step it move by move.")
			return
		}
		r.stepOnce = true
	}
	r.afterChange(false)
}
