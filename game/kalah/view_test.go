package kalah

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// TestCellLabels: every pit says whose it is and how many seeds it holds,
// for a screen reader and the load tool alike.
func TestCellLabels(t *testing.T) {
	s, err := New(map[string]string{OptHouses: "4", OptSeeds: "3"})
	require.NoError(t, err)
	tests := []struct {
		at      game.Cell
		what    string
		caption string
		count   int
	}{
		{s.HouseCell(game.First, 1), "P1 house 1, 3 seeds", "1", 3},
		{s.HouseCell(game.Second, 4), "P2 house 4, 3 seeds", "4", 3},
		{s.StoreCell(game.First), "P1: 0 seeds in the store", Game{}.Seats()[game.First], 0},
		{s.StoreCell(game.Second), "P2: 0 seeds in the store", Game{}.Seats()[game.Second], 0},
	}
	for _, tc := range tests {
		cv := Game{}.Cell(s, tc.at)
		require.Equal(t, tc.what, cv.What)
		require.Equal(t, tc.caption, cv.Caption)
		require.Equal(t, tc.count, cv.Count)
		require.True(t, cv.Counted)
	}
	require.Equal(t, "off the board", Game{}.Cell(s, game.Cell{Row: 0, Col: 5}).What)
}
