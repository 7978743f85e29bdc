package match

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
)

// A rated room's free seat is refused to an account linked to the one
// holding the other (package fairplay), in words, and nothing changes: a
// bot and its owner, two accounts used in one browser within the day;
// another player takes it.
func TestARatedSeatIsRefusedToALinkedAccount(t *testing.T) {
	for _, tc := range []struct {
		name, joiner string
		bot          bool
		link         func(h *harness)
		why          string
	}{
		{"the creator's bot", "Deep", true, func(h *harness) {
			alice, err := h.store.UserByKey(context.Background(), "alice")
			require.NoError(t, err)
			require.NoError(t, h.store.CreateBot(context.Background(), &store.Bot{User: store.User{Name: "Deep", Key: "deep", Created: time.Now()},
				OwnerID: alice.ID, TokenHash: "t", TokenAt: time.Now(), SeatHash: "s"}, 5))
		}, "Deep is alice's bot, and a bot never plays its owner in a rated game"},
		{"an account of the creator's browser", "bob", false, func(h *harness) {
			h.signUp("bob")
			for _, name := range []string{"alice", "bob"} {
				require.NoError(t, h.store.SeeBrowser(context.Background(), "one-browser", name, time.Now().Add(-time.Hour)))
			}
		}, "alice and bob were both used in the same browser within the last day"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.signUp("alice", "carol")
			tc.link(h)
			r := h.create(Spec{Game: "kalah", Account: "alice", Rated: true, Clock: vocab.FastClock}, "alice")
			c := testConn(secret.Hash(tc.joiner), 1024)
			c.SetAccount(tc.joiner)
			c.SetBotAccount(tc.bot)
			require.True(t, r.send(context.Background(), evConnect{c: c}))
			joiner := &client{h: h, room: r, c: c}
			joiner.sync()
			p := joiner.action(vocab.Join)
			require.Contains(t, p.Error, tc.why)
			require.Equal(t, vocab.Free, p.Seats[1].Kind, "the seat stays free")

			carol := h.connectAs(r, "carol", "carol")
			carol.action(vocab.Join)
			require.Equal(t, "carol", carol.last().Seats[1].Account, "another player takes it")
		})
	}
}

// Two players who were strangers when their rated game began, and whose
// accounts were used in one browser since, get no rated rematch.
func TestNoRatedRematchForLinkedAccounts(t *testing.T) {
	h := newHarness(t)
	_, alice, bob, _ := ratedKalah(t, h)
	alice.click(1, 1)
	bob.click(0, 1)
	require.True(t, bob.action(vocab.Resign).Over)
	for _, name := range []string{"alice", "bob"} {
		require.NoError(t, h.store.SeeBrowser(context.Background(), "one-browser", name, time.Now()))
	}
	p := alice.action(vocab.Rematch)
	require.Contains(t, p.Error, "alice and bob were both used in the same browser")
	require.Nil(t, p.Request, "no rematch offered")
}
