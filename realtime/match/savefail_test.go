package match

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"boardroom/game"
	"boardroom/store"

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

// TestAMoveSentAgainIsKnownByItsTurn: a program's move and its re-send
// both arrived after a NATS outage; the second was refused as illegal,
// and the program read that as a refusal of its next move. A move carries
// the turn it was made for ("at"): the same move again for a turn already
// played is acknowledged, any other move for an old or future turn is
// refused as late, and nothing changes.
func TestAMoveSentAgainIsKnownByItsTurn(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice := h.connect(r, "alice")
	bob := h.connect(r, "bob")
	bob.action("join")
	typed := func(text string, at int) Message { return Message{MoveText: text, HasMove: true, At: at, HasAt: true} }

	p := alice.send(typed("3", 0)) // into the store: P1 moves again
	require.Equal(t, []string{"3"}, movesOf(p))
	for _, tc := range []struct {
		name  string
		msg   Message
		flash string
		text  string
	}{
		{"the same move again", typed("3", 0), "ok", "played already"},
		{"the same move by its clicks", Message{Path: []game.Cell{{Row: 1, Col: 3}}, At: 0, HasAt: true}, "ok", "played already"},
		{"another move for that turn", typed("1", 0), "bad", "the game has gone on"},
		{"a move for a turn to come", typed("1", 5), "bad", "is for move 6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := alice.send(tc.msg)
			require.Equal(t, tc.flash, p.Flash)
			require.Contains(t, p.Error, tc.text)
			require.Equal(t, []string{"3"}, movesOf(p), "nothing changed")
		})
	}
	p = bob.send(typed("3", 0))
	require.Equal(t, "bad", p.Flash, "another seat's move is not its re-send")
	p = alice.send(typed("1", 1))
	require.Equal(t, "ok", p.Flash)
	require.Equal(t, []string{"3", "1"}, movesOf(p), "made for the turn on the board, it is played")
}
