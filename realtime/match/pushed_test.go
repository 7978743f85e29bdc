package match

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/notify"
	"boardroom/push"
	"boardroom/push/pushtest"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// pushedMoves plays n correspondence games' first moves, each leaving Bob, who has no page
// of the room open, to move, with the rooms' notices sent by a Notifier to
// a local push service: it returns each notice's time from the move's
// sending to its arrival, decrypted, at Bob's device.
func pushedMoves(t *testing.T, n int) []time.Duration {
	rcv := pushtest.New(t)
	keys, err := push.NewKeys()
	require.NoError(t, err)
	var notifier *notify.Notifier
	h := newHarness(t, func(c *Config) {
		notifier = notify.New(notify.Config{Store: c.Store,
			Sender: push.NewSender(keys, push.Hosts{rcv.Host()}, "mailto:ops@boardroom.test", rcv.Transport())})
		c.Turns = notifier
	})
	t.Cleanup(notifier.Close)
	h.signUp("alice", "bob")
	bob, err := h.store.UserByKey(context.Background(), "bob")
	require.NoError(t, err)
	device, subscription := rcv.Subscribe()
	sub, err := push.ParseSubscription(subscription, push.Hosts{rcv.Host()})
	require.NoError(t, err)
	require.NoError(t, h.store.AddPushSubscription(context.Background(), store.PushSubscription{UserID: bob.ID,
		Endpoint: sub.Endpoint, P256dh: sub.Keys.P256dh, Auth: sub.Keys.Auth, Subscribed: time.Now()}))

	var took []time.Duration
	for range n {
		r := h.create(Spec{Game: "kalah", Account: "alice", Clock: vocab.CorrespondenceClock, Days: 1}, "alice")
		alice, bobsPage := h.connectAs(r, "alice", "alice"), h.connectAs(r, "bob", "bob")
		bobsPage.action(vocab.Join)
		bobsPage.leave()
		moved := time.Now()
		require.True(t, r.send(context.Background(), evInput{c: alice.c, msg: Message{Cell: game.Cell{Row: 1, Col: 1}, HasCell: true}}))
		got, err := rcv.Next(5 * time.Second)
		require.NoError(t, err)
		took = append(took, got.At.Sub(moved))
		require.Equal(t, device, got.Device)
		require.Equal(t, keys.Public, got.Key)
		var m push.Message
		require.NoError(t, json.Unmarshal(got.Payload, &m))
		require.Equal(t, push.Message{Title: "Your move in Kalah", Body: "alice has moved: it is your turn.",
			URL: "/r/" + r.ID(), Tag: "room-" + r.ID()}, m)
	}
	return took
}

// TestAMoveReachesTheAwayPlayersDevice (issue 39, item 5): from the move
// to the opponent's device, through the notifier and a push service that
// checks the signature and decrypts, within the 2 s.
func TestAMoveReachesTheAwayPlayersDevice(t *testing.T) {
	took := pushedMoves(t, 3)
	require.Less(t, slices.Max(took), 2*time.Second)
}
