package demons

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestParseMove(t *testing.T) {
	s8, _ := New(nil)
	s12, _ := New(map[string]string{"size": "12"})
	s6, _ := New(map[string]string{"size": "6"})
	good := []struct {
		s    *State
		text string
		want game.Cell
		back string
	}{
		{s8, "b2", cell(6, 1), "b2"},
		{s8, "a1", cell(7, 0), "a1"},
		{s8, "h8", cell(0, 7), "h8"},
		{s8, "  e5 ", cell(3, 4), "e5"},
		{s8, "E5", cell(3, 4), "e5"},
		{s8, "a8", cell(0, 0), "a8"}, // a light square parses; Apply refuses it
		{s12, "l12", cell(0, 11), "l12"},
		{s12, "a10", cell(2, 0), "a10"},
		{s12, "k1", cell(11, 10), "k1"},
		{s6, "f6", cell(0, 5), "f6"},
	}
	for _, tt := range good {
		for _, p := range []game.Player{game.First, game.Second} {
			m, err := tt.s.ParseMove(p, tt.text)
			require.NoError(t, err, tt.text)
			require.Equal(t, game.NewMove(tt.want), m, tt.text)
			require.Zero(t, m.Tag)
			require.Equal(t, tt.back, tt.s.FormatMove(m))
		}
	}
	bad := []struct {
		s    *State
		text string
	}{
		{s8, ""}, {s8, " "}, {s8, "b"}, {s8, "2"}, {s8, "2b"},
		{s8, "b0"}, {s8, "b9"}, {s8, "i1"}, {s8, "b02"}, {s8, "b-1"}, {s8, "b+2"},
		{s8, "b2+e5"}, {s8, "b2 e5"}, {s8, "b 2"}, {s8, "bb2"}, {s8, "b22"}, {s8, "b2x"},
		{s8, "@1"}, {s8, "[1"}, {s8, "6,1"}, {s8, "é1"},
		{s6, "g1"}, {s6, "a7"}, {s12, "m1"}, {s12, "a13"}, {s12, "a100"},
	}
	for _, tt := range bad {
		_, err := tt.s.ParseMove(game.First, tt.text)
		require.ErrorIs(t, err, game.ErrBadNotation, "%q", tt.text)
	}
}

func TestTurnNotation(t *testing.T) {
	s, _ := New(nil)
	turn, err := game.ParseTurn(s, "b2+e5")
	require.NoError(t, err)
	require.Equal(t, []game.Move{game.NewMove(cell(6, 1)), game.NewMove(cell(3, 4))}, turn)
	require.Equal(t, "b2+e5", game.FormatTurn(s, turn))
	turn, err = game.ParseTurn(s, " b2 + e5 ")
	require.NoError(t, err)
	require.Equal(t, "b2+e5", game.FormatTurn(s, turn))
	for _, bad := range []string{"b2", "b2+", "+e5", "b2+e5+c3", "b2-e5"} {
		_, err := game.ParseTurn(s, bad)
		require.ErrorIs(t, err, game.ErrBadNotation, bad)
	}
	// A turn with a light square parses but is refused, naming the square.
	turn, err = game.ParseTurn(s, "b2+e4")
	require.NoError(t, err)
	require.ErrorContains(t, s.Apply(turn...), "Demons: e4 is a light square")
}

func TestFormatOddMoves(t *testing.T) {
	s, _ := New(nil)
	require.Equal(t, "(no square)", s.FormatMove(game.Move{}))
	require.Equal(t, "(9,9)", s.FormatMove(game.NewMove(cell(9, 9))))
	require.Equal(t, "b2 (8,0) c3", s.FormatMove(game.NewMove(cell(6, 1), cell(8, 0), cell(5, 2))))
	require.Equal(t, "(no square)", s.FormatMove(game.Move{Len: 9}))
}
