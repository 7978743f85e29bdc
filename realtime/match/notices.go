package match

import (
	"context"
	"slices"

	"boardroom/realtime/vocab"
)

// Notices to players away. A game played across days (a correspondence
// clock) waits for players who are not in the room: when a move leaves a
// signed-in player to move and no page of theirs is open in the room, here
// or on another node (the room's Conns include those elsewhere), the room
// tells its TurnNotifier, which pushes a notification to their devices. A
// player with the room open sees the move there and is not told twice.

// TurnNotifier tells a player it is their move. The room calls it from its
// goroutine: it must return at once (queue the sending), since a room never
// waits on a push service.
type TurnNotifier interface {
	// YourMove tells account that it is their move in room roomID, a game
	// of gameName against opponent (the opponent's name as the room shows
	// it).
	YourMove(ctx context.Context, account, roomID, gameName, opponent string)
}

// tellAwayMovers tells each signed-in person now to move who has no page of
// the room open, in a game played across days, that it is their move.
func (r *Room) tellAwayMovers() {
	if r.deps.Turns == nil || !r.clock.setting.Correspondence() || r.over() {
		return
	}
	_, online := r.viewers.presence(&r.seats)
	for _, p := range r.state.ToMove() {
		h := r.seats.held[p]
		// A bot account's program is told by its own connection, and has
		// no browser to push to.
		if h.Kind != vocab.Human || h.Account == "" || h.BotAccount || online[p] {
			continue
		}
		r.deps.Turns.YourMove(r.deps.Ctx, h.Account, r.id, r.g.Name(), r.holder(p.Other()))
	}
}

// AwaitingNotifier hears which games await whose move: the header of
// every page of a player counts their games awaiting their move
// (lobby.Turns tells those pages, on every node). The room calls it from
// its goroutine after a change that moves the turn from or to a player (a
// move, a seat taken, the end): it must return at once.
type AwaitingNotifier interface {
	// AwaitingChanged says that game room now awaits the move of each of
	// awaited, and no longer awaits that of each of done.
	AwaitingChanged(room string, awaited, done []string)
}

// tellAwaiting tells the room's AwaitingNotifier of the accounts whose
// move the game began or stopped awaiting since the last change: those
// holding a seat to move while the game is in play (both seats held, not
// over). Nothing is told while the same accounts are awaited (a chat, a
// spectator, a Kalah move that earns another), so a move of a game whose
// seats bear no account costs a comparison.
func (r *Room) tellAwaiting() {
	if r.deps.Awaiting == nil {
		return
	}
	now := r.awaited()
	if now == r.awaiting {
		return
	}
	var awaited, done []string
	for _, a := range now {
		if a != "" && !slices.Contains(awaited, a) {
			awaited = append(awaited, a)
		}
	}
	for _, a := range r.awaiting {
		if a != "" && !slices.Contains(awaited, a) && !slices.Contains(done, a) {
			done = append(done, a)
		}
	}
	r.awaiting = now
	if len(awaited)+len(done) > 0 {
		r.deps.Awaiting.AwaitingChanged(r.id, awaited, done)
	}
}

// awaited are the accounts of the seats to move while the game is in play
// (both seats held, not over), by seat.
func (r *Room) awaited() (accounts [2]string) {
	if !r.over() && !r.seats.waiting() {
		for _, p := range r.state.ToMove() {
			accounts[p] = r.seats.held[p].Account
		}
	}
	return accounts
}
