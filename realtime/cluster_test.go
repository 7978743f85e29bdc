package realtime

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"boardroom/internal/emptydb"
	"boardroom/realtime/bus"
	"boardroom/realtime/match"
	"boardroom/realtime/match/matchtest"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
	"boardroom/store/pgtest"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// fakeLeases is an in-memory store.Leases on the test's own clock, for
// several hubs in one process (the PostgreSQL store's own tests check the
// real thing).
type fakeLeases struct {
	mu       sync.Mutex
	sessions map[string]time.Time // session → lease end
	seen     map[string]time.Time // session → its last heartbeat (or leaving)
	owner    map[string]string    // room → session
	epoch    map[string]int64
	history  map[string][]store.Acquisition
	rooms    store.Store
	// slow is added to every Acquire (a database under load).
	slow time.Duration
	// taken counts, by session, the Acquire calls that gave it the room
	// (again, for a room it already held).
	taken map[string]int
}

func newFakeLeases(rooms store.Store) *fakeLeases {
	return &fakeLeases{sessions: map[string]time.Time{}, seen: map[string]time.Time{}, owner: map[string]string{}, epoch: map[string]int64{},
		history: map[string][]store.Acquisition{}, taken: map[string]int{}, rooms: rooms}
}

func (f *fakeLeases) live(session string) bool {
	end, ok := f.sessions[session]
	return ok && time.Now().Before(end)
}

func (f *fakeLeases) Heartbeat(_ context.Context, session, node string, lease time.Duration) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.sessions[session]; ok && !f.live(session) {
		return false, nil
	}
	f.sessions[session], f.seen[session] = time.Now().Add(lease), time.Now()
	return true, nil
}

func (f *fakeLeases) Acquire(ctx context.Context, id, session string) (store.Acquired, error) {
	f.mu.Lock()
	slow := f.slow
	f.mu.Unlock()
	time.Sleep(slow)
	if _, err := f.rooms.Room(ctx, id); err != nil {
		return store.Acquired{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.live(session) {
		return store.Acquired{}, store.ErrFenced
	}
	var silence time.Duration
	if o := f.owner[id]; o == session {
		f.taken[session]++
		return store.Acquired{Epoch: f.epoch[id]}, nil
	} else if o != "" && f.live(o) {
		return store.Acquired{}, &store.OwnedError{Room: id, Session: o, Epoch: f.epoch[id]}
	} else if o != "" {
		silence = time.Since(f.seen[o])
	}
	f.owner[id] = session
	f.taken[session]++
	f.epoch[id]++
	f.history[id] = append(f.history[id], store.Acquisition{Epoch: f.epoch[id], Session: session, At: time.Now()})
	return store.Acquired{Epoch: f.epoch[id], Silence: silence}, nil
}

func (f *fakeLeases) Release(_ context.Context, id string, fence store.Fence) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.owner[id] != fence.Session || f.epoch[id] != fence.Epoch {
		return store.ErrFenced
	}
	delete(f.owner, id)
	return nil
}

func (f *fakeLeases) Owner(_ context.Context, id string) (store.Owner, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return store.Owner{Session: f.owner[id], Epoch: f.epoch[id], Live: f.live(f.owner[id])}, nil
}

func (f *fakeLeases) Orphans(ctx context.Context) ([]string, error) {
	ids, err := f.rooms.Restorable(ctx)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, id := range ids {
		if o := f.owner[id]; o != "" && !f.live(o) {
			out = append(out, id)
		}
	}
	return out, nil
}

func (f *fakeLeases) Leave(_ context.Context, session string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sessions[session], f.seen[session] = time.Time{}, time.Now()
	return nil
}

func (f *fakeLeases) Epochs(_ context.Context, id string) ([]store.Acquisition, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]store.Acquisition(nil), f.history[id]...), nil
}

func (f *fakeLeases) TurnEpochs(context.Context, string) ([]int64, error) { return nil, nil }

// created records a new room's first owner, as the PostgreSQL store does
// from the fence of CreateRoom.
type createdStore struct {
	store.Store
	leases *fakeLeases
}

func (s createdStore) CreateRoom(ctx context.Context, r *store.Room) error {
	if err := s.Store.CreateRoom(ctx, r); err != nil {
		return err
	}
	if f, ok := store.FenceFrom(ctx); ok {
		s.leases.mu.Lock()
		s.leases.owner[r.ID], s.leases.epoch[r.ID] = f.Session, f.Epoch
		s.leases.history[r.ID] = append(s.leases.history[r.ID], store.Acquisition{Epoch: f.Epoch, Session: f.Session, At: time.Now()})
		s.leases.mu.Unlock()
	}
	return nil
}

// cluster is several hubs sharing one store, one lease table and one
// message exchange, each serving WebSockets on its own test server.
type testCluster struct {
	t      *testing.T
	st     store.Store
	leases store.Leases
	bus    *bus.Hub
	pages  *matchtest.PageRecorder
	nodes  []*clusterNode
	tweak  func(*Config) // applied to every node's Config, if set
}

type clusterNode struct {
	hub *Hub
	srv *httptest.Server
	bus bus.Bus
	// st is the node's way to the shared store, which dies with it.
	st *matchtest.CrashableStore
}

// testLease is short, so that failovers take about a second, and long
// enough that a node starved of CPU by the other packages' tests (the race
// detector, two cores) still renews its lease in time.
const testLease = 800 * time.Millisecond

func newCluster(t *testing.T, n int) *testCluster { return newClusterWith(t, n, nil) }

// newClusterWith is newCluster with tweak applied to every node's Config.
func newClusterWith(t *testing.T, n int, tweak func(*Config)) *testCluster {
	sqlite, err := store.OpenSQLite(emptydb.Path(t, "rooms.db"))
	require.NoError(t, err)
	t.Cleanup(func() { sqlite.Close() })
	cl := &testCluster{t: t, bus: bus.NewHub(), pages: &matchtest.PageRecorder{}, tweak: tweak}
	leases := newFakeLeases(sqlite)
	cl.leases, cl.st = leases, createdStore{Store: sqlite, leases: leases}
	for i := range n {
		cl.start(i)
	}
	return cl
}

// newPostgresCluster is a cluster on a throw-away PostgreSQL server: real
// leases, real fences.
func newPostgresCluster(t *testing.T, n int) *testCluster { return newPostgresClusterWith(t, n, nil) }

// newPostgresClusterWith is newPostgresCluster with tweak applied to every
// node's Config.
func newPostgresClusterWith(t *testing.T, n int, tweak func(*Config)) *testCluster {
	srv := pgtest.Start(t)
	st, err := store.Open(context.Background(), srv.Database(t))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	cl := &testCluster{t: t, bus: bus.NewHub(), pages: &matchtest.PageRecorder{}, st: st, leases: st.(store.Leases), tweak: tweak}
	for i := range n {
		cl.start(i)
	}
	return cl
}

// start runs node i (again).
func (cl *testCluster) start(i int) {
	b := cl.bus.Connect()
	st := &matchtest.CrashableStore{Store: cl.st}
	cfg := Config{Store: st, Renderer: cl.pages, BaseURL: "http://test", BotDelay: time.Millisecond,
		Cluster: &Cluster{Bus: b, Leases: cl.leases, Node: "n" + strconv.Itoa(i), Lease: testLease}}
	if cl.tweak != nil {
		cl.tweak(&cfg)
	}
	h := NewHub(cfg)
	_, err := h.Restore(context.Background())
	require.NoError(cl.t, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The room, the token and the account signed in come in the query
		// here; the rest of it is the socket's own (format=json).
		q := r.URL.Query()
		room, token, account := q.Get("room"), q.Get("token"), q.Get("account")
		q.Del("room")
		q.Del("token")
		q.Del("account")
		r.URL.RawQuery = q.Encode()
		h.ServeWS(w, r, room, secret.Hash(token), "", account, false, nil, SocketHooks{})
	}))
	node := &clusterNode{hub: h, srv: srv, bus: b, st: st}
	if i < len(cl.nodes) {
		cl.nodes[i] = node
	} else {
		cl.nodes = append(cl.nodes, node)
	}
	cl.t.Cleanup(func() { cl.kill(node) })
}

// kill stops a node as a crash would: its socket server and its bus go
// first, so nobody hears it leave, its rooms' last words (the clocks'
// stops) never reach the store, and its lease simply runs out.
func (cl *testCluster) kill(n *clusterNode) {
	n.st.Crashed.Store(true)
	n.srv.CloseClientConnections()
	n.srv.Close()
	n.bus.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	n.hub.Shutdown(ctx)
}

// wsPage is a page open over a real WebSocket on one node.
type wsPage struct {
	t     *testing.T
	cl    *testCluster
	ws    *websocket.Conn
	mu    sync.Mutex
	seen  *view.Page
	count int // pages received
}

func (cl *testCluster) open(node int, room, token string) *wsPage {
	return cl.openAs(node, room, token, "")
}

// openAs opens a page of a browser signed in as account.
func (cl *testCluster) openAs(node int, room, token, account string) *wsPage {
	url := "ws" + strings.TrimPrefix(cl.nodes[node].srv.URL, "http") + "/?room=" + room + "&token=" + token + "&account=" + account
	ws, _, err := websocket.Dial(cl.t.Context(), url, nil)
	require.NoError(cl.t, err)
	p := &wsPage{t: cl.t, cl: cl, ws: ws}
	go func() {
		for {
			_, b, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			if strings.HasPrefix(string(b), "spectators:") {
				continue
			}
			pg := cl.pages.Page(b)
			p.mu.Lock()
			p.seen, p.count = pg, p.count+1
			p.mu.Unlock()
		}
	}()
	cl.t.Cleanup(func() { ws.CloseNow() })
	return p
}

func (p *wsPage) send(msg string) {
	require.NoError(p.t, p.ws.Write(context.Background(), websocket.MessageText, []byte(msg)))
}

// await waits until the page shows what cond wants.
func (p *wsPage) await(what string, cond func(*view.Page) bool) *view.Page {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		p.mu.Lock()
		pg := p.seen
		p.mu.Unlock()
		if pg != nil && cond(pg) {
			return pg
		}
		time.Sleep(5 * time.Millisecond)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.seen != nil {
		p.t.Fatalf("timed out waiting for %s; the page shows %q, moves %v", what, p.seen.Turn, movesOf(p.seen))
	}
	p.t.Fatalf("timed out waiting for %s; the page was sent nothing", what)
	return nil
}

func moves(n int) func(*view.Page) bool {
	return func(p *view.Page) bool { return len(p.Moves) == n }
}

// A game between two people whose pages are on different nodes, watched
// from a third: every click reaches the owner, every page shows every move.
func TestClusterPagesOnEveryNode(t *testing.T) {
	t.Parallel()
	cl := newCluster(t, 3)
	ctx := context.Background()
	id, err := cl.nodes[0].hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.NoClock, Seat: vocab.FirstSeat, Level: vocab.Beginner}, "alice")
	require.NoError(t, err)

	alice := cl.open(1, id, "alice") // on a node that does not run the room
	bob := cl.open(2, id, "bob")
	watcher := cl.open(2, id, "carol")
	alice.await("the room", func(p *view.Page) bool { return !p.Spectator })
	bob.await("the room", func(p *view.Page) bool { return p.Controls.Join })
	bob.send(`{"action":"join","name":"Bob"}`)
	alice.await("Bob seated", func(p *view.Page) bool { return p.Seats[1].Kind == vocab.Human })
	watcher.await("two players", func(p *view.Page) bool { return p.Seats[1].Kind == vocab.Human && p.Spectators == 1 })

	alice.send(`{"move":"1"}`)
	bob.await("alice's move", moves(1))
	bob.send(`{"move":"1"}`)
	for _, p := range []*wsPage{alice, bob, watcher} {
		pg := p.await("both moves", moves(2))
		require.Equal(t, []string{"1", "1"}, movesOf(pg)[:2])
	}
	rec, err := cl.st.Room(ctx, id)
	require.NoError(t, err)
	require.Len(t, rec.Turns, 2, "the owner stored both moves")

	// A move by the spectator changes nothing.
	watcher.send(`{"move":"1"}`)
	watcher.await("a refusal", func(p *view.Page) bool { return p.Error != "" })
	require.Len(t, alice.await("no change", moves(2)).Moves, 2)
}

// When the node running a room dies, another takes it within two leases;
// the pages on the other nodes keep their sockets, nothing stored is lost,
// versions only go up, and the clock resumes with the time that was left
// when the owner died (give or take a lease).
func TestClusterFailover(t *testing.T) {
	t.Parallel()
	// A lease of 1.5 s, not testLease: the owner must hold the room while
	// Bob thinks, and an 800 ms lease was lost on a machine starved of CPU
	// (CI runs the packages' tests side by side) by any stall over 533 ms;
	// this one needs a stall of a second. Bob thinks 4 s, long next to it,
	// so that a resumed clock and a restarted one still differ.
	const lease = 1500 * time.Millisecond
	longer := func(c *Config) { c.Cluster.Lease = lease }
	for name, newCl := range map[string]func(*testing.T, int, func(*Config)) *testCluster{"fake leases": newClusterWith, "postgres": newPostgresClusterWith} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testFailover(t, newCl(t, 3, longer), lease, 4*time.Second)
		})
	}
}

// testFailover plays the failover on cl, whose nodes hold leases of
// lease, Bob thinking for think before the owner dies.
func testFailover(t *testing.T, cl *testCluster, lease, think time.Duration) {
	ctx := context.Background()
	id, err := cl.nodes[0].hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.BulletClock, Seat: vocab.FirstSeat, Level: vocab.Beginner}, "alice")
	require.NoError(t, err)
	alice := cl.open(1, id, "alice")
	bob := cl.open(2, id, "bob")
	bob.await("the room", func(p *view.Page) bool { return p.Controls.Join })
	bob.send(`{"action":"join"}`)
	alice.await("Bob seated", func(p *view.Page) bool { return p.Seats[1].Kind == vocab.Human })
	alice.send(`{"move":"1"}`)
	before := bob.await("the move", moves(1)).Version
	rec, err := cl.st.Room(ctx, id)
	require.NoError(t, err)
	bobFrom := rec.Turns[0].At // Bob's wait for his first move runs from Alice's move

	time.Sleep(think) // Bob thinks (long next to a lease, so a resumed clock and a restarted one differ)
	owner, err := cl.leases.Owner(ctx, id)
	require.NoError(t, err)
	require.True(t, owner.Live && owner.Epoch == 1, "the owner held the room until it was killed: %+v", owner)
	died := time.Now()
	cl.kill(cl.nodes[0])
	leftThen := match.FirstMoveWait - died.Sub(bobFrom)
	pg := bob.await("the room on its next owner", func(p *view.Page) bool { return p.Version > 2<<32 })
	require.True(t, pg.Clock.FirstMove)
	left := time.Duration(pg.Clock.RemainingMS) * time.Millisecond
	after, _ := cl.st.Room(ctx, id)
	// Give or take a lease, and a second for a heartbeat written late on a
	// busy machine (the owner's last sign of life is then earlier).
	require.LessOrEqual(t, left, leftThen+lease+time.Second,
		"the time since the owner's last sign of life comes back, not more (the clock resumed, it did not start again); version %x, stored clock from %v stopped %v, turns at %v, updated %v",
		pg.Version, after.ClockFrom, after.ClockStopped, after.Turns[0].At, after.Updated)
	require.Greater(t, left, leftThen-time.Second, "the clock stood still while nobody ran the room")

	// Bob's click after the death reaches the next owner.
	bob.send(`{"move":"1"}`)
	pg = alice.await("the move after the failover", moves(2))
	require.Less(t, time.Since(died), 2*lease+time.Second)
	require.Greater(t, pg.Version, before, "versions only go up")
	require.Equal(t, []string{"1", "1"}, movesOf(pg))

	owner, err = cl.leases.Owner(ctx, id)
	require.NoError(t, err)
	require.True(t, owner.Live)
	require.EqualValues(t, 2, owner.Epoch)
	hist, _ := cl.leases.Epochs(ctx, id)
	require.Len(t, hist, 2)
	if turns, err := cl.leases.TurnEpochs(ctx, id); err == nil && turns != nil {
		require.Equal(t, []int64{1, 2}, turns, "each move written by its owner of the time")
	}
}

// A room whose owner dies with nobody watching (the computer against
// itself) is taken over by the orphan scan, and plays on.
func TestClusterAdoptsOrphans(t *testing.T) {
	t.Parallel()
	cl := newCluster(t, 2)
	ctx := context.Background()
	id, err := cl.nodes[0].hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Watch, Clock: vocab.NoClock, Seat: vocab.FirstSeat, Level: vocab.Beginner, Pace: "fast"}, "owner")
	require.NoError(t, err)
	cl.kill(cl.nodes[0])
	deadline := time.Now().Add(2*testLease + 2*time.Second)
	for time.Now().Before(deadline) {
		if cl.nodes[1].hub.Live() == 1 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	require.Equal(t, 1, cl.nodes[1].hub.Live(), "the other node runs the room")
	owner, err := cl.leases.Owner(ctx, id)
	require.NoError(t, err)
	require.True(t, owner.Live)
}

// A node taking over many rooms at a slow database keeps its own lease
// meanwhile: the adoption takes several leases, the node's session stays.
func TestClusterAdoptionKeepsTheLease(t *testing.T) {
	t.Parallel()
	// A lease longer than testLease: the property is that adoption never
	// keeps the lease from being renewed, and an 800 ms lease can run out
	// on a loaded machine whatever the node does (a renewal every 267 ms,
	// any stall over 533 ms loses it).
	const lease = 2 * time.Second
	cl := newClusterWith(t, 2, func(c *Config) { c.Cluster.Lease = lease })
	ctx := context.Background()
	const rooms = 40
	for range rooms {
		_, err := cl.nodes[0].hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.NoClock, Seat: vocab.FirstSeat, Level: vocab.Beginner}, "owner")
		require.NoError(t, err)
	}
	session, live := cl.nodes[1].hub.node.Current()
	require.True(t, live)
	leases := cl.leases.(*fakeLeases)
	leases.mu.Lock()
	leases.slow = lease / 20 // adopting them all takes two leases
	leases.mu.Unlock()
	cl.kill(cl.nodes[0])
	require.Eventually(t, func() bool { return cl.nodes[1].hub.Live() == rooms }, 10*lease, 10*time.Millisecond,
		"the other node runs every room")
	now, live := cl.nodes[1].hub.node.Current()
	require.True(t, live)
	require.Equal(t, session, now, "the node kept its lease (it did not drop its rooms and join again)")
}

// A node that hands its rooms over stops their clocks first: a room that
// nobody runs for a while (no other node yet) resumes with the time it had
// when it was handed over.
func TestClusterHandOverStopsTheClock(t *testing.T) {
	t.Parallel()
	cl := newCluster(t, 1)
	ctx := context.Background()
	id, err := cl.nodes[0].hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.BulletClock, Seat: vocab.FirstSeat, Level: vocab.Beginner}, "me")
	require.NoError(t, err)
	time.Sleep(300 * time.Millisecond) // the wait for the first move runs
	require.NoError(t, cl.nodes[0].hub.Drain(ctx))
	rec, err := cl.st.Room(ctx, id)
	require.NoError(t, err)
	require.False(t, rec.ClockStopped.IsZero(), "the stop is recorded")
	leftThen := match.FirstMoveWait - rec.ClockStopped.Sub(rec.ClockFrom)
	require.Less(t, leftThen, match.FirstMoveWait-250*time.Millisecond)

	time.Sleep(1500 * time.Millisecond) // nobody runs the room
	cl.start(1)
	pg := cl.open(1, id, "me").await("the room on the next node", func(p *view.Page) bool { return p.Version > 2<<32 })
	require.True(t, pg.Clock.FirstMove)
	left := time.Duration(pg.Clock.RemainingMS) * time.Millisecond
	require.LessOrEqual(t, left, leftThen)
	require.Greater(t, left, leftThen-750*time.Millisecond, "the time the room stood still is not counted")
}

func movesOf(p *view.Page) []string {
	var out []string
	for _, m := range p.Moves {
		out = append(out, m.Text)
	}
	return out
}

// TestAnAccountsSeatOnAnotherNode: in a cluster, a page of the account
// open on a node that does not run the room holds the account's seat,
// though its browser never held the seat's cookie: its first render (asked
// of the owner) and its socket; the browser that took the seat, signed
// out since, no longer does.
func TestAnAccountsSeatOnAnotherNode(t *testing.T) {
	t.Parallel()
	cl := newCluster(t, 2)
	ctx := context.Background()
	id, err := cl.nodes[0].hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.NoClock, Seat: vocab.FirstSeat,
		Level: vocab.Beginner, Account: "alice"}, "alice-laptop")
	require.NoError(t, err)
	live, err := cl.nodes[1].hub.LivePage(ctx, id, match.Who{TokenHash: secret.Hash("alice-phone"), Account: "alice"}, "")
	require.NoError(t, err)
	require.True(t, cl.pages.Page(live.Live).Seats[0].Yours, "the first render, by the owner")

	phone := cl.openAs(1, id, "alice-phone", "alice")
	phone.await("her seat", func(p *view.Page) bool { return p.Seats[0].Yours })
	bob := cl.open(0, id, "bob")
	bob.send(`{"action":"join","name":"Bob"}`)
	phone.await("Bob seated", func(p *view.Page) bool { return p.Seats[1].Kind == vocab.Human })
	phone.send(`{"move":"1"}`)
	bob.await("her move, from the phone", moves(1))

	laptop := cl.open(1, id, "alice-laptop") // signed out
	laptop.await("a spectator", func(p *view.Page) bool { return p.Spectator })
	bob.send(`{"move":"1"}`)
	laptop.await("bob's move", moves(2))
	laptop.send(`{"move":"2"}`)
	laptop.await("a refusal", func(p *view.Page) bool { return strings.Contains(p.Error, "log in as alice") })
	require.Len(t, bob.await("no change", moves(2)).Moves, 2)
}
