package roombot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/roombot/roombottest"
	"boardroom/store"
	"boardroom/tournament/director"
)

// TestBotsPlayAnArena: two bot accounts enter an arena that bots may
// enter (one for bots alone, one for everyone) through Event, are paired,
// play their game to the end with their engines, and are told the event
// is over once its time has run out and its last game ended; the
// standings count the game.
func TestBotsPlayAnArena(t *testing.T) {
	for _, who := range []string{"bots only", "bots"} {
		t.Run(who, func(t *testing.T) {
			t.Parallel()
			s := roombottest.New(t)
			id := s.Arena("kalah", 10, who)
			type played struct {
				rooms []string
				err   error
			}
			names := []string{"Alpha", "Beta"}
			paired := make(chan string, 2)
			done := make(chan played, 2)
			for i, name := range names {
				token := s.Bot(name)
				go func() {
					ev := &Event{Server: s.URL(), Bearer: token, Event: id}
					var p played
					for {
						room, err := ev.Next(t.Context())
						if err != nil {
							p.err = err
							done <- p
							return
						}
						paired <- room
						p.rooms = append(p.rooms, room)
						r, err := Run(t.Context(), Config{Room: room, Engine: newFakeEngine(name, uint64(i+1)), Bearer: token})
						if err == nil && !r.Over {
							err = context.Canceled
						}
						if err != nil {
							p.err = err
							done <- p
							return
						}
					}
				}()
			}
			for range names {
				select {
				case room := <-paired:
					require.Contains(t, room, s.URL()+"/r/")
				case <-time.After(10 * time.Second):
					t.Fatal("the bots were not paired")
				}
			}
			s.Later(time.Hour) // the arena's time runs out: it ends with the game in play
			for range names {
				select {
				case p := <-done:
					require.ErrorIs(t, p.err, ErrEventOver)
					require.False(t, Retryable(p.err), "the program stops")
					require.Len(t, p.rooms, 1, "one game each")
				case <-time.After(30 * time.Second):
					t.Fatal("the bots were not told the event is over")
				}
			}

			ctx := context.Background()
			event, err := s.Store.Tournament(ctx, id)
			require.NoError(t, err)
			require.Equal(t, store.TournamentFinished, event.Status)
			games, err := s.Store.TournamentGames(ctx, id)
			require.NoError(t, err)
			require.Len(t, games, 1)
			g := games[0]
			require.ElementsMatch(t, names, g.Seats[:])
			require.Contains(t, []int{0, 1, -1}, g.Result, "the game ended with a result")
			require.True(t, s.Room(s.URL()+"/r/"+g.Room).Over)
			entrants, err := s.Store.Entrants(ctx, id)
			require.NoError(t, err)
			points := map[string]int{}
			for _, st := range director.ArenaStandings(entrants, games) {
				require.True(t, st.Bot)
				points[st.Account] = st.Sheet.Total
			}
			want := map[string]int{g.Seats[0]: 1, g.Seats[1]: 1} // a draw
			if g.Result >= 0 {
				want = map[string]int{g.Seats[g.Result]: 2, g.Seats[1-g.Result]: 0}
			}
			require.Equal(t, want, points, "the standings count the game")
		})
	}
}

// TestAnEventRefusesABotClearly: a bot may not enter an event for people
// alone, one that has finished, or one nobody made, and a token the
// server does not know opens nothing; each says why, and none is worth
// trying again.
func TestAnEventRefusesABotClearly(t *testing.T) {
	t.Parallel()
	s := roombottest.New(t)
	token := s.Bot("Gamma")
	ctx := context.Background()
	people := s.Arena("kalah", 10, "people")
	finished := s.Arena("kalah", 10, "bots")
	hold, err := s.Store.Direct(ctx, finished, "elsewhere", time.Now(), time.Minute)
	require.NoError(t, err)
	require.NoError(t, s.Store.FinishTournament(ctx, finished, hold, time.Now()))
	for _, tc := range []struct{ name, token, event, want string }{
		{"people only", token, people, "the event refused the bot: Bots may not enter this event."},
		{"finished", token, finished, "the event refused the bot: This event has finished."},
		{"no such event", token, "nope", "the event refused the bot: There is no such event."},
		{"unknown token", "boardroom_bot_nope", people, "the server does not know the bot's token: This token is not a bot's"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ev := &Event{Server: s.URL(), Bearer: tc.token, Event: tc.event}
			_, err := ev.Next(t.Context())
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
			require.False(t, Retryable(err))
		})
	}
	entrants, err := s.Store.Entrants(ctx, people)
	require.NoError(t, err)
	require.Empty(t, entrants)
}

// TestABotOutlivesARestartAndLeaves: a bot waiting for its game in an
// event is cut off by a server restart, which is worth trying again; it
// waits again and is paired with the next bot to come. Once it leaves,
// it is out of the pairings, keeping its row.
func TestABotOutlivesARestartAndLeaves(t *testing.T) {
	t.Parallel()
	s := roombottest.New(t)
	id := s.Arena("kalah", 10, "bots only")
	delta := Event{Server: s.URL(), Bearer: s.Bot("Delta"), Event: id}
	echo := Event{Server: s.URL(), Bearer: s.Bot("Echo"), Event: id}
	ctx := context.Background()
	entered := func() map[string]bool {
		entrants, err := s.Store.Entrants(ctx, id)
		require.NoError(t, err)
		in := map[string]bool{}
		for _, e := range entrants {
			in[e.Account] = e.Active
		}
		return in
	}
	type next struct {
		room string
		err  error
	}
	wait := func(ev *Event) chan next {
		done := make(chan next, 1)
		go func() {
			room, err := ev.Next(t.Context())
			done <- next{room, err}
		}()
		return done
	}
	got := func(done chan next) next {
		t.Helper()
		select {
		case n := <-done:
			return n
		case <-time.After(10 * time.Second):
			t.Fatal("the wait did not end")
			return next{}
		}
	}

	first := wait(&delta)
	require.Eventually(t, func() bool { return entered()["Delta"] }, 5*time.Second, 10*time.Millisecond, "the bot entered")
	s.Restart()
	n := got(first)
	require.True(t, Retryable(n.err), "%v", n.err)

	d, e := wait(&delta), wait(&echo)
	nd, ne := got(d), got(e)
	require.NoError(t, nd.err)
	require.NoError(t, ne.err)
	require.Equal(t, nd.room, ne.room, "paired together")
	require.Equal(t, map[string]bool{"Delta": true, "Echo": true}, entered())

	require.NoError(t, delta.Leave(t.Context()))
	require.Equal(t, map[string]bool{"Delta": false, "Echo": true}, entered(), "out of the pairings, its row kept")
	none := Event{Server: s.URL(), Bearer: s.Bot("Foxtrot"), Event: "nope"}
	var refused *EntryRefusedError
	require.ErrorAs(t, none.Leave(t.Context()), &refused)
	require.Equal(t, "There is no such event.", refused.Text)
}
