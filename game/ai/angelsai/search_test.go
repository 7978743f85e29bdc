package angelsai

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
)

// Wins the search must see: the Angel next to the edge steps onto it.
func TestFindsImmediateWin(t *testing.T) {
	s := aitest.NewState(t, "angels", map[string]string{"size": "7"})
	// Walk the Angel from the centre (4,4) to (3,3) and (2,2), the Devil
	// blocking far squares, so that an edge square is in reach.
	require.NoError(t, game.PlayTurns(s, "3,3", "7,7", "2,2", "7,6"))
	info := aitest.SearchFixed(t, aitest.Position(t, s), 3, false)
	require.Greater(t, info.Eval, ai.WinThreshold)
	require.Equal(t, 1, ai.Win-info.Eval)
}
