package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Readiness (GET /readyz) tells a load balancer whether to send this node
// new requests, where /healthz (liveness) only says the process works. A
// node is not ready while it drains before shutting down, when its store
// does not answer, or when Server.Ready says so.

// errDraining is the reason a draining node gives.
var errDraining = errors.New("draining")

// readyTimeout bounds one readiness check: a balancer asks every second or
// so and counts a slow answer as a failure anyway.
const readyTimeout = 2 * time.Second

// pinger is the optional check a store offers: whether its database
// answers now (a PostgreSQL store that lost its connection does not).
type pinger interface {
	Ping(ctx context.Context) error
}

// Drain marks the node as leaving: /readyz fails from now on, so that the
// load balancer sends new rooms and pages elsewhere, while everything
// keeps being served until the server is shut down. Call it first on
// SIGTERM, then wait a little longer than the balancer's check interval
// times its fall count before shutting down. It cannot be undone.
func (s *Server) Drain() {
	if !s.draining.Swap(true) {
		s.logger().Info("draining", "readyz", "failing")
	}
}

// Draining reports whether Drain was called.
func (s *Server) Draining() bool { return s.draining.Load() }

// Probed reports whether /readyz has been asked at least once, that is
// whether a load balancer watches this node (cmd/web waits for it to
// notice a drain only then).
func (s *Server) Probed() bool {
	s.readyMu.Lock()
	defer s.readyMu.Unlock()
	return s.readySeen
}

// checkReady returns why the node is not ready, or nil.
func (s *Server) checkReady(ctx context.Context) error {
	if s.draining.Load() {
		return errDraining
	}
	if p, ok := s.Store.(pinger); ok {
		if err := p.Ping(ctx); err != nil {
			return fmt.Errorf("store: %w", err)
		}
	}
	if s.Ready != nil {
		if err := s.Ready(ctx); err != nil {
			return err
		}
	}
	return nil
}

// readyz answers "ready NODE" (200) or "not ready NODE: REASON" (503).
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
	defer cancel()
	err := s.checkReady(ctx)
	s.noteReadiness(err)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, "not ready %s: %v\n", s.Node, err)
		return
	}
	fmt.Fprintf(w, "ready %s\n", s.Node)
}

// noteReadiness logs when the answer changes, not at every check: a
// balancer asks every second.
func (s *Server) noteReadiness(err error) {
	reason := ""
	if err != nil {
		reason = err.Error()
	}
	s.readyMu.Lock()
	changed := reason != s.readyReason || !s.readySeen
	s.readyReason, s.readySeen = reason, true
	s.readyMu.Unlock()
	switch {
	case !changed:
	case err == nil:
		s.logger().Info("ready")
	case errors.Is(err, errDraining):
		// Drain logged it already.
	default:
		s.logger().Warn("not ready", "reason", reason)
	}
}
