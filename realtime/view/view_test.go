package view_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/all"
	"boardroom/realtime/view"
)

// A picture is drawn by several requests at once (the lobby caches its
// lists): its board is worked out before it is shared, so that drawing it
// only reads (the race detector checks).
func TestPictureIsSafeToShare(t *testing.T) {
	for _, id := range []string{"amazons", "kalah", "angels", "bishops", "demons"} {
		g, err := game.Lookup(id)
		require.NoError(t, err)
		s, err := g.New(nil)
		require.NoError(t, err)
		p := view.Picture(g, s)
		var wg sync.WaitGroup
		boards := make([]*game.Board, 4)
		for i := range boards {
			wg.Go(func() { boards[i] = p.Board() })
		}
		wg.Wait()
		for _, b := range boards {
			require.Same(t, boards[0], b, "%s: one board, worked out once", id)
			require.Positive(t, len(b.Cells()), id)
		}
	}
}
