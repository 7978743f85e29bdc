package match

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// TestWhoHoldsASeat: a seat taken by an account answers to that account,
// signed in, whatever the browser; a guest's seat (and a computer seat,
// which carries its creator's token) to the browser's token alone.
func TestWhoHoldsASeat(t *testing.T) {
	alices := store.Seat{Kind: vocab.Human, TokenHash: "t1", Account: "Alice"}
	guests := store.Seat{Kind: vocab.Human, TokenHash: "t1"}
	computer := store.Seat{Kind: vocab.ComputerSeat, TokenHash: "t1"}
	for _, tc := range []struct {
		name string
		seat store.Seat
		who  Who
		want bool
	}{
		{"the account on the browser that took it", alices, Who{"t1", "Alice"}, true},
		{"the account on another device", alices, Who{"t2", "Alice"}, true},
		{"the account in another case", alices, Who{"t2", "alice"}, true},
		{"the browser that took it, logged out", alices, Who{"t1", ""}, false},
		{"the browser that took it, signed in as another", alices, Who{"t1", "Bob"}, false},
		{"another account", alices, Who{"t2", "Bob"}, false},
		{"a guest's seat, its browser", guests, Who{"t1", ""}, true},
		{"a guest's seat, its browser since signed in", guests, Who{"t1", "Gus"}, true},
		{"a guest's seat, another browser", guests, Who{"t2", ""}, false},
		{"a guest's seat, nobody's token", store.Seat{Kind: vocab.Human}, Who{}, false},
		{"a computer seat, its creator", computer, Who{"t1", ""}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, holds(tc.seat, tc.who))
		})
	}
}

// TestAnAccountsSeatIsItsOnEveryDevice (issue 42, bug 1): signed in on a
// second device, with no seat cookie of the game, the player sees
// their seat as theirs, with its controls, and plays it.
func TestAnAccountsSeatIsItsOnEveryDevice(t *testing.T) {
	h := newHarness(t)
	r, alice, bob, _ := ratedKalah(t, h)
	phone := h.connectAs(r, "alice-phone", "alice")
	p := phone.last()
	require.False(t, p.Spectator)
	require.True(t, p.Seats[0].Yours, "her seat is hers on the phone")
	require.True(t, p.Controls.Abort)

	p = phone.click(1, 1)
	require.Empty(t, p.Error)
	require.Len(t, p.Moves, 1, "the phone plays her seat")
	require.Len(t, alice.last().Moves, 1)
	bob.click(0, 1)
	p = phone.last()
	require.True(t, p.Controls.Resign, "and has every control of it")
	require.Contains(t, phone.action(vocab.Join).Error, "already hold a seat", "she does not take the other seat too")
}

// TestASignedOutBrowserNoLongerPlaysTheAccountsSeat (issue 36, item 5):
// the browser that took an account's seat, logged out since (its seat
// cookie kept), is told whose seat it is for every action of a seat, and
// nothing changes: no move, no end, no rating.
func TestASignedOutBrowserNoLongerPlaysTheAccountsSeat(t *testing.T) {
	h := newHarness(t)
	r, alice, bob, _ := ratedKalah(t, h)
	alice.click(1, 1)
	bob.click(0, 1)
	alice.leave()
	out := h.connect(r, "alice") // the same browser, as a guest now
	p := out.last()
	require.True(t, p.Spectator)
	require.False(t, p.Seats[0].Yours)
	require.False(t, p.Controls.Resign)

	for _, m := range []Message{
		{Action: vocab.Resign}, {Action: vocab.Abort}, {Action: vocab.OfferDraw}, {Action: vocab.Undo},
		{Action: vocab.ClaimWin}, {Action: vocab.TakebackAccept}, {Action: vocab.Rematch},
		{MoveText: "2", HasMove: true}, {Cell: game.Cell{Row: 1, Col: 2}, HasCell: true}, {Path: []game.Cell{{Row: 1, Col: 2}}},
	} {
		p := out.send(m)
		require.Contains(t, p.Error, "This seat is alice's: log in as alice to play it.", "%+v", m)
	}
	p = bob.last()
	require.False(t, p.Over, "nothing ended")
	require.Len(t, p.Moves, 2, "nothing was played")
	got, err := h.store.CurrentRatings(context.Background(), "kalah", vocab.FastClock, []string{"alice"})
	require.NoError(t, err)
	require.Empty(t, got, "no rating moved")

	back := h.connectAs(r, "alice", "alice") // logged in again
	require.True(t, back.last().Controls.Resign)
	require.True(t, back.action(vocab.Resign).Over)
}

// TestAGuestSeatAnswersToItsCookie: a guest's seat stays its browser's,
// which plays it; no account plays it from elsewhere.
func TestAGuestSeatAnswersToItsCookie(t *testing.T) {
	h := newHarness(t)
	h.signUp("mallory")
	r := h.create(Spec{Game: "kalah", Name: "Gus"}, "gus")
	other := h.connectAs(r, "mallory", "mallory")
	other.action(vocab.Join)
	gus := h.connect(r, "gus")
	require.True(t, gus.last().Seats[0].Yours)
	require.False(t, other.last().Seats[0].Yours)
	require.Len(t, gus.click(1, 1).Moves, 1, "the cookie plays the guest's seat")
	require.Contains(t, h.connectAs(r, "gus-phone", "gus").click(0, 1).Error, "Spectators cannot move",
		"an account of the guest's name is not the guest")
}
