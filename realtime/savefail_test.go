package realtime

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"boardroom/realtime/store"

	"github.com/stretchr/testify/require"
)

// failingStore refuses to store turns while failing is set, as a full
// disk or a restarted PostgreSQL does.
type failingStore struct {
	store.Store
	failing atomic.Bool
}

func (f *failingStore) AppendTurn(ctx context.Context, id string, ply int, t store.Turn) error {
	if f.failing.Load() {
		return errors.New("disk full")
	}
	return f.Store.AppendTurn(ctx, id, ply, t)
}

// TestAMoveThatCannotBeSavedIsToldToItsMover: the mover's page showed a
// green success and a program got a notice, while the opponent, who sent
// nothing, and the spectators were shown the red error. Now the mover is
// told (an error, reason "failed") and nobody else is.
func TestAMoveThatCannotBeSavedIsToldToItsMover(t *testing.T) {
	var fs *failingStore
	h := newHarness(t, func(c *Config) {
		fs = &failingStore{Store: c.Store}
		c.Store = fs
	})
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice := h.connect(r, "alice")
	bob := h.connect(r, "bob")
	eve := h.connect(r, "eve")
	bob.action("join")

	fs.failing.Store(true)
	p := alice.click(1, 3)
	require.Equal(t, "bad", p.Flash, "the mover's page flashes red, not green")
	require.Contains(t, p.Error, "could not be saved")
	require.Empty(t, movesOf(p), "nothing was played")
	inRoom(t, r, func(r *Room) {
		v := r.viewers.conns[alice.c]
		require.Contains(t, string(r.answerJSON(v)), `"type":"error"`, "a program is told it failed")
		require.Contains(t, string(r.answerJSON(v)), `"reason":"failed"`)
	})
	for _, other := range []*client{bob, eve} {
		require.Empty(t, other.last().Error, "nobody else sent anything")
	}

	fs.failing.Store(false)
	p = alice.click(1, 3)
	require.Equal(t, "ok", p.Flash)
	require.Equal(t, []string{"3"}, movesOf(p), "made again, the move is played")
}
