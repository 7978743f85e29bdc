package match

import (
	"context"
	"fmt"
	"math"
	"time"

	"boardroom/game"
	"boardroom/game/ai/engine"
	"boardroom/realtime/vocab"
)

// HintBudget is how long the computer takes for a hint, waiting for a
// search worker included.
const HintBudget = 1500 * time.Millisecond

// hints are the hints being thought about for the position shown. A new
// position cancels them (their answers would be dropped anyway), and a
// room thinks about one at a time, so that clicking Hint again and again
// does not fill the engine's queue.
type hints struct {
	ctx    context.Context // nil while none is asked
	cancel context.CancelFunc
}

// start returns the context of a new hint under parent, or false while one
// is being thought about.
func (h *hints) start(parent context.Context) (context.Context, bool) {
	if h.ctx != nil {
		return nil, false
	}
	h.ctx, h.cancel = context.WithTimeout(parent, HintBudget+time.Second)
	return h.ctx, true
}

// stop cancels the hint being thought about, if any.
func (h *hints) stop() {
	if h.cancel != nil {
		h.cancel()
	}
	h.ctx, h.cancel = nil, nil
}

// hintAllowed reports whether w may ask for a hint now: at one screen
// or against the computer, on its own turn. Between two people it would be
// cheating.
func (r *Room) hintAllowed(w Who) (game.Player, bool) {
	if r.deps.Hint == nil || (r.mode != vocab.Hotseat && r.mode != vocab.Computer) {
		return game.NoPlayer, false
	}
	return r.actingSeat(r.seats.mine(w))
}

// hint asks the computer, in the background, for a move for the viewer.
func (r *Room) hint(c *Conn) {
	seat, ok := r.hintAllowed(c.who)
	if !ok {
		r.reject(c, refusedNotAllowed, "Hints are for your own turn, at one screen or against the computer.")
		return
	}
	ctx, ok := r.hints.start(r.deps.Ctx)
	if !ok {
		r.reject(c, refusedNotNow, "The computer is already thinking about a hint.")
		return
	}
	st, ply := r.state.Clone(), len(r.history.turns)
	ask := r.deps.Hint
	go func() {
		h, err := ask(ctx, st, seat)
		// Sent even once ctx has ended, so that the room knows this hint
		// is over and takes the next.
		r.sendLater(evHint{ctx: ctx, c: c, ply: ply, hint: h, err: err})
	}()
}

// hinted shows a hint to the viewer who asked, if the game has not moved on.
func (r *Room) hinted(ev evHint) {
	if ev.ctx != r.hints.ctx {
		return // a hint for a position gone, already cancelled
	}
	r.hints.stop()
	v := r.viewers.conns[ev.c]
	if v == nil || ev.ply != len(r.history.turns) || r.over() {
		return
	}
	if ev.err != nil {
		r.reject(ev.c, refusedFailed, "No hint this time: "+ev.err.Error())
		return
	}
	v.hint, v.hintPly = ev.hint.Move.Path(), ev.ply
	v.flash, v.err, v.details = "ok", suggestion(r.state, ev.hint), ev.hint.Report
	r.sendTo(ev.c)
}

// suggestion says a hint in a plain sentence: the move in the game's words
// and what the computer thinks of it ("Difficult suggests moving the amazon
// from d1 to d7 and shooting at g7; it thinks you are ahead."). The
// search's numbers go under the page's Details.
func suggestion(s game.State, h engine.Hinted) string {
	words := "Difficult suggests " + game.MoveWords(s, h.Move)
	t := h.Thought
	switch {
	case !t.Known:
		return words + "."
	case t.WinIn > 0:
		return fmt.Sprintf("%s; it sees a forced win in %d %s.", words, t.WinIn, plural(t.WinIn, "move"))
	case t.LossIn > 0:
		return fmt.Sprintf("%s; it sees no way to avoid a loss in %d %s.", words, t.LossIn, plural(t.LossIn, "move"))
	case t.Exact && t.Value > 0:
		return words + "; it knows you win with best play."
	case t.Exact && t.Value < 0:
		return words + "; it knows you lose with best play."
	case t.Exact:
		return words + "; it knows best play ends in a draw."
	case math.Abs(t.Value) < 0.5:
		return words + "; it thinks the game is even."
	case t.Value > 0:
		return words + "; it thinks you are ahead."
	}
	return words + "; it thinks you are behind."
}
