package engine_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
	"boardroom/game/ai/engine"
	_ "boardroom/game/all"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// gate is a bot that thinks until it is let go (or its context ends), then
// plays the first legal move; it records what the engine gave it.
type gate struct {
	started chan time.Duration // the budget of each move, as it starts
	release chan struct{}
	running *atomic.Int32 // bots of a test thinking at once
	most    *atomic.Int32 // the most at once
	panics  bool
}

func newGate(running, most *atomic.Int32) *gate {
	return &gate{started: make(chan time.Duration, 16), release: make(chan struct{}), running: running, most: most}
}

func (g *gate) Choose(ctx context.Context, s game.State, p game.Player) (game.Move, error) {
	return g.ChooseOn(ctx, s, p, nil, 0)
}

func (g *gate) ChooseOn(ctx context.Context, s game.State, p game.Player, _ *ai.Worker, budget time.Duration) (game.Move, error) {
	if g.running != nil {
		n := g.running.Add(1)
		defer g.running.Add(-1)
		for m := g.most.Load(); n > m && !g.most.CompareAndSwap(m, n); m = g.most.Load() {
		}
	}
	g.started <- budget
	if g.panics {
		panic("a bug")
	}
	select {
	case <-g.release:
	case <-ctx.Done():
		return game.Move{}, ctx.Err()
	}
	return s.Legal(p, nil)[0], nil
}

func (g *gate) Report() string { return "gate" }

func kalahJob(t *testing.T, b game.Bot, budget time.Duration, urgent bool) engine.Job {
	s := aitest.NewState(t, "kalah", nil)
	return engine.Job{Kind: engine.Move, Bot: b, State: s, Seat: game.First, Budget: budget, Urgent: urgent, Seed: 1}
}

// do runs j in the background and returns where its result will arrive.
func do(ctx context.Context, p *engine.Pool, j engine.Job) <-chan engine.Result {
	out := make(chan engine.Result, 1)
	go func() { out <- p.Do(ctx, j) }()
	return out
}

// A real bot's move runs on a worker and comes back with its report.
func TestDoRunsTheBot(t *testing.T) {
	p := engine.New(engine.Config{Workers: 1})
	for _, level := range []string{ai.LevelBeginner, ai.LevelMedium, ai.LevelDifficult} {
		t.Run(level, func(t *testing.T) {
			s := aitest.RandomPlies(t, aitest.NewState(t, "bishops", nil), 4, 3)
			b, err := game.PlayersOf(s.Game()).New(level, "", 1, 50*time.Millisecond)
			require.NoError(t, err)
			seat := s.ToMove()[0]
			r := p.Do(context.Background(), engine.Job{Kind: engine.Move, Bot: b, State: s, Seat: seat, Budget: time.Second})
			require.NoError(t, r.Err)
			require.Equal(t, engine.Searched, r.Outcome)
			require.True(t, game.IsLegal(s, seat, r.Move))
			require.NotEmpty(t, r.Report)
		})
	}
	require.Equal(t, engine.Stats{Workers: 1}, p.Stats())
}

// However many jobs, no more than Workers think at once; a bot's jobs
// never overlap; and the queue shows in Stats.
func TestWorkersBoundTheSearches(t *testing.T) {
	var running, most atomic.Int32
	p := engine.New(engine.Config{Workers: 2})
	gates := make([]*gate, 6)
	var results []<-chan engine.Result
	for i := range gates {
		gates[i] = newGate(&running, &most)
		results = append(results, do(context.Background(), p, kalahJob(t, gates[i], time.Minute, false)))
	}
	// The same bot twice: its second job waits for its first.
	results = append(results, do(context.Background(), p, kalahJob(t, gates[0], time.Minute, false)))
	require.Eventually(t, func() bool { return p.Stats() == engine.Stats{Workers: 2, Busy: 2, Queued: 5} }, 5*time.Second, time.Millisecond)
	for _, g := range gates {
		close(g.release)
	}
	for _, r := range results {
		res := <-r
		require.NoError(t, res.Err)
		require.Equal(t, engine.Searched, res.Outcome)
	}
	require.LessOrEqual(t, most.Load(), int32(2))
	require.Equal(t, engine.Stats{Workers: 2}, p.Stats())
}

// A job that cannot start before its deadline leaves MinThink gets the
// Beginner's move in time; one whose context ends leaves the queue at
// once; one cancelled while thinking stops.
func TestDeadlinesAndCancels(t *testing.T) {
	var outcomes sync.Map
	p := engine.New(engine.Config{Workers: 1, MinThink: 20 * time.Millisecond,
		Observe: func(k engine.Kind, o engine.Outcome, _ time.Duration) {
			n, _ := outcomes.LoadOrStore(o, new(atomic.Int32))
			n.(*atomic.Int32).Add(1)
		}})
	busy := newGate(nil, nil)
	ctx, cancelBusy := context.WithCancel(context.Background())
	first := do(ctx, p, kalahJob(t, busy, time.Minute, false))
	<-busy.started

	start := time.Now()
	r := p.Do(context.Background(), kalahJob(t, newGate(nil, nil), 100*time.Millisecond, true))
	require.NoError(t, r.Err)
	require.Equal(t, engine.Fallback, r.Outcome)
	require.Less(t, time.Since(start), time.Second)
	require.Contains(t, r.Report, "busy")
	require.True(t, game.IsLegal(aitest.NewState(t, "kalah", nil), game.First, r.Move))

	qctx, cancel := context.WithCancel(context.Background())
	waiting := do(qctx, p, kalahJob(t, newGate(nil, nil), time.Minute, false))
	require.Eventually(t, func() bool { return p.Stats().Queued == 1 }, 5*time.Second, time.Millisecond)
	cancel()
	r = <-waiting
	require.ErrorIs(t, r.Err, context.Canceled)
	require.Equal(t, engine.Cancelled, r.Outcome)
	require.Zero(t, p.Stats().Queued)

	cancelBusy()
	r = <-first
	require.ErrorIs(t, r.Err, context.Canceled)
	require.Equal(t, engine.Cancelled, r.Outcome)
	count := func(o engine.Outcome) int32 {
		n, ok := outcomes.Load(o)
		if !ok {
			return 0
		}
		return n.(*atomic.Int32).Load()
	}
	require.Equal(t, int32(1), count(engine.Fallback))
	require.Equal(t, int32(2), count(engine.Cancelled))
	require.Equal(t, engine.Stats{Workers: 1}, p.Stats())
}

// Urgent jobs start first; a job started while others wait thinks its
// fair share of its budget.
func TestUrgentFirstAndFairShare(t *testing.T) {
	p := engine.New(engine.Config{Workers: 1, MinThink: 10 * time.Millisecond})
	busy := newGate(nil, nil)
	first := do(context.Background(), p, kalahJob(t, busy, time.Minute, false))
	<-busy.started
	calm, urgent := newGate(nil, nil), newGate(nil, nil)
	calmDone := do(context.Background(), p, kalahJob(t, calm, time.Minute, false))
	require.Eventually(t, func() bool { return p.Stats().Queued == 1 }, 5*time.Second, time.Millisecond)
	urgentDone := do(context.Background(), p, kalahJob(t, urgent, time.Minute, true))
	require.Eventually(t, func() bool { return p.Stats().Queued == 2 }, 5*time.Second, time.Millisecond)

	close(busy.release)
	<-first
	// The urgent job goes first; the calm one waits, so it does not cut
	// the urgent one's time (only jobs as urgent count).
	got := <-urgent.started
	require.InDelta(t, time.Minute.Seconds(), got.Seconds(), 1)
	close(urgent.release)
	<-urgentDone
	got = <-calm.started
	require.InDelta(t, time.Minute.Seconds(), got.Seconds(), 1)
	close(calm.release)
	<-calmDone

	// Two calm jobs behind a third: the one that starts shares with the
	// one still waiting.
	busy = newGate(nil, nil)
	first = do(context.Background(), p, kalahJob(t, busy, time.Minute, false))
	<-busy.started
	a, b := newGate(nil, nil), newGate(nil, nil)
	aDone := do(context.Background(), p, kalahJob(t, a, time.Minute, false))
	require.Eventually(t, func() bool { return p.Stats().Queued == 1 }, 5*time.Second, time.Millisecond)
	bDone := do(context.Background(), p, kalahJob(t, b, time.Minute, false))
	require.Eventually(t, func() bool { return p.Stats().Queued == 2 }, 5*time.Second, time.Millisecond)
	close(busy.release)
	<-first
	got = <-a.started
	require.InDelta(t, (30 * time.Second).Seconds(), got.Seconds(), 1, "half the budget with one job waiting")
	close(a.release)
	close(b.release)
	<-aDone
	<-bDone
}

// A search borrows only the workers that are free while no job waits.
func TestBorrow(t *testing.T) {
	p := engine.New(engine.Config{Workers: 3})
	got, back := p.Borrow(5)
	require.Equal(t, 3, got)
	require.Equal(t, 3, p.Stats().Busy)
	back()
	back() // giving back twice gives back once
	require.Equal(t, 0, p.Stats().Busy)

	busy := newGate(nil, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := do(ctx, p, kalahJob(t, busy, time.Minute, false))
	<-busy.started
	got, back = p.Borrow(1)
	require.Equal(t, 1, got)
	got2, back2 := p.Borrow(5)
	require.Equal(t, 1, got2)
	// All three busy: a job waits, and nothing more is lent.
	waiting := do(ctx, p, kalahJob(t, newGate(nil, nil), time.Minute, false))
	require.Eventually(t, func() bool { return p.Stats().Queued == 1 }, 5*time.Second, time.Millisecond)
	got3, back3 := p.Borrow(1)
	require.Zero(t, got3)
	back3()
	back()
	back2()
	cancel()
	<-done
	<-waiting
	require.Equal(t, engine.Stats{Workers: 3}, p.Stats())
}

// A bot that panics fails its job, not the server; the worker serves on.
func TestPanickingBotFails(t *testing.T) {
	p := engine.New(engine.Config{Workers: 1})
	g := newGate(nil, nil)
	g.panics = true
	r := p.Do(context.Background(), kalahJob(t, g, time.Second, false))
	require.Equal(t, engine.Failed, r.Outcome)
	require.Error(t, r.Err)
	require.False(t, errors.Is(r.Err, context.Canceled))
	ok := newGate(nil, nil)
	close(ok.release)
	r = p.Do(context.Background(), kalahJob(t, ok, time.Second, false))
	require.Equal(t, engine.Searched, r.Outcome)
}

// A hint is Difficult's move, through the pool.
func TestHint(t *testing.T) {
	p := engine.New(engine.Config{Workers: 1})
	for _, id := range []string{"amazons", "kalah", "angels", "bishops", "demons"} {
		s := aitest.RandomPlies(t, aitest.NewState(t, id, nil), 4, 9)
		seat := s.ToMove()[0]
		h, err := p.Hint(context.Background(), s, seat, 100*time.Millisecond)
		require.NoError(t, err, id)
		require.True(t, game.IsLegal(s, seat, h.Move), id)
		require.Contains(t, h.Report, "difficult", id)
		require.True(t, h.Thought.Known, "%s: a search judges the position", id)
	}
}
