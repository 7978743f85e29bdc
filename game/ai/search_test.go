package ai_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game/ai/aitest"
)

// At equal depth alpha-beta (with its table, ordering and windows) and plain
// minimax must value the root alike, and alpha-beta's move must be worth that
// value; alpha-beta must look at far fewer nodes.
func TestAlphaBetaMatchesMinimax(t *testing.T) {
	cases := []struct {
		name  string
		id    string
		opts  map[string]string
		plies int
		depth int
	}{
		{"kalah opening", "kalah", nil, 0, 6},
		{"kalah middle", "kalah", nil, 12, 6},
		{"kalah small", "kalah", map[string]string{"houses": "4", "seeds": "3", "empty_capture": "true"}, 4, 8},
		{"bishops classic", "bishops", nil, 0, 2},
		{"bishops stripes", "bishops", map[string]string{"setup": "stripes"}, 6, 2},
		{"angels 7", "angels", map[string]string{"size": "7"}, 2, 4},
		{"angels 9 power 2", "angels", map[string]string{"size": "9", "power": "2"}, 0, 3},
		{"amazons middle", "amazons", nil, 50, 2},
		{"amazons late", "amazons", nil, 56, 3},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := aitest.RandomPlies(t, aitest.NewState(t, tc.id, tc.opts), tc.plies, uint64(i+1))
			require.False(t, s.Outcome().Over)
			ab := aitest.SearchFixed(t, aitest.Position(t, s), tc.depth, false)
			mm := aitest.SearchFixed(t, aitest.Position(t, s), tc.depth, true)
			require.Equal(t, mm.Depth, ab.Depth)
			require.Equal(t, mm.Eval, ab.Eval, "root values differ")
			require.Equal(t, mm.Eval, aitest.MinimaxValueAfter(t, s, ab.Move, ab.Depth), "alpha-beta's move is not worth the root value")
			require.Less(t, ab.Nodes, mm.Nodes)
			t.Logf("%s depth %d: minimax %d nodes, alpha-beta %d nodes, ratio %.1f", tc.name, ab.Depth, mm.Nodes, ab.Nodes,
				float64(mm.Nodes)/float64(ab.Nodes))
		})
	}
}
