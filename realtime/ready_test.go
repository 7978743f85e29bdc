package realtime

import (
	"context"
	"testing"
	"time"

	"boardroom/internal/emptydb"
	"boardroom/realtime/bus"
	"boardroom/realtime/bus/natstest"
	"boardroom/realtime/match/matchtest"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

// TestANodeCutOffFromNATSStaysReady: readiness means "send me traffic".
// A node that lost NATS still serves the lobby and the rooms it owns, so
// it stays ready; when every node said "not ready" during a NATS outage,
// HAProxy had no server left and answered 503 for the whole site.
func TestANodeCutOffFromNATSStaysReady(t *testing.T) {
	t.Parallel()
	srv := natstest.Start(t)
	b, err := bus.DialNATS(srv.URL, "n0", nil)
	require.NoError(t, err)
	t.Cleanup(b.Close)
	sqlite, err := store.OpenSQLite(emptydb.Path(t, "rooms.db"))
	require.NoError(t, err)
	t.Cleanup(func() { sqlite.Close() })
	leases := newFakeLeases(sqlite)
	h := NewHub(Config{Store: createdStore{Store: sqlite, leases: leases}, Renderer: &matchtest.PageRecorder{}, BaseURL: "http://test",
		Cluster: &Cluster{Bus: b, Leases: leases, Node: "n0", Lease: testLease}})
	_, err = h.Restore(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		h.Shutdown(ctx)
	})
	require.NoError(t, h.ClusterReady())

	srv.Stop()
	require.Eventually(t, func() bool { return !bus.Connected(b) }, 10*time.Second, 20*time.Millisecond)
	require.NoError(t, h.ClusterReady(), "cut off from the other nodes, it still serves its own rooms and the lobby")
}
