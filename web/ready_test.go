package web

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// flakyStore is a store whose Ping fails while down is set.
type flakyStore struct {
	store.Store
	down error
}

func (f *flakyStore) Ping(ctx context.Context) error {
	if f.down != nil {
		return f.down
	}
	return ctx.Err()
}

// plainStore hides the SQLite store's Ping: a store without the check.
type plainStore struct{ store.Store }

func probe(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Code, rec.Body.String()
}

func TestReadyz(t *testing.T) {
	sqlite, err := store.OpenSQLite(filepath.Join(t.TempDir(), "ready.db"))
	require.NoError(t, err)
	t.Cleanup(func() { sqlite.Close() })
	bus := errors.New("message bus: connection lost")

	for _, tc := range []struct {
		name   string
		store  store.Store
		ready  func(context.Context) error
		drain  bool
		status int
		body   string
	}{
		{name: "ready", store: sqlite, status: http.StatusOK, body: "ready n1\n"},
		{name: "a store without a check", store: plainStore{sqlite}, status: http.StatusOK, body: "ready n1\n"},
		{name: "the store answers", store: &flakyStore{Store: sqlite}, status: http.StatusOK, body: "ready n1\n"},
		{name: "the store is lost", store: &flakyStore{Store: sqlite, down: errors.New("connection refused")},
			status: http.StatusServiceUnavailable, body: "not ready n1: store: connection refused\n"},
		{name: "the hook says no", store: sqlite, ready: func(context.Context) error { return bus },
			status: http.StatusServiceUnavailable, body: "not ready n1: message bus: connection lost\n"},
		{name: "the hook says yes", store: sqlite, ready: func(ctx context.Context) error { return nil },
			status: http.StatusOK, body: "ready n1\n"},
		{name: "draining", store: sqlite, drain: true, status: http.StatusServiceUnavailable, body: "not ready n1: draining\n"},
		{name: "draining comes first", store: &flakyStore{Store: sqlite, down: errors.New("gone")}, drain: true,
			status: http.StatusServiceUnavailable, body: "not ready n1: draining\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Server{Store: tc.store, Node: "n1", Ready: tc.ready}
			h := s.Handler()
			if tc.drain {
				s.Drain()
				require.True(t, s.Draining())
			}
			status, body := probe(t, h, "/readyz")
			assert.Equal(t, tc.status, status)
			assert.Equal(t, tc.body, body)
			status, _ = probe(t, h, "/healthz")
			assert.Equal(t, http.StatusOK, status, "liveness does not depend on readiness")
		})
	}
}

// TestReadyzHookGetsADeadline: the hook is asked with a deadline, so a
// check that hangs cannot hold the balancer's probe for ever.
func TestReadyzHookGetsADeadline(t *testing.T) {
	sqlite, err := store.OpenSQLite(filepath.Join(t.TempDir(), "ready.db"))
	require.NoError(t, err)
	t.Cleanup(func() { sqlite.Close() })
	var hadDeadline bool
	h := (&Server{Store: sqlite, Ready: func(ctx context.Context) error {
		_, hadDeadline = ctx.Deadline()
		return nil
	}}).Handler()
	status, _ := probe(t, h, "/readyz")
	require.Equal(t, http.StatusOK, status)
	require.True(t, hadDeadline)
}

// TestReadinessChangesAreLogged: a balancer asks every second, so only a
// change of the answer is logged.
func TestReadinessChangesAreLogged(t *testing.T) {
	sqlite, err := store.OpenSQLite(filepath.Join(t.TempDir(), "ready.db"))
	require.NoError(t, err)
	t.Cleanup(func() { sqlite.Close() })
	var logs bytes.Buffer
	flaky := &flakyStore{Store: sqlite}
	s := &Server{Store: flaky, Node: "n2", Log: slog.New(slog.NewTextHandler(&logs, nil))}
	h := s.Handler()
	for range 3 {
		probe(t, h, "/readyz")
	}
	flaky.down = errors.New("connection refused")
	for range 3 {
		probe(t, h, "/readyz")
	}
	flaky.down = nil
	probe(t, h, "/readyz")
	s.Drain()
	s.Drain()
	probe(t, h, "/readyz")
	out := logs.String()
	assert.Equal(t, 2, strings.Count(out, "msg=ready"), out)
	assert.Equal(t, 1, strings.Count(out, `msg="not ready" reason="store: connection refused"`), out)
	assert.Equal(t, 1, strings.Count(out, "msg=draining"), out)
	assert.NotContains(t, out, "level=ERROR", "a failing readiness probe is no server error")
}
