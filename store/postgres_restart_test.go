package store_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"boardroom/store"
	"boardroom/store/pgtest"
	"boardroom/store/storetest"

	"github.com/stretchr/testify/require"
)

// TestWritesSurviveAFastRestart: a PostgreSQL restart ended every pooled
// connection, and every move in flight failed with it. A write whose
// connection ended waits for the server and is tried once more on a fresh
// connection, under the same fence; each write is made once.
func TestWritesSurviveAFastRestart(t *testing.T) {
	srv := pgtest.Start(t) // its own server: the test restarts it
	ctx := context.Background()
	p, err := store.OpenPostgres(ctx, srv.Database(t))
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	ok, err := p.Heartbeat(ctx, "s1", "n1", time.Minute)
	require.NoError(t, err)
	require.True(t, ok)
	fenced := store.WithFence(ctx, store.Fence{Session: "s1", Epoch: 1})
	require.NoError(t, p.CreateRoom(fenced, storetest.SampleRoom("room1")))
	before, err := p.Room(ctx, "room1")
	require.NoError(t, err)
	first := len(before.Turns)

	// A room moving every 20 ms through the restart, as a busy server's
	// rooms do: its writes are in flight when the server stops.
	var stop atomic.Bool
	done := make(chan error, 1)
	written := 0
	go func() {
		for ply := first; !stop.Load(); ply++ {
			if err := p.AppendTurn(fenced, "room1", ply, store.Turn{Notation: "1", At: time.UnixMilli(int64(ply))}); err != nil {
				done <- err
				return
			}
			written++
			time.Sleep(20 * time.Millisecond)
		}
		done <- nil
	}()
	time.Sleep(300 * time.Millisecond)
	require.NoError(t, srv.Restart())
	time.Sleep(300 * time.Millisecond)
	stop.Store(true)
	require.NoError(t, <-done, "no write failed across the restart")

	after, err := p.Room(ctx, "room1")
	require.NoError(t, err)
	require.Len(t, after.Turns, first+written, "each turn stored once")
}

// TestRoomLimitsAreSharedByTheNodes: two stores on one database (two
// nodes) take rooms from one bucket per key, which refills with time.
func TestRoomLimitsAreSharedByTheNodes(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Shared(t).Database(t)
	var nodes []*store.Postgres
	for range 2 {
		p, err := store.OpenPostgres(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { p.Close() })
		nodes = append(nodes, p)
	}
	for i := range 3 {
		ok, err := nodes[i%2].Take(ctx, "198.51.100.7", 3)
		require.NoError(t, err)
		require.True(t, ok, "room %d of 3", i+1)
	}
	for _, n := range nodes {
		ok, err := n.Take(ctx, "198.51.100.7", 3)
		require.NoError(t, err)
		require.False(t, ok, "the bucket is empty on every node")
	}
	ok, err := nodes[0].Take(ctx, "198.51.100.8", 3)
	require.NoError(t, err)
	require.True(t, ok, "another address has its own")
	// 3 a minute: a token comes back every 20 s; at 180 a minute, every
	// third of a second.
	require.Eventually(t, func() bool {
		ok, err := nodes[1].Take(ctx, "198.51.100.9", 180)
		require.NoError(t, err)
		return ok
	}, 5*time.Second, 50*time.Millisecond)
	for range 180 {
		nodes[0].Take(ctx, "198.51.100.9", 180)
	}
	ok, err = nodes[1].Take(ctx, "198.51.100.9", 180)
	require.NoError(t, err)
	require.False(t, ok)
	require.Eventually(t, func() bool {
		ok, err := nodes[1].Take(ctx, "198.51.100.9", 180)
		require.NoError(t, err)
		return ok
	}, 5*time.Second, 50*time.Millisecond, "the bucket refills")
}
