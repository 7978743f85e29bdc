package bishops

import (
	"slices"
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// pos builds a position from a picture in the Render format, with the given
// seat to move. The ply is set high enough (100 or 101) that any piece counts
// are possible. It also checks that Render draws the picture back exactly.
func pos(t *testing.T, picture string, turn game.Player) *State {
	t.Helper()
	picture = strings.TrimPrefix(picture, "\n")
	lines := strings.Split(strings.TrimSuffix(picture, "\n"), "\n")
	require.Len(t, lines, Size+1, "a picture is a header and 10 ranks")
	require.Equal(t, fileHeader, lines[0])
	var b Board
	for r, line := range lines[1:] {
		require.GreaterOrEqual(t, len(line), 2+2*Size, "rank line %q", line)
		for c := range Size {
			ch := line[3+2*c]
			cell := game.Cell{Row: int8(r), Col: int8(c)}
			sq, dark := SquareOf(cell)
			switch ch {
			case 'W', 'B':
				require.True(t, dark, "a piece on the light square %s", cellName(cell))
				if ch == 'W' {
					b.Pieces[game.First] |= sq.Bit()
				} else {
					b.Pieces[game.Second] |= sq.Bit()
				}
			case '.':
				require.True(t, dark, "'.' on the light square %s", cellName(cell))
			case ' ':
				require.False(t, dark, "' ' on the dark square %s", cellName(cell))
			default:
				t.Fatalf("unknown character %q in %q", ch, line)
			}
		}
	}
	s := newState(game.Options{"setup": SetupClassic}, b, turn, 100+int(turn))
	require.Equal(t, picture, s.Render(), "the picture should be drawn back exactly")
	return s
}

// movesFrom lists the legal moves of the seat to move that start on the
// named square, in notation, sorted.
func movesFrom(t *testing.T, s *State, square string) []string {
	t.Helper()
	from, ok := parseCell(square)
	require.True(t, ok, square)
	var out []string
	for _, m := range s.Legal(s.Turn(), nil) {
		if m.Cells[0] == from {
			out = append(out, s.FormatMove(m))
		}
	}
	slices.Sort(out)
	return out
}

// legalText lists all legal moves of the seat to move in notation, sorted.
func legalText(s *State) []string {
	var out []string
	for _, m := range s.Legal(s.Turn(), nil) {
		out = append(out, s.FormatMove(m))
	}
	slices.Sort(out)
	return out
}

func mustParse(t *testing.T, s *State, text string) game.Move {
	t.Helper()
	m, err := s.ParseMove(s.Turn(), text)
	require.NoError(t, err, text)
	return m
}
