package match

import (
	"context"
	"errors"
	"time"

	"boardroom/game"
	"boardroom/game/ai/engine"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// computerSeats plays the room's computer seats (vocab.ComputerSeat: the
// server's own search, not a bot account's program). A move is a job of the
// server's engine (a pool of search workers) on a clone of the position,
// waited for in a goroutine of its own and reported back as an event; a
// newer schedule (a move, an undo, a pause) cancels it, and makes a result
// already on its way stale. The seats' bots keep only what they learnt of
// this game; the search's memory is the worker's.
type computerSeats struct {
	maker   BotMaker
	engine  *engine.Pool
	timings timings
	players [2]game.Bot // nil for a seat the computer does not hold
	gen     uint64
	cancel  context.CancelFunc // nil while no search runs
	// A player is never asked for two moves at a time: a search cancelled
	// may still be running (not every player stops at once), and the
	// engine runs one job of a bot at a time.
	// paused stops computer against computer; stepOnce lets one move
	// through.
	paused, stepOnce bool
	// unwatched pauses computer against computer while nobody has had the
	// room open for timings.unwatchedPause: a game nobody sees costs a
	// core for nothing. The first page to open it lifts it.
	unwatched bool
	// said is what the computer said of its last move (depth, evaluation).
	said string
}

func newComputers(maker BotMaker, e *engine.Pool, t timings) computerSeats {
	return computerSeats{maker: maker, engine: e, timings: t}
}

// playersFor makes the computer players of the seats that have one.
func (b *computerSeats) playersFor(g game.Game, held [2]store.Seat) ([2]game.Bot, error) {
	var players [2]game.Bot
	for p, s := range held {
		if s.Kind == vocab.ComputerSeat {
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
func (b *computerSeats) seat(g game.Game, held [2]store.Seat) error {
	players, err := b.playersFor(g, held)
	b.players = players
	return err
}

// watching reports whether the computer plays both seats.
func (b *computerSeats) watching() bool { return b.players[0] != nil && b.players[1] != nil }

// thinking reports whether a computer seat is choosing a move.
func (b *computerSeats) thinking() bool { return b.cancel != nil }

// running reports whether computer against computer is playing on.
func (b *computerSeats) running() bool { return b.watching() && !b.paused && !b.unwatched }

// mayMove reports whether a computer may move now (not paused, or a step).
func (b *computerSeats) mayMove() bool { return (!b.paused && !b.unwatched) || b.stepOnce }

// delay is the least time seat p takes for a move, so that people can
// follow: against a person, botDelay; against the computer, the room's pace.
func (b *computerSeats) delay(p game.Player, pace vocab.Pace) time.Duration {
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
// server stopping). A person waiting for the move makes the job urgent.
func (b *computerSeats) think(parent context.Context, st game.State, p game.Player, delay time.Duration,
	deliver func(context.Context, evComputerMove)) {
	b.gen++
	gen := b.gen
	ctx, cancel := context.WithCancel(parent)
	b.cancel = cancel
	job := engine.Job{Kind: engine.Move, Bot: b.players[p], State: st, Seat: p, Budget: b.timings.moveBudget,
		Urgent: !b.watching(), Seed: uint64(time.Now().UnixNano())}
	go func() {
		res := b.engine.Do(ctx, job)
		m, err, info := res.Move, res.Err, res.Report
		think := res.Wait + res.Think // the move's time: waiting for a worker counts
		if th, ok := job.Bot.(game.Thinker); ok && res.Outcome == engine.Searched && info != "" {
			t := th.Thought()
			t.Took = res.Think                       // its thinking, not its wait for a worker
			info = said(explain(st.Game(), t), info) // in a sentence, above the search's report
		}
		if wait := delay - think; wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return
			}
		}
		deliver(ctx, evComputerMove{gen: gen, seat: p, move: m, think: think, searched: res.Think, info: info, err: err})
	}()
}

// stop ends the search running, if any; its result is then stale.
func (b *computerSeats) stop() {
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
	}
	b.gen++
}

// scheduleComputer sets a computer seat thinking if one is to move.
func (r *Room) scheduleComputer() {
	r.computers.stop()
	if r.over() || !r.computers.mayMove() {
		return
	}
	for _, p := range r.state.ToMove() {
		if r.computers.players[p] == nil || r.seats.pending[p] != nil {
			continue
		}
		deliver := func(ctx context.Context, ev evComputerMove) { r.send(ctx, ev) }
		r.computers.think(r.deps.Ctx, r.state.Clone(), p, r.computers.delay(p, r.seats.held[p].Pace), deliver)
		return // one computer thinks at a time; the other is scheduled after
	}
}

// computerMoved plays a computer's move, if it is still wanted.
func (r *Room) computerMoved(ev evComputerMove) {
	if ev.gen != r.computers.gen || r.over() {
		return
	}
	r.computers.cancel = nil
	r.deps.Metrics.BotThought(r.g.ID(), string(r.seats.held[ev.seat].Level), ev.searched)
	if ev.err != nil {
		if errors.Is(ev.err, context.Canceled) {
			return
		}
		// A computer that fails must not stall the game: play any legal move.
		r.deps.Log.Error("computer player failed", "room", r.id, "seat", ev.seat, "err", ev.err)
		legal := r.state.Legal(ev.seat, nil)
		if len(legal) == 0 {
			return
		}
		ev.move = legal[0]
	}
	if !game.IsLegal(r.state, ev.seat, ev.move) {
		r.deps.Log.Error("computer player chose an illegal move", "room", r.id, "seat", ev.seat, "move", r.state.FormatMove(ev.move))
		return
	}
	r.computers.stepOnce = false
	r.play(ev.seat, ev.move, ev.think, ev.info)
}

// watchControl pauses, resumes or steps a computer-against-computer game;
// only the room's creator may.
func (r *Room) watchControl(c *Conn, action vocab.Action) {
	switch {
	case !r.computers.watching():
		r.reject(c, refusedNotAllowed, "Pause and step are for computer-against-computer games.")
		return
	case !r.seats.isOwner(c.who):
		r.reject(c, refusedNotAllowed, "Only the room's creator can pause or step the game.")
		return
	case r.over():
		r.reject(c, refusedOver, "The game is over.")
		return
	}
	switch action {
	case vocab.Pause:
		r.computers.paused = true
	case vocab.Resume:
		r.computers.paused = false
	case vocab.Step:
		if !r.computers.paused {
			r.reject(c, refusedNotNow, "Pause the game first, then step it move by move.")
			return
		}
		r.computers.stepOnce = true
	}
	r.afterChange(false)
}
