package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
)

// playing: a player's games in play (/games) are every unfinished game
// with both seats held where a seat bears their account, private ones too,
// each once (one player in both seats too), with a correspondence turn's
// deadline and movers; most recently changed first, at most limit.
func playing(t *testing.T, sub Subject) {
	st, ctx := sub.Store, sub.Ctx
	tick(sub)
	at := time.UnixMilli(5_000_000_000)
	room := func(id, first, second string, change func(*store.Room)) {
		r := SampleRoom(id)
		r.Seats[0].Account, r.Seats[1].Account = first, second
		if change != nil {
			change(r)
		}
		require.NoError(t, st.CreateRoom(ctx, r))
	}
	corr := func(r *store.Room) { r.Clock, r.Days = vocab.CorrespondenceClock, 3 }
	room("p1", "alice", "bob", corr)
	room("p2", "bob", "alice", nil)
	room("p3", "alice", "bob", func(r *store.Room) { r.Private = true })
	room("p4", "carol", "dave", nil)
	room("p5", "alice", "carol", nil)                                          // ends below
	room("p6", "alice", "", func(r *store.Room) { r.Seats[1] = store.Seat{} }) // waiting for a friend
	room("p7", "alice", "dave", nil)                                           // aborted below
	room("p8", "alice", "alice", func(r *store.Room) { r.Mode = vocab.Hotseat })
	room("p9", "", "alice", nil) // a guest against her
	due := store.Due{At: at.Add(3 * vocab.Day), Alarm: at.Add(3 * vocab.Day * 8 / 10), Movers: []string{"alice"}}
	require.NoError(t, st.AppendTurn(ctx, "p1", 0, store.Turn{Notation: "3", At: at, Due: due}))
	require.NoError(t, ResultErr(st.SetResult(ctx, "p5", store.Result{Over: true, Winner: 0, Reason: "done"})))
	require.NoError(t, ResultErr(st.SetResult(ctx, "p7", store.Result{Over: true, Winner: -1, Reason: "no first move", Aborted: true, AbortedBy: 1})))

	ids := func(list []store.Playing) (out []string) {
		for _, p := range list {
			out = append(out, p.ID)
		}
		return out
	}
	list, err := st.Playing(ctx, "alice", 20)
	require.NoError(t, err)
	require.Equal(t, []string{"p1", "p9", "p8", "p3", "p2"}, ids(list), "hers in play, once each, most recently changed first")
	require.Equal(t, vocab.CorrespondenceClock, list[0].Clock)
	require.Equal(t, 3, list[0].Days)
	require.Equal(t, 1, list[0].Turns)
	require.Equal(t, due, list[0].Due, "a correspondence turn's deadline and movers")
	require.Zero(t, list[4].Due, "a live game keeps none")
	require.Equal(t, "bob", list[4].Seats[0].Account)

	list, err = st.Playing(ctx, "alice", 2)
	require.NoError(t, err)
	require.Equal(t, []string{"p1", "p9"}, ids(list), "at most limit")
	list, err = st.Playing(ctx, "nobody", 20)
	require.NoError(t, err)
	require.Empty(t, list)
}

// playingMany: a bot account holds 120 correspondence games at once, and
// Playing lists every one.
func playingMany(t *testing.T, sub Subject) {
	st, ctx := sub.Store, sub.Ctx
	tick(sub)
	const n = 120
	for i := range n {
		r := correspondenceRoom(fmt.Sprintf("m%03d", i), 1)
		r.Seats[0].Account, r.Seats[1].Account = fmt.Sprintf("player%d", i), "robot"
		r.Seats[1].BotAccount = true
		require.NoError(t, st.CreateRoom(ctx, r))
	}
	list, err := st.Playing(context.WithoutCancel(ctx), "robot", 1000)
	require.NoError(t, err)
	require.Len(t, list, n)
}
