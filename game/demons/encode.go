package demons

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// Encode implements game.State with the body described in the package comment:
// the rows from the top joined by "/", a space, and the turns played.
func (s *State) Encode() string {
	n := s.geo.size
	b := make([]byte, 0, n*(n+1)+4)
	for r := range n {
		if r > 0 {
			b = append(b, '/')
		}
		for c := range n {
			b = append(b, s.char(game.Cell{Row: int8(r), Col: int8(c)}))
		}
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(s.ply), 10)
	return game.FormatPosition(Game{}, s.opts, string(b))
}

// decode reads an Encode body under the given options.
func decode(opts game.Options, body string) (*State, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) (*State, error) {
		return nil, fmt.Errorf("%w: %s", game.ErrBadPosition, fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(body)
	if len(fields) != 2 {
		return bad("want the board and the turns played, got %q", body)
	}
	n := s.geo.size
	rows := strings.Split(fields[0], "/")
	if len(rows) != n {
		return bad("want %d rows, got %d", n, len(rows))
	}
	for r, row := range rows {
		if len(row) != n {
			return bad("rank %d has %d squares, want %d", n-r, len(row), n)
		}
		for c := range n {
			cell := game.Cell{Row: int8(r), Col: int8(c)}
			ch := row[c]
			if isDark(cell) {
				if ch != charDark {
					return bad("%s is a dark square, written %q, got %q (dark squares are never held)", s.square(cell), charDark, ch)
				}
				continue
			}
			switch ch {
			case charAngels:
				s.own[0].set(s.geo.index(cell))
			case charDemons:
				s.own[1].set(s.geo.index(cell))
			case charLight:
			default:
				return bad("%s is a light square, written %q, %q or %q, got %q", s.square(cell), charLight, charAngels, charDemons, ch)
			}
		}
	}
	ply, ok := parseCount(fields[1])
	if !ok || ply > s.turns {
		return bad("turns played must be from 0 to %d, got %q", s.turns, fields[1])
	}
	s.ply = ply
	// Each turn a seat covers at most four squares, so no seat can hold more
	// than four per turn played.
	for p, cnt := range s.Covered() {
		if cnt > 4*ply {
			return bad("%s hold %d squares after %d turns (at most %d)", Game{}.Seats()[p], cnt, ply, 4*ply)
		}
	}
	return s, nil
}

// parseCount reads a small non-negative number written without sign or
// leading zeros, so that every accepted text is the one Encode writes.
func parseCount(t string) (int, bool) {
	if len(t) == 0 || len(t) > 3 || (len(t) > 1 && t[0] == '0') {
		return 0, false
	}
	v := 0
	for i := range len(t) {
		if t[i] < '0' || t[i] > '9' {
			return 0, false
		}
		v = v*10 + int(t[i]-'0')
	}
	return v, true
}
