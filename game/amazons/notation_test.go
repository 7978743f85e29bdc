package amazons

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestParseMove(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	c := func(row, col int8) game.Cell { return game.Cell{Row: row, Col: col} }
	for _, tc := range []struct {
		text string
		want game.Move
		back string // FormatMove of the result
	}{
		{"d1-d7/g7", game.NewMove(c(9, 3), c(3, 3), c(3, 6)), "d1-d7/g7"},
		{"  d1-d7/g7\t", game.NewMove(c(9, 3), c(3, 3), c(3, 6)), "d1-d7/g7"},
		{"D1-D7/G7", game.NewMove(c(9, 3), c(3, 3), c(3, 6)), "d1-d7/g7"},
		{"a10-j1/a1", game.NewMove(c(0, 0), c(9, 9), c(9, 0)), "a10-j1/a1"},
		{"j10-j10/j10", game.NewMove(c(0, 9), c(0, 9), c(0, 9)), "j10-j10/j10"}, // syntax only
	} {
		m, err := s.ParseMove(White, tc.text)
		require.NoError(t, err, tc.text)
		require.Equal(t, tc.want, m, tc.text)
		require.Zero(t, m.Tag)
		require.Equal(t, tc.back, s.FormatMove(m))
	}
	for _, bad := range []string{
		"", " ", "d1", "d1-d7", "d1/g7", "d1-d7-g7", "d1-d7/g7/h8", "d1 - d7 / g7",
		"k1-d7/g7", "d0-d7/g7", "d11-d7/g7", "d01-d7/g7", "d1-d7/g", "d1-7/g7",
		"-d7/g7", "d1-/g7", "d1-d7/", "1d-d7/g7", "d1-d7/g7x", "d1–d7/g7", "d100-d7/g7",
		"d+1-d7/g7", "é1-d7/g7", "d1-d7\x00/g7",
	} {
		_, err := s.ParseMove(White, bad)
		require.ErrorIs(t, err, game.ErrBadNotation, "%q", bad)
	}
}

func TestFormatOddMoves(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	c := func(row, col int8) game.Cell { return game.Cell{Row: row, Col: col} }
	for _, tc := range []struct {
		m    game.Move
		want string
	}{
		{game.Move{}, "(no cells)"},
		{game.Move{Cells: [3]game.Cell{c(9, 3), c(3, 3), c(3, 6)}, Len: 7}, "d1-d7/g7 [7 cells]"},
		{game.NewMove(c(9, 3)), "d1"},
		{game.NewMove(c(9, 3), c(3, 3)), "d1-d7"},
		{game.NewMove(c(9, 3), c(-1, 3), c(3, 12)), "d1-(-1,3)/(3,12)"},
		{game.Move{Cells: [3]game.Cell{c(9, 3), c(3, 3), c(3, 6)}, Len: 3, Tag: 128}, "d1-d7/g7 [tag 128]"},
	} {
		require.Equal(t, tc.want, s.FormatMove(tc.m))
	}
}

func TestSquareNames(t *testing.T) {
	for _, tc := range []struct {
		name     string
		row, col int
	}{{"a10", 0, 0}, {"j10", 0, 9}, {"a1", 9, 0}, {"j1", 9, 9}, {"d1", 9, 3}, {"g7", 3, 6}} {
		sq, err := ParseSquare(tc.name)
		require.NoError(t, err)
		require.Equal(t, SquareAt(tc.row, tc.col), sq)
		require.Equal(t, tc.name, sq.String())
		require.Equal(t, game.Cell{Row: int8(tc.row), Col: int8(tc.col)}, sq.Cell())
	}
	require.Equal(t, "??", NoSquare.String())
	require.Equal(t, NoSquare, SquareAt(10, 0))
	require.Equal(t, NoSquare, SquareAt(0, -1))
	require.Equal(t, "d1-d7/g7", Turn{93, 33, 36}.String())
	require.Equal(t, "??-d7/g7", Turn{NoSquare, 33, 36}.String())
	tr, err := ParseTurn(" d1-d7/g7 ")
	require.NoError(t, err)
	require.Equal(t, Turn{93, 33, 36}, tr)
}
