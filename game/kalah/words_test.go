package kalah

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// TestDescribeMove: a capture says how many seeds it banked and a last seed
// in the store says it earns another turn (issue 23: "P2 played 3" and a
// store jumping from 3 to 10 said nothing of why).
func TestDescribeMove(t *testing.T) {
	tests := []struct {
		name, position, move, want string
	}{
		{"capture", "kalah houses=3 seeds=3 | 1 0 2 0 / 3 4 1 7 / P1 / ply 4", "1", "captured 5 seeds"},
		{"opposite house empty", "kalah houses=3 seeds=3 | 1 0 2 0 / 3 0 1 11 / P1 / ply 4", "1", ""},
		{"capture past the store", "kalah houses=2 seeds=3 | 0 5 3 / 1 0 3 / P1 / ply 4", "2", "captured 3 seeds"},
		{"another turn", "kalah houses=3 seeds=3 | 1 0 1 0 / 3 4 1 8 / P1 / ply 4", "3", "the last seed lands in the store: another turn"},
		{"no turn after the end", "kalah houses=3 seeds=3 | 0 0 1 0 / 3 4 1 9 / P1 / ply 4", "3", "the last seed lands in the store"},
		{"the turn passes", "kalah houses=3 seeds=3 | 2 0 2 0 / 3 4 1 6 / P1 / ply 4", "3", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := game.Decode(tc.position)
			require.NoError(t, err)
			m, err := s.ParseMove(s.ToMove()[0], tc.move)
			require.NoError(t, err)
			before := s.Encode()
			require.Equal(t, tc.want, game.DescribeMove(s, m))
			require.Equal(t, before, s.Encode(), "describing a move changes nothing")
		})
	}
}

// TestFinalCountShown: once the game is over the board and the score line
// show the final count (houses plus store, as the rules score it), not the
// stores alone (issue 23: "P2 wins" above "Stores: P1 22 · P2 12").
func TestFinalCountShown(t *testing.T) {
	s, err := game.Decode("kalah houses=2 seeds=2 | 0 0 3 / 4 1 0 / P1 / ply 9")
	require.NoError(t, err)
	require.True(t, s.Outcome().Over)
	require.Equal(t, game.Second, s.Outcome().Winner)
	ks, before := s.(*State), s.Encode()
	require.Equal(t, "Final score: P1 3 · P2 5", Game{}.Score(s))
	tests := []struct {
		at    game.Cell
		what  string
		count int
	}{
		{ks.StoreCell(game.First), "P1: 3 seeds in the store", 3},
		{ks.StoreCell(game.Second), "P2: 5 seeds in the store", 5},
		{ks.HouseCell(game.Second, 1), "P2 house 1, 0 seeds", 0},
		{ks.HouseCell(game.Second, 2), "P2 house 2, 0 seeds", 0},
	}
	for _, tc := range tests {
		cv := Game{}.Cell(s, tc.at)
		require.Equal(t, tc.what, cv.What)
		require.Equal(t, tc.count, cv.Count)
	}
	require.Equal(t, before, s.Encode(), "the position itself is not changed")
}

// TestSeedsInTheSingular: "1 seed", not "1 seeds".
func TestSeedsInTheSingular(t *testing.T) {
	s, err := game.Decode("kalah houses=2 seeds=1 | 1 0 1 / 1 1 0 / P1 / ply 2")
	require.NoError(t, err)
	ks := s.(*State)
	require.Equal(t, "P1 house 1, 1 seed", Game{}.Cell(s, ks.HouseCell(game.First, 1)).What)
	require.Equal(t, "P1: 1 seed in the store", Game{}.Cell(s, ks.StoreCell(game.First)).What)
	require.Equal(t, "P1 house 2, 0 seeds", Game{}.Cell(s, ks.HouseCell(game.First, 2)).What)
}
