package match

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai/engine"
)

// realBots makes the games' own computer players, as the server does.
func realBots(g game.Game, level, algorithm string, seed uint64) (game.Bot, error) {
	return game.PlayersOf(g).New(level, algorithm, seed, 0)
}

// Every computer move of every room is a job of the hub's one engine, and
// the metrics show it: several Difficult rooms share a worker and all
// play on.
func TestComputerMovesAreEngineJobs(t *testing.T) {
	m := &counting{}
	pool := engine.New(engine.Config{Workers: 1, Observe: m.EngineJob})
	h := newHarness(t, func(c *Config) {
		c.Metrics, c.Engine, c.Bots, c.MoveBudget = m, pool, realBots, 80*time.Millisecond
	})
	var rooms []*Room
	for range 4 {
		r := h.create(Spec{Game: "kalah", Mode: "watch", Level: "difficult", Pace: "fast"}, "host")
		h.connect(r, "host")
		rooms = append(rooms, r)
	}
	for _, r := range rooms {
		waitFor(t, r, "a few computer moves", func(r *Room) bool { return len(r.history.turns) >= 4 || r.over() })
	}
	require.Positive(t, m.jobsOf(engine.Move, engine.Searched))
	require.LessOrEqual(t, pool.Stats().Busy, 1)
}

// blocker is a computer player that thinks until its move is no longer
// wanted.
type blocker struct{ started chan struct{} }

func (b blocker) Choose(ctx context.Context, _ game.State, _ game.Player) (game.Move, error) {
	b.started <- struct{}{}
	<-ctx.Done()
	return game.Move{}, ctx.Err()
}

// A move no longer wanted (a pause made it stale) is cancelled on the
// engine, which is then free again.
func TestStaleMoveIsCancelled(t *testing.T) {
	m := &counting{}
	pool := engine.New(engine.Config{Workers: 1, Observe: m.EngineJob})
	started := make(chan struct{}, 8)
	h := newHarness(t, func(c *Config) {
		c.Metrics, c.Engine = m, pool
		c.Bots = func(game.Game, string, string, uint64) (game.Bot, error) { return blocker{started}, nil }
	})
	r := h.create(Spec{Game: "kalah", Mode: "watch", Pace: "fast"}, "host")
	host := h.connect(r, "host")
	<-started
	require.Equal(t, 1, pool.Stats().Busy)
	require.True(t, host.action("pause").Paused)
	require.Eventually(t, func() bool { return m.jobsOf(engine.Move, engine.Cancelled) == 1 }, 5*time.Second, time.Millisecond)
	require.Equal(t, engine.Stats{Workers: 1}, pool.Stats())
}

// A room thinks about one hint at a time; a move cancels the hint asked
// for the position before it, and the next hint is taken.
func TestHintsOneAtATimeAndCancelledByAMove(t *testing.T) {
	asked := make(chan context.Context, 4)
	h := newHarness(t, func(c *Config) {
		c.Hint = func(ctx context.Context, s game.State, p game.Player) (engine.Hinted, error) {
			asked <- ctx
			<-ctx.Done()
			return engine.Hinted{}, ctx.Err()
		}
	})
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	me.action("hint")
	first := <-asked
	require.Contains(t, me.action("hint").Error, "already thinking")
	me.click(1, 1)
	<-first.Done()
	require.ErrorIs(t, first.Err(), context.Canceled)
	waitFor(t, r, "the cancelled hint to be over", func(r *Room) bool { return r.hints.ctx == nil })
	require.NotContains(t, me.action("hint").Error, "already thinking")
	<-asked
}
