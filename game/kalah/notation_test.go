package kalah

import (
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestParseMove(t *testing.T) {
	six, err := New(nil)
	require.NoError(t, err)
	twelve, err := New(map[string]string{OptHouses: "12"})
	require.NoError(t, err)
	good := []struct {
		s     *State
		p     game.Player
		text  string
		house int
	}{
		{six, game.First, "1", 1},
		{six, game.First, "6", 6},
		{six, game.Second, "3", 3},
		{six, game.Second, "  4\t", 4},
		{twelve, game.First, "12", 12},
		{twelve, game.Second, "10", 10},
	}
	for _, c := range good {
		m, err := c.s.ParseMove(c.p, c.text)
		require.NoError(t, err, "%q", c.text)
		require.Equal(t, c.s.move(c.p, c.house), m)
		require.Equal(t, c.s.HouseCell(c.p, c.house), m.Cells[0])
		require.Zero(t, m.Tag)
		require.Equal(t, strings.TrimSpace(c.text), c.s.FormatMove(m))
	}
	// P2's house h is drawn at column H+1−h of the top row.
	m, err := six.ParseMove(game.Second, "1")
	require.NoError(t, err)
	require.Equal(t, game.Cell{Row: 0, Col: 6}, m.Cells[0])

	bad := []string{"", " ", "0", "7", "13", "-1", "+3", "03", "3a", "a", "1 2", "1.0", "٣", "99999999999999999999", "P1 3"}
	for _, text := range bad {
		_, err := six.ParseMove(game.First, text)
		require.ErrorIs(t, err, game.ErrBadNotation, "%q", text)
	}
	_, err = twelve.ParseMove(game.First, "13")
	require.ErrorIs(t, err, game.ErrBadNotation)
	_, err = six.ParseMove(game.NoPlayer, "1")
	require.ErrorIs(t, err, game.ErrBadNotation)
}

func TestFormatMove(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, "4", s.FormatMove(p1(s, 4)))
	require.Equal(t, "4", s.FormatMove(p2(s, 4)))
	// Moves that are no house still print, for error messages.
	require.Equal(t, "()", s.FormatMove(game.Move{}))
	require.Equal(t, "(1,7)", s.FormatMove(game.NewMove(s.StoreCell(game.First))))
	tagged := p1(s, 2)
	tagged.Tag = 3
	require.Equal(t, "(1,2)#3", s.FormatMove(tagged))
}

func TestCells(t *testing.T) {
	s, err := New(map[string]string{OptHouses: "4"})
	require.NoError(t, err)
	require.Equal(t, 2, s.Rows())
	require.Equal(t, 6, s.Cols())
	for _, p := range []game.Player{game.First, game.Second} {
		for house := 1; house <= 4; house++ {
			who, h, ok := s.HouseAt(s.HouseCell(p, house))
			require.True(t, ok)
			require.Equal(t, p, who)
			require.Equal(t, house, h)
		}
		who, ok := s.StoreAt(s.StoreCell(p))
		require.True(t, ok)
		require.Equal(t, p, who)
		_, _, ok = s.HouseAt(s.StoreCell(p))
		require.False(t, ok)
	}
	require.Equal(t, game.Cell{Row: 1, Col: 1}, s.HouseCell(game.First, 1))
	require.Equal(t, game.Cell{Row: 0, Col: 4}, s.HouseCell(game.Second, 1))
	require.Equal(t, game.Cell{Row: 0, Col: 1}, s.HouseCell(game.Second, 4))
	require.Equal(t, game.Cell{Row: 1, Col: 5}, s.StoreCell(game.First))
	require.Equal(t, game.Cell{Row: 0, Col: 0}, s.StoreCell(game.Second))
	for _, c := range []game.Cell{{Row: 0, Col: 5}, {Row: 1, Col: 0}, {Row: 2, Col: 1}, {Row: -1, Col: 1}, {Row: 0, Col: -1}} {
		_, _, ok := s.HouseAt(c)
		require.False(t, ok, "%s", c)
		_, ok = s.StoreAt(c)
		require.False(t, ok, "%s", c)
	}
	require.Zero(t, s.Seeds(game.First, 0))
	require.Zero(t, s.Seeds(game.First, 5))
	require.Zero(t, s.Seeds(game.NoPlayer, 1))
	require.Zero(t, s.Store(game.NoPlayer))
}
