package templates

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/frame"
)

// TestMemoFramesAreFullRenders plays a random game of every game and, after
// every turn, draws a broadcast to every kind of viewer with the room's
// memo (frame.Memo), which keeps the board's cells from one broadcast to
// the next: each frame must be the frame its page would be drawn alone,
// byte for byte, part for part and digest for digest, whatever the memo
// held from the viewers drawn before (marked cells, a replay's position).
func TestMemoFramesAreFullRenders(t *testing.T) {
	for _, id := range game.IDs() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			memo := &frame.Memo{}
			drawn := 0
			for i, m := range momentsNamed(t, id, 7, func(ply int) string {
				if ply > 40 {
					return ""
				}
				return "after " + strconv.Itoa(ply)
			}) {
				shared := frame.NewShared()
				shared.UseMemo(memo)
				for k := range viewerKinds {
					kind := viewerKinds[(i+k)%len(viewerKinds)] // a different kind first every turn
					p := kind.page(t, id, m)
					if p == nil {
						continue
					}
					want := Renderer{}.Frame(p, nil)
					got := Renderer{}.Frame(p, shared)
					requireSameFrame(t, want, got, m.name+", "+kind.name)
					want.Release()
					got.Release()
					drawn++
				}
				shared.Release()
			}
			require.Greater(t, memo.Hits(), drawn, "cells were recalled, not drawn")
		})
	}
}

// TestMemoOfAnotherBoard: a memo that held one board's cells draws another
// board (another size) as it is.
func TestMemoOfAnotherBoard(t *testing.T) {
	memo := &frame.Memo{}
	for _, id := range []string{"amazons", "kalah", "amazons", "bishops"} {
		p := page(t, id, nil)
		shared := frame.NewShared()
		shared.UseMemo(memo)
		want := Renderer{}.Frame(p, nil)
		requireSameFrame(t, want, Renderer{}.Frame(p, shared), id)
		shared.Release()
		want.Release()
	}
}
