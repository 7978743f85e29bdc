package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/all"
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
	pos, err := game.PlayersOf(s.Game()).(Positioner).Position(s)
	require.NoError(t, err)
	clk := NewClock(context.Background(), 0)
	defer clk.Done()
	return NewSearcher(16).Run(pos, clk, Limits{Depth: depth}, minimax)
}

// minimaxValueAfter is the minimax value, from the mover's view at s, of
// playing m and searching depth-1 more plies, in the tree the root's search
// saw (the same position adapter, made for the root).
func minimaxValueAfter(t testing.TB, s game.State, m game.Move, depth int) int {
	t.Helper()
	pos, err := game.PlayersOf(s.Game()).(Positioner).Position(s)
	require.NoError(t, err)
	mover := pos.Side()
	var move Move
	for _, c := range pos.Moves(nil, depth) {
		if pos.GameMove(c) == m {
			move = c
		}
	}
	require.NotEqual(t, NoMove, move, "%s is not searched at the root", s.FormatMove(m))
	pos.Make(move)
	v := NewSearcher(4).MinimaxValue(pos, depth-1, 1)
	if pos.Side() != mover {
		v = -v
	}
	return v
}
