package store

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"boardroom/realtime/vocab"
	"boardroom/store/pgtest"
)

// BenchmarkGameEnd measures the end of a game, one at a time: the write of
// its result, unrated, and rated (the result with both players' ratings,
// their history and the room's changes, in the same one transaction).
func BenchmarkGameEnd(b *testing.B) {
	for _, rated := range []bool{false, true} {
		name := "unrated"
		if rated {
			name = "rated"
		}
		b.Run("SQLite/"+name, func(b *testing.B) {
			st, err := OpenSQLite(filepath.Join(b.TempDir(), "bench.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			benchGameEnd(b, st, context.Background(), rated)
		})
		b.Run("Postgres/"+name, func(b *testing.B) {
			ctx := context.Background()
			st, err := OpenPostgres(ctx, pgtest.Shared(b).Database(b))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			if ok, err := st.Heartbeat(ctx, "bench", "bench-node", time.Hour); err != nil || !ok {
				b.Fatal("heartbeat:", ok, err)
			}
			benchGameEnd(b, st, WithFence(ctx, Fence{Session: "bench", Epoch: 1}), rated)
		})
	}
}

func benchGameEnd(b *testing.B, st interface {
	Store
	Accounts
}, ctx context.Context, rated bool) {
	for _, name := range []string{"alice", "bob"} {
		if err := st.CreateUser(ctx, &User{Name: name, Key: name, PasswordHash: "h", Created: time.Now()}); err != nil {
			b.Fatal(err)
		}
	}
	seats := [2]Seat{{Kind: vocab.Human, Account: "alice"}, {Kind: vocab.Human, Account: "bob"}}
	for i := range b.N {
		r := &Room{ID: "r" + strconv.Itoa(i), Game: "kalah", Mode: vocab.Friend, Clock: vocab.FastClock, Seats: seats, Winner: -1, Rated: rated}
		if err := st.CreateRoom(ctx, r); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := range b.N {
		changes, err := st.SetResult(ctx, "r"+strconv.Itoa(i), Result{Over: true, Winner: i % 2, Reason: "resigned"})
		if err != nil || (changes != nil) != rated {
			b.Fatal(changes, err)
		}
	}
}
