package match

import (
	"sync/atomic"
	"testing"

	"boardroom/game"
	"boardroom/realtime/vocab"

	"github.com/stretchr/testify/require"
)

// TestReplayEvaluatesEachGameOnce checks that the replay's graph is worked
// out once, when the game ends, not on every replay step, and again only
// after the game changed (undo, new game, rematch).
func TestReplayEvaluatesEachGameOnce(t *testing.T) {
	var evaluated atomic.Int32
	h := newHarness(t, func(c *Config) {
		c.Evaluate = func(s game.State) float64 {
			evaluated.Add(1)
			return float64(s.Score()[0] - s.Score()[1])
		}
	})
	// One house of one seed: P1's first move sows it into the store and the
	// game ends on the board, where undo is allowed (a resignation is final).
	r := h.create(Spec{Game: "kalah", Mode: "hotseat", Options: map[string]string{"houses": "1", "seeds": "1"}}, "me")
	me := h.connect(r, "me")
	tests := []struct {
		name string
		// play makes the game (it ends with the last page); then the replay
		// steps through it.
		play func() int // the turns of the game that ended
		// want is how many positions were evaluated so far, in all.
		want int32
	}{
		{"the first game", func() int { me.click(1, 1); return 1 }, 2},
		{"after an undo", func() int { me.action("undo"); me.click(1, 1); return 1 }, 4},
		{"a new game", func() int { me.action("new"); me.click(1, 1); return 1 }, 6},
		{"the rematch", func() int { me.action("rematch"); me.click(1, 1); return 1 }, 8},
	}
	for _, tc := range tests {
		turns := tc.play()
		require.True(t, me.last().Over, tc.name)
		require.Equal(t, tc.want, evaluated.Load(), "%s: evaluated when it ended", tc.name)
		for _, a := range []vocab.Action{vocab.ReplayFirst, vocab.ReplayNext, vocab.ReplayNext, vocab.ReplayLast, vocab.ReplayPrev, vocab.ReplayExit} {
			p := me.action(a)
			require.Empty(t, p.Error, "%s: %s", tc.name, a)
			if p.Replay.Active {
				require.Len(t, p.Evals, turns+1, "%s: one evaluation per position", tc.name)
			}
		}
		require.Equal(t, tc.want, evaluated.Load(), "%s: not again for each replay step", tc.name)
	}
}
