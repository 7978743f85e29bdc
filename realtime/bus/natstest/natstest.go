// Package natstest starts throw-away NATS servers for tests: Debian's
// nats-server on a spare loopback port, stopped with the test. Without
// nats-server the test is skipped on a developer machine and fails in CI
// (CI=true), where it must be installed.
package natstest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Server is a running nats-server.
type Server struct {
	URL  string
	Port int
	bin  string
	tb   testing.TB
	logs syncBuffer
	cmd  *exec.Cmd
	done chan struct{}
}

// syncBuffer is the server's log, written by its process's pipes (one run
// after another) and read when the test fails.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Start starts a server for tb, stopped when tb ends.
func Start(tb testing.TB) *Server {
	tb.Helper()
	bin, err := exec.LookPath("nats-server")
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("natstest: nats-server is not installed (apt-get install nats-server): %v", err)
		}
		tb.Skipf("natstest: nats-server is not installed: %v", err)
	}
	port, err := sparePort()
	if err != nil {
		tb.Fatal(err)
	}
	s := &Server{URL: fmt.Sprintf("nats://127.0.0.1:%d", port), Port: port, bin: bin, tb: tb}
	tb.Cleanup(func() {
		s.Stop()
		if tb.Failed() {
			tb.Logf("nats-server's log:\n%s", s.logs.String())
		}
	})
	s.launch()
	return s
}

// Resume starts a stopped server again on the same port, for an outage
// that Stop began: clients reconnect to the same URL.
func (s *Server) Resume() {
	s.tb.Helper()
	s.launch()
}

// launch starts nats-server on s.Port and waits until it listens.
func (s *Server) launch() {
	tb := s.tb
	tb.Helper()
	cmd := exec.Command(s.bin, "-a", "127.0.0.1", "-p", strconv.Itoa(s.Port))
	cmd.Stdout, cmd.Stderr = &s.logs, &s.logs // shown when the test fails
	if err := cmd.Start(); err != nil {
		tb.Fatalf("natstest: starting nats-server: %v", err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	s.cmd, s.done = cmd, done
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", s.Port))
		if err == nil {
			c.Close()
			return
		}
		select {
		case <-done:
			tb.Fatal("natstest: nats-server exited at start")
		case <-ctx.Done():
			s.Stop()
			tb.Fatal("natstest: nats-server did not listen in 10 s")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Stop stops the server (kills it, as a crash would); it may be called
// again.
func (s *Server) Stop() {
	select {
	case <-s.done:
		return
	default:
	}
	s.cmd.Process.Kill()
	<-s.done
}

func sparePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
