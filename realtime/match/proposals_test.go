package match

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/secret"
)

// friendsWhoMoved is a Kalah room between Alice and Bob (and Eve watching)
// where each side has moved once.
func friendsWhoMoved(t *testing.T, h *harness, gameID string) (r *Room, alice, bob, eve *client) {
	t.Helper()
	r = h.create(Spec{Game: gameID, Name: "Alice"}, "alice")
	alice, bob, eve = h.connect(r, "alice"), h.connect(r, "bob"), h.connect(r, "eve")
	bob.send(Message{Action: vocab.Join, Name: "Bob"})
	return r, alice, bob, eve
}

func TestDrawByAgreement(t *testing.T) {
	tests := []struct {
		name string
		// answer is what the answering player (Bob) does with Alice's offer.
		answer     func(alice, bob *client)
		over       bool
		wantStatus string
	}{
		{"accepted", func(_, bob *client) { bob.action(vocab.TakebackAccept) }, true, "Draw by agreement"},
		{"offered back", func(_, bob *client) { bob.action(vocab.OfferDraw) }, true, "Draw by agreement"},
		{"declined", func(_, bob *client) { bob.action(vocab.TakebackDecline) }, false, ""},
		{"withdrawn by a move of the offerer", func(alice, _ *client) {
			require.Equal(t, "ok", alice.click(1, 2).Flash)
		}, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			r, alice, bob, eve := friendsWhoMoved(t, h, "kalah")
			require.False(t, alice.last().Controls.Draw, "before each side has moved: abort, not a draw")
			require.Contains(t, alice.action(vocab.OfferDraw).Error, "abort the game instead")
			alice.click(1, 1)
			bob.click(0, 1)
			require.True(t, alice.last().Controls.Draw)
			require.True(t, bob.last().Controls.Draw)
			require.False(t, eve.last().Controls.Draw)
			require.Contains(t, eve.action(vocab.OfferDraw).Error, "Spectators")

			p := alice.action(vocab.OfferDraw)
			require.Empty(t, p.Error)
			require.Equal(t, vocab.DrawProposal, p.Request.Kind)
			require.Equal(t, "You offered a draw — waiting for Bob.", p.Request.Text)
			require.False(t, p.Controls.Draw, "one offer at a time")
			require.Contains(t, alice.action(vocab.OfferDraw).Error, "offered a draw already")
			require.Contains(t, alice.action(vocab.TakebackAccept).Error, "Your opponent has to answer")
			require.Equal(t, "Alice offers a draw.", bob.last().Request.Text)
			require.False(t, bob.last().Controls.Draw, "the offer is answered on its card")
			require.Equal(t, "Alice offers a draw.", eve.last().Request.Text)

			tc.answer(alice, bob)
			p = alice.last()
			require.Nil(t, p.Request)
			require.Equal(t, tc.over, p.Over)
			require.Equal(t, tc.wantStatus, p.Status)
			require.Equal(t, tc.wantStatus, eve.last().Status)
			rec, err := h.store.Room(context.Background(), r.ID())
			require.NoError(t, err)
			require.Equal(t, tc.over, rec.Over, "the result is stored")
			if tc.over {
				require.Equal(t, -1, rec.Winner)
				require.Equal(t, "Draw by agreement", rec.Reason)
				require.Contains(t, alice.action(vocab.Undo).Error, "ended by agreement: that is final")
			}
		})
	}
}

func TestDrawOnlyWhereAGameCanEndDrawn(t *testing.T) {
	tests := []struct {
		name, game string
		mode       vocab.Mode
		want       string // the refusal; "" for an offer made
	}{
		{"kalah between friends", "kalah", vocab.Friend, ""},
		{"a game with no draws", "amazons", vocab.Friend, "cannot end in a draw"},
		{"against the computer", "kalah", vocab.Computer, "between two people"},
		{"at one screen", "kalah", vocab.Hotseat, "between two people"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			r := h.create(Spec{Game: tc.game, Mode: tc.mode}, "alice")
			alice := h.connect(r, "alice")
			inRoom(t, r, func(r *Room) {
				if tc.mode == vocab.Friend {
					r.seats.held[1] = r.seats.held[0]
					r.seats.held[1].TokenHash = secret.Hash("bob")
				}
				// Each side has moved: the first legal turns, played here.
				for range 2 {
					seat := r.state.ToMove()[0]
					r.applyTurn(r.state.Legal(seat, nil)[:1], 0, "")
				}
			})
			p := alice.action(vocab.OfferDraw)
			if tc.want == "" {
				require.Empty(t, p.Error)
				require.NotNil(t, p.Request)
				return
			}
			require.Contains(t, p.Error, tc.want)
			require.Nil(t, p.Request)
			require.False(t, p.Controls.Draw)
		})
	}
}

// One answer per proposal, named by what it is, and the asker is told who
// must answer it.
func TestProposalTexts(t *testing.T) {
	h := newHarness(t)
	_, alice, bob, eve := friendsWhoMoved(t, h, "kalah")
	alice.click(1, 1)
	p := alice.action(vocab.Undo)
	require.Equal(t, "You asked for a takeback — waiting for Bob.", p.Request.Text)
	require.Equal(t, "Alice asks to take back their last move.", bob.last().Request.Text)
	require.Equal(t, "Alice asks to take back their last move.", eve.last().Request.Text)
	bob.action(vocab.TakebackDecline)

	bob.click(0, 1)
	alice.action(vocab.Resign)
	p = bob.action(vocab.Rematch)
	require.Equal(t, "You offered a rematch — waiting for Alice.", p.Request.Text)
	require.True(t, p.Controls.Rematch, "the offerer may withdraw it")
	p = alice.last()
	require.Equal(t, "Bob offers a rematch.", p.Request.Text)
	require.False(t, p.Controls.Rematch, "the offer is answered on its card, not by a second Accept")
}
