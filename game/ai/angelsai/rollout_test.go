package angelsai

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
	"boardroom/game/angels"
)

// angelsAfter is the default Angels & Devils position after turns, as the
// Devil's search sees it.
func angelsAfter(t *testing.T, turns ...string) *angelsPos {
	t.Helper()
	s := aitest.NewState(t, "angels", nil)
	require.NoError(t, game.PlayTurns(s, turns...))
	par := defaultParams()
	p := newAngelsPos(s.(*angels.State), &par)
	p.devil = true
	return p
}

// Rollout scores: an Angel with a free edge square in reach is out at once
// in every rollout; a trapped one never; a block where the running Angel
// arrives scores lower than one behind it; equal seeds give equal scores.
func TestEscapeScore(t *testing.T) {
	par := defaultParams().rollout
	s := &sim{}

	// The Angel at 2,8 (Devil's 1,7 and 1,9 blocked, 1,8 free), to move.
	p := angelsAfter(t, "7,8", "1,7", "6,8", "1,9", "5,8", "15,15", "4,8", "15,14", "3,8", "15,13", "2,8", "15,12")
	require.InDelta(t, par.decay, p.escapeScore(s, 1, 64, &par), 1e-9)

	// Running down from the centre: blocking below it beats blocking
	// behind it, and the score repeats for a seed.
	p = angelsAfter(t, "9,8", "1,1", "10,8", "1,2", "11,8", "1,3", "12,8")
	score := func(r, c int) float64 {
		m := packSquare(r-1, c-1)
		p.Make(m)
		defer p.Unmake(m)
		return p.escapeScore(s, 7, 256, &par)
	}
	ahead, behind := score(15, 8), score(1, 8)
	require.Less(t, ahead, behind)
	require.Equal(t, ahead, score(15, 8))
	require.Greater(t, behind, 0.0)

	// Enclosed: no rollout gets out.
	small := aitest.NewState(t, "angels", map[string]string{"size": "7"})
	require.NoError(t, game.PlayTurns(small, "4,4", "3,3", "4,4", "3,4", "4,4", "3,5", "4,4", "4,3",
		"4,4", "4,5", "4,4", "5,3", "4,4", "5,4", "4,4", "5,5"))
	par0 := defaultParams()
	q := newAngelsPos(small.(*angels.State), &par0)
	require.Zero(t, q.escapeScore(s, 1, 16, &par))
}

// The Difficult Devil ranks its blocks by rollouts within its budget, and
// still answers a lone free edge square next to the Angel.
func TestDevilRollouts(t *testing.T) {
	p := angelsAfter(t, "9,8", "1,1", "10,8", "1,2", "11,8")
	p.clk = ai.NewClock(t.Context(), 0)
	defer p.clk.Done()
	m, _, nodes, ok := p.devilChoose(true)
	require.True(t, ok)
	require.Greater(t, nodes, uint64(p.par.rolloutMax))
	r, _ := unpackSquare(m)
	require.GreaterOrEqual(t, r, 11, "blocked %s", p.Format(m)) // below the Angel
}
