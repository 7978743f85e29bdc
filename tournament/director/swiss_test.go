package director

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
)

// swissEvent makes a Swiss event of rounds starting now, with players.
func (h *arenaHarness) swissEvent(id string, rounds int, twoGames bool, players ...string) {
	require.NoError(h.t, h.st.CreateTournament(context.Background(), &store.Tournament{ID: id, Name: "Swiss", Kind: store.Swiss,
		Game: "kalah", Options: map[string]string{}, Clock: vocab.FastClock, Rounds: rounds, TwoGames: twoGames, Rated: true,
		Starts: h.clock, Created: h.clock}))
	for _, p := range players {
		require.NoError(h.t, Join(context.Background(), h.st, id, p, false, h.clock))
	}
}

// roundOf lists round r's games and byes.
func roundOf(games []store.TournamentGame, r int) (played []store.TournamentGame, byes []store.TournamentGame) {
	for _, g := range games {
		switch {
		case g.Round != r:
		case g.Seats[1] == "":
			byes = append(byes, g)
		default:
			played = append(played, g)
		}
	}
	return played, byes
}

// A Swiss event of five plays its rounds one after another: each is
// paired when the last game of the one before ended, the odd player out
// sits with a full point (never twice), nobody meets anyone twice, a
// latecomer gets one half-point bye, and it finishes after its last round
// with standings by points, Buchholz and Sonneborn–Berger.
func TestASwissEvent(t *testing.T) {
	h := newArenaHarness(t)
	ctx := context.Background()
	h.swissEvent("s", 3, false, "ann", "bea", "cat", "dan", "eve")
	d := h.director("node")
	met := map[[2]string]bool{}
	hadBye := map[string]bool{}
	for r := 1; r <= 3; r++ {
		require.NoError(t, d.Step(ctx))
		require.NoError(t, d.Step(ctx), "a second look pairs nothing while the round is played")
		played, byes := roundOf(h.games("s"), r)
		want := 2 // five: one sits out
		if r > 1 {
			want = 3 // with fay, who came after round 1
		}
		require.Len(t, played, want, "round %d", r)
		for _, g := range played {
			pair := [2]string{min(g.Seats[0], g.Seats[1]), max(g.Seats[0], g.Seats[1])}
			require.False(t, met[pair], "%v met again in round %d", pair, r)
			met[pair] = true
		}
		for _, b := range byes {
			if b.Result == 0 {
				require.False(t, hadBye[b.Seats[0]], "%s sits out twice", b.Seats[0])
				hadBye[b.Seats[0]] = true
			}
		}
		if r == 1 {
			require.NoError(t, Join(ctx, h.st, "s", "fay", false, h.clock))
		}
		if r == 2 {
			half := 0
			for _, b := range byes {
				if b.Result == -1 {
					require.Equal(t, "fay", b.Seats[0])
					half++
				}
			}
			require.Equal(t, 1, half, "the latecomer's half-point bye")
		}
		require.Equal(t, store.TournamentStarted, h.event("s").Status)
		for i, g := range played {
			h.end(g.Room, i%2) // the first game's first seat wins, the next's second…
		}
	}
	require.NoError(t, d.Step(ctx))
	require.Equal(t, store.TournamentFinished, h.event("s").Status)
	standings := SwissStandings(mustEntrants(t, h, "s"), h.games("s"))
	require.Len(t, standings, 6)
	total := 0
	for i, s := range standings {
		total += s.Points
		if i > 0 {
			require.LessOrEqual(t, s.Points, standings[i-1].Points, "by points")
		}
	}
	require.Equal(t, 2*8+2+1, total, "8 games of 2 points, a full bye, a half")
}

// With two games a round each pairing plays twice, each player first once;
// two players meet in one round only, and the event ends when no round is
// left without a repeat.
func TestASwissOfTwoGamesARound(t *testing.T) {
	h := newArenaHarness(t)
	ctx := context.Background()
	h.swissEvent("two", 3, true, "ann", "bea")
	d := h.director("node")
	require.NoError(t, d.Step(ctx))
	games := h.games("two")
	require.Len(t, games, 2)
	require.Equal(t, games[0].Seats, [2]string{games[1].Seats[1], games[1].Seats[0]}, "each first once")
	for _, g := range games {
		room, err := h.st.Room(ctx, g.Room)
		require.NoError(t, err)
		require.Equal(t, g.Seats[0], room.Seats[0].Account, "the room seats the pairing's first seat first")
		h.end(g.Room, 0)
	}
	require.NoError(t, d.Step(ctx))
	require.Len(t, h.games("two"), 2, "no second round: they would meet again")
	require.Equal(t, store.TournamentFinished, h.event("two").Status)
	standings := SwissStandings(mustEntrants(t, h, "two"), h.games("two"))
	require.Equal(t, 2, standings[0].Points)
	require.Equal(t, 2, standings[1].Points, "a win each")
}
