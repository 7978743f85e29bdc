package demons

import (
	"fmt"
	"strings"

	"boardroom/game"
)

// The characters of a square in Render and in the position text.
const (
	charAngels = 'A'
	charDemons = 'D'
	charLight  = '-' // an empty light square
	charDark   = '.' // a dark square, never held
)

// char returns the character of a cell on the board.
func (s *State) char(c game.Cell) byte {
	if isDark(c) {
		return charDark
	}
	switch s.Owner(c) {
	case game.First:
		return charAngels
	case game.Second:
		return charDemons
	}
	return charLight
}

// Render implements game.State with the board described in the package
// comment.
func (s *State) Render() string {
	n := s.geo.size
	var b strings.Builder
	files := func() {
		b.WriteString("  ")
		for c := range n {
			b.WriteByte(' ')
			b.WriteByte(byte('a' + c))
		}
		b.WriteByte('\n')
	}
	files()
	for r := range n {
		rank := n - r
		fmt.Fprintf(&b, "%2d", rank)
		for c := range n {
			b.WriteByte(' ')
			b.WriteByte(s.char(game.Cell{Row: int8(r), Col: int8(c)}))
		}
		fmt.Fprintf(&b, " %d\n", rank)
	}
	files()
	if s.Over() {
		fmt.Fprintf(&b, "over after %d turns\n", s.turns)
	} else {
		fmt.Fprintf(&b, "turn %d of %d\n", s.ply+1, s.turns)
	}
	cov := s.Covered()
	fmt.Fprintf(&b, "Angels %d, Demons %d\n", cov[0], cov[1])
	return b.String()
}
