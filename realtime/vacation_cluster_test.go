package realtime

import (
	"context"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

// A vacation started through one node reaches the room its player is to
// move in, run by another: its clock stands still there, and the owner
// writes the deadline past the vacation.
func TestClusterVacationReachesARoomRunElsewhere(t *testing.T) {
	cl := newCluster(t, 2)
	ctx := context.Background()
	require.NoError(t, cl.st.CreateUser(ctx, &store.User{Name: "ann", Key: "ann", PasswordHash: "h", Created: time.Now()}))
	g, err := game.Lookup("kalah")
	require.NoError(t, err)
	st, err := g.New(nil)
	require.NoError(t, err)
	var turns []string // each side's first move, the first seat to move next
	for len(turns) < 2 || st.ToMove()[0] != game.First {
		m := st.Legal(st.ToMove()[0], nil)[0]
		turns = append(turns, st.FormatMove(m))
		require.NoError(t, st.Apply(m))
	}
	id, err := cl.nodes[0].hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.CorrespondenceClock, Days: 1,
		Seat: vocab.FirstSeat, Level: vocab.Beginner, Account: "ann", Turns: turns}, "me")
	require.NoError(t, err)
	snap := func() *match.Room {
		for _, r := range cl.nodes[0].hub.Running() {
			if r.ID() == id {
				return r
			}
		}
		return nil
	}
	require.NotNil(t, snap(), "node 0 runs the room")
	for _, r := range cl.nodes[1].hub.Running() {
		require.NotEqual(t, id, r.ID(), "node 1 does not")
	}

	v, err := cl.st.StartVacation(ctx, "ann", time.Now())
	require.NoError(t, err)
	cl.nodes[1].hub.VacationChanged(ctx, "ann")
	require.Eventually(t, func() bool {
		p, err := snap().Snapshot(ctx, match.Who{})
		require.NoError(t, err)
		return p.Clock.Vacation != "" && !p.Clock.Running
	}, 5*time.Second, 10*time.Millisecond, "the owner heard it over the bus")
	require.Eventually(t, func() bool {
		rec, err := cl.st.Room(ctx, id)
		require.NoError(t, err)
		return rec.Due.At.After(v.To)
	}, 5*time.Second, 10*time.Millisecond, "the owner wrote its deadline past the vacation")
}
