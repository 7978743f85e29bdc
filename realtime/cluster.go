package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"boardroom/game"
	"boardroom/realtime/bus"
	"boardroom/realtime/match"
	"boardroom/realtime/store"
)

// Several nodes serve the same rooms: each room is run by exactly one node
// at a time, its owner, which holds a lease on it in the shared store (a
// heartbeat timed by the database's clock). Every write of a room carries
// the owner's fence (session and epoch), so a node that lost a room while
// it was paused changes nothing when it wakes. A page may be open on any
// node: its node relays its messages to the owner (link.go) and the owner
// publishes each distinct view once for the pages elsewhere (owner.go).

// Cluster makes a hub one node of several.
type Cluster struct {
	Bus    bus.Bus
	Leases store.Leases
	// Node is this node's name (logs, the store's owner column).
	Node string
	// Lease is how long the node owns its rooms without a heartbeat
	// (default DefaultLease).
	Lease time.Duration
}

// DefaultLease is a node's lease on its rooms.
const DefaultLease = 3 * time.Second

// node is the hub's part in a cluster: its session and lease, and the
// links of the pages it holds for rooms run elsewhere.
type node struct {
	Cluster
	log     *slog.Logger
	mu      sync.Mutex
	session string
	// lastBeat is when the lease was last renewed, by this process's
	// monotonic clock: past it by a lease, the node owns nothing.
	lastBeat time.Time
	draining atomic.Bool
	links    map[string]*link
	pages    atomic.Uint64 // numbers the pages, for their ids
}

func newNode(c Cluster, h *Hub) *node {
	if c.Lease <= 0 {
		c.Lease = DefaultLease
	}
	return &node{Cluster: c, log: h.deps.Log, links: map[string]*link{}}
}

// keepEvery is how often a node tells an owner which pages it still has.
func (n *node) keepEvery() time.Duration { return n.Lease / 2 }

// current returns the session and whether its lease still runs by the
// local clock (it may have run out in the database a little earlier).
func (n *node) current() (string, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.session, n.session != "" && time.Since(n.lastBeat) < n.Lease
}

// join starts a new session and registers its lease.
func (n *node) join(ctx context.Context) error {
	session := match.RandomText(9)
	ok, err := n.Leases.Heartbeat(ctx, session, n.Node, n.Lease)
	if err != nil {
		return fmt.Errorf("joining the cluster: %w", err)
	}
	if !ok {
		return errors.New("joining the cluster: a new session was refused")
	}
	n.mu.Lock()
	n.session, n.lastBeat = session, time.Now()
	n.mu.Unlock()
	n.log.Info("joined the cluster", "session", session)
	return nil
}

// beat renews the lease; false when it had run out (the node must drop
// its rooms and join again).
func (n *node) beat(ctx context.Context) bool {
	session, live := n.current()
	if !live {
		return false
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, n.Lease/2)
	defer cancel()
	ok, err := n.Leases.Heartbeat(ctx, session, n.Node, n.Lease)
	if err != nil {
		n.log.Warn("heartbeat failed", "err", err)
		return true // the lease runs on; current() says when it is over
	}
	if !ok {
		return false
	}
	n.mu.Lock()
	if n.session == session {
		n.lastBeat = start
	}
	n.mu.Unlock()
	return true
}

// errElsewhere says a room is run by another node: its pages are relayed.
var errElsewhere = errors.New("the room is run by another node")

// acquire takes room id for this node, returning its fence and how long
// its previous owner had been silent when it died (store.Acquired);
// errElsewhere when another node runs it.
func (n *node) acquire(ctx context.Context, id string) (store.Fence, time.Duration, error) {
	if n.draining.Load() {
		return store.Fence{}, 0, fmt.Errorf("%w: this node is handing its rooms over", errElsewhere)
	}
	session, live := n.current()
	if !live {
		return store.Fence{}, 0, fmt.Errorf("%w: this node has no lease", errElsewhere)
	}
	got, err := n.Leases.Acquire(ctx, id, session)
	switch {
	case errors.Is(err, store.ErrOwned), errors.Is(err, store.ErrFenced):
		return store.Fence{}, 0, fmt.Errorf("%w: %w", errElsewhere, err)
	case errors.Is(err, store.ErrNotFound):
		return store.Fence{}, 0, fmt.Errorf("%w: %q", ErrNoRoom, id)
	case err != nil:
		return store.Fence{}, 0, err
	}
	return store.Fence{Session: session, Epoch: got.Epoch}, got.Silence, nil
}

// runNode keeps the node's lease and takes the rooms whose owner died,
// until ctx ends. The two never wait for each other: taking a dead node's
// thousand rooms takes seconds, and the lease must be renewed meanwhile.
func (h *Hub) runNode(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); h.keepLease(ctx) }()
	go func() { defer wg.Done(); h.scanOrphans(ctx) }()
	wg.Wait()
}

// keepLease renews the lease every third of it.
func (h *Hub) keepLease(ctx context.Context) {
	n := h.node
	beat := time.NewTicker(n.Lease / 3)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-beat.C:
			if n.draining.Load() {
				continue
			}
			if !n.beat(ctx) {
				h.lostLease(ctx)
			}
		}
	}
}

// scanOrphans takes the rooms whose owner died: those another node names
// as it hands them over, and those a scan finds, about every half lease at
// random moments (so that a dead node's rooms are spread over the others).
// One adoption runs at a time.
func (h *Hub) scanOrphans(ctx context.Context) {
	n := h.node
	named := make(chan []string, 16)
	unsub, err := n.Bus.Subscribe(orphansSubject, func(m *bus.Msg) {
		var ids []string
		if json.Unmarshal(m.Data, &ids) == nil {
			select {
			case named <- ids:
			default: // the scan finds them anyway
			}
		}
	})
	if err == nil {
		defer unsub()
	}
	scan := time.NewTimer(0)
	defer scan.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case ids := <-named:
			h.adopt(ctx, ids)
		case <-scan.C:
			if ids, err := n.Leases.Orphans(ctx); err == nil && !n.draining.Load() {
				h.adopt(ctx, ids)
			}
			// At most three quarters of a lease apart: a room nobody looks
			// at is taken within two leases of its owner's death.
			scan.Reset(n.Lease/4 + rand.N(n.Lease/2))
		}
	}
}

// lostLease drops every room (they may be run elsewhere already) and joins
// again with a new session.
func (h *Hub) lostLease(ctx context.Context) {
	h.deps.Log.Warn("lease lost: dropping every room")
	for _, r := range h.running() {
		r.Quit(match.StopLost)
	}
	for ctx.Err() == nil {
		if err := h.node.join(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(h.node.Lease / 3):
		}
	}
}

// adopt starts the rooms of ids that nobody runs (their owner died or
// handed them over), in random order so that nodes adopting together
// spread them.
func (h *Hub) adopt(ctx context.Context, ids []string) {
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	for _, id := range ids {
		if ctx.Err() != nil || h.node.draining.Load() {
			return
		}
		if _, err := h.Room(ctx, id); err != nil && !errors.Is(err, errElsewhere) {
			h.deps.Log.Warn("room not adopted", "room", id, "err", err)
		}
	}
}

// running lists the rooms in memory.
func (h *Hub) running() []*match.Room {
	h.mu.Lock()
	defer h.mu.Unlock()
	rooms := make([]*match.Room, 0, len(h.rooms))
	for _, r := range h.rooms {
		rooms = append(rooms, r)
	}
	return rooms
}

// Drain hands this node's rooms over before it stops: it stops taking
// rooms, stops every room it runs (their pages here reconnect elsewhere;
// pages elsewhere follow the room to its next owner), ends its lease and
// names the rooms, so that the other nodes take them at once. Without a
// cluster it only stops taking rooms.
func (h *Hub) Drain(ctx context.Context) error {
	if h.node == nil {
		return nil
	}
	h.node.draining.Store(true)
	rooms := h.running()
	ids := make([]string, 0, len(rooms))
	for _, r := range rooms {
		ids = append(ids, r.ID())
		r.Quit(match.StopHandover)
	}
	for _, r := range rooms {
		select {
		case <-r.Finished():
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	session, _ := h.node.current()
	if err := h.node.Leases.Leave(ctx, session); err != nil {
		return fmt.Errorf("ending the lease: %w", err)
	}
	if len(ids) > 0 {
		if b, err := json.Marshal(ids); err == nil {
			h.node.Bus.Publish(orphansSubject, b)
		}
	}
	h.deps.Log.Info("rooms handed over", "rooms", len(ids))
	return nil
}

// Draining reports whether the node is handing its rooms over (readiness).
func (h *Hub) Draining() bool { return h.node != nil && h.node.draining.Load() }

// ClusterReady says whether this node should be sent requests: it is not
// draining and holds a lease (nil without a cluster).
func (h *Hub) ClusterReady() error {
	if h.node == nil {
		return nil
	}
	if h.node.draining.Load() {
		return errors.New("draining")
	}
	if _, live := h.node.current(); !live {
		return errors.New("no lease in the database")
	}
	// Cut off from NATS, the node still serves the lobby and the rooms it
	// owns to the pages connected to it (pages on other nodes cannot
	// reach it meanwhile): it stays ready. Were it not, a NATS outage
	// would leave the balancer no node at all.
	return nil
}

// joinCluster starts the node's session and keeps its lease; the rooms
// whose owner died are taken in the background (Restore's part in a
// cluster: the other rooms run elsewhere). It reports no room restored:
// they come as the scan takes them.
func (h *Hub) joinCluster(ctx context.Context) (int, error) {
	if err := h.node.join(ctx); err != nil {
		return 0, err
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		h.runNode(h.ctx) // its first scan adopts the orphans, in the background
	}()
	return 0, nil
}

// LivePage is a room page's first render: its game and live fragment.
type LivePage struct {
	Game   game.Game
	RoomID string
	Live   []byte
}

// LivePage renders room id as the holder of tokenHash sees it now, with
// share as the room's link; in a cluster the room's owner renders it.
func (h *Hub) LivePage(ctx context.Context, id, tokenHash, share string) (LivePage, error) {
	if h.node == nil {
		p, err := h.Snapshot(ctx, id, tokenHash)
		if err != nil {
			return LivePage{}, err
		}
		p.ShareURL = share
		return LivePage{Game: p.Game, RoomID: id, Live: h.deps.Render.Frame(p).HTML}, nil
	}
	req, _ := json.Marshal(peerRequest{Op: opSnapshot, peerPage: peerPage{Token: tokenHash}, Share: share})
	wait := 50 * time.Millisecond
	for {
		r, err := h.Room(ctx, id)
		switch {
		case err == nil:
			p, err := r.Snapshot(ctx, tokenHash)
			if errors.Is(err, match.ErrStopped) {
				break // it moved: look again
			}
			if err != nil {
				return LivePage{}, err
			}
			p.ShareURL = share
			return LivePage{Game: p.Game, RoomID: id, Live: h.deps.Render.Frame(p).HTML}, nil
		case errors.Is(err, errElsewhere):
			ask, cancel := context.WithTimeout(ctx, h.node.Lease)
			data, err := h.node.Bus.Request(ask, inSubject(id), req)
			cancel()
			var rep peerReply
			if err == nil && json.Unmarshal(data, &rep) == nil && rep.Error == "" {
				g, err := game.Lookup(rep.Game)
				if err != nil {
					return LivePage{}, err
				}
				return LivePage{Game: g, RoomID: id, Live: rep.Live}, nil
			}
		default:
			return LivePage{}, err
		}
		select {
		case <-ctx.Done():
			return LivePage{}, ctx.Err()
		case <-time.After(wait):
			wait = min(2*wait, h.node.Lease/4)
		}
	}
}

// Exists reports whether room id exists: nil when it does (run here or
// elsewhere), an error wrapping ErrNoRoom when it does not.
func (h *Hub) Exists(ctx context.Context, id string) error {
	_, err := h.Room(ctx, id)
	if errors.Is(err, errElsewhere) {
		return nil
	}
	return err
}
