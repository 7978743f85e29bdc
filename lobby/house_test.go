package lobby

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/accounts"
	_ "boardroom/game/all"
	"boardroom/internal/emptydb"
	"boardroom/pairing"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// noRooms makes rooms only in the store (the tests read them back).
type noRooms struct{}

func (noRooms) NewRoomContext(ctx context.Context) (context.Context, error) { return ctx, nil }
func (noRooms) RunNew(context.Context, *store.Room) error                   { return nil }

// houseHarness is a node's pools over a SQLite file with the house bots
// made, on a clock the test moves.
type houseHarness struct {
	ps    *Pools
	st    *store.SQLite
	acc   *accounts.Service
	clock time.Time
}

func newHouseHarness(t *testing.T, games int) *houseHarness {
	st, err := store.OpenSQLite(emptydb.Path(t, "h.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	h := &houseHarness{st: st, acc: &accounts.Service{Store: st}, clock: time.Now()}
	house, err := HouseBots(t.Context(), h.acc)
	require.NoError(t, err)
	require.Len(t, house, 3, "one per level")
	h.ps = &Pools{Store: st, Ratings: st, Games: st, Bots: st, Rooms: noRooms{}, Log: slog.New(slog.DiscardHandler),
		Now: func() time.Time { return h.clock }, House: &House{Bots: house, Games: games, Store: st}, BotGamesPerHour: -1}
	return h
}

// enter puts a new account (a bot's, or a person's) in kalah/fast.
func (h *houseHarness) enter(t *testing.T, name string, bot, wantsBots bool) *Wait {
	ctx := t.Context()
	owner, err := h.acc.SignUp(ctx, name+"-owner", "a long password")
	require.NoError(t, err)
	account := owner.Name
	if bot {
		b, _, err := h.acc.CreateBot(ctx, owner, name)
		require.NoError(t, err)
		account = b.Name
	}
	w, err := h.ps.Enter(ctx, pairing.Pool{Game: "kalah", Speed: vocab.FastClock},
		Player{TokenHash: "token-" + name, Account: account, Bot: bot, WantsBots: wantsBots})
	require.NoError(t, err)
	return w
}

// wait moves the clock on by d, the waiting pages saying each second that
// they are open (as Run's look does).
func (h *houseHarness) wait(t *testing.T, d time.Duration) {
	for step := time.Second; d > 0; d -= step {
		h.clock = h.clock.Add(min(step, d))
		h.ps.see(t.Context())
	}
}

func (h *houseHarness) pair(t *testing.T) int {
	n, err := h.ps.PairPool(t.Context(), "kalah/fast")
	require.NoError(t, err)
	return n
}

// ended says the wait w has ended.
func ended(w *Wait) bool {
	select {
	case <-w.Done():
		return true
	default:
		return false
	}
}

// roomOf is the room the wait w was paired into.
func (h *houseHarness) roomOf(t *testing.T, w *Wait) *store.Room {
	require.True(t, ended(w), "the wait has not ended")
	rec, err := h.st.Room(t.Context(), w.Room())
	require.NoError(t, err)
	return rec
}

// houseAndOther are a house game's seats: the house bot's, and the other.
func houseAndOther(rec *store.Room) (house, other store.Seat) {
	for _, s := range rec.Seats {
		if s.Kind == vocab.ComputerSeat {
			house = s
		} else {
			other = s
		}
	}
	return house, other
}

// A bot alone in a pool meets a house bot after pairing.HouseAfter: a
// rated game against the computer's seat under the house bot's account;
// a person who asked for bots too, and nobody else.
func TestHouseBotsInThePools(t *testing.T) {
	t.Parallel()
	h := newHouseHarness(t, 4)
	deep := h.enter(t, "Deep", true, false)
	require.Zero(t, h.pair(t), "a house bot waits for the pool first")
	h.wait(t, pairing.HouseAfter)
	require.Equal(t, 1, h.pair(t))
	rec := h.roomOf(t, deep)
	require.True(t, rec.Rated, "a bot's game against a house bot is rated")
	require.Equal(t, vocab.Friend, rec.Mode)
	house, bot := houseAndOther(rec)
	require.Equal(t, "Boardroom-Beginner", house.Account, "nearest in rating: all are new (1500), the first of equals")
	require.Equal(t, vocab.Beginner, house.Level)
	require.True(t, house.BotAccount)
	require.True(t, match.HouseSeat(house), "the room sees a house bot's seat")
	require.False(t, match.HouseSeat(bot))
	require.Empty(t, house.TokenHash, "nobody holds the computer's seat")
	require.Equal(t, "Deep", bot.Account)
	require.Equal(t, vocab.Human, bot.Kind)

	person := h.enter(t, "wants", false, true)
	h.wait(t, pairing.HouseAfter)
	require.Equal(t, 1, h.pair(t), "a person who wants bots")
	house, other := houseAndOther(h.roomOf(t, person))
	require.NotEmpty(t, house.Account, "against a house bot")
	require.Equal(t, "wants-owner", other.Account)
	shy := h.enter(t, "shy", false, false)
	h.wait(t, pairing.RangeOpen)
	require.Zero(t, h.pair(t), "a person who did not ask for bots")
	require.False(t, ended(shy), "a person who did not ask for bots was given one")
}

// At most HouseGames house games are in play at once: the next seeker
// waits until one is over.
func TestHouseGamesAreCapped(t *testing.T) {
	t.Parallel()
	h := newHouseHarness(t, 1)
	var waits []*Wait
	for _, name := range []string{"first", "second", "third"} {
		waits = append(waits, h.enter(t, name, true, false))
		h.wait(t, time.Second)
	}
	first, second, third := waits[0], waits[1], waits[2]
	require.Equal(t, 1, h.pair(t), "two bots meet each other first")
	var alone *Wait
	for _, w := range []*Wait{first, second, third} {
		if !ended(w) {
			alone = w
		}
	}
	require.Equal(t, third, alone, "the two who waited longest")
	h.wait(t, pairing.HouseAfter)
	require.Equal(t, 1, h.pair(t))
	game := h.roomOf(t, third)

	fourth := h.enter(t, "fourth", true, false)
	h.wait(t, pairing.HouseAfter)
	require.Zero(t, h.pair(t), "the one house game the server allows is in play")
	_, err := h.st.SetResult(t.Context(), game.ID, store.Result{Over: true, Winner: 0, Reason: "done"})
	require.NoError(t, err)
	require.Equal(t, 1, h.pair(t), "a house game over makes room for the next")
	require.NotEmpty(t, h.roomOf(t, fourth).ID)

	off := newHouseHarness(t, 0)
	w := off.enter(t, "alone", true, false)
	off.wait(t, pairing.RangeOpen)
	require.Zero(t, off.pair(t), "no house games allowed: no house bots")
	require.False(t, ended(w), "paired with nobody")
}

// A player with a house game in play is not given another in the pools
// (one account took every game the house may play): they wait for someone
// else, or for the end of their game.
func TestOneHouseGameAPlayerInThePools(t *testing.T) {
	t.Parallel()
	h := newHouseHarness(t, 4)
	deep := h.enter(t, "Deep", true, false)
	h.wait(t, pairing.HouseAfter)
	require.Equal(t, 1, h.pair(t))
	game := h.roomOf(t, deep)

	_, bot := houseAndOther(game)
	again, err := h.ps.Enter(t.Context(), pairing.Pool{Game: "kalah", Speed: vocab.FastClock},
		Player{TokenHash: "token-Deep", Account: bot.Account, Bot: true})
	require.NoError(t, err)
	h.wait(t, pairing.HouseAfter)
	require.Zero(t, h.pair(t), "Deep's house game is in play: no second")
	require.False(t, ended(again))
	_, err = h.st.SetResult(t.Context(), game.ID, store.Result{Over: true, Winner: 0, Reason: "done"})
	require.NoError(t, err)
	require.Equal(t, 1, h.pair(t), "that game over, the house plays Deep again")
	house, _ := houseAndOther(h.roomOf(t, again))
	require.NotEmpty(t, house.Account)
}
