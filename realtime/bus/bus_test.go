package bus_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"boardroom/realtime/bus"
	"boardroom/realtime/bus/natstest"

	"github.com/stretchr/testify/require"
)

// Both buses behave alike: publications reach every subscriber in order,
// a request reaches a responder and comes back, a request nobody takes is
// ErrNoResponders, and an unsubscribed handler hears nothing more.
func TestBuses(t *testing.T) {
	for _, tc := range []struct {
		name    string
		connect func(t *testing.T) (a, b bus.Bus)
	}{
		{"memory", func(t *testing.T) (bus.Bus, bus.Bus) {
			h := bus.NewHub()
			return h.Connect(), h.Connect()
		}},
		{"nats", func(t *testing.T) (bus.Bus, bus.Bus) {
			srv := natstest.Start(t)
			a, err := bus.DialNATS(srv.URL, "a", nil)
			require.NoError(t, err)
			b, err := bus.DialNATS(srv.URL, "b", nil)
			require.NoError(t, err)
			return a, b
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := tc.connect(t)
			defer a.Close()
			defer b.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()

			var mu sync.Mutex
			var got []string
			unsub, err := b.Subscribe("room.x.out", func(m *bus.Msg) {
				mu.Lock()
				got = append(got, string(m.Data))
				mu.Unlock()
			})
			require.NoError(t, err)
			stop, err := b.Subscribe("room.x.in", func(m *bus.Msg) { m.Respond(append([]byte("re:"), m.Data...)) })
			require.NoError(t, err)
			time.Sleep(50 * time.Millisecond) // NATS: the subscriptions reach the server

			for _, s := range []string{"1", "2", "3"} {
				require.NoError(t, a.Publish("room.x.out", []byte(s)))
			}
			reply, err := a.Request(ctx, "room.x.in", []byte("hi"))
			require.NoError(t, err)
			require.Equal(t, "re:hi", string(reply))
			require.Eventually(t, func() bool {
				mu.Lock()
				defer mu.Unlock()
				return len(got) == 3
			}, 5*time.Second, 5*time.Millisecond)
			require.Equal(t, []string{"1", "2", "3"}, got)

			stop()
			unsub()
			time.Sleep(50 * time.Millisecond)
			_, err = a.Request(ctx, "room.x.in", []byte("anyone?"))
			require.ErrorIs(t, err, bus.ErrNoResponders)
			require.NoError(t, a.Publish("room.x.out", []byte("4")))
			time.Sleep(50 * time.Millisecond)
			mu.Lock()
			require.Len(t, got, 3, "nothing after unsubscribing")
			mu.Unlock()
			require.True(t, bus.Connected(a))
		})
	}
}
