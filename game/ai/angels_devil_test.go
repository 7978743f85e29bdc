package ai

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// devilMove is Difficult's block in s (the Devil to move).
func devilMove(t *testing.T, s game.State) (game.Cell, string) {
	t.Helper()
	b, err := NewWithBudget(s.Game(), LevelDifficult, "", 1, time.Second)
	require.NoError(t, err)
	m, err := b.Choose(context.Background(), s, game.Second)
	require.NoError(t, err)
	require.True(t, game.IsLegal(s, game.Second, m))
	return m.Cells[0], b.(game.Reporter).Report()
}

// The Devil blocks ahead of a running Angel, and answers a lone free edge
// square next to it.
func TestDevilBlocksAheadAndAnswersThreats(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string
		check func(c game.Cell) bool
	}{
		// The Angel runs down from the centre (8,8): the block goes below
		// it, not behind.
		{"ahead", []string{"9,8", "1,1", "10,8"}, func(c game.Cell) bool { return c.Row >= 10 }},
		// The Angel runs right: the block goes to its right.
		{"ahead right", []string{"8,9", "1,1", "8,10"}, func(c game.Cell) bool { return c.Col >= 10 }},
		// The Angel walks up to 2,8 with 1,7 and 1,9 blocked: the one
		// free edge square in its reach, 1,8, must be blocked.
		{"forced", []string{"7,8", "1,7", "6,8", "1,9", "5,8", "15,15", "4,8", "15,14", "3,8", "15,13", "2,8"},
			func(c game.Cell) bool { return c.Row == 0 && c.Col == 7 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newGameState(t, "angels", nil)
			require.NoError(t, game.PlayTurns(s, tc.turns...))
			c, report := devilMove(t, s)
			require.Contains(t, report, "devil lookahead")
			require.True(t, tc.check(c), "blocked %d,%d: %s", c.Row+1, c.Col+1, report)
		})
	}
}
