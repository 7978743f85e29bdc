package inplay_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	_ "boardroom/game/all"
	"boardroom/inplay"
	"boardroom/internal/emptydb"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

func openStore(t *testing.T) *store.SQLite {
	t.Helper()
	st, err := store.OpenSQLite(emptydb.Path(t, "inplay.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// kalah is a room of Kalah between first and second, made at created.
func kalah(id, first, second string, clock vocab.Clock, created time.Time) *store.Room {
	r := &store.Room{ID: id, Game: "kalah", Options: map[string]string{"houses": "6", "seeds": "4"}, Mode: vocab.Friend, Clock: clock,
		Winner: -1, Created: created,
		Seats: [2]store.Seat{{Kind: vocab.Human, TokenHash: "t-" + first, Account: first}, {Kind: vocab.Human, TokenHash: "t-" + second, Account: second}}}
	if clock == vocab.CorrespondenceClock {
		r.Days = 3
	}
	return r
}

// TestList: a player's games in play, those awaiting their move first
// (correspondence by the stored movers, live by the position played
// again), then by the least time left, no clock last; the count is those
// awaiting them.
func TestList(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openStore(t)
	now := time.Now()
	day := vocab.Day
	create := func(r *store.Room, turns ...string) {
		require.NoError(t, st.CreateRoom(ctx, r))
		for i, n := range turns {
			require.NoError(t, st.AppendTurn(ctx, r.ID, i, store.Turn{Notation: n, At: now.Add(-10 * time.Second)}))
		}
	}
	due := func(r *store.Room, left time.Duration, movers ...string) {
		require.NoError(t, st.SetDue(ctx, r.ID, store.Due{At: now.Add(left), Alarm: now.Add(left / 2), Movers: movers}))
	}
	mine2days := kalah("c-mine-2d", "alice", "bob", vocab.CorrespondenceClock, now.Add(-day))
	create(mine2days, "1", "1")
	due(mine2days, 2*day, "alice")
	mine5h := kalah("c-mine-5h", "bob", "alice", vocab.CorrespondenceClock, now.Add(-day))
	create(mine5h, "1")
	due(mine5h, 5*time.Hour, "alice")
	theirs := kalah("c-theirs", "alice", "bob", vocab.CorrespondenceClock, now.Add(-day))
	create(theirs, "1")
	due(theirs, time.Hour, "bob")
	create(kalah("live-mine", "bob", "alice", vocab.FastClock, now.Add(-time.Minute)), "1")    // her move, 30 s from 10 s ago (her first: 60 s)
	create(kalah("live-theirs", "alice", "bob", vocab.FastClock, now.Add(-time.Minute)), "1")  // his move
	create(kalah("live-extra", "alice", "bob", vocab.BulletClock, now.Add(-time.Minute)), "3") // her 3 sows into her store: hers again
	create(kalah("no-clock-mine", "alice", "carol", vocab.NoClock, now.Add(-time.Minute)))     // her first move, no clock
	create(kalah("not-hers", "carol", "dave", vocab.FastClock, now.Add(-time.Minute)))

	games, more, err := inplay.List(ctx, st, "alice", now)
	require.NoError(t, err)
	require.False(t, more)
	var ids []string
	for _, g := range games {
		ids = append(ids, fmt.Sprintf("%s:%v", g.ID, g.MyTurn))
	}
	require.Equal(t, []string{
		"live-extra:true",    // a bullet clock: 10 s from 10 s ago, run out
		"live-mine:true",     // her first move: 60 s from 10 s ago
		"c-mine-5h:true",     // 5 h left
		"c-mine-2d:true",     // 2 days left
		"no-clock-mine:true", // no clock
		"live-theirs:false",  // his first move: 50 s left
		"c-theirs:false",     // an hour left
	}, ids, "hers awaiting her move first, then the least time left")
	byID := map[string]inplay.Game{}
	for _, g := range games {
		byID[g.ID] = g
	}
	tests := []struct {
		id       string
		seat     int
		opponent string
		left     time.Duration
	}{
		{"c-mine-5h", 1, "bob", 5 * time.Hour},
		{"c-mine-2d", 0, "bob", 2 * day},
		{"live-mine", 1, "bob", match.FirstMoveWait - 10*time.Second},
		{"live-theirs", 0, "bob", match.FirstMoveWait - 10*time.Second},
		{"live-extra", 0, "bob", 0},
		{"no-clock-mine", 0, "carol", 0},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			g := byID[tc.id]
			require.Equal(t, tc.seat, int(g.Seat))
			require.Equal(t, tc.opponent, g.Opponent.Account)
			require.InDelta(t, tc.left.Seconds(), g.Left(now).Seconds(), 1, "time left")
		})
	}
	require.True(t, byID["no-clock-mine"].Deadline.IsZero(), "no clock, no deadline")

	n, err := inplay.Count(ctx, st, "alice")
	require.NoError(t, err)
	require.Equal(t, 5, n, "the games awaiting her move")
	n, err = inplay.Count(ctx, st, "bob")
	require.NoError(t, err)
	require.Equal(t, 2, n, "his: c-theirs and live-theirs")
	n, err = inplay.Count(ctx, st, "nobody")
	require.NoError(t, err)
	require.Zero(t, n)
}

// TestABotsHundredsOfGames: a bot account holds 150 correspondence games
// at once; every one is listed and counted, from the stored movers alone.
func TestABotsHundredsOfGames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openStore(t)
	now := time.Now()
	const n = 150
	for i := range n {
		r := kalah(fmt.Sprintf("r%03d", i), fmt.Sprintf("player%d", i), "robot", vocab.CorrespondenceClock, now)
		r.Seats[1].BotAccount = true
		require.NoError(t, st.CreateRoom(ctx, r))
		mover := "robot"
		if i%3 == 0 {
			mover = r.Seats[0].Account
		}
		require.NoError(t, st.SetDue(ctx, r.ID, store.Due{At: now.Add(time.Duration(n-i) * time.Hour), Movers: []string{mover}}))
	}
	games, more, err := inplay.List(ctx, st, "robot", now)
	require.NoError(t, err)
	require.False(t, more)
	require.Len(t, games, n)
	require.True(t, games[0].MyTurn)
	require.Equal(t, "r149", games[0].ID, "the least time left first")
	count, err := inplay.Count(ctx, st, "robot")
	require.NoError(t, err)
	require.Equal(t, n-n/3, count)
}
