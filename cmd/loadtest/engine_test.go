package main

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai/engine"
	"boardroom/internal/emptydb"
	"boardroom/realtime"
	"boardroom/store"
	"boardroom/web"
	"boardroom/web/templates"
)

// newEngineServer is newServer with the games' own computer players on an
// engine of workers, as cmd/web runs them.
func newEngineServer(t *testing.T, workers int) (srv, metrics *httptest.Server, pool *engine.Pool) {
	t.Helper()
	st, err := store.OpenSQLite(emptydb.Path(t, "engine.db"))
	require.NoError(t, err)
	reg := prometheus.NewRegistry()
	m := realtime.NewMetrics(reg)
	pool = engine.New(engine.Config{Workers: workers, Observe: m.EngineJob})
	srv = httptest.NewUnstartedServer(nil)
	hub := realtime.NewHub(realtime.Config{Store: st, Renderer: templates.Renderer{}, Engine: pool, Metrics: m,
		BaseURL: "http://" + srv.Listener.Addr().String(),
		Bots: func(g game.Game, level, algorithm string, seed uint64) (game.Bot, error) {
			return game.PlayersOf(g).New(level, algorithm, seed, 0)
		}})
	srv.Config.Handler = (&web.Server{Hub: hub, Store: st, Log: slog.New(slog.DiscardHandler)}).Handler()
	srv.Start()
	// Metrics are served on an address of their own, as cmd/web's -metrics-addr.
	metrics = httptest.NewServer(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	t.Cleanup(func() {
		metrics.Close()
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hub.Shutdown(ctx)
		st.Close()
	})
	return srv, metrics, pool
}

// peaks samples, until stop, the most heap the process had in use and the
// most workers the engine had busy.
type peaks struct {
	heap uint64
	busy int
}

func sample(pool *engine.Pool) (stop func() peaks) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	var p peaks
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	wg.Go(func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			p.heap = max(p.heap, s[0].Value.Uint64())
			p.busy = max(p.busy, pool.Stats().Busy)
			select {
			case <-tick.C:
			case <-done:
				return
			}
		}
	})
	return func() peaks { close(done); wg.Wait(); return p }
}

// The short form of BENCHMARKS.md's engine run: ten Difficult rooms of
// every game, computer against computer at the fast pace, each watched,
// on an engine of one worker, while two people play Kalah in another room.
// The rooms play on; the searches never run more than the worker at once;
// the heap stays far below ten rooms' worth of tables (before the engine
// each Difficult seat had its own 24 MiB, 384 MiB for these rooms); and
// the people's moves arrive promptly. The bounds are loose enough for a
// busy two-core machine under the race detector.
func TestWatchRoomsStayBounded(t *testing.T) {
	srv, metrics, pool := newEngineServer(t, 1)
	stop := sample(pool)
	res, out := runLoad(t, srv, "-metrics", metrics.URL, "-rooms", "1", "-spectators", "0", "-think", "300ms", "-duration", "6s", "-game", "kalah",
		"-watch-rooms", "10", "-watch-level", "difficult", "-watch-pace", "fast", "-watch-game", "all", "-seed", "5")
	p := stop()
	t.Logf("peak heap %d MiB, peak busy workers %d", p.heap>>20, p.busy)
	require.Equal(t, 10, res.watchRooms)
	require.Positive(t, res.watchMoves, "the computer rooms play")
	require.Positive(t, res.moves, "the people play")
	require.Contains(t, out, `boardroom_engine_jobs_total{kind="move",outcome="searched"}`)
	require.LessOrEqual(t, p.busy, 1)
	require.Less(t, p.heap, uint64(200<<20))
	require.Less(t, res.latency.percentile(99), time.Second, out)
}
