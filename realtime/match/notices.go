package match

import (
	"context"

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
