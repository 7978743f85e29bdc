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
	"testing"
	"time"
)

// Server is a running nats-server.
type Server struct {
	URL  string
	Port int
	cmd  *exec.Cmd
	done chan struct{}
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
	cmd := exec.Command(bin, "-a", "127.0.0.1", "-p", strconv.Itoa(port))
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs // shown when the test fails
	if err := cmd.Start(); err != nil {
		tb.Fatalf("natstest: starting nats-server: %v", err)
	}
	s := &Server{URL: fmt.Sprintf("nats://127.0.0.1:%d", port), Port: port, cmd: cmd, done: make(chan struct{})}
	go func() { cmd.Wait(); close(s.done) }()
	tb.Cleanup(func() {
		s.Stop()
		if tb.Failed() {
			tb.Logf("nats-server's log:\n%s", logs.String())
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			return s
		}
		select {
		case <-s.done:
			tb.Fatal("natstest: nats-server exited at start")
		case <-ctx.Done():
			s.Stop()
			tb.Fatal("natstest: nats-server did not listen in 10 s")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Stop stops the server; it may be called again.
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
