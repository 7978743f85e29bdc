package ai

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// Wins the search must see: the Angel next to the edge steps onto it.
func TestFindsImmediateWin(t *testing.T) {
	s := newGameState(t, "angels", map[string]string{"size": "7"})
	// Walk the Angel from the centre (4,4) to (3,3) and (2,2), the Devil
	// blocking far squares, so that an edge square is in reach.
	require.NoError(t, game.PlayTurns(s, "3,3", "7,7", "2,2", "7,6"))
	info := searchFixed(t, s, 3, false)
	require.Greater(t, info.Eval, WinThreshold)
	require.Equal(t, 1, Win-info.Eval)
}
