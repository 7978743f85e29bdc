// Package cluster makes the server one node of several sharing one store
// and one bus: a lease per node, the rooms it owns run under fences
// (fencedStore), the owner's side of a room whose pages are on other nodes
// (owner.go: the room's Steward), the page's side of a room run elsewhere
// (link.go), the wire format between nodes (wire.go), the orphan scan and
// the hand-over. It wraps rooms and stores from outside: a fenced store is
// a store, and a page on another node is a room's viewer like any.
package cluster

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

	"boardroom/realtime/bus"
	"boardroom/realtime/match"
	"boardroom/secret"
	"boardroom/store"
)

// Several nodes serve the same rooms: each room is run by exactly one node
// at a time, its owner, which holds a lease on it in the shared store (a
// heartbeat timed by the database's clock). Every write of a room carries
// the owner's fence (session and epoch), so a node that lost a room while
// it was paused changes nothing when it wakes. A page may be open on any
// node: its node relays its messages to the owner (link.go) and the owner
// publishes each distinct view once for the pages elsewhere (owner.go).

// Config makes a hub one node of several.
type Config struct {
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

// Node is the hub's part in a cluster: its session and lease, the rooms it
// owns (their stewards, owner.go), and the links of the pages it holds for
// rooms run elsewhere (link.go).
type Node struct {
	Config
	reg     Registry
	clock   match.Clock
	render  match.Renderer
	ctx     context.Context
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

// Registry is the rooms a node runs: the server's hub.
type Registry interface {
	// Room returns the room id run here, loading it (acquiring it through
	// the node) if it is not in memory; an error wrapping ErrElsewhere
	// when another node runs it.
	Room(ctx context.Context, id string) (*match.Room, error)
	// Running lists the rooms in memory.
	Running() []*match.Room
}

// New makes a node serving reg's rooms; d are the rooms' deps (its clock,
// log, renderer and the server's context are the node's too). Call Join,
// then Run.
func New(c Config, reg Registry, d match.Deps) *Node {
	if c.Lease <= 0 {
		c.Lease = DefaultLease
	}
	ctx := d.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	clock := d.Clock
	if clock == nil {
		clock = match.SystemClock{}
	}
	return &Node{Config: c, reg: reg, clock: clock, render: d.Render, ctx: ctx, log: d.Log, links: map[string]*link{}}
}

// keepEvery is how often a node tells an owner which pages it still has.
func (n *Node) keepEvery() time.Duration { return n.Lease / 2 }

// current returns the session and whether its lease still runs by the
// local clock (it may have run out in the database a little earlier).
// Current returns the node's session and whether its lease still runs by
// the local clock.
func (n *Node) Current() (string, bool) { return n.current() }

func (n *Node) current() (string, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.session, n.session != "" && time.Since(n.lastBeat) < n.Lease
}

// join starts a new session and registers its lease.
// Join starts a new session and registers its lease.
func (n *Node) Join(ctx context.Context) error { return n.join(ctx) }

func (n *Node) join(ctx context.Context) error {
	session := secret.Text(9)
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
func (n *Node) beat(ctx context.Context) bool {
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

// ErrElsewhere says a room is run by another node: its pages are relayed.
var ErrElsewhere = errors.New("the room is run by another node")

// Acquire takes room id for this node, returning its fence and how long
// its previous owner had been silent when it died (store.Acquired);
// ErrElsewhere when another node runs it.
func (n *Node) Acquire(ctx context.Context, id string) (store.Fence, time.Duration, error) {
	if n.draining.Load() {
		return store.Fence{}, 0, fmt.Errorf("%w: this node is handing its rooms over", ErrElsewhere)
	}
	session, live := n.current()
	if !live {
		return store.Fence{}, 0, fmt.Errorf("%w: this node has no lease", ErrElsewhere)
	}
	got, err := n.Leases.Acquire(ctx, id, session)
	switch {
	case errors.Is(err, store.ErrOwned), errors.Is(err, store.ErrFenced):
		return store.Fence{}, 0, fmt.Errorf("%w: %w", ErrElsewhere, err)
	case errors.Is(err, store.ErrNotFound):
		return store.Fence{}, 0, fmt.Errorf("%w: %q", store.ErrNotFound, id)
	case err != nil:
		return store.Fence{}, 0, err
	}
	return store.Fence{Session: session, Epoch: got.Epoch}, got.Silence, nil
}

// Run keeps the node's lease and takes the rooms whose owner died,
// until ctx ends. The two never wait for each other: taking a dead node's
// thousand rooms takes seconds, and the lease must be renewed meanwhile.
func (n *Node) Run(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); n.keepLease(ctx) }()
	go func() { defer wg.Done(); n.scanOrphans(ctx) }()
	wg.Wait()
}

// keepLease renews the lease every third of it.
func (n *Node) keepLease(ctx context.Context) {
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
				n.lostLease(ctx)
			}
		}
	}
}

// scanOrphans takes the rooms whose owner died: those another node names
// as it hands them over, and those a scan finds, about every half lease at
// random moments (so that a dead node's rooms are spread over the others).
// One adoption runs at a time.
func (n *Node) scanOrphans(ctx context.Context) {
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
			n.adopt(ctx, ids)
		case <-scan.C:
			if ids, err := n.Leases.Orphans(ctx); err == nil && !n.draining.Load() {
				n.adopt(ctx, ids)
			}
			// At most three quarters of a lease apart: a room nobody looks
			// at is taken within two leases of its owner's death.
			scan.Reset(n.Lease/4 + rand.N(n.Lease/2))
		}
	}
}

// lostLease drops every room (they may be run elsewhere already) and joins
// again with a new session.
func (n *Node) lostLease(ctx context.Context) {
	n.log.Warn("lease lost: dropping every room")
	for _, r := range n.reg.Running() {
		r.Quit(match.StopLost)
	}
	for ctx.Err() == nil {
		if err := n.join(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(n.Lease / 3):
		}
	}
}

// adopt starts the rooms of ids that nobody runs (their owner died or
// handed them over), in random order so that nodes adopting together
// spread them.
func (n *Node) adopt(ctx context.Context, ids []string) {
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	for _, id := range ids {
		if ctx.Err() != nil || n.draining.Load() {
			return
		}
		if _, err := n.reg.Room(ctx, id); err != nil && !errors.Is(err, ErrElsewhere) {
			n.log.Warn("room not adopted", "room", id, "err", err)
		}
	}
}

// Drain hands this node's rooms over before it stops: it stops taking
// rooms, stops every room it runs (their pages here reconnect elsewhere;
// pages elsewhere follow the room to its next owner), ends its lease and
// names the rooms, so that the other nodes take them at once. Without a
// cluster it only stops taking rooms.
func (n *Node) Drain(ctx context.Context) error {
	n.draining.Store(true)
	rooms := n.reg.Running()
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
	session, _ := n.current()
	if err := n.Leases.Leave(ctx, session); err != nil {
		return fmt.Errorf("ending the lease: %w", err)
	}
	if len(ids) > 0 {
		if b, err := json.Marshal(ids); err == nil {
			n.Bus.Publish(orphansSubject, b)
		}
	}
	n.log.Info("rooms handed over", "rooms", len(ids))
	return nil
}

// Draining reports whether the node is handing its rooms over (readiness).
func (n *Node) Draining() bool { return n.draining.Load() }

// Ready says whether this node should be sent requests: it is not
// draining and holds a lease.
func (n *Node) Ready() error {
	if n.draining.Load() {
		return errors.New("draining")
	}
	if _, live := n.current(); !live {
		return errors.New("no lease in the database")
	}
	// Cut off from NATS, the node still serves the lobby and the rooms it
	// owns to the pages connected to it (pages on other nodes cannot
	// reach it meanwhile): it stays ready. Were it not, a NATS outage
	// would leave the balancer no node at all.
	return nil
}

// Snapshot asks the owner of room id for its page as w sees it, with
// share as the room's link: its game and live fragment.
func (n *Node) Snapshot(ctx context.Context, id string, w match.Who, share string) (gameID string, live []byte, err error) {
	req, _ := json.Marshal(peerRequest{Op: opSnapshot, peerPage: peerPage{Token: w.TokenHash, Account: w.Account}, Share: share})
	ask, cancel := context.WithTimeout(ctx, n.Lease)
	defer cancel()
	data, err := n.Bus.Request(ask, inSubject(id), req)
	if err != nil {
		return "", nil, err
	}
	var rep peerReply
	if err := json.Unmarshal(data, &rep); err != nil {
		return "", nil, err
	}
	if rep.Error != "" {
		return "", nil, errors.New(rep.Error)
	}
	return rep.Game, rep.Live, nil
}
