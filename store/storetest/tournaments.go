package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
)

// sampleArena is a Kalah arena of an hour starting at starts.
func sampleArena(id string, starts time.Time) *store.Tournament {
	return &store.Tournament{ID: id, Name: "Hourly Kalah", Kind: store.Arena, Game: "kalah",
		Options: map[string]string{"houses": "6", "seeds": "4"}, Clock: vocab.FastClock, Minutes: 60, Rated: true, Bots: true,
		Starts: starts, Created: starts.Add(-time.Hour)}
}

// tournaments: an event is stored and listed; players join, leave and
// come back; it is directed under a lease whose epoch fences out a former
// director; a wave of pairings makes its rooms and games in one write,
// and a game's result reaches the event once, in the write that records
// it on the room.
func tournaments(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	tick(sub)
	at := time.UnixMilli(1_900_000_000_000)
	require.NoError(t, s.CreateTournament(ctx, sampleArena("soon", at.Add(time.Hour))))
	require.NoError(t, s.CreateTournament(ctx, sampleArena("now", at)))
	require.ErrorIs(t, s.CreateTournament(ctx, sampleArena("now", at)), store.ErrTaken, "made by another node already")
	got, err := s.Tournament(ctx, "now")
	require.NoError(t, err)
	require.Equal(t, store.TournamentCreated, got.Status)
	require.Equal(t, "Hourly Kalah", got.Name)
	require.Equal(t, map[string]string{"houses": "6", "seeds": "4"}, got.Options)
	require.Equal(t, at, got.Starts)
	require.True(t, got.Started.IsZero())
	_, err = s.Tournament(ctx, "none")
	require.ErrorIs(t, err, store.ErrNotFound)
	listed, err := s.ListTournaments(ctx, store.TournamentCreated, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"now", "soon"}, tournamentIDs(listed), "soonest first")
	due, err := s.TournamentsToDirect(ctx, at)
	require.NoError(t, err)
	require.Equal(t, []string{"now"}, tournamentIDs(due), "its start has come")

	for i, a := range []string{"ann", "bea", "cat", "dan"} {
		require.NoError(t, s.JoinTournament(ctx, "now", store.Entrant{Account: a, Rating: 1500 + i, Joined: at.Add(time.Duration(i) * time.Second)}))
	}
	require.ErrorIs(t, s.JoinTournament(ctx, "none", store.Entrant{Account: "ann", Joined: at}), store.ErrNotFound)
	require.NoError(t, s.LeaveTournament(ctx, "now", "dan"))
	require.NoError(t, s.LeaveTournament(ctx, "none", "dan"), "nobody is in no event")
	entrants, err := s.Entrants(ctx, "now")
	require.NoError(t, err)
	require.Len(t, entrants, 3, "dan withdrew before the start")
	require.Equal(t, store.Entrant{Account: "bea", Rating: 1501, Joined: at.Add(time.Second), Active: true}, entrants[1])
	require.NoError(t, s.JoinTournament(ctx, "now", store.Entrant{Account: "dan", Rating: 1503, Joined: at.Add(3 * time.Second)}))
	entrants, err = s.Entrants(ctx, "now")
	require.NoError(t, err)
	require.Equal(t, store.Entrant{Account: "dan", Rating: 1503, Joined: at.Add(3 * time.Second), Active: true}, entrants[3],
		"entered anew")

	// The lease: a, then b once a's ran out; a is fenced out.
	a, err := s.Direct(ctx, "now", "node-a", at, time.Minute)
	require.NoError(t, err)
	renewed, err := s.Direct(ctx, "now", "node-a", at.Add(30*time.Second), time.Minute)
	require.NoError(t, err)
	require.Equal(t, a, renewed, "renewed: the same epoch")
	_, err = s.Direct(ctx, "now", "node-b", at.Add(time.Minute), time.Minute)
	require.ErrorIs(t, err, store.ErrDirected, "a's lease runs")
	require.NoError(t, s.StartTournament(ctx, "now", a, at, at.Add(time.Hour)))
	got, err = s.Tournament(ctx, "now")
	require.NoError(t, err)
	require.Equal(t, store.TournamentStarted, got.Status)
	require.Equal(t, at.Add(time.Hour), got.Ends)

	pick := func(seats ...[2]string) func([]store.Entrant, []store.TournamentGame) []store.TournamentPairing {
		return func(es []store.Entrant, gs []store.TournamentGame) []store.TournamentPairing {
			require.Len(t, es, 4)
			var out []store.TournamentPairing
			for _, p := range seats {
				out = append(out, store.TournamentPairing{Room: SampleRoom(fmt.Sprintf("r-%s-%s-%d", p[0], p[1], len(gs))), Seats: p})
			}
			return out
		}
	}
	made, err := s.PairTournament(ctx, "now", a, pick([2]string{"ann", "bea"}, [2]string{"cat", "dan"}))
	require.NoError(t, err)
	require.Len(t, made, 2)
	room, err := s.Room(ctx, made[0].Room.ID)
	require.NoError(t, err)
	require.Equal(t, "now", room.Tournament, "the room knows its event")
	require.Equal(t, [2]bool{}, room.Berserk)
	require.NoError(t, s.SetBerserk(ctx, made[0].Room.ID, 1))
	room, err = s.Room(ctx, made[0].Room.ID)
	require.NoError(t, err)
	require.Equal(t, [2]bool{false, true}, room.Berserk, "read with the room")
	games, err := s.TournamentGames(ctx, "now")
	require.NoError(t, err)
	require.Len(t, games, 2)
	require.Equal(t, store.TournamentGame{Room: made[0].Room.ID, Round: 1, Seats: [2]string{"ann", "bea"}, Result: store.GamePlaying,
		Berserk: [2]bool{false, true}, Started: games[0].Started}, games[0])

	b, err := s.Direct(ctx, "now", "node-b", at.Add(2*time.Minute), time.Minute)
	require.NoError(t, err, "a's lease ran out")
	require.Greater(t, b.Epoch, a.Epoch)
	_, err = s.PairTournament(ctx, "now", a, pick([2]string{"bea", "ann"}))
	require.ErrorIs(t, err, store.ErrDirected, "a stalled director pairs nobody")
	require.ErrorIs(t, s.FinishTournament(ctx, "now", a, at.Add(2*time.Minute)), store.ErrDirected)
	games, err = s.TournamentGames(ctx, "now")
	require.NoError(t, err)
	require.Len(t, games, 2, "nothing of a's written")

	// Results, once each; an aborted game is no result.
	_, err = s.SetResult(ctx, made[0].Room.ID, store.Result{Over: true, Winner: 1, Reason: "bea wins", Moves: [2]int{12, 12}})
	require.NoError(t, err)
	_, err = s.SetResult(ctx, made[0].Room.ID, store.Result{Over: true, Winner: 0, Reason: "again"})
	require.NoError(t, err)
	_, err = s.SetResult(ctx, made[1].Room.ID, store.Result{Over: true, Winner: -1, Aborted: true, AbortedBy: 0})
	require.NoError(t, err)
	games, err = s.TournamentGames(ctx, "now")
	require.NoError(t, err)
	require.Equal(t, 1, games[0].Result, "the first result counts, once")
	require.Equal(t, [2]int{12, 12}, games[0].Moves)
	require.False(t, games[0].Ended.IsZero())
	require.Equal(t, store.GameAborted, games[1].Result)
	require.ErrorIs(t, s.SetBerserk(ctx, made[0].Room.ID, 0), store.ErrGone, "over")

	// b pairs the next wave; it sees the games so far. The pairings come
	// back in pick's order, a bye among them.
	made, err = s.PairTournament(ctx, "now", b, func(es []store.Entrant, gs []store.TournamentGame) []store.TournamentPairing {
		return append([]store.TournamentPairing{{Seats: [2]string{"dan"}}}, pick([2]string{"bea", "cat"})(es, gs)...)
	})
	require.NoError(t, err)
	require.Len(t, made, 2)
	require.Nil(t, made[0].Room, "the bye first, as picked")
	require.Equal(t, "r-bea-cat-2", made[1].Room.ID)
	games, err = s.TournamentGames(ctx, "now")
	require.NoError(t, err)
	require.Equal(t, 2, games[2].Round)
	require.NoError(t, s.FinishTournament(ctx, "now", b, at.Add(time.Hour)))
	require.ErrorIs(t, s.JoinTournament(ctx, "now", store.Entrant{Account: "eve", Joined: at}), store.ErrGone)
	finished, err := s.ListTournaments(ctx, store.TournamentFinished, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"now"}, tournamentIDs(finished))
}

// tournamentStartNow: an event's creator brings its start to now, once,
// before it starts; nobody else may; the events waiting to start are
// counted by creator; a player's events under way are listed; the
// entrants of events are counted.
func tournamentStartNow(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	at := time.UnixMilli(1_900_000_000_000)
	for _, id := range []string{"ann-1", "ann-2"} {
		e := sampleArena(id, at.Add(time.Hour))
		e.Creator = "ann"
		require.NoError(t, s.CreateTournament(ctx, e))
	}
	require.NoError(t, s.CreateTournament(ctx, sampleArena("site", at.Add(time.Hour))))
	n, err := s.UpcomingTournamentsBy(ctx, "ann")
	require.NoError(t, err)
	require.Equal(t, 2, n)
	n, err = s.UpcomingTournamentsBy(ctx, "bea")
	require.NoError(t, err)
	require.Zero(t, n)

	tests := []struct {
		name, id, who string
		want          error
	}{
		{"no such event", "none", "ann", store.ErrNotFound},
		{"not hers", "ann-1", "bea", store.ErrNotCreator},
		{"the site's has no creator", "site", "", store.ErrNotCreator},
		{"hers", "ann-1", "ann", nil},
		{"its start has come", "ann-1", "ann", store.ErrUnderWay},
	}
	for _, tc := range tests {
		err := s.StartTournamentNow(ctx, tc.id, tc.who, at)
		if tc.want == nil {
			require.NoError(t, err, tc.name)
			continue
		}
		require.ErrorIs(t, err, tc.want, tc.name)
	}
	got, err := s.Tournament(ctx, "ann-1")
	require.NoError(t, err)
	require.Equal(t, at, got.Starts)
	require.Equal(t, store.TournamentCreated, got.Status, "a director starts it")
	due, err := s.TournamentsToDirect(ctx, at)
	require.NoError(t, err)
	require.Equal(t, []string{"ann-1"}, tournamentIDs(due))

	d, err := s.Direct(ctx, "ann-2", "node", at, time.Minute)
	require.NoError(t, err)
	require.NoError(t, s.StartTournament(ctx, "ann-2", d, at, at.Add(time.Hour)))
	require.ErrorIs(t, s.StartTournamentNow(ctx, "ann-2", "ann", at.Add(-time.Hour)), store.ErrUnderWay, "started")
	n, err = s.UpcomingTournamentsBy(ctx, "ann")
	require.NoError(t, err)
	require.Equal(t, 1, n, "ann-1 waits for its director; ann-2 started")

	// The events not finished a player is in.
	for _, id := range []string{"ann-1", "ann-2", "site"} {
		require.NoError(t, s.JoinTournament(ctx, id, store.Entrant{Account: "bea", Rating: 1500, Joined: at}))
	}
	entered, err := s.TournamentsEntered(ctx, "bea")
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"ann-1", "ann-2", "site"}, entered, "waiting or under way")
	require.NoError(t, s.LeaveTournament(ctx, "ann-2", "bea"))
	entered, err = s.TournamentsEntered(ctx, "bea")
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"ann-1", "site"}, entered, "she left ann-2")
	d, err = s.Direct(ctx, "site", "node", at, time.Minute)
	require.NoError(t, err)
	require.NoError(t, s.StartTournament(ctx, "site", d, at, at.Add(time.Hour)))
	require.NoError(t, s.FinishTournament(ctx, "site", d, at.Add(time.Hour)))
	entered, err = s.TournamentsEntered(ctx, "bea")
	require.NoError(t, err)
	require.Equal(t, []string{"ann-1"}, entered, "site finished")

	counts, err := s.EntrantCounts(ctx, []string{"ann-1", "ann-2", "none"})
	require.NoError(t, err)
	require.Equal(t, map[string]int{"ann-1": 1, "ann-2": 1}, counts, "who left counts")
	counts, err = s.EntrantCounts(ctx, nil)
	require.NoError(t, err)
	require.Empty(t, counts)
}

// tournamentLeaseAtOnce: nodes asking for one event's lease at once: one
// holds it.
func tournamentLeaseAtOnce(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	at := time.UnixMilli(1_900_000_000_000)
	require.NoError(t, s.CreateTournament(ctx, sampleArena("e", at)))
	var wg sync.WaitGroup
	var mu sync.Mutex
	holders := map[int64]string{}
	for i := range 6 {
		wg.Go(func() {
			d, err := s.Direct(ctx, "e", fmt.Sprintf("node-%d", i), at, time.Minute)
			if err == nil {
				mu.Lock()
				holders[d.Epoch] += d.Node
				mu.Unlock()
				return
			}
			require.ErrorIs(t, err, store.ErrDirected)
		})
	}
	wg.Wait()
	require.Len(t, holders, 1, "one director: %v", holders)
}

func tournamentIDs(list []store.Tournament) []string {
	var out []string
	for _, t := range list {
		out = append(out, t.ID)
	}
	return out
}

// correspondenceSwiss: a Swiss event across days keeps its clock's days a
// move and its days between rounds, and a live one has none.
func correspondenceSwiss(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	at := time.UnixMilli(1_900_000_000_000)
	for _, tc := range []struct {
		id              string
		clock           vocab.Clock
		days, roundDays int
	}{
		{"corr", vocab.CorrespondenceClock, 2, 10},
		{"live", vocab.FastClock, 0, 0},
	} {
		require.NoError(t, s.CreateTournament(ctx, &store.Tournament{ID: tc.id, Name: "Swiss", Kind: store.Swiss, Game: "kalah",
			Options: map[string]string{}, Clock: tc.clock, Days: tc.days, Rounds: 5, RoundDays: tc.roundDays, Starts: at, Created: at}))
		got, err := s.Tournament(ctx, tc.id)
		require.NoError(t, err)
		require.Equal(t, tc.clock, got.Clock, tc.id)
		require.Equal(t, tc.days, got.Days, tc.id)
		require.Equal(t, tc.roundDays, got.RoundDays, tc.id)
	}
}
