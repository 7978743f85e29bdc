package demons

import (
	"fmt"
	"testing"

	"boardroom/game/gametest"
)

func TestConformance(t *testing.T) {
	sets := []struct {
		size, turns int
		playouts    int // 0: the suite's default (100, 15 under -short)
		perft       int // generic perft depth; 2 is 1 million leaves on 8x8
	}{
		{8, 20, 0, 2}, // the defaults
		{6, 1, 0, 2},  // smallest board, shortest game: perft 2 must count 0
		{6, 99, 20, 2},
		{12, 1, 0, 1},
		{12, 99, 10, 1}, // generic perft 2 on 12x12 is 27 million leaves: too slow here
		{10, 7, 40, 1},
		{8, 33, 30, 2},
	}
	for _, set := range sets {
		opts := map[string]string{"size": fmt.Sprint(set.size), "turns": fmt.Sprint(set.turns)}
		playouts := set.playouts
		if playouts > 0 && testing.Short() {
			playouts = max(2, playouts/5)
		}
		t.Run(fmt.Sprint(opts), func(t *testing.T) {
			t.Parallel()
			// Every game lasts exactly `turns` turns: no turn can end it early
			// and nothing can prolong it, so that is the exact bound (and
			// TestGameLength checks that it is reached).
			gametest.Run(t, Game{}, gametest.Config{
				Options:    []map[string]string{opts},
				MaxPlies:   set.turns,
				Playouts:   playouts,
				PerftDepth: set.perft,
			})
		})
	}
}
