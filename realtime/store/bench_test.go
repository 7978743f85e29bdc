package store

import (
	"context"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkAppendTurn measures the store's write throughput the way rooms
// use it: many rooms, each waiting for its turn to be committed before it
// shows it.
func BenchmarkAppendTurn(b *testing.B) {
	st, err := OpenSQLite(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
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
