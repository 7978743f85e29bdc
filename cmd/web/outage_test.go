package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// TestNobodyLosesToAnOutage is the operator's bad day: three nodes on
// PostgreSQL and NATS behind HAProxy, a game between two people on a 10 s
// move clock, Alice's page on the node that runs the room and Bob's on
// another (his moves cross NATS), spectators on a third node and through
// the balancer. NATS stops for 10 s, and later PostgreSQL for 15 s, while
// both keep playing as people do. Then:
//   - no move a player saw acknowledged is lost;
//   - nobody lost on time (nor was the game aborted);
//   - HAProxy answered the lobby throughout;
//   - within 5 s of each service's return the game moves on and every page
//     shows it.
func TestNobodyLosesToAnOutage(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs three server processes, PostgreSQL, NATS and HAProxy")
	}
	c := newTestCluster(t, 3)
	lb := c.startHAProxy()
	for i := range 3 {
		c.start(i)
	}

	aliceClient, bobClient := newJarClient(), newJarClient()
	path := createFriendGame(t, aliceClient, c.base(0))
	alice := c.stayOn(aliceClient, path, 0, true)
	bob := c.stayOn(bobClient, path, 1, true)
	pages := []*page{alice, bob,
		c.stayOn(newJarClient(), path, 2, false),
		c.followThrough(lb, newJarClient(), path, false)}
	for _, p := range pages {
		p.waitShown(t)
	}
	bob.send(t, `{"action":"join","name":"Bob"}`)
	require.Eventually(t, func() bool { return alice.offers() }, 10*time.Second, 20*time.Millisecond, "Bob is seated and Alice is to move")

	lobby := watchLobby(t, lb)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for _, p := range []*page{alice, bob} {
		p.pace = time.Second // as people play: the game must outlast the test
		wg.Add(1)
		go func() { defer wg.Done(); p.play(stop) }()
	}
	players := []*page{alice, bob}
	time.Sleep(3 * time.Second)

	t.Log("NATS down for 10 s")
	c.natsServer.Stop()
	down := time.Now()
	// Alice moves on the room's node; then it is Bob's turn, whose moves
	// cannot reach it: his clock stops, and Alice's page says why.
	require.Eventually(t, func() bool { return strings.Contains(alice.text(), "Lost contact with Bob") }, 8*time.Second, 50*time.Millisecond,
		"Bob's clock stops while his node is cut off")
	time.Sleep(10*time.Second - time.Since(down))
	c.natsServer.Resume()
	requireBack(t, "NATS", time.Now(), players, pages)
	time.Sleep(3 * time.Second)

	t.Log("PostgreSQL down for 15 s")
	require.NoError(t, c.pg.Halt())
	time.Sleep(15 * time.Second)
	require.NoError(t, c.pg.Resume())
	requireBack(t, "PostgreSQL", time.Now(), players, pages)
	time.Sleep(2 * time.Second)
	close(stop)
	wg.Wait()

	st, err := store.Open(context.Background(), c.dsn)
	require.NoError(t, err)
	defer st.Close()
	id := strings.TrimPrefix(path, "/r/")
	rec, err := st.Room(context.Background(), id)
	require.NoError(t, err)
	var stored []string
	for _, turn := range rec.Turns {
		stored = append(stored, turn.Notation)
	}
	for _, p := range players {
		acked := p.acknowledged()
		require.GreaterOrEqual(t, len(stored), len(acked), "acknowledged moves lost")
		require.Equal(t, acked, stored[:len(acked)], "the acknowledged moves are stored, in order")
	}
	require.False(t, rec.Aborted, "the game was aborted: %s", rec.Reason)
	require.NotContains(t, rec.Reason, "ran out of time", "somebody lost on time to the outage")
	t.Logf("%d moves stored; the game %s", len(stored), map[bool]string{true: "ended: " + rec.Reason, false: "goes on"}[rec.Over])
	failed, served := lobby.stop()
	require.Empty(t, failed, "HAProxy did not serve the lobby (%d served)", served)
	t.Logf("HAProxy served the lobby %d times through both outages", served)
}

// createFriendGame makes an Amazons room for two people on a Bullet clock
// (10 s a move), its creator first to move.
func createFriendGame(t *testing.T, client *http.Client, base string) string {
	resp, err := client.PostForm(base+"/rooms", url.Values{"game": {"amazons"}, "mode": {"friend"},
		"clock": {"bullet"}, "seat": {"first"}, "name": {"Alice"}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	return resp.Header.Get("Location")
}

// stayOn opens a page on node that goes back to it when its socket
// closes, as a page whose balancer hashes its room to that node does.
func (c *testCluster) stayOn(client *http.Client, path string, node int, player bool) *page {
	p := &page{c: c, client: client, path: path, player: player, node: node, stay: true, changed: make(chan struct{}, 1)}
	go p.run()
	return p
}

// send writes one message on the page's socket as it is now.
func (p *page) send(t *testing.T, msg string) {
	require.Eventually(t, func() bool {
		p.mu.Lock()
		ws := p.ws
		p.mu.Unlock()
		if ws == nil {
			return false
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return ws.Write(ctx, websocket.MessageText, []byte(msg)) == nil
	}, 10*time.Second, 50*time.Millisecond, "sending %s", msg)
}

// text is the page's text as shown now.
func (p *page) text() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.doc == nil {
		return ""
	}
	return p.doc.Text()
}

// offers reports whether the page offers its player a move.
func (p *page) offers() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.doc == nil {
		return false
	}
	_, ok := offeredMove(p.doc)
	return ok
}

// requireBack checks that within 5 s of a service's return at back a
// player's move is acknowledged and every page shows it.
func requireBack(t *testing.T, service string, back time.Time, players, pages []*page) {
	t.Helper()
	deadline := back.Add(5 * time.Second)
	before := 0
	for _, p := range players {
		before = max(before, len(p.acknowledged()))
	}
	var moved int
	require.Eventually(t, func() bool {
		for _, p := range players {
			if n := len(p.acknowledged()); n > before {
				moved = n
				return true
			}
		}
		return false
	}, time.Until(deadline), 20*time.Millisecond, "a move is acknowledged within 5 s of %s's return", service)
	for i, p := range pages {
		require.Eventually(t, func() bool { return len(p.moves()) >= moved }, max(time.Until(deadline), time.Millisecond), 20*time.Millisecond,
			"page %d shows the game within 5 s of %s's return (it shows %d moves, %d acknowledged)", i, service, len(p.moves()), moved)
	}
	t.Logf("back %v after %s returned: move %d acknowledged and shown on every page", time.Since(back).Round(time.Millisecond), service, moved)
}

// lobbyWatch asks the balancer for the lobby four times a second.
type lobbyWatch struct {
	done    chan struct{}
	wg      sync.WaitGroup
	served  atomic.Int64
	mu      sync.Mutex
	failed  []string
	stopped bool
}

func watchLobby(t *testing.T, lb string) *lobbyWatch {
	w := &lobbyWatch{done: make(chan struct{})}
	client := &http.Client{Timeout: 3 * time.Second}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		for {
			select {
			case <-w.done:
				return
			case <-time.After(250 * time.Millisecond):
			}
			resp, err := client.Get(lb + "/")
			switch {
			case err != nil:
				w.fail(fmt.Sprintf("%s: %v", time.Now().Format("15:04:05.000"), err))
			case resp.StatusCode != http.StatusOK:
				w.fail(fmt.Sprintf("%s: %s", time.Now().Format("15:04:05.000"), resp.Status))
			default:
				w.served.Add(1)
			}
			if resp != nil {
				resp.Body.Close()
			}
		}
	}()
	t.Cleanup(func() { w.stop() })
	return w
}

func (w *lobbyWatch) fail(what string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.failed = append(w.failed, what)
}

// stop ends the watch and says what failed and how often the lobby was
// served.
func (w *lobbyWatch) stop() ([]string, int64) {
	w.mu.Lock()
	if !w.stopped {
		w.stopped = true
		close(w.done)
	}
	w.mu.Unlock()
	w.wg.Wait()
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.failed, w.served.Load()
}
