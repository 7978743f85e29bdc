package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
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
