package kalah

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// FormatMove implements game.State: the house number of its owner ("3").
// A move that is no single house is written as its cells, for messages.
func (s *State) FormatMove(m game.Move) string {
	if m.Len == 1 && m.Tag == 0 {
		if _, house, ok := s.HouseAt(m.Cells[0]); ok {
			return strconv.Itoa(house)
		}
	}
	parts := make([]string, m.Len)
	for i, c := range m.Path() {
		parts[i] = c.String()
	}
	text := "(" + strings.Join(parts, " ") + ")"
	if m.Tag != 0 {
		text += fmt.Sprintf("#%d", m.Tag)
	}
	return text
}

// ParseMove implements game.State: p's house number 1..H, in plain digits
// without a sign or leading zero, spaces around allowed. Whether the house
// has seeds is Apply's business.
func (s *State) ParseMove(p game.Player, text string) (game.Move, error) {
	if !p.Valid() {
		return game.Move{}, fmt.Errorf("%w: no seat %d", game.ErrBadNotation, p)
	}
	t := strings.TrimSpace(text)
	house, ok := parseNumber(t, 2)
	h := s.Houses()
	if !ok || house < 1 || house > h {
		return game.Move{}, fmt.Errorf("%w: %q is not a house number 1-%d", game.ErrBadNotation, text, h)
	}
	return s.move(p, house), nil
}

// parseNumber reads a canonical decimal number (digits only, no leading zero)
// of at most maxDigits digits.
func parseNumber(t string, maxDigits int) (int, bool) {
	if t == "" || len(t) > maxDigits || (len(t) > 1 && t[0] == '0') {
		return 0, false
	}
	n := 0
	for i := range len(t) {
		c := t[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
