package roombot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/roombot/roombottest"
)

// TestAWaitInAPoolEndsOnceLeft: a wait given up (its context ended)
// returns only once the server has taken the bot out of the pool, so that
// nothing the bot does next (accepting a challenge) can meet a pairing
// made meanwhile. Closing the socket alone left the bot in the pool until
// the server noticed, and Site's challenge test saw it there once in CI.
func TestAWaitInAPoolEndsOnceLeft(t *testing.T) {
	t.Parallel()
	s := roombottest.New(t)
	token := s.Bot("Deep")
	for i := range 5 {
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() {
			_, err := Pool{Server: s.URL(), Pool: "kalah/fast", Bearer: token}.Next(ctx)
			done <- err
		}()
		require.Eventually(t, func() bool {
			names, err := s.Store.PoolNames(context.Background())
			return err == nil && len(names) == 1
		}, 5*time.Second, 5*time.Millisecond, "the bot waits in the pool")
		cancel()
		select {
		case err := <-done:
			require.ErrorIs(t, err, context.Canceled)
		case <-time.After(10 * time.Second):
			t.Fatal("the wait did not end")
		}
		names, err := s.Store.PoolNames(context.Background())
		require.NoError(t, err)
		require.Empty(t, names, "out of the pool when Next returns (wait %d)", i)
	}
}
