package match

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestTheMemoIsKeptOnlyWhileMovesAreMade: a room keeps what it drew of the
// board for the next broadcast only while it is played: none before the
// first move, one from then on, none a memoWindow after the last move or
// once its last page closed (an idle server's rooms hold no board).
func TestTheMemoIsKeptOnlyWhileMovesAreMade(t *testing.T) {
	_, r, me, clock, _ := watchedRoom(t)
	memo := func() bool {
		var ok bool
		inRoom(t, r, func(r *Room) { ok = r.viewers.memo != nil })
		return ok
	}
	require.False(t, memo(), "nobody has moved")
	me.click(1, 1)
	require.True(t, memo(), "a move was made")
	clock.Advance(memoWindow / 2)
	me.click(0, 1)
	clock.Advance(memoWindow/2 + time.Second)
	require.True(t, memo(), "the window runs from the last move")
	clock.Advance(memoWindow)
	require.Eventually(t, func() bool { return !memo() }, time.Second, time.Millisecond, "no move for a while")

	me.click(1, 2)
	require.True(t, memo())
	var pages []*Conn
	inRoom(t, r, func(r *Room) {
		for c := range r.viewers.conns {
			pages = append(pages, c)
		}
	})
	for _, c := range pages {
		require.True(t, r.send(t.Context(), evDisconnect{c}))
	}
	require.False(t, memo(), "nobody to draw for")
}
