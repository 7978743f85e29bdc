package roombot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/roombot/roombottest"
	"boardroom/store"
)

// TestSiteGivesChallenges: a bot waiting in a pool and on the site's
// socket at once declines a challenge in a game its engine does not play,
// accepts one in a game it does, leaving the pool first, and is given the
// challenge's room, where its account holds a seat.
func TestSiteGivesChallenges(t *testing.T) {
	t.Parallel()
	s := roombottest.New(t)
	token := s.Bot("Deep")
	site := Site{Server: s.URL(), Bearer: token, Games: []string{"kalah"},
		Pool: &Pool{Server: s.URL(), Pool: "kalah/fast", Bearer: token}}
	type next struct {
		room string
		err  error
	}
	done := make(chan next, 1)
	go func() {
		room, err := site.Next(t.Context())
		done <- next{room, err}
	}()
	ctx := context.Background()
	require.Eventually(t, func() bool {
		names, err := s.Store.PoolNames(ctx)
		return err == nil && len(names) == 1
	}, 5*time.Second, 10*time.Millisecond, "the bot waits in the pool")
	online := func() bool {
		got, err := s.Store.Online(ctx, []string{"Deep"}, time.Now().Add(-time.Minute))
		return err == nil && got["Deep"]
	}
	require.Eventually(t, online, 5*time.Second, 10*time.Millisecond, "and is online for challenges")

	status := func(id string) string {
		list, err := s.Store.ChallengesOf(ctx, []string{"Deep"}, time.Time{})
		require.NoError(t, err)
		for _, c := range list {
			if c.ID == id {
				return c.Status
			}
		}
		return ""
	}
	other := s.Challenge("bob", "bob-token", "Deep", "amazons")
	require.Eventually(t, func() bool { return status(other) == store.ChallengeDeclined }, 5*time.Second, 10*time.Millisecond,
		"a game its engine does not play is declined")
	select {
	case n := <-done:
		t.Fatalf("a declined challenge gave a game: %+v", n)
	default:
	}

	id := s.Challenge("bob", "bob-token", "Deep", "kalah")
	var n next
	select {
	case n = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the challenge gave no game")
	}
	require.NoError(t, n.err)
	require.Equal(t, store.ChallengeAccepted, status(id))
	require.True(t, strings.HasPrefix(n.room, s.URL()+"/r/"), n.room)
	rec := s.Room(n.room)
	var held bool
	for _, seat := range rec.Seats {
		held = held || (seat.Account == "Deep" && seat.BotAccount)
	}
	require.True(t, held, "the bot's account holds a seat")
	names, err := s.Store.PoolNames(ctx)
	require.NoError(t, err)
	require.Empty(t, names, "it left the pool before accepting")
}
