package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// syncBuffer is a log sink that two goroutines may use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// start runs the server on a free port and returns its URL and a stop func;
// flags are added to its command line.
func start(t *testing.T, db string, log *syncBuffer, flags ...string) (string, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	args := append([]string{"-addr", "127.0.0.1:0", "-db", db}, flags...)
	go func() { done <- run(ctx, args, log, ready) }()
	select {
	case addr := <-ready:
		return "http://" + addr, func() {
			cancel()
			require.NoError(t, <-done, "a graceful shutdown returns no error")
		}
	case err := <-done:
		t.Fatalf("the server did not start: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not start in time")
	}
	return "", nil
}

func TestServerServesAndSurvivesARestart(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "boardroom.db")
	log := &syncBuffer{}
	metricsAddr := freeAddr(t)
	base, stop := start(t, db, log, "-metrics-addr", metricsAddr)

	resp, err := http.Get(base + "/healthz")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)

	resp, err = http.Get(base + "/metrics")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode, "the public address shows nothing of the server's insides")
	resp, err = http.Get("http://" + metricsAddr + "/metrics")
	require.NoError(t, err)
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Contains(t, string(metrics), "boardroom_connections")
	require.Contains(t, string(metrics), "go_goroutines")
	for _, name := range []string{"boardroom_engine_queue_length", "boardroom_engine_busy_workers",
		"boardroom_engine_workers", `boardroom_engine_jobs_total{kind="move",outcome="fallback"}`, "boardroom_engine_wait_seconds"} {
		require.Contains(t, string(metrics), name)
	}

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = client.PostForm(base+"/rooms", url.Values{"game": {"kalah"}, "mode": {"hotseat"}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	room := resp.Header.Get("Location")
	key := pushKey(t, base)
	stop()
	require.Contains(t, log.String(), "shutting down")
	require.Contains(t, log.String(), "stopped")

	base, stop = start(t, db, log)
	defer stop()
	resp, err = http.Get(base + room)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, "the room is still there after a restart")
	require.Contains(t, log.String(), "rooms_restored=1")
	require.Equal(t, key, pushKey(t, base), "the VAPID pair is kept in the database")
}

// pushKey is the public key the server at base gives browsers.
func pushKey(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/push/key")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var out struct{ Key string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	require.NotEmpty(t, out.Key)
	return out.Key
}

func TestBadFlags(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"-nope"},
		{"-addr", "256.0.0.1:1", "-db", filepath.Join(t.TempDir(), "x.db")},
		{"-engine-workers", "0", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "y.db")},
		{"-ipv6-prefix", "16", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "z.db")},
		{"-ipv6-prefix", "129", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "z.db")},
		{"-push-hosts", "fcm.googleapis.com,https://x/", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "p.db")},
		{"-push-contact", "ops@example.org", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "c.db")},
	} {
		require.Error(t, run(context.Background(), args, &syncBuffer{}, nil), "%v", args)
	}
}
