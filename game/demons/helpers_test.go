package demons

import (
	"strconv"
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// board builds a position from a picture of the board in Render's characters
// (one rank per line from the top, spaces optional) and the turns played.
func board(t *testing.T, opts map[string]string, ply int, picture string) *State {
	t.Helper()
	resolved, err := game.Resolve(Game{}.Options(), opts)
	require.NoError(t, err)
	s, err := decode(resolved, body(picture, ply))
	require.NoError(t, err)
	return s
}

// body writes the Encode body of a picture and a ply.
func body(picture string, ply int) string {
	var rows []string
	for _, line := range strings.Split(strings.TrimSpace(picture), "\n") {
		if row := strings.Join(strings.Fields(line), ""); row != "" {
			rows = append(rows, row)
		}
	}
	return strings.Join(rows, "/") + " " + strconv.Itoa(ply)
}

// picture draws a position like the board helper reads it, one rank per line
// with spaces between squares, so tests compare against what they drew.
func picture(s *State) string {
	var b strings.Builder
	n := s.Size()
	for r := range n {
		for c := range n {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(s.char(game.Cell{Row: int8(r), Col: int8(c)}))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// trim removes the indentation of a picture drawn in a test.
func trim(p string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(p), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// empty8 is the empty 8x8 board.
const empty8 = `
	- . - . - . - .
	. - . - . - . -
	- . - . - . - .
	. - . - . - . -
	- . - . - . - .
	. - . - . - . -
	- . - . - . - .
	. - . - . - . -
`

// play parses and applies turns, failing the test on any error.
func play(t *testing.T, s *State, turns ...string) {
	t.Helper()
	require.NoError(t, game.PlayTurns(s, turns...))
}
