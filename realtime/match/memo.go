package match

import (
	"time"

	"boardroom/realtime/frame"
)

// A room that is being played keeps what its last broadcast drew of the
// board (frame.Memo), so that the next draws only the cells a move changed.
// A room where nobody moves keeps none: an idle server's rooms are most of
// its memory, and their boards would be most of that.

// memoWindow is how long after the last move a room keeps its memo.
const memoWindow = 2 * time.Minute

// keepMemo has the broadcasts of a move use the room's memo, made on the
// first move while a page is open, and let go of a memoWindow after the
// last move (memoIdle).
func (r *Room) keepMemo() {
	vs := &r.viewers
	if len(vs.conns) == 0 {
		return
	}
	vs.lastMove = r.deps.Clock.Now()
	if vs.memo == nil {
		vs.memo = &frame.Memo{}
	}
	r.expect(&vs.memoPending, memoWindow, evMemoIdle{})
}

// memoIdle lets go of the memo once no move has been made for a
// memoWindow, or waits for the rest of the window.
func (r *Room) memoIdle() {
	vs := &r.viewers
	vs.memoPending = false
	if vs.memo == nil {
		return
	}
	if left := memoWindow - r.deps.Clock.Now().Sub(vs.lastMove); left > 0 {
		r.expect(&vs.memoPending, left, evMemoIdle{})
		return
	}
	vs.memo = nil
}
