package match

import (
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// House games: quick pairing may seat a house bot (the server's computer at
// one of its levels, under a bot account of its own) opposite a bot or a
// person who accepts bots (lobby, "House bots"). Such a room is a friend
// game with a computer seat, rated like any between two accounts. The
// computer answers no proposal: a rated game's moves are not taken back,
// it plays every game to its end, and a rematch would be a game quick
// pairing did not count (the next one is found in the lobby).

// HouseSeat says seat s is a house bot's: the computer plays it under an
// account. A room cannot ask the account itself (whether it owns itself:
// accounts.HouseLevel, the one truth of what a house bot is), and needs
// not: only the lobby seats the computer under an account, and only house
// bots' (lobby.HouseBot). A person's bot plays a person's seat
// (vocab.Human with Seat.BotAccount), never a computer seat.
func HouseSeat(s store.Seat) bool { return s.Kind == vocab.ComputerSeat && s.Account != "" }

// refusedProposal says why a proposal of kind made in this room cannot be
// ("": it can): the room is an event's game (eventRefusal), or the
// opponent is a house bot.
func (r *Room) refusedProposal(kind vocab.Proposal) string {
	if why := r.eventRefusal(kind); why != "" {
		return why
	}
	if !HouseSeat(r.seats.held[0]) && !HouseSeat(r.seats.held[1]) {
		return ""
	}
	switch kind {
	case vocab.TakebackProposal:
		return "The computer does not take moves back in a rated game."
	case vocab.DrawProposal:
		return "The computer plays every game to its end: play on, or resign."
	case vocab.RematchProposal:
		return "The computer plays one game a pairing: find your next game in the lobby."
	}
	return ""
}
