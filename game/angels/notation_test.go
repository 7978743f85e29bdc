package angels

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestParseMove(t *testing.T) {
	s := must(t, nil) // 15×15
	for _, tc := range []struct {
		text     string
		row, col int8
	}{
		{"6,7", 5, 6},
		{"1,1", 0, 0},
		{"15,15", 14, 14},
		{" 6,7 ", 5, 6},
		{"6 , 7", 5, 6},
		{"\t12,\t3\n", 11, 2},
		{"06,007", 5, 6},
	} {
		for _, p := range []game.Player{game.First, game.Second} {
			m, err := s.ParseMove(p, tc.text)
			require.NoError(t, err, "%q", tc.text)
			require.Equal(t, game.NewMove(game.Cell{Row: tc.row, Col: tc.col}), m, "%q", tc.text)
			require.Zero(t, m.Tag)
		}
	}
	for _, bad := range []string{
		"", " ", "6", "6,", ",7", "6,7,8", "0,1", "1,0", "16,1", "1,16", "a,b", "-1,2", "+1,2",
		"6;7", "6 7", "1e1,2", "6,7x", "0006,7", "6.0,7", "６,7", "g7",
	} {
		_, err := s.ParseMove(game.First, bad)
		require.ErrorIs(t, err, game.ErrBadNotation, "%q", bad)
	}
	_, err := s.ParseMove(game.NoPlayer, "6,7")
	require.ErrorIs(t, err, game.ErrBadNotation)
	_, err = s.ParseMove(game.First, "16,1")
	require.EqualError(t, err, `bad notation: "16,1" is not a square X,Y with row and column from 1 to 15`)
	_, err = s.ParseMove(game.First, "6 7")
	require.EqualError(t, err, `bad notation: "6 7" is not a square X,Y (row,column)`)

	big := must(t, map[string]string{"size": "41"})
	m, err := big.ParseMove(game.Second, "41,40")
	require.NoError(t, err)
	require.Equal(t, game.NewMove(game.Cell{Row: 40, Col: 39}), m)
}

func TestFormatMove(t *testing.T) {
	s := must(t, map[string]string{"size": "41"})
	for _, tc := range []struct {
		m    game.Move
		want string
	}{
		{game.NewMove(game.Cell{Row: 5, Col: 6}), "6,7"},
		{game.NewMove(game.Cell{Row: 0, Col: 0}), "1,1"},
		{game.NewMove(game.Cell{Row: 40, Col: 9}), "41,10"},
		{game.Move{}, "[]"},
		{game.NewMove(game.Cell{Row: 1, Col: 1}, game.Cell{Row: 2, Col: 2}), "[2,2 3,3]"},
	} {
		require.Equal(t, tc.want, s.FormatMove(tc.m))
	}
	// Every legal move writes and reads back.
	require.NoError(t, s.Apply(sq(t, s, "20,20")))
	for _, m := range s.Legal(game.Second, nil) {
		back, err := s.ParseMove(game.Second, s.FormatMove(m))
		require.NoError(t, err)
		require.Equal(t, m, back)
	}
	require.NoError(t, game.PlayTurns(s, "1,41", " 19 , 19 "))
	require.Equal(t, 3, s.Ply())
}
