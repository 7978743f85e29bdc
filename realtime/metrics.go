package realtime

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the rooms' Prometheus collectors. A nil *Metrics records
// nothing, so tests and tools need not set one up.
type Metrics struct {
	rooms       prometheus.Gauge
	connections prometheus.Gauge
	moves       *prometheus.CounterVec
	broadcast   prometheus.Histogram
	botThink    *prometheus.HistogramVec
	refused     *prometheus.CounterVec
	dropped     prometheus.Counter
}

// NewMetrics creates the collectors and registers them with reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
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
	}
	reg.MustRegister(m.rooms, m.connections, m.moves, m.broadcast, m.botThink, m.refused, m.dropped)
	return m
}

func (m *Metrics) roomStarted(delta float64) {
	if m != nil {
		m.rooms.Add(delta)
	}
}

func (m *Metrics) connected(delta float64) {
	if m != nil {
		m.connections.Add(delta)
	}
}

func (m *Metrics) moved(game string) {
	if m != nil {
		m.moves.WithLabelValues(game).Inc()
	}
}

func (m *Metrics) broadcasted(d time.Duration) {
	if m != nil {
		m.broadcast.Observe(d.Seconds())
	}
}

func (m *Metrics) botThought(game, level string, d time.Duration) {
	if m != nil {
		m.botThink.WithLabelValues(game, level).Observe(d.Seconds())
	}
}

func (m *Metrics) refusedMessage(why refusal) {
	if m != nil {
		m.refused.WithLabelValues(why.label()).Inc()
	}
}

func (m *Metrics) droppedSlow() {
	if m != nil {
		m.dropped.Inc()
	}
}
