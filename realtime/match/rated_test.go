package match

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/rating"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
)

// signUp makes accounts in the harness's store.
func (h *harness) signUp(names ...string) {
	h.t.Helper()
	for _, name := range names {
		require.NoError(h.t, h.store.CreateUser(context.Background(),
			&store.User{Name: name, Key: store.AccountKey(name), PasswordHash: "h", Created: time.UnixMilli(1)}))
	}
}

// connectAs opens a page of a signed-in player.
func (h *harness) connectAs(r *Room, token, account string) *client {
	h.t.Helper()
	c := testConn(secret.Hash(token), 1024)
	c.SetAccount(account)
	require.True(h.t, r.send(context.Background(), evConnect{c: c}))
	cl := &client{h: h, room: r, c: c}
	cl.sync()
	return cl
}

// ratedKalah is a rated room of Alice's, with Bob seated.
func ratedKalah(t *testing.T, h *harness) (r *Room, alice, bob, eve *client) {
	h.signUp("alice", "bob")
	r = h.create(Spec{Game: "kalah", Account: "alice", Rated: true, Clock: vocab.FastClock}, "alice")
	alice, bob, eve = h.connectAs(r, "alice", "alice"), h.connectAs(r, "bob", "bob"), h.connect(r, "eve")
	bob.action(vocab.Join)
	p := bob.last()
	require.Equal(t, "bob", p.Seats[1].Holder)
	return r, alice, bob, eve
}

func TestARatedGameRatesBothPlayersOnce(t *testing.T) {
	h := newHarness(t)
	r, alice, bob, eve := ratedKalah(t, h)
	p := eve.last()
	require.True(t, p.Rated)
	require.Equal(t, [2]string{"1500?", "1500?"}, [2]string{p.Seats[0].Rating, p.Seats[1].Rating},
		"a first rated game shows a newcomer's provisional rating")
	require.Empty(t, p.Seats[0].RatingChange)

	alice.click(1, 1)
	bob.click(0, 1)
	p = bob.action(vocab.Resign)
	require.True(t, p.Over)
	for _, cl := range []*client{alice, bob, eve} {
		p := cl.last()
		require.Regexp(t, `^\+[1-9][0-9]*$`, p.Seats[0].RatingChange, "the winner gains")
		require.Regexp(t, `^−[1-9][0-9]*$`, p.Seats[1].RatingChange, "the loser loses")
		require.Regexp(t, `^1[56][0-9][0-9]\?$`, p.Seats[0].Rating, "still provisional after one game")
	}
	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.NotNil(t, rec.RatingChanges)
	got, err := h.store.CurrentRatings(context.Background(), "kalah", vocab.FastClock, []string{"alice", "bob"})
	require.NoError(t, err)
	require.Equal(t, 1, got["alice"].Games)
	require.Greater(t, got["alice"].Rating, 1500.0)

	// A restart shows the changes again and rates nothing twice.
	change := alice.last().Seats[0].RatingChange
	h.restart()
	r, err = h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	p = h.connect(r, "eve").last()
	require.Equal(t, change, p.Seats[0].RatingChange)
	got, err = h.store.CurrentRatings(context.Background(), "kalah", vocab.FastClock, []string{"alice"})
	require.NoError(t, err)
	require.Equal(t, 1, got["alice"].Games)

	// A rematch is rated too, with the seats swapped and the ratings as
	// they are now.
	alice = h.connectAs(r, "alice", "alice")
	bob = h.connectAs(r, "bob", "bob")
	alice.action(vocab.Rematch)
	p = bob.action(vocab.Rematch)
	require.False(t, p.Over)
	require.True(t, p.Rated, "a rematch keeps the choice")
	require.Equal(t, "bob", p.Seats[0].Holder)
	require.Empty(t, p.Seats[0].RatingChange)
	require.Equal(t, got["alice"].String(), p.Seats[1].Rating, "the rating the last game gave")
}

func TestARatedRoomIsForTwoPlayersWithAccounts(t *testing.T) {
	h := newHarness(t)
	h.signUp("alice", "bob")
	r := h.create(Spec{Game: "kalah", Account: "alice", Rated: true}, "alice")
	guest := h.connect(r, "guest")
	require.Contains(t, guest.action(vocab.Join).Error, "log in or sign up")
	again := h.connectAs(r, "alice-2", "alice") // Alice in another browser
	require.Contains(t, again.action(vocab.Join).Error, "already hold a seat", "her seat is hers in every browser")
	bob := h.connectAs(r, "bob", "bob")
	bob.action(vocab.Join)
	require.Equal(t, "bob", bob.last().Seats[1].Account)
}

func TestARatedGameIsTheGameAsPlayed(t *testing.T) {
	h := newHarness(t)
	_, alice, bob, _ := ratedKalah(t, h)
	alice.click(1, 1)
	p := alice.last()
	require.False(t, p.Controls.Load)
	require.False(t, p.Controls.New)
	for _, a := range []vocab.Action{vocab.Load, vocab.NewGame} {
		require.Contains(t, alice.action(a).Error, "cannot be replaced", a)
	}
	bob.click(0, 1)
	require.True(t, alice.last().Controls.Undo, "a takeback, with the opponent's consent, is allowed while the game goes on")
}

// TestARatedSpecMustBeRatable: only a friend game of a signed-in player,
// on the standard rules and from the start, may be rated.
func TestARatedSpecMustBeRatable(t *testing.T) {
	now := time.UnixMilli(1)
	for _, tc := range []struct {
		name string
		spec Spec
		why  string
	}{
		{"friend", Spec{Game: "kalah", Mode: vocab.Friend, Account: "alice"}, ""},
		{"guest", Spec{Game: "kalah", Mode: vocab.Friend}, "log in"},
		{"computer", Spec{Game: "kalah", Mode: vocab.Computer, Account: "alice"}, "against a friend"},
		{"hotseat", Spec{Game: "kalah", Mode: vocab.Hotseat, Account: "alice"}, "against a friend"},
		{"options", Spec{Game: "kalah", Mode: vocab.Friend, Account: "alice", Options: map[string]string{"seeds": "3"}}, "standard rules"},
		{"record", Spec{Game: "kalah", Mode: vocab.Friend, Account: "alice", Turns: []string{"3"}}, "from a record"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := tc.spec
			spec.Rated, spec.Clock, spec.Seat, spec.Level = true, vocab.NoClock, vocab.FirstSeat, vocab.Beginner
			rec, err := NewRecord(spec, "token", now)
			if tc.why == "" {
				require.NoError(t, err)
				require.True(t, rec.Rated)
				return
			}
			require.ErrorIs(t, err, ErrBadRequest)
			require.ErrorContains(t, err, tc.why)
		})
	}
}

// failingResult is a store whose results are never written: the process
// died between a game's last turn and its result.
type failingResult struct{ store.Store }

func (failingResult) SetResult(context.Context, string, store.Result) (*[2]rating.Change, error) {
	return nil, errors.New("the process died")
}

// TestAGameEndedAsItsNodeDiedIsRatedWhenLoaded: the last turn was stored,
// the result was not; the room loaded again records the result and rates
// it, once.
func TestAGameEndedAsItsNodeDiedIsRatedWhenLoaded(t *testing.T) {
	h := newHarness(t)
	real := h.store
	h.cfg.Store = failingResult{real}
	h.hub = newTestHub(h.cfg)
	r, alice, bob, _ := ratedKalah(t, h)
	players := [2]*client{alice, bob}
	for ply := 0; ; ply++ {
		require.Less(t, ply, 500)
		var (
			text string
			seat game.Player
			over bool
		)
		inRoom(t, r, func(r *Room) {
			if over = r.over(); over {
				return
			}
			seat = r.state.ToMove()[0]
			text = game.FormatTurn(r.state, r.legalMoves(seat)[:1])
		})
		if over {
			break
		}
		players[seat].send(Message{MoveText: text, HasMove: true})
	}
	rec, err := real.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.False(t, rec.Over, "the result was lost with the process")
	require.Nil(t, rec.RatingChanges)

	h.cfg.Store = real
	h.restart()
	r, err = h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	p := h.connect(r, "eve").last()
	require.True(t, p.Over)
	require.NotEmpty(t, p.Seats[0].RatingChange)
	rec, err = real.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.True(t, rec.Over)
	require.NotNil(t, rec.RatingChanges)
	h.restart()
	got, err := real.CurrentRatings(context.Background(), "kalah", vocab.FastClock, []string{"alice", "bob"})
	require.NoError(t, err)
	require.Equal(t, 1, got["alice"].Games, "rated once")
	require.Equal(t, 1, got["bob"].Games)
}
