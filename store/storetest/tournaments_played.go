package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// tournamentsPlayed: a player's events are those they played (a game or
// a bye), under way ones first (the last started first), then the
// finished (the last finished first), bounded; each comes with all its
// entrants and games. An event they only joined, or withdrew from
// before its start, is not among them; one they paused is, and a pause
// keeps their row.
func tournamentsPlayed(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	tick(sub)
	at := time.UnixMilli(1_900_000_000_000)
	// play makes event id of kind, started at start, with entrants and
	// games (seats; a bye has one), each won by its first seat; ends is
	// when it finished (zero: under way).
	play := func(id, kind string, start, ends time.Time, entrants []string, games ...[2]string) {
		e := sampleArena(id, start)
		e.Kind = kind
		require.NoError(t, s.CreateTournament(ctx, e))
		for i, a := range entrants {
			require.NoError(t, s.JoinTournament(ctx, id, store.Entrant{Account: a, Rating: 1500 - i, Joined: start.Add(time.Duration(i) * time.Second)}))
		}
		d, err := s.Direct(ctx, id, "node", start, time.Hour)
		require.NoError(t, err)
		require.NoError(t, s.StartTournament(ctx, id, d, start, start.Add(time.Hour)))
		made, err := s.PairTournament(ctx, id, d, func([]store.Entrant, []store.TournamentGame) []store.TournamentPairing {
			var out []store.TournamentPairing
			for _, g := range games {
				p := store.TournamentPairing{Seats: g}
				if g[1] != "" {
					p.Room = SampleRoom(id + "-" + g[0] + "-" + g[1])
				}
				out = append(out, p)
			}
			return out
		})
		require.NoError(t, err)
		for _, p := range made {
			if p.Room != nil {
				require.NoError(t, ResultErr(s.SetResult(ctx, p.Room.ID, store.Result{Over: true, Winner: 0, Reason: "won"})))
			}
		}
		if !ends.IsZero() {
			require.NoError(t, s.FinishTournament(ctx, id, d, ends))
		}
	}
	play("arena", store.Arena, at, at.Add(time.Hour), []string{"ann", "bea", "cat"}, [2]string{"bea", "ann"})
	play("swiss", store.Swiss, at, at.Add(2*time.Hour), []string{"ann", "bea", "cat"}, [2]string{"bea", "cat"}, [2]string{"ann"})
	play("watched", store.Arena, at, at.Add(3*time.Hour), []string{"ann", "bea", "cat"}, [2]string{"bea", "cat"})
	play("running", store.Arena, at.Add(time.Hour), time.Time{}, []string{"ann", "bea"}, [2]string{"ann", "bea"})
	play("later", store.Arena, at.Add(2*time.Hour), time.Time{}, []string{"bea", "ann"}, [2]string{"bea", "ann"})
	require.NoError(t, s.CreateTournament(ctx, sampleArena("waiting", at.Add(5*time.Hour))))
	require.NoError(t, s.JoinTournament(ctx, "waiting", store.Entrant{Account: "ann", Rating: 1500, Joined: at}))
	require.NoError(t, s.JoinTournament(ctx, "waiting", store.Entrant{Account: "cat", Rating: 1500, Joined: at}))
	require.NoError(t, s.LeaveTournament(ctx, "waiting", "cat"))
	require.NoError(t, s.LeaveTournament(ctx, "running", "ann"))

	played, err := s.TournamentsPlayed(ctx, "ann", 10)
	require.NoError(t, err)
	var ids []string
	for _, p := range played {
		ids = append(ids, p.ID)
	}
	require.Equal(t, []string{"later", "running", "swiss", "arena"}, ids,
		"under way, the last started first; then finished, the last finished first; not one only joined")
	arena := played[3]
	require.Equal(t, store.TournamentFinished, arena.Status)
	require.Equal(t, at.Add(time.Hour), arena.Ends, "when it finished")
	require.Equal(t, "Hourly Kalah", arena.Name)
	require.Equal(t, map[string]string{"houses": "6", "seeds": "4"}, arena.Options)
	require.Equal(t, []store.Entrant{
		{Account: "ann", Rating: 1500, Joined: at, Active: true},
		{Account: "bea", Rating: 1499, Joined: at.Add(time.Second), Active: true},
		{Account: "cat", Rating: 1498, Joined: at.Add(2 * time.Second), Active: true},
	}, arena.Entrants, "every entrant, in the order they joined")
	require.Len(t, arena.Games, 1)
	require.Equal(t, [2]string{"bea", "ann"}, arena.Games[0].Seats)
	require.Equal(t, 0, arena.Games[0].Result)
	require.Len(t, played[2].Games, 2, "the Swiss event's game and ann's bye")
	require.Equal(t, store.Swiss, played[2].Kind)
	require.False(t, played[1].Entrants[0].Active, "ann paused: her row kept")

	played, err = s.TournamentsPlayed(ctx, "ann", 2)
	require.NoError(t, err)
	require.Len(t, played, 2, "bounded")
	require.Equal(t, "running", played[1].ID)
	for _, who := range []string{"cat", "dan"} {
		played, err = s.TournamentsPlayed(ctx, who, 10)
		require.NoError(t, err)
		require.Len(t, played, map[string]int{"cat": 2, "dan": 0}[who], who)
	}
	entrants, err := s.Entrants(ctx, "waiting")
	require.NoError(t, err)
	require.Len(t, entrants, 1, "cat withdrew before the start")
}
