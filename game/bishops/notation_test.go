package bishops

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestParseMove(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	cell := func(name string) game.Cell { return mustCell(t, name) }
	good := []struct {
		text  string
		want  game.Move
		canon string
	}{
		{"c3-e5", game.Move{Cells: [3]game.Cell{cell("c3"), cell("e5")}, Len: 2, Tag: TagEngage}, "c3-e5"},
		{"c3xf6", game.Move{Cells: [3]game.Cell{cell("c3"), cell("f6")}, Len: 2, Tag: TagKill}, "c3xf6"},
		{"  a1xj10 \t", game.Move{Cells: [3]game.Cell{{Row: 9, Col: 0}, {Row: 0, Col: 9}}, Len: 2, Tag: TagKill}, "a1xj10"},
		{"J10-A1", game.Move{Cells: [3]game.Cell{{Row: 0, Col: 9}, {Row: 9, Col: 0}}, Len: 2, Tag: TagEngage}, "j10-a1"},
		{"b10Xa9", game.Move{Cells: [3]game.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 0}}, Len: 2, Tag: TagKill}, "b10xa9"},
		// Syntax only: Apply says whether it is legal.
		{"d4-d4", game.Move{Cells: [3]game.Cell{cell("d4"), cell("d4")}, Len: 2}, "d4-d4"},
	}
	for _, tt := range good {
		for _, p := range []game.Player{game.First, game.Second} {
			m, err := s.ParseMove(p, tt.text)
			require.NoError(t, err, tt.text)
			require.Equal(t, tt.want, m, tt.text)
			require.Equal(t, tt.canon, s.FormatMove(m))
		}
	}
	bad := []struct{ text, want string }{
		{"", "write a move as c3-e5"},
		{"c3", "write a move as c3-e5"},
		{"c3 e5", "write a move as c3-e5"},
		{"c3–e5", "write a move as c3-e5"}, // an en dash
		{"c3-", "squares are a1 to j10"},
		{"-e5", "squares are a1 to j10"},
		{"c3-e5-g7", "squares are a1 to j10"},
		{"c3xxe5", "squares are a1 to j10"},
		{"k1-a1", "squares are a1 to j10"},
		{"a0-b1", "squares are a1 to j10"},
		{"a11-b10", "squares are a1 to j10"},
		{"a01-b2", "squares are a1 to j10"},
		{"a-b2", "squares are a1 to j10"},
		{"c 3-e5", "squares are a1 to j10"},
		{"3c-e5", "squares are a1 to j10"},
		{"c3-e5 x", "squares are a1 to j10"},
		{"c4-d5", "c4 is a light square"},
		{"c3-e4", "e4 is a light square"},
		{"a10-b9", "a10 is a light square"},
	}
	for _, tt := range bad {
		_, err := s.ParseMove(game.First, tt.text)
		require.ErrorIs(t, err, game.ErrBadNotation, tt.text)
		require.ErrorContains(t, err, tt.want, tt.text)
	}
}

func TestFormatMoveOddCells(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, "<move of 0 cells>", s.FormatMove(game.Move{}))
	require.Equal(t, "<move of 3 cells>", s.FormatMove(game.NewMove(game.Cell{}, game.Cell{}, game.Cell{})))
	require.Equal(t, "a10x[-1,12]", s.FormatMove(game.Move{Cells: [3]game.Cell{{}, {Row: -1, Col: 12}}, Len: 2, Tag: TagKill}))
}

func TestCellNames(t *testing.T) {
	for name, c := range map[string]game.Cell{
		"a1": {Row: 9, Col: 0}, "j10": {Row: 0, Col: 9}, "a10": {Row: 0, Col: 0}, "j1": {Row: 9, Col: 9}, "c3": {Row: 7, Col: 2},
	} {
		got, ok := parseCell(name)
		require.True(t, ok, name)
		require.Equal(t, c, got, name)
		require.Equal(t, name, cellName(c))
	}
	require.True(t, IsDark(game.Cell{Row: 9, Col: 0}), "a1 is dark")
	require.False(t, IsDark(game.Cell{Row: 0, Col: 0}), "a10 is light")
	require.False(t, IsDark(game.Cell{Row: -1, Col: 0}))
	require.False(t, IsDark(game.Cell{Row: 3, Col: 10}))
	// Every dark cell has a square and back.
	n := 0
	for r := range int8(Size) {
		for c := range int8(Size) {
			cell := game.Cell{Row: r, Col: c}
			sq, ok := SquareOf(cell)
			require.Equal(t, (r+c)%2 == 1, ok)
			if ok {
				n++
				require.Equal(t, cell, sq.Cell())
				require.NotZero(t, BoardMask&sq.Bit())
			}
		}
	}
	require.Equal(t, 50, n)
}
