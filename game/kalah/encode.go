package kalah

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// Encode implements game.State. The body is
//
//	P1's houses 1..H, P1's store / P2's houses 1..H, P2's store / seat to move / ply N
//
// for example, after the moves 2 3 5 of docs/rules.md:
//
//	5 1 6 5 5 5 0 / 4 4 0 5 0 6 2 / P1 / ply 3
func (s *State) Encode() string {
	body := make([]byte, 0, 8*(s.Houses()+2))
	for p := range 2 {
		if p > 0 {
			body = append(body, " / "...)
		}
		seat := game.Player(p)
		for house := 1; house <= s.Houses(); house++ {
			body = strconv.AppendInt(body, int64(s.Seeds(seat, house)), 10)
			body = append(body, ' ')
		}
		body = strconv.AppendInt(body, int64(s.Store(seat)), 10)
	}
	body = append(body, " / "...)
	body = append(body, Game{}.Seats()[s.b.turn]...)
	body = append(body, " / ply "...)
	body = strconv.AppendInt(body, int64(s.ply), 10)
	return game.FormatPosition(Game{}, s.opts, string(body))
}

// decode reads an Encode body. The ply part may be left out (as in the
// example of game.FormatPosition), which means ply 0.
func decode(opts game.Options, body string) (*State, error) {
	o, err := resolve(opts)
	if err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) (*State, error) {
		return nil, fmt.Errorf("%w: kalah: "+format, append([]any{game.ErrBadPosition}, args...)...)
	}
	parts := strings.Split(body, "/")
	if len(parts) != 3 && len(parts) != 4 {
		return bad("want 4 parts split by '/' (P1's pits / P2's pits / seat to move / ply N), got %d", len(parts))
	}
	s := newState(o)
	h := s.Houses()
	total := 0
	for p := range 2 {
		words := strings.Fields(parts[p])
		if len(words) != h+1 {
			return bad("%s has %d houses and a store, got %d numbers", Game{}.Seats()[p], h, len(words))
		}
		for i, w := range words {
			n, ok := parseNumber(w, 3)
			if !ok || n > MaxTotal {
				return bad("%q is not a seed count", w)
			}
			s.b.pits[p*(h+1)+i] = int16(n)
			total += n
		}
	}
	if want := 2 * h * o.Int(OptSeeds); total != want {
		return bad("the pits hold %d seeds, but a game of these options has %d", total, want)
	}
	switch seat := strings.TrimSpace(parts[2]); seat {
	case "P1":
		s.b.turn = game.First
	case "P2":
		s.b.turn = game.Second
	default:
		return bad("the seat to move must be P1 or P2, got %q", seat)
	}
	if len(parts) == 4 {
		words := strings.Fields(parts[3])
		if len(words) != 2 || words[0] != "ply" {
			return bad("want \"ply N\", got %q", strings.TrimSpace(parts[3]))
		}
		n, ok := parseNumber(words[1], 9)
		if !ok {
			return bad("%q is not a ply count", words[1])
		}
		s.ply = n
	}
	// Stores only grow and a move that stays on the mover's side brings its
	// seeds closer to the store, so no move ever leads back to the start.
	start := newState(o).b
	switch {
	case s.ply == 0 && s.b != start:
		return bad("ply 0 must be the start position, P1 to move")
	case s.ply > 0 && s.b.pits == start.pits:
		return bad("the start position at ply %d", s.ply)
	}
	return s, nil
}
