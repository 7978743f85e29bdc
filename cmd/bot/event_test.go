package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/roombot/roombottest"
	"boardroom/store"
	"boardroom/tournament/director"
)

// TestBotsPlayAnEngineChampionship: two bots started with -tournament
// enter a bots-only arena, are paired, play their game to the end with
// Boardroom's own engine, and stop (exit 0) once the arena's time has
// run out and the event is over; each prints its game's result, and the
// standings count it.
func TestBotsPlayAnEngineChampionship(t *testing.T) {
	t.Parallel()
	require.NoError(t, buildErr)
	s := roombottest.New(t)
	id := s.Arena("kalah", 10, "bots only")
	tokens := []string{s.Bot("Alpha"), s.Bot("Beta")}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	done := make(chan result, 2)
	for _, token := range tokens {
		go func() {
			done <- runBot(ctx, "-server", s.URL(), "-token", token, "-tournament", id, "-engine", playEngine)
		}()
	}
	require.Eventually(t, func() bool {
		games, err := s.Store.TournamentGames(t.Context(), id)
		return err == nil && len(games) == 1
	}, 30*time.Second, 10*time.Millisecond, "the bots are paired")
	s.Later(time.Hour) // no more pairing: the event ends with its game

	var rooms []string
	for range tokens {
		r := <-done
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stderr, "bot: the event is over")
		require.NotContains(t, r.stderr, "left the event", "an event over is not left")
		room, text, ok := strings.Cut(strings.TrimSpace(r.stdout), ": ")
		require.True(t, ok, r.stdout)
		require.Contains(t, text, "(the engine played ")
		rooms = append(rooms, room)
	}
	require.Equal(t, rooms[0], rooms[1], "the two bots played each other")
	require.True(t, s.Room(rooms[0]).Over)

	games, err := s.Store.TournamentGames(t.Context(), id)
	require.NoError(t, err)
	require.Len(t, games, 1)
	require.NotEqual(t, store.GamePlaying, games[0].Result)
	entrants, err := s.Store.Entrants(t.Context(), id)
	require.NoError(t, err)
	total := 0
	for _, st := range director.ArenaStandings(entrants, games) {
		require.True(t, st.Active, "still in: the event ended first")
		total += st.Sheet.Total
	}
	require.Equal(t, 2, total, "a win's 2 points, or a draw's 1 each")
	event, err := s.Store.Tournament(t.Context(), id)
	require.NoError(t, err)
	require.Equal(t, store.TournamentFinished, event.Status)
}

// TestBotEventRefusalsAndLeaving: an event for people alone, or none,
// stops the bot with the server's words and exit 1; a bot interrupted
// while it waits for its game leaves the event, keeping its row.
func TestBotEventRefusalsAndLeaving(t *testing.T) {
	t.Parallel()
	require.NoError(t, buildErr)
	s := roombottest.New(t)
	token := s.Bot("Gamma")
	people := s.Arena("kalah", 10, "people")
	for _, tc := range []struct{ name, token, event, want string }{
		{"people only", token, people, "bot: the event refused the bot: Bots may not enter this event."},
		{"no such event", token, "nope", "bot: the event refused the bot: There is no such event."},
		{"unknown token", "boardroom_bot_nope", people, "bot: the server does not know the bot's token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runBot(t.Context(), "-server", s.URL(), "-token", tc.token, "-tournament", tc.event, "-engine", playEngine)
			require.Equal(t, 1, r.code, r.stderr)
			require.Contains(t, r.stderr, tc.want)
			require.Empty(t, r.stdout)
		})
	}

	id := s.Arena("kalah", 10, "bots")
	active := func() map[string]bool {
		entrants, err := s.Store.Entrants(t.Context(), id)
		require.NoError(t, err)
		in := map[string]bool{}
		for _, e := range entrants {
			in[e.Account] = e.Active
		}
		return in
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan result, 1)
	go func() {
		done <- runBot(ctx, "-server", s.URL(), "-token", token, "-tournament", id, "-engine", playEngine)
	}()
	require.Eventually(t, func() bool { return active()["Gamma"] }, 10*time.Second, 10*time.Millisecond, "the bot entered")
	cancel()
	r := <-done
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "bot: left the event")
	require.Equal(t, map[string]bool{"Gamma": false}, active(), "out of the pairings, its row kept")
}
