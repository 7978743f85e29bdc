package match

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/store"
	"boardroom/realtime/vocab"
)

// houseGame is a room quick pairing made for the bot account deep against
// the house bot Boardroom-Beginner, and deep's page in it.
func houseGame(t *testing.T, h *harness) (*Room, *client, game.Player) {
	h.signUp("deep", "Boardroom-Beginner")
	seats := [2]store.Seat{{TokenHash: HashToken("deep"), Account: "deep", BotAccount: true},
		{Kind: vocab.Bot, Level: vocab.Beginner, Name: "Boardroom-Beginner", Account: "Boardroom-Beginner", BotAccount: true}}
	rec, err := PairedRecord("kalah", vocab.FastClock, true, seats, time.Now())
	require.NoError(t, err)
	require.NoError(t, h.store.CreateRoom(context.Background(), rec))
	r, err := h.hub.Room(context.Background(), rec.ID)
	require.NoError(t, err)
	house := game.First
	if rec.Seats[1].Kind == vocab.Bot {
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
	r, deep, house := houseGame(t, h)
	p := deep.last()
	require.True(t, p.Rated)
	hs := p.Seats[house]
	require.Equal(t, "Boardroom-Beginner", hs.Holder)
	require.Equal(t, "Boardroom-Beginner", hs.Account)
	require.True(t, hs.Bot, "marked BOT")
	require.Equal(t, "1500?", hs.Rating)
	require.True(t, hs.Online)

	// Both sides move: the computer answers each of deep's turns.
	for range 3 {
		p = deep.last()
		for !p.Over && !p.Seats[house.Other()].ToMove {
			time.Sleep(5 * time.Millisecond)
			deep.sync()
			p = deep.last()
		}
		var m game.Move
		inRoom(t, r, func(r *Room) { m = r.state.Legal(house.Other(), nil)[0] })
		p = deep.send(Message{Path: m.Path()})
		require.Empty(t, p.Error)
	}
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
