package webtest

import (
	"io"
	"net"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// Outage is a TCP proxy in front of a test server that can cut every
// connection through it and refuse new ones, as a network outage or a
// server that is down does; the pages under test are opened through it.
type Outage struct {
	// Node is the test server as seen through the proxy: its URL is the
	// proxy's (tabs and forms need no more).
	Node    *Node
	ln      net.Listener
	backend string

	mu    sync.Mutex
	down  bool
	conns map[net.Conn]struct{}
}

// Outage puts a proxy in front of the node, which stops with t.
func (n *Node) Outage(t *testing.T) *Outage {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	o := &Outage{ln: ln, backend: n.Listener.Addr().String(), conns: map[net.Conn]struct{}{}}
	o.Node = &Node{Server: &httptest.Server{URL: "http://" + ln.Addr().String()}, Hub: n.Hub, Store: n.Store}
	go o.serve()
	t.Cleanup(func() { ln.Close(); o.Cut() })
	return o
}

func (o *Outage) serve() {
	for {
		c, err := o.ln.Accept()
		if err != nil {
			return
		}
		go o.pipe(c)
	}
}

// pipe carries one connection to the server, unless the network is down.
func (o *Outage) pipe(c net.Conn) {
	o.mu.Lock()
	if o.down {
		o.mu.Unlock()
		c.Close()
		return
	}
	o.conns[c] = struct{}{}
	o.mu.Unlock()
	b, err := net.Dial("tcp", o.backend)
	if err != nil {
		c.Close()
		return
	}
	o.mu.Lock()
	o.conns[b] = struct{}{}
	o.mu.Unlock()
	go func() { io.Copy(b, c); b.Close() }()
	io.Copy(c, b)
	c.Close()
}

// Cut drops every connection and refuses new ones until restore.
func (o *Outage) Cut() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.down = true
	for c := range o.conns {
		c.Close()
	}
	clear(o.conns)
}

// Restore lets connections through again.
func (o *Outage) Restore() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.down = false
}
