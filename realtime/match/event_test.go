package match

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
)

// eventRoom stores an arena (or a Swiss event) of Kalah on a fast clock
// with one game between ann and bea, as its director pairs it, and loads
// the game's room; first is the account in the first seat.
func eventRoom(t *testing.T, h *harness, kind string) (r *Room, first, second string) {
	t.Helper()
	ctx := context.Background()
	now := time.Now()
	require.NoError(t, h.store.CreateTournament(ctx, &store.Tournament{ID: "ev", Name: "Arena", Kind: kind, Game: "kalah",
		Options: map[string]string{}, Clock: vocab.FastClock, Minutes: 30, Starts: now, Created: now}))
	hold, err := h.store.Direct(ctx, "ev", "node", now, time.Minute)
	require.NoError(t, err)
	made, err := h.store.PairTournament(ctx, "ev", hold, func([]store.Entrant, []store.TournamentGame) []store.TournamentPairing {
		rec, err := PairedRecord("kalah", vocab.FastClock, 0, false, [2]store.Seat{{Account: "ann"}, {Account: "bea"}}, now)
		require.NoError(t, err)
		return []store.TournamentPairing{{Room: rec, Seats: [2]string{rec.Seats[0].Account, rec.Seats[1].Account}}}
	})
	require.NoError(t, err)
	r, err = h.hub.Room(ctx, made[0].Room.ID)
	require.NoError(t, err)
	return r, made[0].Seats[0], made[0].Seats[1]
}

// In an arena's game a player may berserk before their first move: the
// button is theirs alone; once berserked their seat says so on every
// page, their time a move is halved from their first move on, the event
// keeps it, and so does the room loaded again. After their first move,
// or a second time, it is refused in words.
func TestBerserk(t *testing.T) {
	h := newHarness(t)
	r, first, second := eventRoom(t, h, store.Arena)
	me := h.connectAs(r, "t-"+first, first)
	them := h.connectAs(r, "t-"+second, second)
	watcher := h.connect(r, "someone")
	require.True(t, me.last().Controls.Berserk)
	require.True(t, them.last().Controls.Berserk)
	require.False(t, watcher.last().Controls.Berserk)
	require.Contains(t, watcher.action(vocab.Berserk).Error, "Only a player of this game may berserk.")

	p := them.action(vocab.Berserk)
	require.Empty(t, p.Error)
	require.True(t, p.Seats[1].Berserk)
	require.False(t, p.Controls.Berserk, "once")
	require.True(t, watcher.last().Seats[1].Berserk, "every page says so")
	require.Contains(t, them.action(vocab.Berserk).Error, "You have berserked already.")
	games, err := h.store.TournamentGames(context.Background(), "ev")
	require.NoError(t, err)
	require.Equal(t, [2]bool{false, true}, games[0].Berserk, "the event keeps it")

	me.click(1, 4) // the first seat's first move (Kalah: the turn passes)
	require.Contains(t, me.action(vocab.Berserk).Error, "Berserk is only before your first move.")
	them.click(0, 4) // the second seat's first move, then the first's second
	me.click(1, 5)
	p = them.last()
	require.False(t, p.Over)
	require.InDelta(t, (15 * time.Second).Milliseconds(), p.Clock.RemainingMS, 2000, "half the fast clock's 30 s")

	h.restart()
	r, err = h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.True(t, h.connect(r, "someone").last().Seats[1].Berserk, "loaded again, it stands")
}

// Berserk is an arena's: refused in words in a room of no event, in a
// Swiss event's game, and on no clock of seconds.
func TestBerserkRefused(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.FastClock}, "me")
	me := h.connect(r, "me")
	require.False(t, me.last().Controls.Berserk)
	require.Contains(t, me.action(vocab.Berserk).Error, "Berserk is for an arena's games.")

	sh := newHarness(t)
	swiss, first, _ := eventRoom(t, sh, store.Swiss)
	require.Contains(t, sh.connectAs(swiss, "t-"+first, first).action(vocab.Berserk).Error, "Berserk is for an arena's games.")
}

// An event's game is not taken back, replaced or followed by a rematch:
// the event pairs the next; its result reaches the event with each
// seat's moves.
func TestAnEventsGame(t *testing.T) {
	h := newHarness(t)
	r, first, second := eventRoom(t, h, store.Arena)
	me := h.connectAs(r, "t-"+first, first)
	them := h.connectAs(r, "t-"+second, second)
	me.click(1, 4)
	them.click(0, 4)
	p := me.last()
	require.False(t, p.Controls.Undo, "no takeback offered")
	require.False(t, p.Controls.New)
	require.Contains(t, me.action(vocab.Undo).Error, "Moves are not taken back in an event's game.")
	require.Contains(t, me.action(vocab.NewGame).Error, "This game is an event's")
	require.Equal(t, "/t/ev", p.Event, "the page links its event")
	p = me.action(vocab.Resign)
	require.True(t, p.Over)
	require.False(t, p.Controls.Rematch, "the event pairs the next game")
	require.Contains(t, me.action(vocab.Rematch).Error, "The event pairs your next game")
	games, err := h.store.TournamentGames(context.Background(), "ev")
	require.NoError(t, err)
	require.Equal(t, 1, games[0].Result, "the second seat won")
	require.Equal(t, [2]int{1, 1}, games[0].Moves)
}
