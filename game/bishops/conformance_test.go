package bishops

import (
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"
	"boardroom/internal/race"

	"github.com/stretchr/testify/require"
)

// maxPlies bounds a random game. Every game ends (see TestEngagesProgress):
// engages cannot cycle and there are at most 49 kills. Measured over 20,000
// uniformly random games per set-up, the longest took 78 plies (median 61);
// with a player that engages whenever it can, 102 (median 71–76). 300 leaves
// a margin of about three.
const maxPlies = 300

// The option sets are the default (classic) and stripes, the only other
// value. The suite's 100 playouts per set (15 under -short) are cut to 12
// under the race detector, which slows them about tenfold.
func TestConformance(t *testing.T) {
	playouts := 0 // the suite's default
	if race.Enabled && !testing.Short() {
		playouts = 12
	}
	gametest.Run(t, Game{}, gametest.Config{
		Options:  []map[string]string{nil, {"setup": SetupStripes}},
		MaxPlies: maxPlies,
		Playouts: playouts,
	})
}

// The reference counts, checked against the generic count (Clone + Apply)
// to depth 3, and to depth 4 without -short.
var perftCounts = map[string][]uint64{
	SetupClassic: {1, 49, 2333, 108237, 4876871},
	SetupStripes: {1, 81, 6130, 434528, 28770554},
}

func TestPerft(t *testing.T) {
	for setup, counts := range perftCounts {
		s, err := New(map[string]string{"setup": setup})
		require.NoError(t, err)
		for d, want := range counts {
			require.Equal(t, want, s.Perft(d), "%s perft %d", setup, d)
			if d <= 3 || d == 4 && !testing.Short() && !race.Enabled {
				require.Equal(t, want, game.PerftGeneric(s, d), "%s generic perft %d", setup, d)
			}
		}
	}
}

func TestPerftMidgame(t *testing.T) {
	// Sparse positions exercise long slides and engages, which the start
	// (all kills) does not.
	for seed := range uint64(8) {
		s, err := New(map[string]string{"setup": []string{SetupClassic, SetupStripes}[seed%2]})
		require.NoError(t, err)
		bot := game.NewRandomBot(seed)
		for range 20 + 4*int(seed) {
			if s.Outcome().Over {
				break
			}
			m, err := bot.Choose(t.Context(), s, s.Turn())
			require.NoError(t, err)
			require.NoError(t, s.Apply(m))
		}
		for d := 1; d <= 3; d++ {
			require.Equal(t, game.PerftGeneric(s, d), s.Perft(d), "%s depth %d", s.Encode(), d)
		}
	}
}
