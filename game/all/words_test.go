package all_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/all" // every game
)

// TestWordsForPeople: the pages' words come from the games, written for
// people (issue 23: "Angels wins", "empty_capture=false" on the share card,
// the terminal's prompt cut off in the move box).
func TestWordsForPeople(t *testing.T) {
	tests := []struct {
		game, options, wins0, wins1, example string
		describe                             string
	}{
		{"kalah", "", "P1 wins", "P2 wins", "3",
			"houses per side: 6 · seeds per house: 4 · captures from empty houses: off"},
		{"demons", "", "The Angels win", "The Demons win", "b2", "board size: 8 · turns: 20"},
		{"angels", "", "The Angel wins", "The Devil wins", "6,7", ""},
		{"amazons", "", "White wins", "Black wins", "d1-d7/g7", ""},
		{"bishops", "", "White wins", "Black wins", "c3-e5", ""},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			g, err := game.Lookup(tc.game)
			require.NoError(t, err)
			require.Equal(t, tc.wins0, game.WinsText(g, game.First))
			require.Equal(t, tc.wins1, game.WinsText(g, game.Second))
			s, err := g.New(nil)
			require.NoError(t, err)
			example, help := game.MoveBoxOf(s)
			require.Equal(t, tc.example, example)
			require.NotEmpty(t, help)
			require.NotContains(t, help, " - ", "a sentence, not the terminal's prompt")
			if tc.describe != "" {
				require.Equal(t, tc.describe, s.Options().Describe(g.Options()))
			}
			require.NotContains(t, s.Options().Describe(g.Options()), "=")
		})
	}
}
