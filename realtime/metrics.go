package realtime

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"boardroom/game/ai/engine"
)

// Metrics are the rooms' Prometheus collectors. A nil *Metrics records
// nothing, so tests and tools need not set one up.
type Metrics struct {
	reg         prometheus.Registerer
	rooms       prometheus.Gauge
	connections prometheus.Gauge
	moves       *prometheus.CounterVec
	broadcast   prometheus.Histogram
	botThink    *prometheus.HistogramVec
	refused     *prometheus.CounterVec
	dropped     prometheus.Counter
	// The engine's jobs, by kind and outcome, and their time in its queue.
	jobs    *prometheus.CounterVec
	jobWait *prometheus.HistogramVec
}

// NewMetrics creates the collectors and registers them with reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		reg:   reg,
		rooms: prometheus.NewGauge(prometheus.GaugeOpts{Name: "boardroom_rooms", Help: "Rooms running in memory."}),
		connections: prometheus.NewGauge(prometheus.GaugeOpts{Name: "boardroom_connections",
			Help: "Open WebSocket connections."}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "boardroom_moves_total",
			Help: "Turns played, by game."}, []string{"game"}),
		broadcast: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "boardroom_broadcast_seconds",
			Help:    "Time to render a change and queue it to every viewer of a room.",
			Buckets: prometheus.ExponentialBuckets(0.00005, 2, 16)}),
		botThink: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "boardroom_bot_think_seconds",
			Help: "Computer players' thinking time per move.", Buckets: prometheus.ExponentialBuckets(0.001, 2, 14)},
			[]string{"game", "level"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "boardroom_refused_messages_total",
			Help: "Messages from pages that were refused, by reason."}, []string{"reason"}),
		dropped: prometheus.NewCounter(prometheus.CounterOpts{Name: "boardroom_slow_clients_dropped_total",
			Help: "Connections closed because they fell too far behind."}),
		jobs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "boardroom_engine_jobs_total",
			Help: "Computer moves and hints run by the engine, by kind and outcome (searched; fallback: " +
				"no worker in time, the Beginner's move; cancelled: no longer wanted; failed)."},
			[]string{"kind", "outcome"}),
		jobWait: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "boardroom_engine_wait_seconds",
			Help:    "Time a job waited in the engine's queue for a search worker.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 2, 16)}, []string{"kind"}),
	}
	for _, k := range []engine.Kind{engine.Move, engine.Hint} {
		m.jobWait.WithLabelValues(string(k))
		for _, o := range engine.Outcomes {
			m.jobs.WithLabelValues(string(k), string(o))
		}
	}
	reg.MustRegister(m.rooms, m.connections, m.moves, m.broadcast, m.botThink, m.refused, m.dropped, m.jobs, m.jobWait)
	return m
}

// EngineJob records a job the engine finished: the pool's Observe.
func (m *Metrics) EngineJob(k engine.Kind, o engine.Outcome, wait time.Duration) {
	if m != nil {
		m.jobs.WithLabelValues(string(k), string(o)).Inc()
		m.jobWait.WithLabelValues(string(k)).Observe(wait.Seconds())
	}
}

// watchEngine shows p's size, busy workers and queue, read at each scrape.
func (m *Metrics) watchEngine(p *engine.Pool) {
	if m == nil {
		return
	}
	gauge := func(name, help string, read func(engine.Stats) int) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help},
			func() float64 { return float64(read(p.Stats())) })
	}
	m.reg.MustRegister(
		gauge("boardroom_engine_workers", "Search workers in the engine's pool.",
			func(s engine.Stats) int { return s.Workers }),
		gauge("boardroom_engine_busy_workers", "Search workers running a job or lent to one.",
			func(s engine.Stats) int { return s.Busy }),
		gauge("boardroom_engine_queue_length", "Jobs waiting for a search worker.",
			func(s engine.Stats) int { return s.Queued }),
	)
}

func (m *Metrics) roomStarted(delta float64) {
	if m != nil {
		m.rooms.Add(delta)
	}
}

// Connected implements match.Observer.
func (m *Metrics) Connected(delta int) {
	if m != nil {
		m.connections.Add(float64(delta))
	}
}

// Moved implements match.Observer.
func (m *Metrics) Moved(game string) {
	if m != nil {
		m.moves.WithLabelValues(game).Inc()
	}
}

// Broadcast implements match.Observer.
func (m *Metrics) Broadcast(d time.Duration) {
	if m != nil {
		m.broadcast.Observe(d.Seconds())
	}
}

// BotThought implements match.Observer.
func (m *Metrics) BotThought(game, level string, d time.Duration) {
	if m != nil {
		m.botThink.WithLabelValues(game, level).Observe(d.Seconds())
	}
}

// Refused implements match.Observer.
func (m *Metrics) Refused(why string) {
	if m != nil {
		m.refused.WithLabelValues(why).Inc()
	}
}

func (m *Metrics) droppedSlow() {
	if m != nil {
		m.dropped.Inc()
	}
}
