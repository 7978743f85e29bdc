package storetest

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/rating"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// ratedPlayers makes the accounts the rating cases play with.
func ratedPlayers(t *testing.T, sub Subject, names ...string) {
	st := sub.Store
	for _, name := range names {
		require.NoError(t, st.CreateUser(sub.Ctx, &store.User{Name: name, Key: store.AccountKey(name), PasswordHash: "h", Created: time.UnixMilli(1)}))
	}
}

// ratedRoom creates a room between first and second (accounts; "" for a
// guest), rated or not, on clock.
func ratedRoom(t *testing.T, sub Subject, id, first, second string, rated bool, clock vocab.Clock) {
	r := SampleRoom(id)
	r.Seats[0].Account, r.Seats[1].Account = first, second
	r.Rated, r.Clock = rated, clock
	require.NoError(t, sub.Store.CreateRoom(sub.Ctx, r))
}

// ratedGames: the end of a rated game with a result rates both players in
// the write of the result, once; what it changed is kept on the room; no
// other game is rated; the result of a rated game is final.
func ratedGames(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	tick(sub)
	ratedPlayers(t, sub, "Alice", "bob", "carol")
	ratedRoom(t, sub, "r1", "Alice", "BOB", true, vocab.BulletClock) // a seat's name in another case is the same account

	win := store.Result{Over: true, Winner: 0, Reason: "more seeds"}
	changes, err := s.SetResult(ctx, "r1", win)
	require.NoError(t, err)
	require.NotNil(t, changes, "a rated game is rated as it ends")
	fresh := rating.Defaults().New()
	require.Equal(t, fresh, changes[0].Before, "a first rated game starts from a newcomer's rating")
	require.Greater(t, changes[0].After.Rating, 1500.0, "the winner gains")
	require.Less(t, changes[1].After.Rating, 1500.0, "the loser loses")
	require.Equal(t, 1, changes[0].After.Games)
	require.Positive(t, changes[0].Delta())
	require.Equal(t, -changes[0].Delta(), changes[1].Delta(), "between equals the points change hands")

	again, err := s.SetResult(ctx, "r1", win)
	require.NoError(t, err)
	require.Equal(t, changes, again, "a result written again (another node, a restart) finds the changes made")
	other, err := s.SetResult(ctx, "r1", store.Result{Over: true, Winner: 1, Reason: "resigned"})
	require.NoError(t, err)
	require.Equal(t, changes, other)
	room, err := s.Room(ctx, "r1")
	require.NoError(t, err)
	require.True(t, room.Rated)
	require.Equal(t, changes, room.RatingChanges, "the room keeps what its game changed")
	require.Equal(t, 0, room.Winner, "the result of a rated game is final")
	require.Equal(t, "more seeds", room.Reason)
	games, err := s.PlayerGames(ctx, "Alice", 10, 0)
	require.NoError(t, err)
	require.Len(t, games, 1)
	require.Equal(t, vocab.BulletClock, games[0].Clock)
	require.True(t, games[0].Rated)
	require.Equal(t, changes, games[0].RatingChanges, "a player's games say what each changed")

	got, err := s.CurrentRatings(ctx, "kalah", vocab.BulletClock, []string{"alice", "bob", "carol", ""})
	require.NoError(t, err)
	require.Equal(t, map[string]rating.Rating{"alice": changes[0].After, "bob": changes[1].After}, got,
		"rated once, keyed as asked; carol has none")
	got, err = s.CurrentRatings(ctx, "kalah", vocab.SlowClock, []string{"alice"})
	require.NoError(t, err)
	require.Empty(t, got, "each speed has its own rating")

	for _, c := range []struct {
		id, first, second string
		rated             bool
		res               store.Result
	}{
		{"aborted", "Alice", "bob", true, store.Result{Over: true, Winner: -1, Reason: "Aborted", Aborted: true}},
		{"unrated", "Alice", "bob", false, win},
		{"guest", "Alice", "", true, win},
		{"herself", "Alice", "alice", true, win},
		{"unknown", "Alice", "nobody", true, win},
		{"going on", "Alice", "bob", true, store.Result{Winner: -1}},
	} {
		ratedRoom(t, sub, c.id, c.first, c.second, c.rated, vocab.BulletClock)
		changes, err := s.SetResult(ctx, c.id, c.res)
		require.NoError(t, err, c.id)
		require.Nil(t, changes, "%s: not rated", c.id)
	}
	got, err = s.CurrentRatings(ctx, "kalah", vocab.BulletClock, []string{"Alice"})
	require.NoError(t, err)
	require.Equal(t, 1, got["Alice"].Games, "no other game counted")

	// A draw moves the players toward each other.
	ratedRoom(t, sub, "r2", "bob", "alice", true, vocab.BulletClock)
	draw, err := s.SetResult(ctx, "r2", store.Result{Over: true, Winner: -1, Reason: "draw"})
	require.NoError(t, err)
	require.NotNil(t, draw)
	require.Equal(t, changes[1].After, draw[0].Before)
	require.Greater(t, draw[0].After.Rating, draw[0].Before.Rating, "the lower rated gains from a draw")

	// A rematch clears what the game changed and stays rated; the game
	// kept keeps its changes.
	kept := SampleRoom("r2-kept")
	kept.Rated, kept.RatingChanges, kept.Over, kept.Winner = true, draw, true, -1
	require.NoError(t, s.Rematch(ctx, "r2", kept, [2]store.Seat{{Kind: "human", Account: "alice"}, {Kind: "human", Account: "bob"}}))
	room, err = s.Room(ctx, "r2")
	require.NoError(t, err)
	require.True(t, room.Rated)
	require.Nil(t, room.RatingChanges)
	room, err = s.Room(ctx, "r2-kept")
	require.NoError(t, err)
	require.Equal(t, draw, room.RatingChanges)

	list, err := s.PlayerRatings(ctx, "ALICE")
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, "Alice", list[0].Name)
	require.Equal(t, vocab.BulletClock, list[0].Speed)
	require.Equal(t, draw[1].After, list[0].Rating)
	both, err := s.PlayerRatings(ctx, "bob", "alice", "nobody")
	require.NoError(t, err)
	require.Len(t, both, 2, "several players' in one read")
	require.Equal(t, []string{"Alice", "bob"}, []string{both[0].Name, both[1].Name}, "by player")
	none, err := s.PlayerRatings(ctx)
	require.NoError(t, err)
	require.Empty(t, none)
	history, err := s.RatingHistory(ctx, "alice", 10)
	require.NoError(t, err)
	require.Len(t, history, 2, "a point a rated game")
	require.Equal(t, changes[0].After.Rating, history[0].Rating, "oldest first")
	require.Equal(t, draw[1].After.Rating, history[1].Rating)
	history, err = s.RatingHistory(ctx, "alice", 1)
	require.NoError(t, err)
	require.Len(t, history, 1)
	require.Equal(t, draw[1].After.Rating, history[0].Rating, "the last ones")
}

// leaderboard: the best players of a game and speed who played since a
// time, best first, those whose ratings are provisional after the others.
func leaderboard(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	clock := tick(sub)
	ratedPlayers(t, sub, "alice", "bob", "carol")
	games := 0
	for ; games < 80; games++ { // alice wins two in three against bob
		winner := 0
		if games%3 == 2 {
			winner = 1
		}
		id := "g" + strconv.Itoa(games)
		ratedRoom(t, sub, id, "alice", "bob", true, vocab.SlowClock)
		changes, err := s.SetResult(ctx, id, store.Result{Over: true, Winner: winner, Reason: "x"})
		require.NoError(t, err)
		if !rating.Provisional(changes[0].After) && !rating.Provisional(changes[1].After) {
			break
		}
	}
	require.Less(t, games, 80, "ratings settle")
	ratedRoom(t, sub, "c", "carol", "bob", true, vocab.SlowClock) // carol stays provisional
	_, err := s.SetResult(ctx, "c", store.Result{Over: true, Winner: 0, Reason: "x"})
	require.NoError(t, err)

	board, err := s.Leaderboard(ctx, "kalah", vocab.SlowClock, time.UnixMilli(0), 50)
	require.NoError(t, err)
	require.Len(t, board, 3)
	require.Equal(t, "alice", board[0].Name, "best first")
	require.Equal(t, "bob", board[1].Name)
	require.Greater(t, board[0].Rating.Rating, board[1].Rating.Rating)
	require.Equal(t, "carol", board[2].Name, "provisional after the established, whatever her rating")
	require.True(t, rating.Provisional(board[2].Rating))
	require.Greater(t, board[2].Rating.Rating, board[1].Rating.Rating, "carol beat bob")
	board, err = s.Leaderboard(ctx, "kalah", vocab.SlowClock, time.UnixMilli(0), 2)
	require.NoError(t, err)
	require.Equal(t, []string{"alice", "bob"}, []string{board[0].Name, board[1].Name}, "a full board has no provisional rating")
	board, err = s.Leaderboard(ctx, "kalah", vocab.SlowClock, clock.Add(time.Hour), 50)
	require.NoError(t, err)
	require.Empty(t, board, "nobody played since")
	board, err = s.Leaderboard(ctx, "kalah", vocab.FastClock, time.UnixMilli(0), 50)
	require.NoError(t, err)
	require.Empty(t, board)
}

// ratedAtOnce: two first rated games of one player, in one game and
// speed, ending at the same moment (on two nodes) both count, the one
// from the other's result; tried many times, since the race is a matter
// of timing (a rating row that does not exist yet cannot be locked, so
// the second game's write once replaced the first's).
func ratedAtOnce(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	for round := range 20 {
		n := strconv.Itoa(round)
		alice, bob, carol := "alice"+n, "bob"+n, "carol"+n
		ratedPlayers(t, sub, alice, bob, carol)
		ratedRoom(t, sub, "ab"+n, alice, bob, true, vocab.FastClock)
		ratedRoom(t, sub, "ac"+n, alice, carol, true, vocab.FastClock)
		var (
			wg      sync.WaitGroup
			changes [2]*[2]rating.Change
		)
		for i, id := range []string{"ab" + n, "ac" + n} {
			wg.Go(func() {
				c, err := s.SetResult(ctx, id, store.Result{Over: true, Winner: 0, Reason: "x"})
				assert.NoError(t, err)
				changes[i] = c
			})
		}
		wg.Wait()
		require.NotNil(t, changes[0], "round %d", round)
		require.NotNil(t, changes[1], "round %d", round)
		first, second := changes[0][0], changes[1][0]
		if first.Before.Games > second.Before.Games {
			first, second = second, first
		}
		require.Equal(t, 0, first.Before.Games, "round %d: one game rated alice from nothing", round)
		require.Equal(t, first.After, second.Before, "round %d: the other from the first's result", round)
		require.Greater(t, second.After.Rating, first.After.Rating, "round %d: two wins moved the rating twice", round)
		got, err := s.CurrentRatings(ctx, "kalah", vocab.FastClock, []string{alice})
		require.NoError(t, err)
		require.Equal(t, 2, got[alice].Games, "round %d: both games counted", round)
		require.Equal(t, second.After, got[alice], "round %d", round)
	}
}
