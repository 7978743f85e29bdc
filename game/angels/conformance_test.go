package angels

import (
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"

	"github.com/stretchr/testify/require"
)

// maxPlies bounds a game on an n×n board. Every Devil move blocks a square
// that stays blocked and the Angel's square is never blocked, so the Devil
// moves at most n²−1 times; the Angel moves once before each Devil move and
// possibly once after the last, so a game lasts at most 2(n²−1)+1 < 2n² plies.
func maxPlies(n int) int { return 2 * n * n }

// The suite checks every legal move of every position of a playout, and the
// Devil has up to N²−1 of them, so big boards get fewer playouts (timed so the
// package stays well under 20 s with -race).
func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		opts     map[string]string
		playouts int
		perft    int
	}{
		{nil, 12, 3}, // size 15, power 1
		{map[string]string{"size": "5", "power": "1"}, 100, 4},
		{map[string]string{"size": "5", "power": "2"}, 100, 4},
		{map[string]string{"size": "6", "power": "3"}, 100, 3},
		{map[string]string{"size": "8", "power": "2"}, 60, 3},
		{map[string]string{"size": "11", "power": "4"}, 40, 3},
		{map[string]string{"size": "20", "power": "3"}, 6, 2},
		{map[string]string{"size": "41", "power": "9"}, 3, 2},
		{map[string]string{"size": "41", "power": "20"}, 3, 2},
	} {
		n := 15
		if tc.opts != nil {
			n = must(t, tc.opts).Size()
		}
		playouts := tc.playouts
		if testing.Short() {
			playouts = max(playouts/5, 1)
		}
		gametest.Run(t, Game{}, gametest.Config{
			Options:    []map[string]string{tc.opts},
			Playouts:   playouts,
			MaxPlies:   maxPlies(n),
			PerftDepth: tc.perft,
		})
	}
}

// TestLongGames plays the longest random games, size 41 with power 1 (about
// 1100 plies), where the full suite costs seconds a game; it checks the
// invariants that matter at every ply more cheaply: the move count, the
// round trip of Encode, the ply bound, and that a refused move changes
// nothing.
func TestLongGames(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	buf := make([]game.Move, 0, MaxSize*MaxSize)
	for seed := range uint64(games) {
		rng := game.NewRand(seed)
		s := must(t, map[string]string{"size": "41", "power": "1"})
		for !s.Outcome().Over {
			require.Less(t, s.Ply(), maxPlies(41))
			p := s.ToMove()[0]
			buf = s.Legal(p, buf[:0])
			require.Len(t, buf, s.countLegal())
			require.Empty(t, s.Legal(p.Other(), nil))
			text := s.Encode()
			back, err := game.Decode(text)
			require.NoError(t, err)
			require.Equal(t, text, back.Encode())
			require.Error(t, s.Apply(game.NewMove(game.Cell{Row: 41, Col: 0})))
			require.Equal(t, text, s.Encode())
			require.NoError(t, s.Apply(buf[rng.IntN(len(buf))]))
		}
		require.Empty(t, s.Legal(game.First, nil))
		require.Empty(t, s.Legal(game.Second, nil))
	}
}
