package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/bus/natstest"
	"boardroom/store"
	"boardroom/store/pgtest"
)

// failoverLease is the nodes' lease in the failover test: short, so that
// the test takes seconds.
const failoverLease = time.Second

// TestClusterFailover runs three server processes on one PostgreSQL and one
// NATS server. Rooms are created on the first node; their players and
// spectators are spread over all three. Mid-game the owner is killed
// (SIGKILL), another node is paused past its lease (SIGSTOP, then SIGCONT)
// and the dead node is started again. At the end every page shows the
// room's stored move list, no move a player saw acknowledged is lost, a
// page's version never went down, and the store's epochs show that no
// room ever had two owners: each change of owner bumped the epoch by one,
// and along each room's log the epochs that wrote the turns never go down.
func TestClusterFailover(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs three server processes")
	}
	c := newTestCluster(t, 3)
	lb := c.startHAProxy()
	for i := range 3 {
		c.start(i)
	}

	const rooms = 4
	var players []*page
	var pages []*page
	for k := range rooms {
		creator := newJarClient()
		path := createHotseat(t, creator, c.base(0))
		// Half the players come through the load balancer, half straight
		// to a node; every room has a spectator on each node and one more
		// through the balancer.
		p := c.follow(creator, path, k%3, true)
		if k%2 == 0 {
			p = c.followThrough(lb, creator, path, true)
		}
		players = append(players, p)
		pages = append(pages, p, c.followThrough(lb, newJarClient(), path, false))
		for n := range 3 {
			pages = append(pages, c.follow(newJarClient(), path, n, false))
		}
	}
	for _, p := range pages {
		p.waitShown(t)
	}
	// The lobby of any node lists the rooms of every node.
	for n := range 3 {
		require.Eventually(t, func() bool {
			resp, err := http.Get(c.base(n) + "/lobby/lists")
			if err != nil {
				return false
			}
			defer resp.Body.Close()
			var body bytes.Buffer
			body.ReadFrom(resp.Body)
			for _, p := range players {
				if !strings.Contains(body.String(), p.path) {
					return false
				}
			}
			return true
		}, 10*time.Second, 100*time.Millisecond, "node %d lists every room", n)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for _, p := range players {
		wg.Add(1)
		go func() { defer wg.Done(); p.play(stop) }()
	}

	time.Sleep(2 * time.Second)
	t.Log("SIGKILL the owner of every room")
	st, err := store.Open(context.Background(), c.dsn)
	require.NoError(t, err)
	defer st.Close()
	leases := st.(store.Leases)
	died := time.Now()
	c.signal(0, syscall.SIGKILL)
	require.Eventually(t, func() bool { return runElsewhere(leases, players, "n0") }, 10*time.Second, 20*time.Millisecond,
		"the other nodes take the dead node's rooms")
	took := time.Since(died)
	t.Logf("every room had a new owner %v after the kill (lease %v)", took.Round(time.Millisecond), failoverLease)
	require.Less(t, took, 2*failoverLease+500*time.Millisecond, "taken within two leases (and the polling's slack)")
	time.Sleep(2 * time.Second)

	t.Log("SIGSTOP a node past its lease, then SIGCONT")
	c.signal(1, syscall.SIGSTOP)
	time.Sleep(failoverLease*5/2 + 500*time.Millisecond)
	c.signal(1, syscall.SIGCONT)
	time.Sleep(3 * time.Second)

	t.Log("start the dead node again")
	c.start(0)
	time.Sleep(2 * time.Second)

	// SIGTERM hands a node's rooms over before it exits: the others own
	// them at once, without waiting for its lease to run out.
	owned := func(node string) (n int) {
		for _, p := range players {
			if o, err := leases.Owner(context.Background(), strings.TrimPrefix(p.path, "/r/")); err == nil && o.Live && o.Node == node {
				n++
			}
		}
		return n
	}
	leaving := 2
	for i := range 3 {
		if owned(c.nodes[i].name) > owned(c.nodes[leaving].name) {
			leaving = i
		}
	}
	t.Logf("SIGTERM %s, which runs %d rooms", c.nodes[leaving].name, owned(c.nodes[leaving].name))
	termed := time.Now()
	c.signal(leaving, syscall.SIGTERM)
	exited := make(chan error, 1)
	go func() { exited <- c.nodes[leaving].cmd.Wait() }()
	select {
	case err := <-exited:
		require.NoError(t, err, "the node exits cleanly after handing its rooms over")
	case <-time.After(20 * time.Second):
		t.Fatal("the node did not exit within 20 s of SIGTERM")
	}
	require.Eventually(t, func() bool { return runElsewhere(leases, players, c.nodes[leaving].name) }, failoverLease, 10*time.Millisecond,
		"the rooms are owned elsewhere when the node has exited")
	t.Logf("%s exited %v after SIGTERM, its rooms run elsewhere", c.nodes[leaving].name, time.Since(termed).Round(time.Millisecond))
	time.Sleep(2 * time.Second)
	close(stop)
	wg.Wait()

	for _, p := range players {
		id := strings.TrimPrefix(p.path, "/r/")
		rec, err := st.Room(context.Background(), id)
		require.NoError(t, err)
		var stored []string
		for _, turn := range rec.Turns {
			stored = append(stored, turn.Notation)
		}
		acked := p.acknowledged()
		require.GreaterOrEqual(t, len(acked), 10, "room %s: the game went on through the failures", id)
		require.GreaterOrEqual(t, len(stored), len(acked), "room %s lost acknowledged moves", id)
		require.Equal(t, acked, stored[:len(acked)], "room %s: the acknowledged moves are stored, in order", id)

		epochs, err := leases.Epochs(context.Background(), id)
		require.NoError(t, err)
		require.GreaterOrEqual(t, len(epochs), 2, "room %s changed owner", id)
		for i, a := range epochs {
			require.EqualValues(t, i+1, a.Epoch, "room %s: each change of owner bumps the epoch by one", id)
		}
		turnEpochs, err := leases.TurnEpochs(context.Background(), id)
		require.NoError(t, err)
		for i := 1; i < len(turnEpochs); i++ {
			require.LessOrEqual(t, turnEpochs[i-1], turnEpochs[i], "room %s: turn %d written by an older owner after a newer one", id, i+1)
		}
		t.Logf("room %s: %d moves, %d acknowledged, owners by epoch %v", id, len(stored), len(acked), nodesOf(epochs))
	}
	// Every page, wherever it is, comes to show the stored move list.
	for _, p := range pages {
		id := strings.TrimPrefix(p.path, "/r/")
		rec, err := st.Room(context.Background(), id)
		require.NoError(t, err)
		var stored []string
		for _, turn := range rec.Turns {
			stored = append(stored, turn.Notation)
		}
		require.Eventually(t, func() bool { return slicesEqual(p.moves(), stored) }, 10*time.Second, 20*time.Millisecond,
			"a page of room %s shows %v, the store %v", id, p.moves(), stored)
		require.False(t, p.versionWentDown(), "a page of room %s saw its version go down", id)
	}
}

// runElsewhere reports whether every player's room has a live owner other
// than node.
func runElsewhere(leases store.Leases, players []*page, node string) bool {
	for _, p := range players {
		o, err := leases.Owner(context.Background(), strings.TrimPrefix(p.path, "/r/"))
		if err != nil || !o.Live || o.Node == node {
			return false
		}
	}
	return true
}

func nodesOf(epochs []store.Acquisition) []string {
	var out []string
	for _, a := range epochs {
		out = append(out, a.Node)
	}
	return out
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// testCluster is the server processes of the failover test.
type testCluster struct {
	t         *testing.T
	bin       string
	dsn, nats string
	flags     []string // more flags for every node (later ones win)
	// pg and natsServer are the services, for tests that stop them.
	pg         *pgtest.Server
	natsServer *natstest.Server
	mu         sync.Mutex
	nodes      []*testNode
}

type testNode struct {
	name, addr string
	cmd        *exec.Cmd
	logs       *bytes.Buffer
	up         bool // serving (not killed, not paused)
}

// newTestCluster builds the server and sets out n nodes, not started, on
// a throw-away PostgreSQL and NATS; flags are added to every node's.
func newTestCluster(t *testing.T, n int, flags ...string) *testCluster {
	pg := pgtest.Start(t)
	nats := natstest.Start(t)
	c := &testCluster{t: t, bin: serverBinary(t), dsn: pg.Database(t), nats: nats.URL, flags: flags, pg: pg, natsServer: nats}
	for i := range n {
		c.nodes = append(c.nodes, &testNode{name: "n" + strconv.Itoa(i), addr: freeAddr(t)})
	}
	return c
}

func (c *testCluster) base(i int) string { return "http://" + c.nodes[i].addr }

func (c *testCluster) start(i int) {
	n := c.nodes[i]
	cmd := exec.Command(c.bin, "-addr", n.addr, "-db", c.dsn, "-nats", c.nats, "-node", n.name,
		"-lease", failoverLease.String(), "-drain-grace", "1s", "-trusted-proxies", "127.0.0.1",
		"-max-conns-per-addr", "0", "-max-rooms-per-minute", "0", "-max-pools-per-minute", "0")
	cmd.Args = append(cmd.Args, c.flags...)
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	require.NoError(c.t, cmd.Start())
	c.t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGCONT)
		cmd.Process.Kill()
		cmd.Wait()
		if c.t.Failed() {
			c.t.Logf("node %s's log:\n%s", n.name, logs.String())
		}
	})
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(c.base(i) + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				c.mu.Lock()
				n.cmd, n.logs, n.up = cmd, &logs, true
				c.mu.Unlock()
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.t.Fatalf("node %s did not become ready:\n%s", n.name, logs.String())
}

func (c *testCluster) signal(i int, sig syscall.Signal) {
	c.mu.Lock()
	n := c.nodes[i]
	n.up = sig == syscall.SIGCONT
	c.mu.Unlock()
	require.NoError(c.t, n.cmd.Process.Signal(sig))
	if sig == syscall.SIGKILL {
		n.cmd.Wait()
	}
}

// next is the node a page reconnects to after losing node i: the next one
// serving, as a load balancer would pick.
func (c *testCluster) next(i int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := 1; k <= len(c.nodes); k++ {
		j := (i + k) % len(c.nodes)
		if c.nodes[j].up {
			return j
		}
	}
	return i
}

// startHAProxy runs HAProxy with the deployment's configuration in front
// of the nodes (scripts/cluster writes it for given ports), and returns its
// address.
func (c *testCluster) startHAProxy() string {
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		if os.Getenv("CI") == "true" {
			c.t.Fatalf("haproxy is needed in CI: %v", err)
		}
		c.t.Skipf("haproxy not installed: %v", err)
	}
	addr := freeAddr(c.t)
	_, port, _ := strings.Cut(addr, ":")
	var ports []string
	for _, n := range c.nodes {
		_, p, _ := strings.Cut(n.addr, ":")
		ports = append(ports, p)
	}
	gen := exec.Command("bash", "../../scripts/cluster", "haproxy-config")
	gen.Env = append(os.Environ(), "CLUSTER_HTTP_PORT="+port, "CLUSTER_NODE_PORTS="+strings.Join(ports, " "))
	cfg, err := gen.Output()
	require.NoError(c.t, err, "writing the HAProxy configuration")
	path := filepath.Join(c.t.TempDir(), "haproxy.cfg")
	require.NoError(c.t, os.WriteFile(path, cfg, 0o644))
	cmd := exec.Command(bin, "-db", "-f", path)
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	require.NoError(c.t, cmd.Start())
	c.t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if c.t.Failed() {
			c.t.Logf("haproxy's log:\n%s", logs.String())
		}
	})
	return "http://" + addr
}

func newJarClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 5 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func createHotseat(t *testing.T, client *http.Client, base string) string {
	resp, err := client.PostForm(base+"/rooms", url.Values{"game": {"kalah"}, "mode": {"hotseat"}, "houses": {"6"}, "seeds": {"6"}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	return resp.Header.Get("Location")
}
