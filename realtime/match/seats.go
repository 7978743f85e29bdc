package match

import (
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
)

// seats are who holds the room's two seats, and where each holder is on
// the current turn: the cells clicked towards a move, a simultaneous
// choice kept secret until both are in, and since when the holder has had
// no page open.
type seats struct {
	held    [2]store.Seat
	picks   [2][]game.Cell // each seat's clicks towards its next move
	pending [2]*game.Move  // simultaneous choices made this turn
	// away is when each human seat's holder closed their last page (zero
	// while one is open).
	away [2]time.Time
}

// newSeats seats the holders of a record; nobody has a page open yet.
func newSeats(held [2]store.Seat, now time.Time) seats {
	return seats{held: held, away: [2]time.Time{now, now}}
}

// Who is who a page is: the hash of its browser's seat token (a bot's
// program: the bot's seat hash), and the account it is signed in as ("" for
// a guest). Every action of a seat is checked against it (mine, isOwner).
type Who struct {
	TokenHash, Account string
}

// holds reports whether w holds seat h. A seat taken by an account is that
// account's, signed in, on every device (docs/accounts.md): not the
// browser's that took it once it has logged out, nor anyone's by its
// cookie. A guest's seat (and a computer seat, which carries its creator's
// token) answers to the browser's token. Two string comparisons, no
// store: it runs for every action and every page drawn.
func holds(h store.Seat, w Who) bool {
	if h.Account != "" {
		return w.Account != "" && strings.EqualFold(h.Account, w.Account)
	}
	return secret.Equal(h.TokenHash, w.TokenHash)
}

// viewKey names the view of a seated page, which the pages of the same
// holder share (viewers.go).
func (w Who) viewKey() string { return "seat:" + w.TokenHash + "/" + w.Account }

// mine lists the seats that w plays.
func (s *seats) mine(w Who) []game.Player {
	var out []game.Player
	for p, h := range s.held {
		if h.Kind == vocab.Human && holds(h, w) {
			out = append(out, game.Player(p))
		}
	}
	return out
}

// signedOutOf names the account whose seat w's browser took but no longer
// plays (its cookie still holds the token, and it is not signed in as that
// account: logged out since): "" when there is none.
func (s *seats) signedOutOf(w Who) string {
	for _, h := range s.held {
		if h.Kind == vocab.Human && h.Account != "" && secret.Equal(h.TokenHash, w.TokenHash) && !holds(h, w) {
			return h.Account
		}
	}
	return ""
}

// name is what seat p's holder is called: the name they gave, or for a
// seat stored without one, a guest's name that stays the same.
func (s *seats) name(p game.Player) string {
	if h := s.held[p]; h.Name != "" {
		return h.Name
	}
	return guestName(s.held[p].TokenHash)
}

// isOwner reports whether w created the room: it holds one of its seats,
// or the computer seats it set up (which carry its token's hash).
func (s *seats) isOwner(w Who) bool {
	return holds(s.held[0], w) || holds(s.held[1], w)
}

// waiting reports whether a friend game still lacks its second player.
func (s *seats) waiting() bool { return s.held[0].Kind == vocab.Free || s.held[1].Kind == vocab.Free }

// acting is the seat a click of the holder of mine plays for: one of its
// seats that is to move and has not chosen yet, or, on a simultaneous turn,
// its one seat whose secret choice it may still change (the turn waits for
// the other seat). At one shared screen a choice is final: the next click
// is the other player's.
func (s *seats) acting(toMove, mine []game.Player) (game.Player, bool) {
	for _, p := range toMove {
		if slices.Contains(mine, p) && s.pending[p] == nil {
			return p, true
		}
	}
	if len(mine) == 1 && len(toMove) == 2 && s.pending[mine[0]] != nil {
		return mine[0], true
	}
	return game.NoPlayer, false
}

// changing reports whether seat p has made a secret choice this turn that
// it may still change.
func (s *seats) changing(p game.Player) bool { return p != game.NoPlayer && s.pending[p] != nil }

// due lists the human seats that must move now and have not chosen yet.
func (s *seats) due(toMove []game.Player) []game.Player {
	var out []game.Player
	for _, p := range toMove {
		if s.held[p].Kind == vocab.Human && s.pending[p] == nil {
			out = append(out, p)
		}
	}
	return out
}

// choose records seat p's move m and returns the turn once it is complete:
// at once on a sequential turn; on a simultaneous turn, once every seat to
// move has chosen (until then the choice stays secret here).
func (s *seats) choose(simultaneous bool, toMove []game.Player, p game.Player, m game.Move) (turn []game.Move, complete bool) {
	s.picks[p] = nil
	if !simultaneous {
		return []game.Move{m}, true
	}
	s.pending[p] = &m
	for _, q := range toMove {
		if s.pending[q] == nil {
			return nil, false
		}
	}
	return []game.Move{*s.pending[0], *s.pending[1]}, true
}

// newTurn forgets the clicks and choices of the turn that ended.
func (s *seats) newTurn() {
	s.picks = [2][]game.Cell{}
	s.pending = [2]*game.Move{}
}

// present records which human seats' holders have a page open; a holder
// who has none is away from the first moment seen without one.
func (s *seats) present(online [2]bool, now time.Time) {
	for p, h := range s.held {
		switch {
		case h.Kind != vocab.Human || online[p]:
			s.away[p] = time.Time{}
		case s.away[p].IsZero():
			s.away[p] = now
		}
	}
}

// swapped returns the seats as a rematch has them: each holder in the
// other seat, nothing picked or chosen.
func (s *seats) swapped() seats {
	return seats{held: [2]store.Seat{s.held[1], s.held[0]}, away: [2]time.Time{s.away[1], s.away[0]}}
}
