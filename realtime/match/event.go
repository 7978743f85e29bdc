package match

import (
	"context"
	"errors"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// An event's game: a room an event's director paired (store.Room.Tournament,
// package tournament/director). Its moves are not taken back, and it is
// not replaced by another game or followed by a rematch: the event pairs
// its players' next games. In an arena a player may berserk before their
// first move: their time a move is halved for the rest of the game, and a
// win of at least tournament.BerserkMinMoves of their moves scores a point
// more. A berserk is stored with the event's game (SetBerserk), which the
// room reads back when loaded.
type eventGame struct {
	id      string // "" for a room of no event
	berserk [2]bool
}

// eventRefusal says why a proposal of kind cannot be made in an event's
// game ("": it can).
func (r *Room) eventRefusal(kind vocab.Proposal) string {
	if r.event.id == "" {
		return ""
	}
	switch kind {
	case vocab.TakebackProposal:
		return "Moves are not taken back in an event's game."
	case vocab.RematchProposal:
		return "The event pairs your next game: it is on the event's page."
	}
	return ""
}

// mayBerserk says why seat p may not berserk now ("": it may).
func (r *Room) mayBerserk(p game.Player) string {
	switch {
	case r.event.id == "":
		return "Berserk is for an arena's games."
	case r.over():
		return "The game is over."
	case r.g.Simultaneous():
		return "Berserk is for games played one move at a time."
	case !r.clock.enabled() || r.clock.correspondence():
		return "Berserk halves a move clock of seconds: this game has none."
	case r.event.berserk[p]:
		return "You have berserked already."
	case r.history.hasTurnOf(p):
		return "Berserk is only before your first move."
	}
	return ""
}

// berserkAction halves the time a move of the page's player, before their
// first move in an arena's game.
func (r *Room) berserkAction(c *Conn) {
	mine := r.seats.mine(c.who)
	if r.event.id == "" {
		r.reject(c, refusedNotAllowed, "Berserk is for an arena's games.")
		return
	}
	if len(mine) != 1 {
		r.reject(c, refusedNotAllowed, "Only a player of this game may berserk.")
		return
	}
	p := mine[0]
	if why := r.mayBerserk(p); why != "" {
		r.reject(c, refusedNotAllowed, why)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	ev, err := r.deps.Store.Tournament(ctx, r.event.id)
	if err == nil && ev.Kind != store.Arena {
		r.reject(c, refusedNotAllowed, "Berserk is for an arena's games.")
		return
	}
	if err == nil {
		err = r.deps.Store.SetBerserk(ctx, r.id, int(p))
	}
	if errors.Is(err, store.ErrGone) {
		r.reject(c, refusedNotAllowed, "The game is over.")
		return
	}
	if err != nil {
		r.deps.Log.Warn("berserk not stored", "room", r.id, "err", err)
		r.reject(c, refusedFailed, "Your berserk could not be saved: try again.")
		return
	}
	r.event.berserk[p] = true
	r.deps.Log.Info("berserk", "room", r.id, "event", r.event.id, "seat", p)
	r.version++
	r.broadcast()
}

// periodOf is the time a move of the seats due: the clock's period, halved
// for a seat that berserked (berserk is for games of one mover a turn).
func (r *Room) periodOf(due []game.Player) time.Duration {
	if len(due) == 1 && r.event.berserk[due[0]] {
		return r.clock.period / 2
	}
	return r.clock.period
}

// movesBySeat counts each seat's moves, for the event's result.
func (r *Room) movesBySeat() [2]int {
	var n [2]int
	for _, t := range r.history.turns {
		for _, p := range t.seats {
			n[p]++
		}
	}
	return n
}
