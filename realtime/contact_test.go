package realtime

import (
	"context"
	"testing"
	"time"

	"boardroom/realtime/bus"
	"boardroom/realtime/match"
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
	t.Parallel()
	const period = 3 * time.Second
	cl, id, alice, bob := bobToMove(t, func(c *Config) { c.Periods = map[vocab.Clock]time.Duration{vocab.BulletClock: period} })

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

// TestAStoppedClockStaysStoppedAcrossAHandOver: a room handed to another
// node while Bob's clock stood still for want of his node recorded no
// stop, so the next node counted the pause against him. Now the hand-over
// records the time he had, and the room resumes with it.
func TestAStoppedClockStaysStoppedAcrossAHandOver(t *testing.T) {
	t.Parallel()
	const period = 3 * time.Second
	cl, id, alice, bob := bobToMove(t, func(c *Config) { c.Periods = map[vocab.Clock]time.Duration{vocab.BulletClock: period} })

	bus.Cut(cl.nodes[1].bus, true)
	p := alice.await("the clock stopped for Bob", func(p *view.Page) bool { return !p.Clock.Running && p.Status != "" })
	leftThen := time.Duration(p.Clock.RemainingMS) * time.Millisecond
	require.Positive(t, leftThen)
	time.Sleep(period) // as long as his whole clock: it must not count
	require.NoError(t, cl.nodes[0].hub.Drain(t.Context()))
	rec, err := cl.st.Room(t.Context(), id)
	require.NoError(t, err)
	require.False(t, rec.ClockStopped.IsZero(), "the stop is recorded")
	require.InDelta(t, leftThen.Milliseconds(), (period - rec.ClockStopped.Sub(rec.ClockFrom)).Milliseconds(), 1000,
		"the time Bob had when contact was lost is what the store keeps")

	bus.Cut(cl.nodes[1].bus, false)
	bob = cl.open(1, id, "bob") // the room runs on Bob's node now
	p = bob.await("the clock runs with Bob's time", func(p *view.Page) bool { return p.Clock.Running && len(p.Moves) == 3 })
	require.False(t, p.Over)
	left := time.Duration(p.Clock.RemainingMS) * time.Millisecond
	require.Greater(t, left, leftThen-time.Second, "the pause and the hand-over are not counted against him")
	bob.send(`{"move":"3"}`)
	bob.await("bob's move is taken", moves(4))
}

// TestAPauseForALostNodeIsBounded: the pause for a player the room cannot
// hear has a bound (Config.ContactPause, 2 minutes by default): after it
// his clock runs on with the time he had, it does not stop again for the
// same loss of contact in the same turn, and he loses on time as a player
// who left would.
func TestAPauseForALostNodeIsBounded(t *testing.T) {
	t.Parallel()
	const period, bound = 2 * time.Second, 1500 * time.Millisecond
	cl, _, alice, _ := bobToMove(t, func(c *Config) {
		c.Periods = map[vocab.Clock]time.Duration{vocab.BulletClock: period}
		c.ContactPause = bound
	})

	bus.Cut(cl.nodes[1].bus, true)
	start := time.Now()
	p := alice.await("the clock stopped for Bob", func(p *view.Page) bool { return !p.Clock.Running && p.Status != "" })
	require.Contains(t, p.Status, "for 2 seconds at most")
	p = alice.await("the clock runs again after the bound", func(p *view.Page) bool { return p.Clock.Running && p.Status == "" })
	require.GreaterOrEqual(t, time.Since(start), bound-200*time.Millisecond)
	p = alice.await("Bob loses on time", func(p *view.Page) bool { return p.Over })
	require.Contains(t, p.Status, "ran out of time")
	require.Less(t, time.Since(start), period+bound+3*time.Second, "one pause, not one after another")
}

// bobToMove is a Kalah game on the Bullet clock between Alice, whose page
// is on the node that runs the room, and Bob, whose page is on the other;
// each has made a first move (off the clock), Alice a second, and it is
// Bob's turn with his clock running. tweak sets both nodes' Config.
func bobToMove(t *testing.T, tweak func(*Config)) (cl *testCluster, id string, alice, bob *wsPage) {
	cl = newClusterWith(t, 2, tweak)
	id, err := cl.nodes[0].hub.Create(context.Background(), match.Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.BulletClock,
		Seat: vocab.FirstSeat, Level: vocab.Beginner}, "alice")
	require.NoError(t, err)
	alice = cl.open(0, id, "alice") // beside the room
	bob = cl.open(1, id, "bob")     // on the other node
	bob.await("the room", func(p *view.Page) bool { return p.Controls.Join })
	bob.send(`{"action":"join","name":"Bob"}`)
	alice.await("Bob seated", func(p *view.Page) bool { return p.Seats[1].Kind == vocab.Human })
	alice.send(`{"move":"1"}`)
	bob.await("alice's move", moves(1))
	bob.send(`{"move":"1"}`)
	alice.await("bob's move", moves(2))
	alice.send(`{"move":"3"}`) // ends on Bob's side: his turn
	bob.await("bob's turn on the clock", func(p *view.Page) bool { return len(p.Moves) == 3 && p.Clock.Running })
	return cl, id, alice, bob
}
