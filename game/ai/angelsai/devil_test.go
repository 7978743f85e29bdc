package angelsai

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
	"boardroom/game/angels"
)

// devilMove is Difficult's block in s (the Devil to move); walker false
// makes the bot believe it has seen the Angel step off the Beginner's rule,
// so that it plays its generic Devil.
func devilMove(t *testing.T, s game.State, walker bool) (game.Cell, string) {
	t.Helper()
	b, devil, err := newBot(ai.LevelDifficult, "", 1, time.Second, defaultParams())
	require.NoError(t, err)
	if !walker {
		st := s.(*angels.State)
		prev, _ := st.Previous()
		devil.watch = walkerWatch{ply: s.Ply() - 2, angel: [2]int{int(prev.Row), int(prev.Col)}}
	}
	m, err := b.Choose(context.Background(), s, game.Second)
	require.NoError(t, err)
	require.True(t, game.IsLegal(s, game.Second, m))
	return m.Cells[0], b.(game.Reporter).Report()
}

// The Devil blocks ahead of a running Angel, and answers a lone free edge
// square next to it: planning against the Beginner's walk while the Angel
// walks like it, with its generic look-ahead otherwise.
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
		for _, walker := range []bool{true, false} {
			algorithm := map[bool]string{true: "walker rollouts", false: "devil lookahead"}[walker]
			t.Run(tc.name+"/"+algorithm, func(t *testing.T) {
				s := aitest.NewState(t, "angels", nil)
				require.NoError(t, game.PlayTurns(s, tc.turns...))
				c, report := devilMove(t, s, walker)
				require.Contains(t, report, algorithm)
				require.True(t, tc.check(c), "blocked %d,%d: %s", c.Row+1, c.Col+1, report)
			})
		}
	}
}
