package main

import (
	"errors"
	"log/slog"
	"time"

	"boardroom/realtime"
	"boardroom/realtime/bus"
	"boardroom/store"
)

// clusterOf makes this node's part in a cluster. A store shared by several
// processes (PostgreSQL) needs one: its rooms are owned by leases and every
// write is fenced. With -nats the node reaches the others over NATS;
// without, it is the only node (its bus stays in the process). A SQLite
// store is one process's own: no cluster (nil), and -nats is refused.
func clusterOf(st store.Store, natsURL, node string, lease time.Duration, log *slog.Logger) (*realtime.Cluster, func(), error) {
	leases, shared := st.(store.Leases)
	switch {
	case !shared && natsURL != "":
		return nil, nil, errors.New("-nats needs a PostgreSQL database (-db postgres://...) shared by the nodes")
	case !shared:
		return nil, func() {}, nil
	case lease < 500*time.Millisecond:
		return nil, nil, errors.New("-lease must be at least 500ms")
	}
	var b bus.Bus
	if natsURL == "" {
		b = bus.NewHub().Connect()
	} else {
		var err error
		if b, err = bus.DialNATS(natsURL, node, log); err != nil {
			return nil, nil, err
		}
	}
	return &realtime.Cluster{Bus: b, Leases: leases, Node: node, Lease: lease}, b.Close, nil
}

// sharedLimits is the store that counts the per-address limits for every
// node of a cluster, or nil for a node on its own.
func sharedLimits(st store.Store, cluster *realtime.Cluster) store.RateLimits {
	if cluster == nil {
		return nil
	}
	limits, _ := st.(store.RateLimits)
	return limits
}
