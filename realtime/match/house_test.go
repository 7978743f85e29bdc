package match

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
)

// houseGame is a room quick pairing made for the bot account deep against
// the house bot Boardroom-Beginner, and deep's page in it.
func houseGame(t *testing.T, h *harness, gameID string) (*Room, *client, game.Player) {
	h.signUp("deep", "Boardroom-Beginner")
	seats := [2]store.Seat{{TokenHash: secret.Hash("deep"), Account: "deep", BotAccount: true},
		{Kind: vocab.ComputerSeat, Level: vocab.Beginner, Name: "Boardroom-Beginner", Account: "Boardroom-Beginner", BotAccount: true}}
	rec, err := PairedRecord(gameID, vocab.FastClock, 0, true, seats, time.Now())
	require.NoError(t, err)
	require.NoError(t, h.store.CreateRoom(context.Background(), rec))
	r, err := h.hub.Room(context.Background(), rec.ID)
	require.NoError(t, err)
	house := game.First
	if rec.Seats[1].Kind == vocab.ComputerSeat {
		house = game.Second
	}
	return r, h.connectAs(r, "deep", "deep"), house
}

// A house game: the computer plays its seat under the house bot's account,
// shown as a rated bot; it answers no proposal (the buttons are not
// offered, and a proposal sent all the same is refused in words); the
// result rates both accounts.
func TestAHouseGame(t *testing.T) {
	h := newHarness(t)
	r, deep, house := houseGame(t, h, "kalah")
	p := deep.last()
	require.True(t, p.Rated)
	hs := p.Seats[house]
	require.Equal(t, "Computer · Beginner", hs.Holder, "named as every computer seat is")
	require.Equal(t, "Boardroom-Beginner", hs.Account)
	require.True(t, hs.Bot, "marked BOT")
	require.Equal(t, "1500?", hs.Rating)
	require.True(t, hs.Online)

	playTurns(t, r, deep, house.Other(), 3)
	p = deep.last()
	require.False(t, p.Controls.Undo, "no takeback against the computer")
	require.False(t, p.Controls.Draw, "no draw")
	for _, tc := range []struct {
		action vocab.Action
		want   string
	}{
		{vocab.Undo, "does not take moves back"},
		{vocab.OfferDraw, "plays every game to its end"},
	} {
		p = deep.action(tc.action)
		require.Contains(t, p.Error, tc.want, tc.action)
		require.Nil(t, p.Request)
	}

	p = deep.action(vocab.Resign)
	require.True(t, p.Over)
	require.Regexp(t, `^\+[1-9][0-9]*$`, p.Seats[house].RatingChange, "the house bot gains")
	require.False(t, p.Controls.Rematch, "the next game is found in the lobby")
	p = deep.action(vocab.Rematch)
	require.Contains(t, p.Error, "find your next game in the lobby")
	got, err := h.store.CurrentRatings(context.Background(), "kalah", vocab.FastClock, []string{"deep", "Boardroom-Beginner"})
	require.NoError(t, err)
	require.Equal(t, 1, got["Boardroom-Beginner"].Games, "the house bot is rated")
	require.Less(t, got["deep"].Rating, 1500.0)
}

// playTurns plays n of seat's turns from its page (the first legal move
// each time), waiting for the computer's answers between them.
func playTurns(t *testing.T, r *Room, page *client, seat game.Player, n int) {
	t.Helper()
	for range n {
		p := page.last()
		for deadline := time.Now().Add(10 * time.Second); !p.Over && !p.Seats[seat].ToMove; p = page.last() {
			require.True(t, time.Now().Before(deadline), "the computer did not answer")
			time.Sleep(5 * time.Millisecond)
			page.sync()
		}
		if p.Over {
			return
		}
		var m game.Move
		inRoom(t, r, func(r *Room) { m = r.state.Legal(seat, nil)[0] })
		before := len(p.Moves)
		p = page.send(Message{Path: m.Path()})
		require.Empty(t, p.Error)
		// A simultaneous turn is played once the computer has chosen too.
		for deadline := time.Now().Add(10 * time.Second); !p.Over && len(p.Moves) == before; p = page.last() {
			require.True(t, time.Now().Before(deadline), "the turn was not played")
			time.Sleep(5 * time.Millisecond)
			page.sync()
		}
	}
}

// The computer plays a house game of every game, the simultaneous one
// too, and the result rates both.
func TestHouseGamesOfEveryGame(t *testing.T) {
	for _, g := range game.All() {
		t.Run(g.ID(), func(t *testing.T) {
			h := newHarness(t)
			r, deep, house := houseGame(t, h, g.ID())
			playTurns(t, r, deep, house.Other(), 4)
			p := deep.last()
			if !p.Over {
				p = deep.action(vocab.Resign)
			}
			require.True(t, p.Over, "error %q, moves %d, controls %+v", p.Error, len(p.Moves), p.Controls)
			require.NotEmpty(t, p.Seats[house].RatingChange, "rated")
		})
	}
}

// A house game outlives a restart: the computer takes its seat again under
// the house bot's account and plays on, and the result is rated.
func TestAHouseGameAfterARestart(t *testing.T) {
	h := newHarness(t)
	r, deep, house := houseGame(t, h, "kalah")
	playTurns(t, r, deep, house.Other(), 2)
	h.restart()
	r, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	deep = h.connectAs(r, "deep", "deep")
	p := deep.last()
	require.Equal(t, "Computer · Beginner", p.Seats[house].Holder, "the house bot's seat again")
	require.True(t, p.Seats[house].Bot)
	playTurns(t, r, deep, house.Other(), 2)
	p = deep.last()
	if !p.Over {
		p = deep.action(vocab.Resign)
	}
	require.True(t, p.Over)
	require.NotEmpty(t, p.Seats[house].RatingChange, "rated")
}

// TestHouseSeat: a seat is a house bot's when the computer plays it under
// an account; not a computer seat of a person's room, nor a person's or a
// person's bot's seat.
func TestHouseSeat(t *testing.T) {
	for _, tc := range []struct {
		name string
		seat store.Seat
		want bool
	}{
		{"house bot", store.Seat{Kind: vocab.ComputerSeat, Level: vocab.Medium, Account: "Boardroom-Medium", BotAccount: true}, true},
		{"the computer in a person's room", store.Seat{Kind: vocab.ComputerSeat, Level: vocab.Medium}, false},
		{"a person's bot", store.Seat{Kind: vocab.Human, Account: "deep", BotAccount: true}, false},
		{"a person", store.Seat{Kind: vocab.Human, Account: "alice"}, false},
		{"an engine on a guest's seat", store.Seat{Kind: vocab.Human, Engine: "random"}, false},
		{"free", store.Seat{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) { require.Equal(t, tc.want, HouseSeat(tc.seat)) })
	}
}
