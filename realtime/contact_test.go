package realtime

import (
	"context"
	"testing"
	"time"

	"boardroom/realtime/bus"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"

	"github.com/stretchr/testify/require"
)

// TestNobodyLosesOnTimeToALostNode: with Bob's page on a node cut off from
// NATS, his move could not reach the room and he lost on time. Now the
// room stops his clock when it stops hearing his node, with the time he
// had then; his page is told to reconnect (it cannot move meanwhile); the
// others read why the clock stands still; and once his node is back his
// page returns and the clock runs on with his time.
func TestNobodyLosesOnTimeToALostNode(t *testing.T) {
	const period = 3 * time.Second
	cl := newClusterWith(t, 2, func(c *Config) { c.Periods = map[vocab.Clock]time.Duration{vocab.BulletClock: period} })
	ctx := context.Background()
	id, err := cl.nodes[0].hub.Create(ctx, Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.BulletClock, Seat: vocab.FirstSeat, Level: vocab.Beginner}, "alice")
	require.NoError(t, err)
	alice := cl.open(0, id, "alice") // beside the room
	bob := cl.open(1, id, "bob")     // on the other node
	bob.await("the room", func(p *view.Page) bool { return p.Controls.Join })
	bob.send(`{"action":"join","name":"Bob"}`)
	alice.await("Bob seated", func(p *view.Page) bool { return p.Seats[1].Kind == vocab.Human })
	// Each side's first move is off the clock; from the third the period runs.
	alice.send(`{"move":"1"}`)
	bob.await("alice's move", moves(1))
	bob.send(`{"move":"1"}`)
	alice.await("bob's move", moves(2))
	alice.send(`{"move":"3"}`) // ends on Bob's side: his turn
	bob.await("bob's turn on the clock", func(p *view.Page) bool { return len(p.Moves) == 3 && p.Clock.Running })

	bus.Cut(cl.nodes[1].bus, true)
	p := alice.await("the clock stopped for Bob", func(p *view.Page) bool { return !p.Clock.Running && p.Status != "" })
	require.Contains(t, p.Status, "Lost contact with Bob's page")
	require.Positive(t, p.Clock.RemainingMS, "Bob keeps the time he had")
	time.Sleep(period + time.Second) // longer than his clock: he would have lost
	p = alice.await("still Bob's turn", moves(3))
	require.False(t, p.Over, "nobody loses on time for want of a node: %s", p.Status)

	bus.Cut(cl.nodes[1].bus, false)
	bob = cl.open(1, id, "bob") // his page comes back, as a reconnecting page does
	p = alice.await("the clock runs again", func(p *view.Page) bool { return p.Clock.Running && p.Status == "" })
	require.LessOrEqual(t, p.Clock.RemainingMS, period.Milliseconds())
	bob.await("his turn", func(p *view.Page) bool { return p.Turn == "Your move" })
	bob.send(`{"move":"3"}`)
	alice.await("bob's move arrives", moves(4))
}
