package realtime

import (
	"context"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
)

// HintBudget is how long the computer thinks about a hint.
const HintBudget = 1500 * time.Millisecond

// hintAllowed reports whether tokenHash may ask for a hint now: at one screen
// or against the computer, on its own turn. Between two people it would be
// cheating.
func (r *Room) hintAllowed(tokenHash string) (game.Player, bool) {
	if r.deps.hint == nil || (r.mode != vocab.Hotseat && r.mode != vocab.Computer) {
		return game.NoPlayer, false
	}
	return r.actingSeat(r.seats.mine(tokenHash))
}

// hint asks the computer, in the background, for a move for the viewer.
func (r *Room) hint(c *Conn) {
	seat, ok := r.hintAllowed(c.tokenHash)
	if !ok {
		r.reject(c, refusedNotAllowed, "Hints are for your own turn, at one screen or against the computer.")
		return
	}
	st, ply := r.state.Clone(), len(r.history.turns)
	ask := r.deps.hint
	go func() {
		ctx, cancel := context.WithTimeout(r.deps.ctx, HintBudget+time.Second)
		defer cancel()
		m, text, err := ask(ctx, st, seat)
		r.send(ctx, evHint{c: c, ply: ply, move: m, text: text, err: err})
	}()
}

// hinted shows a hint to the viewer who asked, if the game has not moved on.
func (r *Room) hinted(ev evHint) {
	v := r.viewers.conns[ev.c]
	if v == nil || ev.ply != len(r.history.turns) || r.over() {
		return
	}
	if ev.err != nil {
		r.reject(ev.c, refusedFailed, "No hint this time: "+ev.err.Error())
		return
	}
	v.hint, v.hintPly = ev.move.Path(), ev.ply
	v.flash, v.err = "ok", "Hint: "+r.state.FormatMove(ev.move)+" — "+ev.text
	r.sendTo(ev.c)
}
