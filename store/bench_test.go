package store

import (
	"context"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"boardroom/store/pgtest"
)

// BenchmarkAppendTurn measures a store's write throughput the way rooms
// use it: many rooms, each waiting for its turn to be committed before it
// shows it. The same benchmark runs on each store. PostgreSQL's is the
// throw-away test server (pgtest: on this machine, without fsync), so its
// figures leave out the disk.
func BenchmarkAppendTurn(b *testing.B) {
	b.Run("SQLite", func(b *testing.B) {
		st, err := OpenSQLite(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		benchAppendTurn(b, st, context.Background())
	})
	// One room's turn at a time, as at a few hundred moves a second: every
	// commit carries one move, and a move waits for no other.
	b.Run("SQLite/alone", func(b *testing.B) {
		st, err := OpenSQLite(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		ctx := context.Background()
		const rooms = 500
		for i := range rooms {
			if err := st.CreateRoom(ctx, &Room{ID: "r" + strconv.Itoa(i), Game: "kalah", Mode: "friend"}); err != nil {
				b.Fatal(err)
			}
		}
		var plies [rooms]int
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			r := i % rooms
			if err := st.AppendTurn(ctx, "r"+strconv.Itoa(r), plies[r], Turn{Notation: "3", At: time.Now(), Info: "depth 6"}); err != nil {
				b.Fatal(err)
			}
			plies[r]++
			i++
		}
	})
	b.Run("Postgres", func(b *testing.B) {
		ctx := context.Background()
		st, err := OpenPostgres(ctx, pgtest.Shared(b).Database(b))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		if ok, err := st.Heartbeat(ctx, "bench", "bench-node", time.Hour); err != nil || !ok {
			b.Fatal("heartbeat:", ok, err)
		}
		benchAppendTurn(b, st, WithFence(ctx, Fence{Session: "bench", Epoch: 1}))
	})
}

// benchAppendTurn appends turns to 256 rooms from as many writers.
func benchAppendTurn(b *testing.B, st Store, ctx context.Context) {
	const rooms = 256
	for i := range rooms {
		if err := st.CreateRoom(ctx, &Room{ID: "r" + strconv.Itoa(i), Game: "kalah", Mode: "friend"}); err != nil {
			b.Fatal(err)
		}
	}
	var next atomic.Int64
	b.SetParallelism(rooms / 2) // rooms writing at once
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		room := "r" + strconv.Itoa(int(next.Add(1)-1)%rooms)
		ply := 0
		for pb.Next() {
			if err := st.AppendTurn(ctx, room, ply, Turn{Notation: "3", At: time.Now(), Info: "depth 6"}); err != nil {
				b.Error(err)
				return
			}
			ply++
		}
	})
}
