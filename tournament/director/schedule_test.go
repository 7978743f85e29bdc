package director

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// The site's schedule: three hourly arenas ahead, rotating over the games;
// each game's daily arena in the next day; each game's weekly engine
// championship (bots only) in the next week, on Saturday; every id of its
// time, so that two looks, or two nodes, make the same events.
func TestScheduled(t *testing.T) {
	games := game.All()
	require.NotEmpty(t, games)
	tests := []struct {
		name string
		now  time.Time
		// hourly are the hourly arenas' ids; daily and weekly count the
		// others.
		hourly        []string
		daily, weekly int
	}{
		{"a Sunday noon", time.Date(2026, 11, 29, 12, 10, 0, 0, time.UTC), []string{"h-2026112913", "h-2026112914", "h-2026112915"},
			len(games), len(games)},
		{"a Saturday 9:00, the championships under way", time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC),
			[]string{"h-2026120510", "h-2026120511", "h-2026120512"}, len(games), len(games)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			events := Scheduled(games, tc.now)
			var hourly []string
			daily, weekly := 0, 0
			seen := map[string]bool{}
			for _, e := range events {
				require.False(t, seen[e.ID], "%s once", e.ID)
				seen[e.ID] = true
				require.True(t, e.Starts.After(tc.now), "%s starts after now", e.ID)
				require.Equal(t, store.Arena, e.Kind)
				require.True(t, e.Rated)
				switch {
				case strings.HasPrefix(e.ID, "h-"):
					hourly = append(hourly, e.ID)
					require.Equal(t, 45, e.Minutes)
					require.False(t, e.BotsOnly)
				case strings.HasPrefix(e.ID, "d-"):
					daily++
					require.Equal(t, vocab.SlowClock, e.Clock)
					require.False(t, e.Starts.After(tc.now.Add(24*time.Hour)))
				case strings.HasPrefix(e.ID, "w-"):
					weekly++
					require.True(t, e.BotsOnly, "the engines' championship")
					require.Equal(t, time.Saturday, e.Starts.Weekday())
					require.Contains(t, e.Name, "Engine Championship")
				}
			}
			require.Equal(t, tc.hourly, hourly)
			require.Equal(t, tc.daily, daily)
			require.Equal(t, tc.weekly, weekly)
			next := Scheduled(games, tc.now.Add(time.Hour))
			require.NotEqual(t, events[0].Game, next[0].Game, "the hourly arenas rotate over the games")
		})
	}
}

// Two nodes keeping the schedule make each event once.
func TestTheScheduleIsKeptOnce(t *testing.T) {
	h := newArenaHarness(t)
	ctx := context.Background()
	a, b := h.director("a"), h.director("b")
	a.Games, b.Games = game.All, game.All
	require.NoError(t, a.Step(ctx))
	require.NoError(t, b.Step(ctx))
	require.NoError(t, a.Step(ctx)) // within the minute: not looked at again
	upcoming, err := h.st.ListTournaments(ctx, store.TournamentCreated, 100)
	require.NoError(t, err)
	require.Len(t, upcoming, len(Scheduled(game.All(), h.clock)))
}
