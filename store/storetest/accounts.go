package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// accounts: an account is found by its name's key, which is unique; a
// session finds its user until it expires or is ended, alone or with all
// the user's others.
func accounts(t *testing.T, sub Subject) {
	st := sub.Store
	ctx := sub.Ctx
	now := time.UnixMilli(1_800_000_000_000)
	alice := &store.User{Name: "Alice", Key: "alice", PasswordHash: "$argon2id$x", Created: now}
	require.NoError(t, st.CreateUser(ctx, alice))
	require.NotZero(t, alice.ID)
	require.ErrorIs(t, st.CreateUser(ctx, &store.User{Name: "ALICE", Key: "alice", PasswordHash: "h", Created: now}), store.ErrTaken,
		"names that differ only in case are one name")
	bob := &store.User{Name: "bob", Key: "bob", PasswordHash: "h2", Created: now}
	require.NoError(t, st.CreateUser(ctx, bob))
	require.NotEqual(t, alice.ID, bob.ID)

	got, err := st.UserByKey(ctx, "alice")
	require.NoError(t, err)
	require.Equal(t, *alice, *got)
	_, err = st.UserByKey(ctx, "carol")
	require.ErrorIs(t, err, store.ErrNotFound)

	session := func(hash string, user int64, created time.Time) store.Session {
		return store.Session{Hash: hash, UserID: user, Created: created, Seen: created, Expires: created.Add(30 * 24 * time.Hour),
			Device: "Firefox", Addr: "192.0.2.1"}
	}
	require.NoError(t, st.CreateSession(ctx, session("s1", alice.ID, now)))
	require.NoError(t, st.CreateSession(ctx, session("s2", alice.ID, now.Add(time.Second))))
	require.NoError(t, st.CreateSession(ctx, session("s3", bob.ID, now)))
	u, err := st.SessionUser(ctx, "s1", now.Add(time.Hour))
	require.NoError(t, err)
	require.Equal(t, "Alice", u.Name)
	_, err = st.SessionUser(ctx, "s1", now.Add(31*24*time.Hour))
	require.ErrorIs(t, err, store.ErrNotFound, "expired")
	_, err = st.SessionUser(ctx, "nope", now)
	require.ErrorIs(t, err, store.ErrNotFound)

	list, err := st.Sessions(ctx, alice.ID, now.Add(time.Hour))
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.Equal(t, "s2", list[0].Hash, "newest first")
	require.Equal(t, "Firefox", list[0].Device)
	require.Equal(t, now.Add(time.Hour), list[1].Seen, "the use an hour later is noted")

	require.NoError(t, st.DeleteSession(ctx, "s2"))
	_, err = st.SessionUser(ctx, "s2", now)
	require.ErrorIs(t, err, store.ErrNotFound)
	require.NoError(t, st.DeleteSessions(ctx, alice.ID))
	_, err = st.SessionUser(ctx, "s1", now)
	require.ErrorIs(t, err, store.ErrNotFound, "logged out everywhere")
	u, err = st.SessionUser(ctx, "s3", now)
	require.NoError(t, err, "another user's session stays")
	require.Equal(t, "bob", u.Name)

	require.NoError(t, st.SetPasswordHash(ctx, alice.ID, "$argon2id$new"))
	got, err = st.UserByKey(ctx, "alice")
	require.NoError(t, err)
	require.Equal(t, "$argon2id$new", got.PasswordHash, "the password changed")
	got, err = st.UserByKey(ctx, "bob")
	require.NoError(t, err)
	require.Equal(t, "h2", got.PasswordHash, "another's stays")
	require.ErrorIs(t, st.SetPasswordHash(ctx, 1<<40, "h"), store.ErrNotFound)
}

// playerGames: a player's record and games are the finished, public,
// not aborted games in which a seat bears their account, newest first.
func playerGames(t *testing.T, sub Subject) {
	st := sub.Store
	ctx := sub.Ctx
	tick(sub)
	game := func(id, first, second string, winner int, private, aborted, over bool) {
		r := SampleRoom(id)
		r.Seats[0].Account, r.Seats[1].Account = first, second
		r.Private = private
		require.NoError(t, sub.Store.CreateRoom(ctx, r))
		if over {
			require.NoError(t, ResultErr(sub.Store.SetResult(ctx, id, store.Result{Over: true, Winner: winner, Reason: "done", Aborted: aborted})))
		}
	}
	game("g1", "alice", "bob", 0, false, false, true)   // Alice wins
	game("g2", "bob", "alice", 0, false, false, true)   // Bob wins
	game("g3", "alice", "", -1, false, false, true)     // a draw with a guest
	game("g4", "alice", "bob", 1, true, false, true)    // private: not counted
	game("g5", "alice", "bob", -1, false, true, true)   // aborted: not counted
	game("g6", "alice", "bob", -1, false, false, false) // still being played
	game("g7", "carol", "dave", 0, false, false, true)  // not hers
	game("g8", "", "alice", 1, false, false, true)      // Alice wins as the second seat

	rec, err := st.PlayerRecord(ctx, "alice")
	require.NoError(t, err)
	require.Equal(t, store.Record{Played: 4, Won: 2, Lost: 1, Drawn: 1}, rec)
	list, err := st.PlayerGames(ctx, "alice", 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"g8", "g3", "g2", "g1"}, IDs(list), "newest first")
	page, err := st.PlayerGames(ctx, "alice", 2, 2)
	require.NoError(t, err)
	require.Equal(t, []string{"g2", "g1"}, IDs(page), "the second page of two")
	rec, err = st.PlayerRecord(ctx, "nobody")
	require.NoError(t, err)
	require.Zero(t, rec)
}

// gamesInPlay: a player's games in play are the rooms not over, not
// aborted, with both seats held, one by their account, most recently
// changed first; a game nobody has moved in yet among them; private ones
// only when asked for (their own page); a game leaves once it ends.
func gamesInPlay(t *testing.T, sub Subject) {
	st, ctx := sub.Store, sub.Ctx
	tick(sub)
	room := func(id, first, second string, private bool) *store.Room {
		r := SampleRoom(id)
		r.Seats[0].Account, r.Seats[1].Account = first, second
		r.Private = private
		require.NoError(t, st.CreateRoom(ctx, r))
		return r
	}
	room("g1", "alice", "bob", false)   // nobody has moved yet
	room("g2", "bob", "alice", false)   // Alice as the second seat
	room("g3", "alice", "bob", true)    // private
	room("g4", "carol", "dave", false)  // not hers
	room("g5", "alice", "carol", false) // ends below
	waiting := SampleRoom("g6")         // a friend room waiting for the friend
	waiting.Seats[0].Account, waiting.Seats[1] = "alice", store.Seat{}
	require.NoError(t, st.CreateRoom(ctx, waiting))
	room("g7", "alice", "dave", false) // aborted below
	require.NoError(t, st.AppendTurn(ctx, "g2", 0, store.Turn{Notation: "3", At: time.UnixMilli(2_000_000)}))
	require.NoError(t, ResultErr(st.SetResult(ctx, "g5", store.Result{Over: true, Winner: 0, Reason: "done"})))
	require.NoError(t, ResultErr(st.SetResult(ctx, "g7", store.Result{Over: true, Winner: -1, Reason: "no first move", Aborted: true, AbortedBy: 1})))

	list, err := st.LiveGames(ctx, "alice", true, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"g2", "g3", "g1"}, IDs(list), "hers in play, most recently changed first")
	require.Equal(t, 1, list[0].Turns, "with its moves so far")
	require.Equal(t, "bob", list[0].Seats[0].Account)
	require.Equal(t, store.Seat{Kind: "human", TokenHash: "abc", Account: "alice"}, list[2].Seats[0])
	list, err = st.LiveGames(ctx, "alice", false, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"g2", "g1"}, IDs(list), "what others see: the lobby's, no private room")
	list, err = st.LiveGames(ctx, "alice", true, 2)
	require.NoError(t, err)
	require.Equal(t, []string{"g2", "g3"}, IDs(list), "at most limit")
	list, err = st.LiveGames(ctx, "nobody", true, 10)
	require.NoError(t, err)
	require.Empty(t, list)

	require.NoError(t, ResultErr(st.SetResult(ctx, "g1", store.Result{Over: true, Winner: -1, Reason: "no first move", Aborted: true, AbortedBy: -1})))
	list, err = st.LiveGames(ctx, "alice", true, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"g2", "g3"}, IDs(list), "a game aborted before anyone moved leaves the list")
}
