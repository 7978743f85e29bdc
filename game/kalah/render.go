package kalah

import (
	"strconv"

	"boardroom/game"
)

// Render implements game.State: the board of docs/rules.md, P2's houses H..1 along
// the top with P1's store on the right, P1's houses 1..H along the bottom with
// P2's store on the left:
//
//	+----+-------+-------+-------+-------+-------+-------+----+
//	| P2 | 6[ 6] | 5[ 0] | 4[ 5] | 3[ 0] | 2[ 4] | 1[ 4] |  0 |
//	|    |-------+-------+-------+-------+-------+-------|    |
//	|  2 | 1[ 5] | 2[ 1] | 3[ 6] | 4[ 5] | 5[ 5] | 6[ 5] | P1 |
//	+----+-------+-------+-------+-------+-------+-------+----+
//
// A house is N[%2d]. When a house number or a count needs more digits, that
// column widens to its wider house and the narrower one is right-aligned, so
// the columns and dividers stay straight. Stores are %3d (at most 288 seeds).
func (s *State) Render() string {
	h := s.Houses()
	var top, bottom [MaxHouses][]byte
	var widths [MaxHouses]int
	var text [MaxHouses * 16]byte // backing for the houses' text
	buf := text[:0]
	for col := 1; col <= h; col++ {
		at := len(buf)
		buf = appendHouse(buf, h+1-col, s.Seeds(game.Second, h+1-col))
		top[col-1] = buf[at:len(buf):len(buf)]
		at = len(buf)
		buf = appendHouse(buf, col, s.Seeds(game.First, col))
		bottom[col-1] = buf[at:len(buf):len(buf)]
		widths[col-1] = max(len(top[col-1]), len(bottom[col-1]))
	}
	out := make([]byte, 0, 5*(14+h*12))
	rule := func(ends string) {
		out = append(out, ends...)
		for i := range h {
			if i > 0 {
				out = append(out, '+')
			}
			out = append(out, dashes[:widths[i]+2]...)
		}
		out = append(out, ends...) // both ends read the same both ways
		out = append(out, '\n')
	}
	line := func(left []byte, cells *[MaxHouses][]byte, right []byte) {
		out = append(out, '|')
		out = append(out, left...)
		out = append(out, '|')
		for i := range h {
			out = append(out, ' ')
			out = append(out, spaces[:widths[i]-len(cells[i])]...)
			out = append(out, cells[i]...)
			out = append(out, " |"...)
		}
		out = append(out, right...)
		out = append(out, "|\n"...)
	}
	rule("+----+")
	line([]byte(" P2 "), &top, appendStore(nil, s.Store(game.First)))
	rule("|    |")
	line(appendStore(nil, s.Store(game.Second)), &bottom, []byte(" P1 "))
	rule("+----+")
	return string(out)
}

const (
	dashes = "--------------------"
	spaces = "                    "
)

// appendHouse writes one house as N[%2d].
func appendHouse(dst []byte, n, seeds int) []byte {
	dst = strconv.AppendInt(dst, int64(n), 10)
	dst = append(dst, '[')
	if seeds < 10 {
		dst = append(dst, ' ')
	}
	dst = strconv.AppendInt(dst, int64(seeds), 10)
	return append(dst, ']')
}

// appendStore writes a store as %3d and a space.
func appendStore(dst []byte, seeds int) []byte {
	for v := 100; v > 1 && seeds < v; v /= 10 {
		dst = append(dst, ' ')
	}
	dst = strconv.AppendInt(dst, int64(seeds), 10)
	return append(dst, ' ')
}
