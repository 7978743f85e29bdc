package match

import (
	"testing"
	"time"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestExplainSaysItPlainly(t *testing.T) {
	kalah, err := game.Lookup("kalah")
	require.NoError(t, err)
	angels, err := game.Lookup("angels")
	require.NoError(t, err)
	tests := []struct {
		g    game.Game
		t    game.Thought
		want string
	}{
		{kalah, game.Thought{Took: 1940 * time.Millisecond, Known: true, Value: 2.9}, "Thought for 1.9 s and expects to win by about 2.9 seeds."},
		{kalah, game.Thought{Took: 40 * time.Millisecond, Known: true, Value: -3}, "Thought for 40 ms and expects to lose by about 3 seeds."},
		{kalah, game.Thought{Took: time.Second, Known: true, Value: 0.2}, "Thought for 1.0 s and expects an even game."},
		{kalah, game.Thought{Took: time.Second, Known: true, Value: 4, Exact: true}, "Thought for 1.0 s and knows it wins with best play by exactly 4 seeds."},
		{kalah, game.Thought{Took: time.Second, Known: true, Exact: true}, "Thought for 1.0 s and knows best play on both sides ends in a draw."},
		{kalah, game.Thought{Took: time.Second, Known: true, WinIn: 5}, "Thought for 1.0 s and sees a forced win in 5 moves."},
		{kalah, game.Thought{Took: time.Second, Known: true, LossIn: 1}, "Thought for 1.0 s and sees no way to avoid a loss in 1 move."},
		{angels, game.Thought{Took: time.Second, Known: true, Value: 7}, "Thought for 1.0 s and expects to win."},
		{kalah, game.Thought{Took: 300 * time.Microsecond}, "Played by rule of thumb in 1 ms."},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, explain(tc.g, tc.t))
	}
	for _, tc := range []struct{ info, plain, details string }{
		{said("Thought for 1 s.", "difficult alphabeta depth 6"), "Thought for 1 s.", "difficult alphabeta depth 6"},
		{"depth 3 · eval +1.5", "depth 3 · eval +1.5", ""}, // stored before sentences
		{said("", "depth 2"), "depth 2", ""},
	} {
		require.Equal(t, tc.plain, plainOrDetails(tc.info))
		require.Equal(t, tc.details, detailsOf(tc.info))
	}
}
