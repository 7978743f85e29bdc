package deploy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// needTool skips a test when a program is missing on a developer machine,
// and fails it in CI (CI=true), where .ci/run installs it.
func needTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is needed in CI: %v", name, err)
		}
		t.Skipf("%s not installed", name)
	}
	return path
}

func TestConfigIsValid(t *testing.T) {
	t.Parallel()
	haproxy := needTool(t, "haproxy")
	out, err := exec.Command(haproxy, "-c", "-f", "haproxy.cfg").CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.NotContains(t, string(out), "WARNING", "%s", out)
}

// node is a stand-in for one cmd/web: it answers with its name, and its
// /readyz fails while down is set.
type node struct {
	name string
	down atomic.Bool
	srv  *httptest.Server
	// forwardedFor is the X-Forwarded-For of the last request.
	forwardedFor atomic.Value
}

func newNode(t *testing.T, name string) *node {
	n := &node{name: name}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if n.down.Load() {
			http.Error(w, "not ready "+name+": draining", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintf(w, "ready %s\n", name)
	})
	mux.HandleFunc("GET /r/{id}/ws", func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
		if err != nil {
			return
		}
		defer c.CloseNow()
		c.Write(r.Context(), websocket.MessageText, []byte(name))
		c.Read(r.Context()) // until the client closes
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // as a form is read, to its end
		n.forwardedFor.Store(r.Header.Get("X-Forwarded-For"))
		io.WriteString(w, name)
	})
	n.srv = httptest.NewServer(mux)
	t.Cleanup(n.srv.Close)
	return n
}

func (n *node) port() string {
	_, port, _ := net.SplitHostPort(n.srv.Listener.Addr().String())
	return port
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// cluster runs HAProxy, configured by scripts/cluster from haproxy.cfg, in
// front of three stand-in nodes.
type cluster struct {
	base  string
	nodes map[string]*node
}

func startCluster(t *testing.T) *cluster {
	haproxy := needTool(t, "haproxy")
	nodes := map[string]*node{}
	var ports []string
	for _, name := range []string{"n1", "n2", "n3"} {
		nodes[name] = newNode(t, name)
		ports = append(ports, nodes[name].port())
	}
	httpPort := freePort(t)
	gen := exec.Command("bash", filepath.Join("..", "..", "scripts", "cluster"), "haproxy-config")
	gen.Env = append(os.Environ(), "CLUSTER_HTTP_PORT="+httpPort, "CLUSTER_NODE_PORTS="+strings.Join(ports, " "))
	var stderr bytes.Buffer
	gen.Stderr = &stderr
	cfg, err := gen.Output()
	require.NoError(t, err, "scripts/cluster haproxy-config: %s", stderr.String())
	cfgPath := filepath.Join(t.TempDir(), "haproxy.cfg")
	require.NoError(t, os.WriteFile(cfgPath, cfg, 0o644))

	var logs bytes.Buffer
	cmd := exec.Command(haproxy, "-db", "-f", cfgPath)
	cmd.Stdout, cmd.Stderr = &logs, &logs
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("haproxy's log:\n%s", logs.String())
		}
	})
	c := &cluster{base: "http://127.0.0.1:" + httpPort, nodes: nodes}
	require.Eventually(t, func() bool {
		resp, err := http.Get(c.base + "/")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 10*time.Second, 50*time.Millisecond, "haproxy answers")
	return c
}

// get returns the name of the node that answered path.
func (c *cluster) get(t *testing.T, path string) string {
	t.Helper()
	resp, err := http.Get(c.base + path)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", path, body)
	return string(body)
}

// ws returns the name of the node that took the room's WebSocket.
func (c *cluster) ws(t *testing.T, id string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(c.base, "http")+"/r/"+id+"/ws", nil)
	require.NoError(t, err)
	defer conn.CloseNow()
	_, msg, err := conn.Read(ctx)
	require.NoError(t, err)
	conn.Close(websocket.StatusNormalClosure, "")
	return string(msg)
}

// TestRoomsStayTogether: a room's page, record and WebSocket reach the
// same node; rooms spread over every node; a node whose /readyz fails
// loses its rooms to the others and no one else's, and gets them back.
func TestRoomsStayTogether(t *testing.T) {
	t.Parallel()
	c := startCluster(t)
	const rooms = 40
	owner := map[string]string{}
	perNode := map[string]int{}
	for i := range rooms {
		id := "room" + strconv.Itoa(i)
		n := c.get(t, "/r/"+id)
		require.Equal(t, n, c.get(t, "/r/"+id+"/record?format=json"), "room %s: the record goes where the page went", id)
		require.Equal(t, n, c.get(t, "/r/"+id+"/record"), "room %s", id)
		require.Equal(t, n, c.ws(t, id), "room %s: the WebSocket goes where the page went", id)
		owner[id] = n
		perNode[n]++
	}
	require.Len(t, perNode, 3, "rooms spread over the three nodes: %v", perNode)
	require.Equal(t, "127.0.0.1", c.nodes[owner["room0"]].forwardedFor.Load(), "the node learns the client's address")

	lobby := map[string]bool{}
	for range 6 {
		lobby[c.get(t, "/lobby/lists")] = true
	}
	require.Len(t, lobby, 3, "the lobby goes round the nodes")

	// n2 drains: once HAProxy has seen its /readyz fail, its rooms go to
	// the others, and the others' rooms stay where they were.
	c.nodes["n2"].down.Store(true)
	require.Eventually(t, func() bool {
		for id, n := range owner {
			if n == "n2" && c.get(t, "/r/"+id) == "n2" {
				return false
			}
		}
		return true
	}, 10*time.Second, 100*time.Millisecond, "n2's rooms move")
	for id, n := range owner {
		got := c.get(t, "/r/"+id)
		if n == "n2" {
			require.NotEqual(t, "n2", got, "room %s", id)
			require.Equal(t, got, c.ws(t, id), "room %s: its WebSocket follows it", id)
		} else {
			require.Equal(t, n, got, "room %s stays on %s (consistent hashing)", id, n)
		}
	}
	for range 6 {
		require.NotEqual(t, "n2", c.get(t, "/"), "the lobby avoids the draining node too")
	}

	// n2 is back: its rooms return.
	c.nodes["n2"].down.Store(false)
	require.Eventually(t, func() bool {
		for id, n := range owner {
			if c.get(t, "/r/"+id) != n {
				return false
			}
		}
		return true
	}, 10*time.Second, 100*time.Millisecond, "n2's rooms come back")
}

// TestUnitStopsGracefully reads the systemd unit: it stops a node with
// SIGTERM, gives it the time to drain and shut down, restarts it after a
// failure and reads its settings from the environment file.
func TestUnitStopsGracefully(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("boardroom.service")
	require.NoError(t, err)
	settings := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "[") {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		require.True(t, ok, "a setting: %q", line)
		settings[key] = append(settings[key], value)
	}
	require.Equal(t, []string{"SIGTERM"}, settings["KillSignal"])
	require.Equal(t, []string{"on-failure"}, settings["Restart"])
	require.Equal(t, []string{"/etc/boardroom/boardroom.env"}, settings["EnvironmentFile"])
	require.Len(t, settings["TimeoutStopSec"], 1)
	stop, err := time.ParseDuration(settings["TimeoutStopSec"][0])
	require.NoError(t, err)
	// cmd/web: 3 s of drain, then at most 15 s to shut down.
	require.Greater(t, stop, 18*time.Second, "the stop timeout covers the drain and the shutdown")
	require.Contains(t, settings["ExecStart"][0], "$BOARDROOM_FLAGS")
	for _, hardening := range []string{"NoNewPrivileges", "ProtectSystem", "PrivateTmp", "DynamicUser"} {
		require.NotEmpty(t, settings[hardening], hardening)
	}
}

// TestTheBalancerBoundsSlowClients: a body sent a byte a second is cut off
// by the balancer's request timeout (it held a node's connection for ever
// through HAProxy), and one address may not hold more than 256
// connections at once.
func TestTheBalancerBoundsSlowClients(t *testing.T) {
	t.Parallel()
	c := startCluster(t)
	host := strings.TrimPrefix(c.base, "http://")

	slow, err := net.Dial("tcp", host)
	require.NoError(t, err)
	defer slow.Close()
	fmt.Fprintf(slow, "POST /rooms HTTP/1.1\r\nHost: %s\r\nContent-Length: 100\r\n\r\n", host)
	began := time.Now()
	answered := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(slow)
		answered <- string(b)
	}()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
wait:
	for {
		select {
		case reply := <-answered:
			require.Less(t, time.Since(began), 15*time.Second)
			require.Contains(t, reply, "408", "the balancer says the request took too long")
			break wait
		case <-tick.C:
			require.Less(t, time.Since(began), 15*time.Second, "the slow body is still being read")
			slow.Write([]byte("g"))
		}
	}

	var held []net.Conn
	defer func() {
		for _, conn := range held {
			conn.Close()
		}
	}()
	for range 256 {
		conn, err := net.Dial("tcp", host)
		require.NoError(t, err)
		held = append(held, conn)
	}
	// One more is refused: reset as it connects, or closed before any
	// answer. (HAProxy counts a connection once it has accepted it.)
	time.Sleep(500 * time.Millisecond)
	extra, err := net.Dial("tcp", host)
	if err == nil {
		defer extra.Close()
		fmt.Fprintf(extra, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", host)
		extra.SetReadDeadline(time.Now().Add(5 * time.Second))
		var b []byte
		b, err = io.ReadAll(extra)
		require.Empty(t, string(b), "the connection over the limit gets no answer")
		var netErr net.Error
		require.False(t, errors.As(err, &netErr) && netErr.Timeout(), "it is closed, not left waiting: %v", err)
	}
	held[0].Close()
	require.Eventually(t, func() bool {
		conn, err := net.Dial("tcp", host)
		if err != nil {
			return false
		}
		defer conn.Close()
		fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", host)
		b, _ := io.ReadAll(conn)
		return strings.Contains(string(b), "200 OK")
	}, 5*time.Second, 100*time.Millisecond, "a closed connection gives its place back")
}

// TestRequestsStillGoSomewhereWhenNoNodeIsReady: when every node fails its
// check at once (a shared PostgreSQL down), the balancer still sends the
// lobby and the rooms to the nodes, where it answered 503 for the whole
// site; a room's requests still go together; and once one node is ready
// again, only the ready ones are used.
func TestRequestsStillGoSomewhereWhenNoNodeIsReady(t *testing.T) {
	t.Parallel()
	c := startCluster(t)
	for _, n := range c.nodes {
		n.down.Store(true)
	}
	require.Eventually(t, func() bool {
		resp, err := http.Get(c.base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusServiceUnavailable // a node's own answer, through the fallback
	}, 10*time.Second, 100*time.Millisecond, "the balancer has marked every node down")
	for range 6 {
		require.Contains(t, []string{"n1", "n2", "n3"}, c.get(t, "/"), "the lobby is served")
	}
	first := c.get(t, "/r/abc")
	require.Equal(t, first, c.get(t, "/r/abc/record"), "a room's requests go together")
	require.Equal(t, first, c.ws(t, "abc"))

	c.nodes["n2"].down.Store(false)
	require.Eventually(t, func() bool {
		for range 6 {
			if c.get(t, "/") != "n2" {
				return false
			}
		}
		return true
	}, 10*time.Second, 100*time.Millisecond, "the ready node takes everything again")
}
