package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/amazons" // the rules of the games played here (not game/all,
	_ "boardroom/game/angels"  // which imports this package)
	_ "boardroom/game/bishops"
	_ "boardroom/game/demons"
	_ "boardroom/game/kalah"
)

// newGameState starts a game with options.
func newGameState(t testing.TB, id string, opts map[string]string) game.State {
	t.Helper()
	g, err := game.Lookup(id)
	require.NoError(t, err)
	s, err := g.New(opts)
	require.NoError(t, err)
	return s
}

// randomPlies plays n random turns (fewer if the game ends) with a seeded
// random player.
func randomPlies(t testing.TB, s game.State, n int, seed uint64) game.State {
	t.Helper()
	r := game.NewRandomBot(seed)
	for i := 0; i < n && !s.Outcome().Over; i++ {
		var moves []game.Move
		for _, p := range s.ToMove() {
			m, err := r.Choose(context.Background(), s, p)
			require.NoError(t, err)
			moves = append(moves, m)
		}
		require.NoError(t, s.Apply(moves...))
	}
	return s
}

// searchFixed searches s to a fixed depth without noise or time limit.
func searchFixed(t testing.TB, s game.State, depth int, minimax bool) Info {
	t.Helper()
	pos, err := newPosition(s)
	require.NoError(t, err)
	sr := newSearcher(pos, 16)
	clk := newClock(context.Background(), 0)
	defer clk.done()
	return sr.run(clk, limits{depth: depth}, minimax)
}

// minimaxValueAfter is the minimax value, from the mover's view at s, of
// playing m and searching depth-1 more plies.
func minimaxValueAfter(t testing.TB, s game.State, m game.Move, depth int) int {
	t.Helper()
	c := s.Clone()
	mover := c.ToMove()[0]
	require.NoError(t, c.Apply(m))
	pos, err := newPosition(c)
	require.NoError(t, err)
	sr := newSearcher(pos, 4)
	clk := newClock(context.Background(), 0)
	defer clk.done()
	sr.clk = clk
	v := sr.minimax(depth-1, 1)
	if pos.side() != mover {
		v = -v
	}
	return v
}
