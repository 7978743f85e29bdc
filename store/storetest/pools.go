package storetest

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

func poolEntry(id, pool, player string, since time.Time) store.PoolEntry {
	return store.PoolEntry{ID: id, Pool: pool, Player: player, TokenHash: "t" + player, Name: player, Rating: 1500,
		Since: since, Ready: since, Seen: since}
}

// pairInOrder pairs entries two by two, each pair into a new room.
func pairInOrder(prefix string) func([]store.PoolEntry) []store.PoolPair {
	return func(entries []store.PoolEntry) []store.PoolPair {
		var out []store.PoolPair
		for i := 0; i+1 < len(entries); i += 2 {
			r := SampleRoom(prefix + entries[i].ID + "-" + entries[i+1].ID)
			r.Seats = [2]store.Seat{{Kind: "human", TokenHash: entries[i].TokenHash}, {Kind: "human", TokenHash: entries[i+1].TokenHash}}
			out = append(out, store.PoolPair{A: entries[i], B: entries[i+1], Room: r})
		}
		return out
	}
}

// pools: a player waits in one pool at a time; a pairing makes its rooms,
// ends both waits and records their room, in one write; waits not seen
// lately are dropped.
func pools(t *testing.T, sub Subject) {
	ctx := sub.Ctx
	st := sub.Store
	at := time.UnixMilli(1_800_000_000_000)
	require.NoError(t, st.EnterPool(ctx, poolEntry("w1", "kalah/fast", "alice", at)))
	require.NoError(t, st.EnterPool(ctx, poolEntry("w2", "amazons/slow", "alice", at.Add(time.Second))))
	names, err := st.PoolNames(ctx)
	require.NoError(t, err)
	require.Equal(t, []string{"amazons/slow"}, names, "a player waits in one pool at a time")
	require.NoError(t, st.EnterPool(ctx, poolEntry("w3", "amazons/slow", "bob", at.Add(2*time.Second))))
	require.NoError(t, st.EnterPool(ctx, poolEntry("w4", "amazons/slow", "carol", at.Add(3*time.Second))))
	require.NoError(t, st.EnterPool(ctx, poolEntry("w5", "amazons/slow", "dave", at.Add(-time.Hour))))

	waiting, err := st.SeePool(ctx, []string{"w1", "w2", "w3", "w4"}, at.Add(4*time.Second))
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"w2", "w3", "w4"}, waiting, "w1 was replaced")

	var offered []string
	pairs, err := st.PairPool(ctx, "amazons/slow", at, func(entries []store.PoolEntry) []store.PoolPair {
		for _, e := range entries {
			offered = append(offered, e.ID)
		}
		return pairInOrder("p-")(entries)
	})
	require.NoError(t, err)
	require.Equal(t, []string{"w2", "w3", "w4"}, offered, "longest waiting first; dave's stale wait dropped")
	require.Len(t, pairs, 1)
	room, err := sub.Store.Room(ctx, "p-w2-w3")
	require.NoError(t, err, "the room was made with the pairing")
	require.Equal(t, "talice", room.Seats[0].TokenHash)
	matched, err := st.Matched(ctx, []string{"w2", "w3", "w4", "w5"})
	require.NoError(t, err)
	require.Equal(t, map[string]string{"w2": "p-w2-w3", "w3": "p-w2-w3"}, matched)
	waiting, err = st.SeePool(ctx, []string{"w2", "w3", "w4"}, at.Add(5*time.Second))
	require.NoError(t, err)
	require.Equal(t, []string{"w4"}, waiting)

	// A pairing that fails (a wait that left meanwhile) makes nothing.
	require.NoError(t, st.EnterPool(ctx, poolEntry("w6", "amazons/slow", "erin", at.Add(6*time.Second))))
	require.NoError(t, st.LeavePool(ctx, "w6"))
	_, err = st.PairPool(ctx, "amazons/slow", at, func(entries []store.PoolEntry) []store.PoolPair {
		return pairInOrder("q-")(append(entries, poolEntry("w6", "amazons/slow", "erin", at)))
	})
	require.Error(t, err)
	_, err = sub.Store.Room(ctx, "q-w4-w6")
	require.ErrorIs(t, err, store.ErrNotFound, "rolled back whole")
	waiting, err = st.SeePool(ctx, []string{"w4"}, at.Add(7*time.Second))
	require.NoError(t, err)
	require.Equal(t, []string{"w4"}, waiting, "still waiting")
}

// poolsAtOnce: pairings of one pool running at once pair everyone once.
func poolsAtOnce(t *testing.T, sub Subject) {
	ctx := sub.Ctx
	st := sub.Store
	at := time.UnixMilli(1_800_000_000_000)
	const n = 40
	for i := range n {
		id := strconv.Itoa(100 + i)
		require.NoError(t, st.EnterPool(ctx, poolEntry("w"+id, "kalah/bullet", "p"+id, at.Add(time.Duration(i)*time.Millisecond))))
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		total int
	)
	for g := range 8 {
		wg.Go(func() {
			for range 5 {
				pairs, err := st.PairPool(ctx, "kalah/bullet", at, pairInOrder("g"+strconv.Itoa(g)+"-"))
				require.NoError(t, err)
				mu.Lock()
				total += len(pairs)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	// Whatever a pairing left to another running at once, one more round
	// finds.
	pairs, err := st.PairPool(ctx, "kalah/bullet", at, pairInOrder("last-"))
	require.NoError(t, err)
	total += len(pairs)
	require.Equal(t, n/2, total, "everyone paired once")
	var ids []string
	for i := range n {
		ids = append(ids, "w"+strconv.Itoa(100+i))
	}
	matched, err := st.Matched(ctx, ids)
	require.NoError(t, err)
	require.Len(t, matched, n)
	perRoom := map[string]int{}
	for _, room := range matched {
		perRoom[room]++
	}
	require.Len(t, perRoom, n/2)
	for room, k := range perRoom {
		require.Equal(t, 2, k, room)
	}
}

// abortsInARow: a player's aborts in a row are the games they aborted
// themselves, from their newest back; one they did not abort ends the run.
func abortsInARow(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	st := s
	tick(sub)
	game := func(id, first, second string, res store.Result) {
		r := SampleRoom(id)
		r.Seats[0].Account, r.Seats[1].Account = first, second
		require.NoError(t, s.CreateRoom(ctx, r))
		require.NoError(t, ResultErr(s.SetResult(ctx, id, res)))
	}
	aborted := func(by int) store.Result {
		return store.Result{Over: true, Winner: -1, Reason: "Game aborted", Aborted: true, AbortedBy: by}
	}
	game("g1", "alice", "bob", aborted(0))                                       // by Alice, but long ago
	game("g2", "alice", "bob", store.Result{Over: true, Winner: 1, Reason: "x"}) // a game played
	game("g3", "alice", "bob", aborted(0))                                       // by Alice
	game("g4", "bob", "alice", aborted(0))                                       // by Bob
	game("g5", "bob", "alice", aborted(1))                                       // by Alice
	game("g6", "alice", "bob", aborted(0))                                       // by Alice
	n, err := st.AbortsInARow(ctx, "alice")
	require.NoError(t, err)
	require.Equal(t, 2, n, "g6 and g5; Bob's abort ends the run")
	n, err = st.AbortsInARow(ctx, "bob")
	require.NoError(t, err)
	require.Zero(t, n, "his last game was aborted by Alice")
	game("g7", "bob", "carol", aborted(-1)) // by both
	n, err = st.AbortsInARow(ctx, "bob")
	require.NoError(t, err)
	require.Zero(t, n)
	r := SampleRoom("g8")
	r.Seats[0].Account = "alice"
	require.NoError(t, s.CreateRoom(ctx, r))
	require.NoError(t, s.Rematch(ctx, "g8", nil, r.Seats))
	require.NoError(t, ResultErr(s.SetResult(ctx, "g8", aborted(0))))
	n, err = st.AbortsInARow(ctx, "alice")
	require.NoError(t, err)
	require.Equal(t, 3, n)
}
