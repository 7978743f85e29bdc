package lobby

import (
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/pairing"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
)

// A house bot that an outside program plays (Fairy-Stockfish) is offered
// only in its games: not in another game's pool, and a challenge to
// another game is refused with the games it plays, while one to its game
// is accepted at once, as the computer's levels do.
func TestAnOutsideHouseBotPlaysOnlyItsGames(t *testing.T) {
	ctx := t.Context()
	h := newHouseHarness(t, 4)
	fs, err := OutsideHouseBot(ctx, h.acc, "Fairy-Stockfish", vocab.FairyStockfish, []string{"amazons"})
	require.NoError(t, err)
	assert.Equal(t, "Boardroom-Fairy-Stockfish", fs.Account)
	assert.True(t, fs.Plays("amazons"))
	assert.False(t, fs.Plays("kalah"))
	h.ps.House.Bots = []HouseBot{fs}

	deep := h.enter(t, "Deep", true, false) // in kalah/fast
	h.wait(t, pairing.HouseAfter)
	require.Zero(t, h.pair(t), "no house bot plays Kalah here")
	require.False(t, ended(deep))

	s := &Site{Presence: h.st, Challenges: h.st, Rooms: noRooms{}, Node: "a", Log: slog.New(slog.DiscardHandler),
		House: h.ps.House}
	_, err = s.Challenge(ctx, "Deep", "token-Deep", fs.Account, "kalah", vocab.FastClock, true)
	var refused HouseGameRefused
	require.ErrorAs(t, err, &refused)
	assert.Equal(t, "Boardroom-Fairy-Stockfish plays only Game of the Amazons", err.Error())

	c, err := s.Challenge(ctx, "Deep", "token-Deep", fs.Account, "amazons", vocab.FastClock, true)
	require.NoError(t, err)
	require.NotEmpty(t, c.Room, "accepted at once")
	rec, err := h.st.Room(ctx, c.Room)
	require.NoError(t, err)
	house, _ := houseAndOther(rec)
	assert.Equal(t, vocab.FairyStockfish, house.Level, "the seat is the outside program's")
	assert.True(t, match.HouseSeat(house))
	assert.True(t, rec.Rated)
}
