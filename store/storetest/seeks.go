package storetest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// seeks: an open challenge is listed while the room says so, its seat is
// free and its game not over; a creator's listed challenges are counted.
func seeks(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	st := s
	tick(sub)
	open := func(id, token string) {
		r := SampleRoom(id)
		r.Seats[0].TokenHash, r.Seats[1] = token, store.Seat{}
		r.Open, r.Seeking, r.Rated = true, true, true
		require.NoError(t, s.CreateRoom(ctx, r))
	}
	open("s1", "ann")
	open("s2", "ann")
	open("s3", "bea")
	list, err := st.Seeks(ctx, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"s3", "s2", "s1"}, IDs(list), "newest first")
	require.True(t, list[0].Rated)
	n, err := st.SeeksOf(ctx, "ann")
	require.NoError(t, err)
	require.Equal(t, 2, n)

	require.NoError(t, s.SetSeeking(ctx, "s1", false)) // Ann's page closed
	room, err := s.Room(ctx, "s1")
	require.NoError(t, err)
	require.True(t, room.Open)
	require.False(t, room.Seeking)
	seats := room.Seats
	seats[1] = store.Seat{Kind: "human", TokenHash: "cid"}
	require.NoError(t, s.SetSeats(ctx, "s2", seats)) // taken
	require.NoError(t, ResultErr(s.SetResult(ctx, "s3", store.Result{Over: true, Winner: -1, Reason: "Aborted", Aborted: true})))
	list, err = st.Seeks(ctx, 10)
	require.NoError(t, err)
	require.Empty(t, list)
	n, err = st.SeeksOf(ctx, "ann")
	require.NoError(t, err)
	require.Zero(t, n)
}
