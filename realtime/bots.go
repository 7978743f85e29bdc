package realtime

import (
	"context"
	"errors"
	"time"

	"boardroom/game"
	"boardroom/realtime/store"
	"boardroom/realtime/vocab"
)

// botRunner plays the room's computer seats. A search runs on a clone of
// the position in its own goroutine and reports back as an event; a newer
// schedule (a move, an undo, a pause) makes an older result stale.
type botRunner struct {
	maker   BotMaker
	timings timings
	players [2]game.Bot // nil for a seat the computer does not hold
	gen     uint64
	cancel  context.CancelFunc // nil while no search runs
	// searched is closed when the last search started has returned: a
	// search cancelled may still be running (not every player stops at
	// once), and a player is never asked for two moves at a time.
	searched chan struct{}
	// paused stops computer against computer; stepOnce lets one move
	// through.
	paused, stepOnce bool
	// said is what the computer said of its last move (depth, evaluation).
	said string
}

func newBotRunner(maker BotMaker, t timings) botRunner { return botRunner{maker: maker, timings: t} }

// playersFor makes the computer players of the seats that have one.
func (b *botRunner) playersFor(g game.Game, held [2]store.Seat) ([2]game.Bot, error) {
	var players [2]game.Bot
	for p, s := range held {
		if s.Kind == vocab.Bot {
			bot, err := b.maker(g, string(s.Level), s.Algorithm, uint64(time.Now().UnixNano())+uint64(p))
			if err != nil {
				return players, err
			}
			players[p] = bot
		}
	}
	return players, nil
}

// seat makes the computer players of the seats that have one.
func (b *botRunner) seat(g game.Game, held [2]store.Seat) error {
	players, err := b.playersFor(g, held)
	b.players = players
	return err
}

// watching reports whether the computer plays both seats.
func (b *botRunner) watching() bool { return b.players[0] != nil && b.players[1] != nil }

// running reports whether computer against computer is playing on.
func (b *botRunner) running() bool { return b.watching() && !b.paused }

// mayMove reports whether a computer may move now (not paused, or a step).
func (b *botRunner) mayMove() bool { return !b.paused || b.stepOnce }

// delay is the least time seat p takes for a move, so that people can
// follow: against a person, botDelay; against the computer, the room's pace.
func (b *botRunner) delay(p game.Player, pace vocab.Pace) time.Duration {
	if b.players[p.Other()] == nil {
		return b.timings.botDelay
	}
	if d := b.timings.paceDelay(pace); d > 0 {
		return d // the pace the room was created with
	}
	return b.timings.watchDelay
}

// think sets seat p's computer choosing a move in st; deliver hands the
// result to the room, unless ctx has ended (a newer schedule, or the
// server stopping).
func (b *botRunner) think(parent context.Context, st game.State, p game.Player, delay time.Duration,
	deliver func(context.Context, evBotMove)) {
	b.gen++
	gen := b.gen
	ctx, cancel := context.WithCancel(parent)
	b.cancel = cancel
	bot := b.players[p]
	previous, searched := b.searched, make(chan struct{})
	b.searched = searched
	go func() {
		if previous != nil {
			<-previous
		}
		start := time.Now()
		m, err := bot.Choose(ctx, st, p)
		think := time.Since(start)
		info := ""
		if rep, ok := bot.(game.Reporter); ok && err == nil {
			info = rep.Report()
		}
		close(searched)
		if wait := delay - think; wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return
			}
		}
		deliver(ctx, evBotMove{gen: gen, seat: p, move: m, think: think, info: info, err: err})
	}()
}

// stop ends the search running, if any; its result is then stale.
func (b *botRunner) stop() {
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
	}
	b.gen++
}

// scheduleBot sets a computer seat thinking if one is to move.
func (r *Room) scheduleBot() {
	r.bots.stop()
	if r.over() || !r.bots.mayMove() {
		return
	}
	for _, p := range r.state.ToMove() {
		if r.bots.players[p] == nil || r.seats.pending[p] != nil {
			continue
		}
		deliver := func(ctx context.Context, ev evBotMove) { r.send(ctx, ev) }
		r.bots.think(r.deps.ctx, r.state.Clone(), p, r.bots.delay(p, r.seats.held[p].Pace), deliver)
		return // one computer thinks at a time; the other is scheduled after
	}
}

// botMoved plays a computer's move, if it is still wanted.
func (r *Room) botMoved(ev evBotMove) {
	if ev.gen != r.bots.gen || r.over() {
		return
	}
	r.bots.cancel = nil
	r.deps.metrics.botThought(r.g.ID(), string(r.seats.held[ev.seat].Level), ev.think)
	if ev.err != nil {
		if errors.Is(ev.err, context.Canceled) {
			return
		}
		// A computer that fails must not stall the game: play any legal move.
		r.deps.log.Error("computer player failed", "room", r.id, "seat", ev.seat, "err", ev.err)
		legal := r.state.Legal(ev.seat, nil)
		if len(legal) == 0 {
			return
		}
		ev.move = legal[0]
	}
	if !game.IsLegal(r.state, ev.seat, ev.move) {
		r.deps.log.Error("computer player chose an illegal move", "room", r.id, "seat", ev.seat, "move", r.state.FormatMove(ev.move))
		return
	}
	r.bots.stepOnce = false
	r.play(ev.seat, ev.move, ev.think, ev.info)
}

// watchControl pauses, resumes or steps a computer-against-computer game;
// only the room's creator may.
func (r *Room) watchControl(c *Conn, action vocab.Action) {
	switch {
	case !r.bots.watching():
		r.reject(c, refusedNotAllowed, "Pause and step are for computer-against-computer games.")
		return
	case !r.seats.isOwner(c.tokenHash):
		r.reject(c, refusedNotAllowed, "Only the room's creator can pause or step the game.")
		return
	case r.over():
		r.reject(c, refusedOver, "The game is over.")
		return
	}
	switch action {
	case vocab.Pause:
		r.bots.paused = true
	case vocab.Resume:
		r.bots.paused = false
	case vocab.Step:
		if !r.bots.paused {
			r.reject(c, refusedNotNow, "Pause the game first, then step it move by move.")
			return
		}
		r.bots.stepOnce = true
	}
	r.afterChange(false)
}
