// Package aitest holds the helpers the AI packages' tests share: games
// started and played into by seeded random moves, and fixed-depth searches
// through the core. The game must be registered: a test imports its rules
// package (or game/all from outside the game's AI package).
package aitest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
)

// NewState starts the game with this id with options.
func NewState(t testing.TB, id string, opts map[string]string) game.State {
	t.Helper()
	g, err := game.Lookup(id)
	require.NoError(t, err)
	s, err := g.New(opts)
	require.NoError(t, err)
	return s
}

// RandomPlies plays n random turns (fewer if the game ends) with a seeded
// random player, and returns s.
func RandomPlies(t testing.TB, s game.State, n int, seed uint64) game.State {
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

// SearchFixed searches pos to a fixed depth (0: until the root is solved)
// without noise or time limit.
func SearchFixed(t testing.TB, pos ai.Position, depth int, minimax bool) ai.Info {
	t.Helper()
	clk := ai.NewClock(context.Background(), 0)
	defer clk.Done()
	return ai.NewSearcher(16).Run(pos, clk, ai.Limits{Depth: depth}, minimax)
}

// Position is the search position of s, from its game's registered players
// (an ai.Positioner).
func Position(t testing.TB, s game.State) ai.Position {
	t.Helper()
	pr, ok := game.PlayersOf(s.Game()).(ai.Positioner)
	require.True(t, ok, "%s has no search position", s.Game().Name())
	pos, err := pr.Position(s)
	require.NoError(t, err)
	return pos
}

// MinimaxValueAfter is the minimax value, from the mover's view at s, of
// playing m and searching depth-1 more plies, in the tree the root's
// search sees (the same adapter, made for the root).
func MinimaxValueAfter(t testing.TB, s game.State, m game.Move, depth int) int {
	t.Helper()
	pos := Position(t, s)
	mover := pos.Side()
	var move ai.Move
	for _, c := range pos.Moves(nil, depth) {
		if pos.GameMove(c) == m {
			move = c
		}
	}
	require.NotEqual(t, ai.NoMove, move, "%s is not searched at the root", s.FormatMove(m))
	pos.Make(move)
	v := ai.NewSearcher(4).MinimaxValue(pos, depth-1, 1)
	if pos.Side() != mover {
		v = -v
	}
	return v
}
