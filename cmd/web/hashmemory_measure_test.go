//go:build measure

package main

// The server's memory under a burst of log-ins (BENCHMARKS.md, "Log-ins at
// once"): each argon2id hash takes 19 MiB while it runs.
//
//	go test -tags measure -run TestMeasureLogInBurst -v ./cmd/web
//	BOARDROOM_WEB_BIN=/tmp/web-before go test -tags measure -run TestMeasureLogInBurst -v ./cmd/web

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// burstTries is how many log-ins arrive at once, each from a network of
// its own (behind the trusted proxy), at a name of its own, so that no
// per-address or per-account limit stops any before its hash.
const burstTries = 200

func TestMeasureLogInBurst(t *testing.T) {
	bin := os.Getenv("BOARDROOM_WEB_BIN")
	if bin == "" {
		bin = serverBinary(t)
	}
	addr := freeAddr(t)
	var logs bytes.Buffer
	server := exec.Command(bin, "-addr", addr, "-db", filepath.Join(t.TempDir(), "m.db"), "-trusted-proxies", "127.0.0.1", "-house-games", "0")
	server.Stdout, server.Stderr = &logs, &logs
	require.NoError(t, server.Start())
	t.Cleanup(func() { server.Process.Kill(); server.Wait() })
	base := "http://" + addr
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil && resp.StatusCode == http.StatusOK
	}, 15*time.Second, 50*time.Millisecond, "the server starts")
	idle := memoryOf(t, server.Process.Pid)

	statuses := map[int]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := make(chan struct{})
	client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: burstTries}}
	began := time.Now()
	for i := range burstTries {
		wg.Go(func() {
			form := url.Values{"username": {fmt.Sprintf("guess%d", i)}, "password": {"a long password"}}
			req, _ := http.NewRequest(http.MethodPost, base+"/login", strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.%d.%d", 100+i/250, 1+i%250))
			<-start
			status := 0
			if resp, err := client.Do(req); err == nil {
				resp.Body.Close()
				status = resp.StatusCode
			}
			mu.Lock()
			statuses[status]++
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	took := time.Since(began)
	after := memoryOf(t, server.Process.Pid)
	t.Logf("%d log-ins at once in %v: answers %v; idle %s; after: %s", burstTries, took.Round(time.Millisecond), statuses, idle, after)
}

// memoryOf is a process's peak and current resident memory, from
// /proc/PID/status.
func memoryOf(t *testing.T, pid int) string {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(t, err)
	var fields []string
	for _, line := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(line, "VmHWM:") || strings.HasPrefix(line, "VmRSS:") {
			fields = append(fields, strings.Join(strings.Fields(line), " "))
		}
	}
	return strings.Join(fields, ", ")
}
