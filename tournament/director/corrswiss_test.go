package director

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
)

// day is a correspondence clock's unit, for the tests' clock.
const day = vocab.Day

// corrSwiss makes a correspondence Swiss event of rounds, days a move and
// roundDays between its rounds, starting now, with players.
func (h *arenaHarness) corrSwiss(id string, rounds, days, roundDays int, players ...string) {
	require.NoError(h.t, h.st.CreateTournament(context.Background(), &store.Tournament{ID: id, Name: "Swiss", Kind: store.Swiss,
		Game: "kalah", Options: map[string]string{}, Clock: vocab.CorrespondenceClock, Days: days, Rounds: rounds,
		RoundDays: roundDays, Rated: true, Starts: h.clock, Created: h.clock}))
	for _, p := range players {
		require.NoError(h.t, Join(context.Background(), h.st, id, p, false, h.clock))
	}
}

// endRound ends round r's games of event id, the first seat winning.
func (h *arenaHarness) endRound(id string, r int) {
	played, _ := roundOf(h.games(id), r)
	for _, g := range played {
		if g.Result == store.GamePlaying {
			h.end(g.Room, 0)
		}
	}
}

// rounds counts the rounds event id has paired.
func (h *arenaHarness) rounds(id string) int {
	n := 0
	for _, g := range h.games(id) {
		n = max(n, g.Round)
	}
	return n
}

func TestRoundStart(t *testing.T) {
	t.Parallel()
	starts := time.Date(2026, 11, 25, 15, 0, 0, 0, time.UTC)
	started := starts.Add(time.Hour)
	for _, tc := range []struct {
		name  string
		t     store.Tournament
		round int
		want  time.Time
	}{
		{"a live Swiss has no set days", store.Tournament{Starts: starts, Started: started, Rounds: 5}, 2, time.Time{}},
		{"round 1 at its start", store.Tournament{Starts: starts, Started: started, Rounds: 5, RoundDays: 7}, 1, started},
		{"round 3 two weeks after", store.Tournament{Starts: starts, Started: started, Rounds: 5, RoundDays: 7}, 3, started.Add(14 * day)},
		{"before its start, from when it is to start", store.Tournament{Starts: starts, Rounds: 5, RoundDays: 3}, 2, starts.Add(3 * day)},
		{"no round 0", store.Tournament{Starts: starts, Rounds: 5, RoundDays: 3}, 0, time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tc.want, RoundStart(tc.t, tc.round))
		})
	}
}

// A correspondence Swiss starts each round at its set day, not when the
// one before ended; its games have the event's days a move; a round whose
// day came while a game of the one before still ran waits for it, and the
// round after keeps its own day; it finishes once its last round's games
// have ended, with standings.
func TestACorrespondenceSwissPlaysRoundsAtSetDays(t *testing.T) {
	t.Parallel()
	h := newArenaHarness(t)
	ctx := context.Background()
	start := h.clock
	h.corrSwiss("c", 3, 2, 7, "ann", "bea", "cat", "dan")
	d := h.director("node")

	require.NoError(t, d.Step(ctx))
	require.Equal(t, store.TournamentStarted, h.event("c").Status)
	played, _ := roundOf(h.games("c"), 1)
	require.Len(t, played, 2, "round 1 at once")
	room, err := h.st.Room(ctx, played[0].Room)
	require.NoError(t, err)
	require.Equal(t, vocab.CorrespondenceClock, room.Clock)
	require.Equal(t, 2, room.Days, "the event's days a move")

	h.clock = start.Add(day)
	h.endRound("c", 1)
	require.NoError(t, d.Step(ctx))
	require.Equal(t, 1, h.rounds("c"), "round 1 over after a day: round 2 waits for its day")
	h.clock = start.Add(7*day - time.Second)
	require.NoError(t, d.Step(ctx))
	require.Equal(t, 1, h.rounds("c"), "a second before its day")
	h.clock = start.Add(7 * day)
	require.NoError(t, d.Step(ctx))
	require.Equal(t, 2, h.rounds("c"), "round 2 on its day")
	played, _ = roundOf(h.games("c"), 2)
	require.Len(t, played, 2)
	require.True(t, start.Add(7*day).Equal(played[0].Started), "started %v", played[0].Started)

	// Round 3's day comes with a game of round 2 going on: it waits.
	h.end(played[0].Room, 1)
	h.clock = start.Add(14 * day)
	require.NoError(t, d.Step(ctx))
	require.Equal(t, 2, h.rounds("c"), "round 3 waits for round 2's last game")
	h.clock = start.Add(16 * day)
	h.end(played[1].Room, -1)
	require.NoError(t, d.Step(ctx))
	require.Equal(t, 3, h.rounds("c"), "round 3 once round 2's last game ended")
	played, _ = roundOf(h.games("c"), 3)
	require.True(t, start.Add(16*day).Equal(played[0].Started), "started %v", played[0].Started)

	h.clock = start.Add(18 * day)
	h.endRound("c", 3)
	require.NoError(t, d.Step(ctx))
	require.Equal(t, store.TournamentFinished, h.event("c").Status, "after the last round's games, no set day to wait for")
	standings := SwissStandings(mustEntrants(t, h, "c"), h.games("c"))
	require.Len(t, standings, 4)
	total := 0
	for _, s := range standings {
		total += s.Points
	}
	require.Equal(t, 6*2, total, "six games of a point each")
}

// A correspondence Swiss of five sits one out with a point each round,
// never the same twice, and a player who joins after round 1 gets a
// half-point bye when round 2 starts on its day.
func TestACorrespondenceSwissGivesByes(t *testing.T) {
	t.Parallel()
	h := newArenaHarness(t)
	ctx := context.Background()
	start := h.clock
	h.corrSwiss("b", 2, 1, 3, "ann", "bea", "cat", "dan", "eve")
	d := h.director("node")
	require.NoError(t, d.Step(ctx))
	played, byes := roundOf(h.games("b"), 1)
	require.Len(t, played, 2)
	require.Len(t, byes, 1)
	require.Equal(t, 0, byes[0].Result, "a full point")
	first := byes[0].Seats[0]

	require.NoError(t, Join(ctx, h.st, "b", "fay", false, h.clock.Add(time.Hour)))
	h.clock = start.Add(2 * day)
	h.endRound("b", 1)
	require.NoError(t, d.Step(ctx))
	require.Equal(t, 1, h.rounds("b"), "not before its day, the latecomer or not")
	h.clock = start.Add(3 * day)
	require.NoError(t, d.Step(ctx))
	played, byes = roundOf(h.games("b"), 2)
	require.Len(t, played, 3, "six players")
	for _, b := range byes {
		require.NotEqual(t, first, b.Seats[0], "nobody sits out twice with a point")
		require.Equal(t, "fay", b.Seats[0])
		require.Equal(t, -1, b.Result, "the latecomer's half point")
	}
	require.Len(t, byes, 1)
}

// countingStore counts the reads of an event's games.
type countingStore struct {
	store.Tournaments
	reads atomic.Int32
}

func (c *countingStore) TournamentGames(ctx context.Context, id string) ([]store.TournamentGame, error) {
	c.reads.Add(1)
	return c.Tournaments.TournamentGames(ctx, id)
}

// Between its rounds' days a correspondence Swiss costs its director no
// read of its games (nor any room: the rooms sleep), and a round's day
// is kept under the event's lease: another node pairs nothing.
func TestACorrespondenceSwissWaitsQuietlyUnderItsLease(t *testing.T) {
	t.Parallel()
	h := newArenaHarness(t)
	ctx := context.Background()
	start := h.clock
	h.corrSwiss("q", 2, 1, 5, "ann", "bea", "cat", "dan")
	counting := &countingStore{Tournaments: h.st}
	d := h.director("node-a")
	d.Store = counting
	other := h.director("node-b")
	require.NoError(t, d.Step(ctx))
	require.NoError(t, other.Step(ctx))
	require.Equal(t, 1, h.rounds("q"))
	h.endRound("q", 1)
	ran := len(h.rooms.ran)

	counting.reads.Store(0)
	for i := 1; i < 5; i++ {
		h.clock = start.Add(time.Duration(i) * day)
		require.NoError(t, d.Step(ctx))
	}
	require.Zero(t, counting.reads.Load(), "no game read before the round's day")
	require.Len(t, h.rooms.ran, ran, "no room run")

	h.clock = start.Add(5*day - time.Second)
	require.NoError(t, d.Step(ctx)) // node-a looks every second: its lease runs
	h.clock = start.Add(5 * day)
	require.NoError(t, other.Step(ctx))
	require.Equal(t, 1, h.rounds("q"), "node-b does not hold the event")
	require.NoError(t, d.Step(ctx))
	require.Equal(t, 2, h.rounds("q"), "node-a pairs round 2 on its day")
}
