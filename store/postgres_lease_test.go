package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"boardroom/store"
	"boardroom/store/pgtest"
	"boardroom/store/storetest"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// short is a lease that runs out quickly; tests wait for it by the
// database's clock (expired), never by sleeping a guessed time.
const short = 300 * time.Millisecond

// leaseEnv is a fresh database with a Postgres store on it.
type leaseEnv struct {
	t   *testing.T
	p   *store.Postgres
	db  *pgx.Conn // a connection of the test's own, to read the leases
	ctx context.Context
}

func newLeaseEnv(t *testing.T) *leaseEnv {
	t.Helper()
	ctx := context.Background()
	dsn := pgtest.Shared(t).Database(t)
	p, err := store.OpenPostgres(ctx, dsn)
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	db, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close(context.Background()) })
	return &leaseEnv{t: t, p: p, db: db, ctx: ctx}
}

// join starts session of node with a lease.
func (e *leaseEnv) join(session, node string, lease time.Duration) {
	e.t.Helper()
	ok, err := e.p.Heartbeat(e.ctx, session, node, lease)
	require.NoError(e.t, err)
	require.True(e.t, ok, "session %s joins", session)
}

// as returns a context whose writes are fenced by session at epoch.
func (e *leaseEnv) as(session string, epoch int64) context.Context {
	return store.WithFence(e.ctx, store.Fence{Session: session, Epoch: epoch})
}

// create stores a new room owned by session at epoch 1.
func (e *leaseEnv) create(id, session string) {
	e.t.Helper()
	require.NoError(e.t, e.p.CreateRoom(e.as(session, 1), storetest.SampleRoom(id)))
}

// expired waits until session's lease has run out by the database's clock.
func (e *leaseEnv) expired(session string) {
	e.t.Helper()
	require.Eventually(e.t, func() bool {
		var gone bool
		err := e.db.QueryRow(e.ctx, `SELECT expires <= clock_timestamp() FROM nodes WHERE session = $1`, session).Scan(&gone)
		return err == nil && gone
	}, 10*time.Second, 20*time.Millisecond, "session %s's lease runs out", session)
}

func (e *leaseEnv) owner(id string) store.Owner {
	e.t.Helper()
	o, err := e.p.Owner(e.ctx, id)
	require.NoError(e.t, err)
	return o
}

func TestHeartbeat(t *testing.T) {
	e := newLeaseEnv(t)
	tests := []struct {
		name    string
		prepare func(session string)
		lease   time.Duration
		ok      bool
		err     bool
	}{
		{name: "a new session registers", lease: time.Hour, ok: true},
		{name: "a live session is extended", prepare: func(s string) { e.join(s, "node", short) }, lease: time.Hour, ok: true},
		{name: "an expired session is not", prepare: func(s string) { e.join(s, "node", short); e.expired(s) }, lease: time.Hour},
		{name: "nor one that left", prepare: func(s string) {
			e.join(s, "node", time.Hour)
			require.NoError(t, e.p.Leave(e.ctx, s))
		}, lease: time.Hour},
		{name: "a lease must be positive", lease: 0, err: true},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			session := fmt.Sprintf("s%d", i)
			if tc.prepare != nil {
				tc.prepare(session)
			}
			ok, err := e.p.Heartbeat(e.ctx, session, "node", tc.lease)
			if tc.err {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.ok, ok)
			if !ok {
				ok, err = e.p.Heartbeat(e.ctx, session, "node", tc.lease)
				require.NoError(t, err)
				require.False(t, ok, "an expired session stays expired: the node must start a new one")
			}
		})
	}
	for _, bad := range [][2]string{{"", "node"}, {"session", ""}} {
		_, err := e.p.Heartbeat(e.ctx, bad[0], bad[1], time.Hour)
		require.Error(t, err, "session %q node %q", bad[0], bad[1])
	}
}

func TestAcquire(t *testing.T) {
	tests := []struct {
		name string
		// prepare runs with room "r" created by session "a" of node-a
		// (epoch 1) and session "b" of node-b live.
		prepare   func(e *leaseEnv)
		session   string
		room      string
		wantEpoch int64
		// wantSilence is the least Silence to expect: how long the dead
		// owner had been silent (0: none, the owner was not dead).
		wantSilence time.Duration
		wantErr     error
		wantOwner   string // the node an ErrOwned names
	}{
		{name: "a live owner keeps its room", session: "b", wantErr: store.ErrOwned, wantOwner: "node-a"},
		{name: "its owner acquires it again: the epoch stays", session: "a", wantEpoch: 1},
		{name: "a released room is taken", session: "b", wantEpoch: 2,
			prepare: func(e *leaseEnv) { require.NoError(e.t, e.p.Release(e.ctx, "r", store.Fence{Session: "a", Epoch: 1})) }},
		{name: "and taken back by its owner, at a new epoch", session: "a", wantEpoch: 2,
			prepare: func(e *leaseEnv) { require.NoError(e.t, e.p.Release(e.ctx, "r", store.Fence{Session: "a", Epoch: 1})) }},
		{name: "a room whose owner's lease ran out is taken, silent since its last heartbeat", session: "b", wantEpoch: 2,
			wantSilence: short,
			prepare:     func(e *leaseEnv) { e.join("a2", "node-a", short); e.create("r2", "a2"); e.expired("a2") }, room: "r2"},
		{name: "a room whose owner left is taken at once, silent since it left", session: "b", wantEpoch: 2,
			wantSilence: time.Microsecond, prepare: func(e *leaseEnv) { require.NoError(e.t, e.p.Leave(e.ctx, "a")) }},
		{name: "not by a session whose own lease ran out", session: "c", wantErr: store.ErrFenced,
			prepare: func(e *leaseEnv) {
				require.NoError(e.t, e.p.Leave(e.ctx, "a"))
				e.join("c", "node-c", short)
				e.expired("c")
			}},
		{name: "not by an unknown session", session: "nobody", wantErr: store.ErrFenced},
		{name: "no room", session: "b", room: "missing", wantErr: store.ErrNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newLeaseEnv(t)
			e.join("a", "node-a", time.Hour)
			e.join("b", "node-b", time.Hour)
			e.create("r", "a")
			if tc.prepare != nil {
				tc.prepare(e)
			}
			room := tc.room
			if room == "" {
				room = "r"
			}
			before, _ := e.p.Owner(e.ctx, room)
			got, err := e.p.Acquire(e.ctx, room, tc.session)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				if tc.wantOwner != "" {
					var owned *store.OwnedError
					require.ErrorAs(t, err, &owned)
					require.Equal(t, tc.wantOwner, owned.Node)
					require.Equal(t, int64(1), owned.Epoch)
				}
				if tc.room == "" {
					require.Equal(t, before, e.owner(room), "a refused Acquire changes nothing")
				}
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.wantEpoch, got.Epoch)
			if tc.wantSilence == 0 {
				require.Zero(t, got.Silence, "the owner did not die")
			} else {
				require.GreaterOrEqual(t, got.Silence, tc.wantSilence)
				require.Less(t, got.Silence, tc.wantSilence+10*time.Second, "silent since about then, not for ever")
			}
			o := e.owner(room)
			require.Equal(t, tc.session, o.Session)
			require.Equal(t, tc.wantEpoch, o.Epoch)
			require.True(t, o.Live)
		})
	}
}

// TestFencedWrites checks every write of a room against every way its
// fence can be stale: each is refused with ErrFenced and changes nothing.
func TestFencedWrites(t *testing.T) {
	writes := []struct {
		name  string
		write func(ctx context.Context, s *store.Postgres, id string) error
	}{
		{"SetSeats", func(ctx context.Context, s *store.Postgres, id string) error {
			return s.SetSeats(ctx, id, [2]store.Seat{{Kind: "bot", Level: "beginner"}, {}})
		}},
		{"AppendTurn", func(ctx context.Context, s *store.Postgres, id string) error {
			return s.AppendTurn(ctx, id, 1, store.Turn{Notation: "4"})
		}},
		{"ReplaceTurns", func(ctx context.Context, s *store.Postgres, id string) error {
			return s.ReplaceTurns(ctx, id, nil)
		}},
		{"SetSave", func(ctx context.Context, s *store.Postgres, id string) error {
			return s.SetSave(ctx, id, []string{"9"})
		}},
		{"SetResult", func(ctx context.Context, s *store.Postgres, id string) error {
			return storetest.ResultErr(s.SetResult(ctx, id, store.Result{Over: true, Winner: 1, Reason: "resigned"}))
		}},
		{"Rematch", func(ctx context.Context, s *store.Postgres, id string) error {
			return s.Rematch(ctx, id, storetest.SampleRoom(id+"-kept"), [2]store.Seat{})
		}},
		{"AppendChat", func(ctx context.Context, s *store.Postgres, id string) error {
			return s.AppendChat(ctx, id, store.ChatMessage{Name: "Z", Text: "late"})
		}},
		{"SetClockFrom", func(ctx context.Context, s *store.Postgres, id string) error {
			return s.SetClockFrom(ctx, id, time.UnixMilli(5000))
		}},
		{"SetClockStopped", func(ctx context.Context, s *store.Postgres, id string) error {
			return s.SetClockStopped(ctx, id, time.UnixMilli(6000))
		}},
		{"Release", func(ctx context.Context, s *store.Postgres, id string) error {
			f, _ := store.FenceFrom(ctx)
			return s.Release(ctx, id, f)
		}},
	}
	situations := []struct {
		name string
		// stale turns the rooms owned by session "a" at epoch 1 into rooms
		// its fence (or ctx) no longer writes, and returns that ctx.
		stale func(e *leaseEnv, rooms []string) context.Context
	}{
		{"another node acquired the room after its lease ran out", func(e *leaseEnv, rooms []string) context.Context {
			e.expired("a")
			for _, id := range rooms {
				_, err := e.p.Acquire(e.ctx, id, "b")
				require.NoError(e.t, err)
			}
			return e.as("a", 1)
		}},
		{"its own lease ran out and nobody acquired the room", func(e *leaseEnv, rooms []string) context.Context {
			e.expired("a")
			return e.as("a", 1)
		}},
		{"released, then taken by another node", func(e *leaseEnv, rooms []string) context.Context {
			for _, id := range rooms {
				require.NoError(e.t, e.p.Release(e.ctx, id, store.Fence{Session: "a", Epoch: 1}))
				_, err := e.p.Acquire(e.ctx, id, "b")
				require.NoError(e.t, err)
			}
			return e.as("a", 1)
		}},
		{"an older epoch of the same session", func(e *leaseEnv, rooms []string) context.Context {
			for _, id := range rooms {
				require.NoError(e.t, e.p.Release(e.ctx, id, store.Fence{Session: "a", Epoch: 1}))
				got, err := e.p.Acquire(e.ctx, id, "a")
				require.NoError(e.t, err)
				require.Equal(e.t, int64(2), got.Epoch)
			}
			return e.as("a", 1)
		}},
		{"another live session's fence", func(e *leaseEnv, rooms []string) context.Context { return e.as("b", 1) }},
		{"no fence at all", func(e *leaseEnv, rooms []string) context.Context { return e.ctx }},
	}
	for _, sit := range situations {
		t.Run(sit.name, func(t *testing.T) {
			e := newLeaseEnv(t)
			e.join("a", "node-a", 2*time.Second)
			e.join("b", "node-b", time.Hour)
			var rooms []string
			for _, w := range writes {
				rooms = append(rooms, w.name)
				e.create(w.name, "a")
				require.NoError(t, e.p.AppendTurn(e.as("a", 1), w.name, 0, store.Turn{Notation: "3", At: time.UnixMilli(1000)}))
				require.NoError(t, e.p.AppendChat(e.as("a", 1), w.name, store.ChatMessage{Name: "A", Text: "hi", At: time.UnixMilli(1000)}))
			}
			ctx := sit.stale(e, rooms)
			for _, w := range writes {
				before, err := e.p.Room(e.ctx, w.name)
				require.NoError(t, err)
				owner := e.owner(w.name)
				err = w.write(ctx, e.p, w.name)
				require.ErrorIs(t, err, store.ErrFenced, w.name)
				after, err := e.p.Room(e.ctx, w.name)
				require.NoError(t, err)
				require.Equal(t, before, after, "%s changes nothing", w.name)
				require.Equal(t, owner, e.owner(w.name), "%s keeps the owner", w.name)
				chat, err := e.p.Chat(e.ctx, w.name, 10)
				require.NoError(t, err)
				require.Len(t, chat, 1, w.name)
				_, err = e.p.Room(e.ctx, w.name+"-kept")
				require.ErrorIs(t, err, store.ErrNotFound, "%s keeps no game", w.name)
			}
		})
	}
}

// TestCreateRoomIsFenced checks that a new room needs a live session.
func TestCreateRoomIsFenced(t *testing.T) {
	e := newLeaseEnv(t)
	e.join("a", "node-a", short)
	e.join("b", "node-b", time.Hour)
	require.ErrorIs(t, e.p.CreateRoom(e.ctx, storetest.SampleRoom("unfenced")), store.ErrFenced)
	require.ErrorIs(t, e.p.CreateRoom(e.as("nobody", 1), storetest.SampleRoom("stranger")), store.ErrFenced)
	require.Error(t, e.p.CreateRoom(e.as("b", 0), storetest.SampleRoom("epoch0")), "epoch 0 is nobody's")
	e.expired("a")
	require.ErrorIs(t, e.p.CreateRoom(e.as("a", 1), storetest.SampleRoom("late")), store.ErrFenced)
	for _, id := range []string{"unfenced", "stranger", "epoch0", "late"} {
		_, err := e.p.Room(e.ctx, id)
		require.ErrorIs(t, err, store.ErrNotFound, id)
	}
	require.NoError(t, e.p.CreateRoom(e.as("b", 3), storetest.SampleRoom("ok")))
	require.Equal(t, store.Owner{Session: "b", Node: "node-b", Epoch: 3, Live: true}, e.owner("ok"))
}

// TestEpochLog follows one room through changes of owner: the epoch rises
// by one at each, the log of acquisitions says who and when, and each turn
// records the epoch that wrote it.
func TestEpochLog(t *testing.T) {
	e := newLeaseEnv(t)
	e.join("a", "node-a", short)
	e.join("b", "node-b", time.Hour)
	e.create("r", "a")
	turn := func(ctx context.Context, ply int) {
		require.NoError(t, e.p.AppendTurn(ctx, "r", ply, store.Turn{Notation: "3"}))
	}
	turn(e.as("a", 1), 0)
	require.NoError(t, e.p.Release(e.ctx, "r", store.Fence{Session: "a", Epoch: 1}))
	require.Equal(t, store.Owner{Epoch: 1}, e.owner("r"), "released: nobody's, the epoch kept")
	got, err := e.p.Acquire(e.ctx, "r", "a")
	require.NoError(t, err)
	require.Equal(t, int64(2), got.Epoch, "release then acquire bumps the epoch")
	turn(e.as("a", 2), 1)
	e.expired("a")
	got, err = e.p.Acquire(e.ctx, "r", "b")
	require.NoError(t, err)
	require.Equal(t, int64(3), got.Epoch)
	turn(e.as("b", 3), 2)

	log, err := e.p.Epochs(e.ctx, "r")
	require.NoError(t, err)
	require.Len(t, log, 3)
	for i, want := range []struct {
		session, node string
	}{{"a", "node-a"}, {"a", "node-a"}, {"b", "node-b"}} {
		require.Equal(t, int64(i+1), log[i].Epoch)
		require.Equal(t, want.session, log[i].Session)
		require.Equal(t, want.node, log[i].Node)
		if i > 0 {
			require.False(t, log[i].At.Before(log[i-1].At), "acquisitions in time order")
		}
	}
	epochs, err := e.p.TurnEpochs(e.ctx, "r")
	require.NoError(t, err)
	require.Equal(t, []int64{1, 2, 3}, epochs)
	require.NoError(t, e.p.ReplaceTurns(e.as("b", 3), "r", []store.Turn{{Notation: "3"}, {Notation: "4"}}))
	epochs, err = e.p.TurnEpochs(e.ctx, "r")
	require.NoError(t, err)
	require.Equal(t, []int64{3, 3}, epochs, "a replaced log is its writer's")

	_, err = e.p.Epochs(e.ctx, "missing")
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = e.p.TurnEpochs(e.ctx, "missing")
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = e.p.Owner(e.ctx, "missing")
	require.ErrorIs(t, err, store.ErrNotFound)
}

func TestOrphans(t *testing.T) {
	e := newLeaseEnv(t)
	e.join("live", "node-a", time.Hour)
	e.join("dying", "node-b", short)
	e.join("leaving", "node-c", time.Hour)
	e.create("owned", "live")
	e.create("finished", "dying")
	require.NoError(t, storetest.ResultErr(e.p.SetResult(e.as("dying", 1), "finished", store.Result{Over: true, Winner: 0, Reason: "x"})))
	e.create("expired", "dying")
	e.create("left", "leaving")
	e.create("released", "live")
	require.NoError(t, e.p.Release(e.ctx, "released", store.Fence{Session: "live", Epoch: 1}))

	orphans, err := e.p.Orphans(e.ctx)
	require.NoError(t, err)
	require.Empty(t, orphans, "a released room waits for its next visit")
	require.NoError(t, e.p.Leave(e.ctx, "leaving"))
	e.expired("dying")
	orphans, err = e.p.Orphans(e.ctx)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"expired", "left"}, orphans, "a finished room is nobody's to restore")
	require.NoError(t, e.p.Leave(e.ctx, "never-joined"), "leaving twice, or unknown, is no error")
}

// TestDeleteIdleByOwner checks that idle rooms are cleaned only by their
// owner, or by anyone once they have no live owner.
func TestDeleteIdleByOwner(t *testing.T) {
	e := newLeaseEnv(t)
	e.join("a", "node-a", time.Hour)
	e.join("b", "node-b", time.Hour)
	e.join("gone", "node-c", time.Hour)
	e.create("a's", "a")
	e.create("b's", "b")
	e.create("orphan", "gone")
	require.NoError(t, e.p.Leave(e.ctx, "gone"))
	later := time.Now().Add(time.Hour)

	n, err := e.p.DeleteIdle(e.ctx, later, nil)
	require.NoError(t, err)
	require.Equal(t, 1, n, "without a fence: only the room with no live owner")
	n, err = e.p.DeleteIdle(e.as("a", 99), later, nil)
	require.NoError(t, err)
	require.Equal(t, 1, n, "a's own room, whatever the epoch")
	for id, want := range map[string]error{"a's": store.ErrNotFound, "b's": nil, "orphan": store.ErrNotFound} {
		_, err := e.p.Room(e.ctx, id)
		if want == nil {
			require.NoError(t, err, id)
		} else {
			require.ErrorIs(t, err, want, id)
		}
	}
}
