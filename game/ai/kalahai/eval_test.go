package kalahai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/kalah"
)

// One side's features on rows written out: moves into the store, the best
// capture, the empty houses.
func TestSideFeatures(t *testing.T) {
	for _, c := range []struct {
		name                  string
		own, other            [7]int // 1-based; [0] unused
		again, capture, empty int
	}{
		{"start", [7]int{0, 4, 4, 4, 4, 4, 4}, [7]int{0, 4, 4, 4, 4, 4, 4}, 1, 0, 0},
		{"house 6 with one seed, house 5 with two", [7]int{0, 0, 0, 0, 0, 2, 1}, [7]int{0, 3, 3, 3, 3, 3, 3}, 2, 0, 4},
		// House 1's 2 seeds end in empty house 3, opposite the other
		// side's house 4 (5 seeds): 6 banked; house 2's one seed ends in
		// house 3 too.
		{"capture", [7]int{0, 2, 1, 0, 9, 9, 9}, [7]int{0, 1, 1, 1, 5, 1, 1}, 0, 6, 1},
		// The house opposite is empty: no capture (no empty captures).
		{"nothing opposite", [7]int{0, 2, 0, 0, 9, 9, 9}, [7]int{0, 1, 1, 1, 0, 1, 1}, 0, 0, 2},
		// Thirteen seeds lap the board: not counted as a capture.
		{"a lap", [7]int{0, 13, 0, 0, 0, 0, 0}, [7]int{0, 1, 1, 1, 1, 1, 1}, 0, 0, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			again, capture, empty := sideFeatures(&c.own, &c.other)
			require.Equal(t, []int{c.again, c.capture, c.empty}, []int{again, capture, empty})
		})
	}
}

// fittedEval is the weights' sum over features(), on positions of random
// games; Difficult uses it on the standard board, the plain evaluation on
// other boards and at the other levels.
func TestFittedEvalIsTheFeaturesSum(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := kalah.New(nil)
		require.NoError(t, err)
		r := game.NewRandomBot(seed)
		for !s.Outcome().Over {
			b := s.Board()
			var f [nFeatures]int
			features(&b, &f)
			want := 0
			for i, w := range fittedWeights {
				want += w * f[i]
			}
			require.Equal(t, want, fittedEval(&b), s.Encode())
			m, err := r.Choose(context.Background(), s, s.Turn())
			require.NoError(t, err)
			require.NoError(t, s.Apply(m))
		}
	}
	for _, c := range []struct {
		opts   map[string]string
		fitted bool
	}{
		{nil, true},
		{map[string]string{kalah.OptSeeds: "3"}, false},
		{map[string]string{kalah.OptHouses: "5"}, false},
		{map[string]string{kalah.OptEmptyCapture: "true"}, false},
	} {
		s, err := kalah.New(c.opts)
		require.NoError(t, err)
		pos, err := players{}.difficultPosition(s)
		require.NoError(t, err)
		require.Equal(t, c.fitted, pos.(*kalahPos).fitted, "%v", c.opts)
		require.False(t, newKalahPos(s).fitted, "the other levels' position")
	}
}

// The fit's weights are there, and say what the solver says of the start:
// the side to move gains (+8 with perfect play, game/kalah/solve).
func TestFittedWeightsLoaded(t *testing.T) {
	nonzero := 0
	for _, w := range fittedWeights {
		if w != 0 {
			nonzero++
		}
	}
	require.Greater(t, nonzero, nFeatures/2)
	s, err := kalah.New(nil)
	require.NoError(t, err)
	b := s.Board()
	require.Positive(t, fittedEval(&b))
}
