package match

import (
	"context"
	"slices"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// How a game ends or starts over besides the moves: abort, claiming a game
// the opponent has left, and rematch. These follow lichess: a game may be
// aborted (no result) until each side has moved once; in a game between
// two people with no clock, a player whose opponent to move has had no
// page open for ClaimWait may claim the win or a draw; when a game ends,
// a rematch swaps the seats, between two people once both have asked.

// finish ends the game with an outcome the rules do not see (time out,
// resignation, claim) and shows everyone.
func (r *Room) finish(end game.Outcome) {
	r.ended = &end
	r.seats.newTurn()
	r.request = nil
	r.clock.stop()
	r.storeResult()
	r.updateSeek()
	r.afterChange(false)
}

// abort ends the game with no result; the lobby never lists it. by is the
// seat whose holder aborted it (game.NoPlayer: both, or one person at
// both seats), which counts against them (a habit of aborting).
func (r *Room) abort(reason string, by game.Player) {
	r.aborted, r.abortedBy = true, by
	r.finish(game.Draw(reason))
}

// abortable reports whether the game may still be aborted: it goes on and
// some side has not moved yet.
func (r *Room) abortable() bool {
	return !r.over() && !(r.history.hasTurnOf(game.First) && r.history.hasTurnOf(game.Second))
}

func (r *Room) abortAction(c *Conn) {
	mine := r.seats.mine(c.who)
	switch {
	case len(mine) == 0:
		r.refuseSpectator(c, "Spectators cannot abort the game.")
		return
	case r.over():
		r.reject(c, refusedOver, "The game is over.")
		return
	case !r.abortable():
		r.reject(c, refusedNotNow, "Both sides have moved: the game can no longer be aborted. Resign instead.")
		return
	}
	who, by := r.g.Seats()[mine[0]], mine[0]
	if len(mine) == 2 {
		who, by = "the players", game.NoPlayer
	}
	r.abort("Game aborted by "+who, by)
}

// mayBeClaimed reports whether the game is one that may be claimed at all:
// between two people with no clock, going on, and begun by both sides.
func (r *Room) mayBeClaimed() bool {
	return r.mode == vocab.Friend && !r.clock.enabled() && !r.over() && !r.seats.waiting() && !r.abortable()
}

// claimer is the seat that may claim the game now: the opponent of a seat
// that is to move and has had no page open for ClaimWait.
func (r *Room) claimer() (game.Player, bool) {
	if !r.mayBeClaimed() {
		return game.NoPlayer, false
	}
	now := r.deps.Clock.Now()
	for _, p := range r.state.ToMove() {
		if away := r.seats.away[p]; r.seats.pending[p] == nil && !away.IsZero() && now.Sub(away) >= r.clock.claimWait {
			return p.Other(), true
		}
	}
	return game.NoPlayer, false
}

func (r *Room) claim(c *Conn, win bool) {
	mine := r.seats.mine(c.who)
	if len(mine) == 0 && r.seats.signedOutOf(c.who) != "" {
		r.refuseSpectator(c, "Spectators cannot claim the game.")
		return
	}
	seat, ok := r.claimer()
	if !ok || !slices.Contains(mine, seat) {
		r.reject(c, refusedNotNow, "You can claim the game only when your opponent, to move, has left it for a minute.")
		return
	}
	gone := r.g.Seats()[seat.Other()]
	if win {
		r.finish(game.Win(seat, gone+" left the game"))
		return
	}
	r.finish(game.Draw(gone + " left the game; a draw was claimed"))
}

// seatPresence records when each human seat's holder last closed their
// last page, and sets a timer for the moment the game may be claimed.
func (r *Room) seatPresence() {
	_, online := r.viewers.presence(&r.seats)
	r.seats.present(online, r.deps.Clock.Now())
	r.scheduleClaim()
	r.updateSeek()
}

// scheduleClaim sets a timer for when the seat to move will have been away
// ClaimWait, so that its opponent's page then shows the claim.
func (r *Room) scheduleClaim() {
	r.clock.stopClaim()
	if !r.mayBeClaimed() {
		return
	}
	if _, ok := r.claimer(); ok {
		return // already shown
	}
	now := r.deps.Clock.Now()
	for _, p := range r.state.ToMove() {
		if away := r.seats.away[p]; !away.IsZero() {
			r.clock.claimAt(away.Add(r.clock.claimWait).Sub(now), func() { r.sendLater(evClaimable{}) })
			return
		}
	}
}

// claimable redraws the pages once a claim has become possible.
func (r *Room) claimable() {
	r.clock.stopClaimTimer = nil
	if _, ok := r.claimer(); ok {
		r.version++
		r.broadcast()
	}
}

// rematchAction offers, accepts or withdraws a rematch. Against the
// computer, at one screen and for the creator of a computer-against-
// computer room one click starts it; between two people the first click
// offers it and the other player's click accepts it.
func (r *Room) rematchAction(c *Conn) {
	mine := r.seats.mine(c.who)
	owner := r.mode == vocab.Watch && r.seats.isOwner(c.who)
	switch {
	case r.next != "":
		r.reject(c, refusedOver, "This game has had its rematch already; follow the link to it.")
		return
	case len(mine) == 0 && !owner:
		r.refuseSpectator(c, "Spectators cannot start a rematch.")
		return
	case !r.over():
		r.reject(c, refusedNotNow, "A rematch can start when the game is over.")
		return
	}
	if r.mode != vocab.Friend || r.seats.waiting() {
		r.rematch()
		return
	}
	if why := r.refusedProposal(vocab.RematchProposal); why != "" {
		r.reject(c, refusedNotAllowed, why)
		return
	}
	if a, b := r.seats.held[0].Account, r.seats.held[1].Account; r.ratings.rated && a != "" && b != "" {
		if why := r.linkRefusal(a, b); why != "" {
			r.reject(c, refusedNotAllowed, why)
			return
		}
	}
	if req := r.request; req != nil {
		switch {
		case req.kind == vocab.RematchProposal && slices.Contains(mine, req.from):
			r.request = nil // asked again by the one who offered: withdrawn
		case req.kind == vocab.RematchProposal:
			r.rematch()
			return
		default:
			r.reject(c, refusedNotNow, "A proposal is already waiting for an answer.")
			return
		}
	} else {
		r.request = &request{kind: vocab.RematchProposal, from: mine[0]}
	}
	r.version++
	r.broadcast()
}

// rematch starts a new game in this room with the same game, options,
// mode, clock and levels and the seats swapped. The game that ended is
// kept as a finished room of its own, pointing here, so that it can be
// listed and replayed; an aborted game is not kept. Every page in the room
// follows, since the room is the same.
func (r *Room) rematch() {
	var archive *store.Room
	if !r.aborted && len(r.history.turns) > 0 {
		out := r.outcome()
		archive = &store.Room{
			ID: NewID(), Game: r.g.ID(), Options: r.opts, Mode: r.mode, Clock: r.clock.setting, Days: r.clock.days, Seats: r.seats.held,
			Turns: r.history.stored(), Over: true, Winner: int(out.Winner), Reason: out.Reason,
			Private: r.private, Next: r.id, Rated: r.ratings.rated, RatingChanges: r.ratings.changes,
		}
	}
	seats := r.seats.swapped()
	players, err := r.computers.playersFor(r.g, seats.held)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		err = r.deps.Store.Rematch(ctx, r.id, archive, seats.held)
		cancel()
	}
	if err != nil {
		r.deps.Log.Error("rematch not stored", "room", r.id, "err", err)
		r.broadcastError("The rematch could not be saved; try again.")
		return
	}
	r.computers.stop()
	r.seats, r.computers.players = seats, players
	r.state = r.start()
	r.history.set(nil, nil)
	r.forecasts.reset() // the store deleted them with the game
	r.ended, r.aborted = nil, false
	r.request = nil
	r.computers.said = ""
	r.computers.paused, r.computers.stepOnce = false, false
	r.ratings.changes = nil
	r.readRatings() // the seats swapped, and the game changed them
	r.viewers.endReplays()
	r.deps.Log.Info("rematch", "room", r.id, "game", r.g.ID())
	r.afterChange(true)
}

// drawAgreed is the reason of a game the players agreed to draw: the page,
// the record and the replay say it as it is.
const drawAgreed = "Draw by agreement"

// drawAction offers a draw or accepts the opponent's offer, between two
// people in a game that can end drawn (game.CanEndDrawn), once each side
// has moved (before, the game may be aborted). The offer waits for an
// answer like a takeback; a move withdraws it (applyTurn), as on lichess.
func (r *Room) drawAction(c *Conn) {
	mine := r.seats.mine(c.who)
	switch {
	case len(mine) == 0:
		r.refuseSpectator(c, "Spectators cannot offer a draw.")
		return
	case r.over():
		r.reject(c, refusedOver, "The game is over.")
		return
	case !game.CanEndDrawn(r.g):
		r.reject(c, refusedNotAllowed, "A game of "+r.g.Name()+" cannot end in a draw.")
		return
	case r.mode != vocab.Friend || len(mine) == 2 || r.seats.waiting():
		r.reject(c, refusedNotAllowed, "A draw is agreed between two people, each on their own page.")
		return
	case r.abortable():
		r.reject(c, refusedNotNow, "Each side has to move before a draw can be offered: abort the game instead.")
		return
	case r.refusedProposal(vocab.DrawProposal) != "":
		r.reject(c, refusedNotAllowed, r.refusedProposal(vocab.DrawProposal))
		return
	}
	if req := r.request; req != nil {
		switch {
		case req.kind == vocab.DrawProposal && !slices.Contains(mine, req.from):
			r.finish(game.Draw(drawAgreed)) // both offered: agreed
		case req.kind == vocab.DrawProposal:
			r.reject(c, refusedNotNow, "You have offered a draw already.")
		default:
			r.reject(c, refusedNotNow, "A proposal is already waiting for an answer.")
		}
		return
	}
	r.request = &request{kind: vocab.DrawProposal, from: mine[0]}
	r.version++
	r.broadcast()
}
