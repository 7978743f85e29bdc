package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startWith runs the server with args (a fresh database and a free port
// unless args say otherwise) and returns its URL and the cancel that starts
// its shutdown, and a channel with run's result.
func startWith(t *testing.T, log io.Writer, args ...string) (string, context.CancelFunc, <-chan error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	args = append([]string{"-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "ops.db")}, args...)
	finished := make(chan struct{})
	go func() {
		done <- run(ctx, args, log, ready)
		close(finished)
	}()
	t.Cleanup(func() {
		cancel()
		<-finished
	})
	select {
	case addr := <-ready:
		return "http://" + addr, cancel, done
	case err := <-done:
		t.Fatalf("the server did not start: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not start in time")
	}
	return "", nil, nil
}

func fetch(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestVersionFlag(t *testing.T) {
	var out bytes.Buffer
	stdout = &out
	t.Cleanup(func() { stdout = os.Stdout })
	db := filepath.Join(t.TempDir(), "never.db")
	require.NoError(t, run(context.Background(), []string{"-version", "-db", db}, io.Discard, nil))
	require.True(t, strings.HasPrefix(out.String(), "boardroom web "), out.String())
	require.Contains(t, out.String(), runtime.Version())
	require.NoFileExists(t, db, "-version starts nothing")
}

func TestVersionText(t *testing.T) {
	require.Regexp(t, `^boardroom web \S+.*, go\S+$`, versionText(), "as built by go test")
	version, revision = "v1.2.3", "0123abcd"
	t.Cleanup(func() { version, revision = "", "" })
	require.Equal(t, "boardroom web v1.2.3, revision 0123abcd, "+runtime.Version(), versionText(),
		"-ldflags -X values win over the toolchain's")
}

func TestOpsFlagsRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-log-format", "xml"}, `-log-format must be text or json, got "xml"`},
		{[]string{"-log-format", ""}, "-log-format must be text or json"},
		{[]string{"-trusted-proxies", "10.0.0.0/33"}, `-trusted-proxies: trusted proxy "10.0.0.0/33"`},
		{[]string{"-trusted-proxies", "10.0.0.1,proxy.local"}, `trusted proxy "proxy.local"`},
		{[]string{"-node", ""}, "-node must be 1 to 64 characters"},
		{[]string{"-node", "node one"}, "use letters, digits"},
		{[]string{"-node", strings.Repeat("n", 65)}, "-node must be 1 to 64 characters"},
		{[]string{"-drain-grace", "-1s"}, "-drain-grace must be from 0 to 1m"},
		{[]string{"-drain-grace", "2h"}, "-drain-grace must be from 0 to 1m"},
	} {
		db := filepath.Join(t.TempDir(), "refused.db")
		args := append([]string{"-addr", "127.0.0.1:0", "-db", db}, tc.args...)
		err := run(context.Background(), args, io.Discard, nil)
		require.Error(t, err, "%q", tc.args)
		assert.Contains(t, err.Error(), tc.want, "%q", tc.args)
		assert.NoFileExists(t, db, "%q: a bad flag starts nothing", tc.args)
	}
}

func TestDefaultNodeIsTheHostName(t *testing.T) {
	t.Parallel()
	name, err := os.Hostname()
	require.NoError(t, err)
	require.NoError(t, checkNodeName(hostname()))
	if checkNodeName(name) == nil {
		require.Equal(t, name, hostname())
	}
}

// TestJSONLogsNameTheNode: with -log-format json every line is a JSON
// object with the node's name; /readyz says the name too.
func TestJSONLogsNameTheNode(t *testing.T) {
	t.Parallel()
	log := &syncBuffer{}
	base, stop, done := startWith(t, log, "-log-format", "json", "-node", "n7", "-drain-grace", "0s")
	status, body := fetch(t, base+"/readyz")
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, "ready n7\n", body)
	stop()
	require.NoError(t, <-done)

	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	require.GreaterOrEqual(t, len(lines), 3, "serving, shutting down, stopped")
	var msgs []string
	for _, line := range lines {
		var entry map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &entry), "a JSON line: %s", line)
		assert.Equal(t, "n7", entry["node"], line)
		msgs = append(msgs, entry["msg"].(string))
	}
	require.Contains(t, msgs, "serving")
	require.Contains(t, msgs, "stopped")
}

func TestTextLogsNameTheNode(t *testing.T) {
	t.Parallel()
	log := &syncBuffer{}
	_, stop, done := startWith(t, log, "-node", "n8")
	stop()
	require.NoError(t, <-done)
	for _, line := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		assert.Contains(t, line, " node=n8", line)
	}
}

// TestDrainBeforeShutdown: on a signal, /readyz fails for the grace while
// pages are still served, then the server stops.
func TestDrainBeforeShutdown(t *testing.T) {
	t.Parallel()
	log := &syncBuffer{}
	base, stop, done := startWith(t, log, "-node", "n3", "-drain-grace", "1500ms")
	status, _ := fetch(t, base+"/readyz") // a balancer watches this node
	require.Equal(t, http.StatusOK, status)
	stopped := time.Now()
	stop()
	require.Eventually(t, func() bool {
		status, body := fetch(t, base+"/readyz")
		return status == http.StatusServiceUnavailable && body == "not ready n3: draining\n"
	}, time.Second, 10*time.Millisecond, "/readyz fails while draining")
	status, _ = fetch(t, base+"/")
	require.Equal(t, http.StatusOK, status, "pages are served while draining")
	status, _ = fetch(t, base+"/healthz")
	require.Equal(t, http.StatusOK, status, "the node is alive while draining")
	require.NoError(t, <-done)
	require.GreaterOrEqual(t, time.Since(stopped), 1500*time.Millisecond, "the grace was waited")
	require.Contains(t, log.String(), "waiting for the load balancer")
}

// TestNoDrainWaitWithoutABalancer: a server nobody probes (one run by
// hand) stops at once, whatever the grace.
func TestNoDrainWaitWithoutABalancer(t *testing.T) {
	t.Parallel()
	log := &syncBuffer{}
	base, stop, done := startWith(t, log, "-drain-grace", "1m")
	status, _ := fetch(t, base+"/healthz")
	require.Equal(t, http.StatusOK, status)
	stopped := time.Now()
	stop()
	require.NoError(t, <-done)
	require.Less(t, time.Since(stopped), 30*time.Second)
	require.NotContains(t, log.String(), "waiting for the load balancer")
}

// TestTrustedProxiesFlag: behind the trusted proxy the request log names
// the client from X-Forwarded-For.
func TestTrustedProxiesFlag(t *testing.T) {
	t.Parallel()
	log := &syncBuffer{}
	base, _, _ := startWith(t, log, "-v", "-trusted-proxies", "127.0.0.0/8,::1")
	req, err := http.NewRequest(http.MethodGet, base+"/healthz", nil)
	require.NoError(t, err)
	req.Header.Set("X-Forwarded-For", "6.6.6.6, 198.51.100.23")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Eventually(t, func() bool { return strings.Contains(log.String(), "client=198.51.100.23") },
		time.Second, 10*time.Millisecond, log.String())
	require.Regexp(t, `msg="trusting proxies" .*from=127.0.0.0/8,::1/128`, log.String())
}
