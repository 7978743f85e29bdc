package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"boardroom/rating"
	"boardroom/realtime/bus"
	"boardroom/realtime/match"
	"boardroom/store"
)

// The owner's side of a room in a cluster: the room's steward. The pages
// open on other nodes are pages of the room like those here, each a Conn
// with no socket and a farPage. Their nodes' requests come over the bus and
// are answered here, on the bus's goroutine, through the room's own API;
// after a change the room hands over, once, each distinct frame those pages
// should show, and their nodes work out each page's update.

// owner is the steward of a room run here in a cluster.
type owner struct {
	n     *Node
	room  *match.Room
	fence store.Fence
	unsub func()

	// mu guards what follows: the bus's goroutines and the room's read
	// it. Never held while sending the room an event (the room may be
	// waiting for it, in farPage.Unheard).
	mu sync.Mutex
	// remotes are the pages open on other nodes, by page id.
	remotes map[string]*match.Conn
	// heard is when each node last said which pages it has: a node
	// silent for three keeps is gone, and so are its pages.
	heard map[string]time.Time
	sweep func() bool
}

// farPage is a page of another node, as its room sees it.
type farPage struct {
	o          *owner
	node, page string
}

func (p farPage) ID() string { return p.page }

// Unheard reports whether the page's node has been silent for longer than
// a keep and a half (it tells the owner its pages every keep), and since
// when.
func (p farPage) Unheard() (time.Time, bool) {
	o := p.o
	cutoff := o.n.clock.Now().Add(-3 * o.n.keepEvery() / 2)
	o.mu.Lock()
	heard := o.heard[p.node]
	o.mu.Unlock()
	return heard, heard.Before(cutoff)
}

// Own makes a room run here under fence, with make given d (the hub's
// deps): its writes are fenced, its versions follow its epoch (so a page's
// version only goes up from one owner to the next), and it serves the pages
// of other nodes (once Serve subscribes it).
func (n *Node) Own(fence store.Fence, d match.Deps, make func(match.Deps) (*match.Room, error)) (*match.Room, error) {
	o := &owner{n: n, fence: fence, remotes: map[string]*match.Conn{}, heard: map[string]time.Time{}}
	// The room writes only once it runs, after o.room is set.
	d.Store = fencedStore{Store: d.Store, fence: fence, lost: func() { o.room.Quit(match.StopLost) }}
	r, err := make(d)
	if err != nil {
		return nil, err
	}
	o.room = r
	r.Steer(o, uint64(fence.Epoch)<<32)
	return r, nil
}

// ownerOf is the steward of a room run in the cluster (nil otherwise).
func ownerOf(r *match.Room) *owner {
	o, _ := r.Steward().(*owner)
	return o
}

// Serve subscribes a room this node owns to the requests of the nodes
// holding its pages; nothing for a room not run in the cluster.
func (n *Node) Serve(r *match.Room) error {
	if o := ownerOf(r); o != nil {
		return o.serve()
	}
	return nil
}

// Release gives up the lease of a room this node owned, as it unloads:
// any node may take it when someone comes back.
func (n *Node) Release(ctx context.Context, r *match.Room) error {
	o := ownerOf(r)
	if o == nil {
		return nil
	}
	return n.Leases.Release(ctx, r.ID(), o.fence)
}

// serve subscribes the room to its nodes' requests.
func (o *owner) serve() error {
	unsub, err := o.n.Bus.Subscribe(inSubject(o.room.ID()), func(m *bus.Msg) {
		var req peerRequest
		answer := func(rep peerReply) {
			rep.Epoch = o.fence.Epoch
			if b, err := json.Marshal(rep); err == nil {
				m.Respond(b)
			}
		}
		if err := json.Unmarshal(m.Data, &req); err != nil {
			answer(peerReply{Error: "bad request"})
			return
		}
		ctx, cancel := context.WithTimeout(o.n.ctx, bus.DefaultRequestTimeout)
		defer cancel()
		o.peer(ctx, req, answer)
	})
	if err != nil {
		return err
	}
	o.unsub = unsub
	return nil
}

// notRun answers a request the room could not take: it has stopped here.
var notRun = peerReply{Error: "the room is not run here"}

// peer handles a request from another node.
func (o *owner) peer(ctx context.Context, req peerRequest, answer func(peerReply)) {
	r := o.room
	o.mu.Lock()
	o.heard[req.Node] = o.n.clock.Now()
	o.scheduleSweep()
	o.mu.Unlock()
	switch req.Op {
	case opOpen:
		if !o.open(ctx, req.Node, req.peerPage) {
			answer(notRun)
			return
		}
		r.Reached(ctx)
		answer(peerReply{})
	case opInput:
		o.mu.Lock()
		c := o.remotes[req.Page]
		o.mu.Unlock()
		if c == nil {
			answer(peerReply{Unknown: []string{req.Page}})
			return
		}
		var msg match.Message
		var err error
		switch req.Refused {
		case "fast":
			err = match.ErrTooFast
		case "binary":
			err = match.ErrBinary
		default:
			msg, err = match.DecodeMessage([]byte(req.Data))
		}
		if !r.Input(ctx, c, msg, err) {
			answer(notRun)
			return
		}
		answer(peerReply{}) // taken: what it does shows in the next update
	case opKeep:
		listed := map[string]bool{}
		for _, p := range req.Pages {
			listed[p.Page] = true
			o.open(ctx, req.Node, p) // a page the owner lost track of comes back
		}
		o.mu.Lock()
		var gone []string
		for id, c := range o.remotes {
			if c.Far().(farPage).node == req.Node && !listed[id] {
				gone = append(gone, id)
			}
		}
		o.mu.Unlock()
		for _, id := range gone {
			o.close(ctx, id)
		}
		r.Reached(ctx)
		answer(peerReply{})
	case opBye:
		o.close(ctx, req.Page)
		answer(peerReply{})
	case opSnapshot:
		p, err := r.Snapshot(ctx, match.Who{TokenHash: req.Token, Account: req.Account})
		if err != nil {
			answer(notRun)
			return
		}
		if req.Share != "" {
			p.ShareURL = req.Share
		}
		answer(peerReply{Game: r.Game().ID(), Live: o.n.render.Frame(p, nil).HTML})
	default:
		answer(peerReply{Error: "unknown request"})
	}
}

// open opens a page of another node, unless it is open; false when the
// room has stopped.
func (o *owner) open(ctx context.Context, nodeSession string, p peerPage) bool {
	if p.Page == "" {
		return true
	}
	o.mu.Lock()
	if _, ok := o.remotes[p.Page]; ok {
		o.mu.Unlock()
		return true
	}
	c := match.NewFarConn(farPage{o: o, node: nodeSession, page: p.Page}, p.Token, p.Name, match.Stream{JSON: p.JSON, Legal: p.Legal})
	c.SetAccount(p.Account)
	c.SetBotAccount(p.BotAccount)
	o.remotes[p.Page] = c
	o.mu.Unlock()
	if o.room.Open(ctx, c) != nil {
		o.mu.Lock()
		delete(o.remotes, p.Page)
		o.mu.Unlock()
		return false
	}
	return true
}

// close closes a page of another node, and reports its holder (false:
// it was not open).
func (o *owner) close(ctx context.Context, page string) (holder match.Who, ok bool) {
	o.mu.Lock()
	c := o.remotes[page]
	delete(o.remotes, page)
	o.mu.Unlock()
	if c == nil {
		return match.Who{}, false
	}
	c.Close() // no socket here: marks it gone
	o.room.Leave(ctx, c)
	return c.Who(), true
}

// scheduleSweep sets the timer that forgets the pages of nodes gone
// silent (o.mu held).
func (o *owner) scheduleSweep() {
	if o.sweep != nil || len(o.remotes) == 0 {
		return
	}
	o.sweep = o.n.clock.AfterFunc(3*o.n.keepEvery(), o.sweepRemotes)
}

// sweepRemotes closes the pages of the nodes silent for three keeps: if
// one was the last page of the player to move, their clock stops.
func (o *owner) sweepRemotes() {
	o.mu.Lock()
	o.sweep = nil
	cutoff := o.n.clock.Now().Add(-3 * o.n.keepEvery())
	type silent struct {
		page  string
		since time.Time
	}
	var gone []silent
	for id, c := range o.remotes {
		if heard := o.heard[c.Far().(farPage).node]; heard.Before(cutoff) {
			gone = append(gone, silent{id, heard})
		}
	}
	for n, at := range o.heard {
		if at.Before(cutoff) {
			delete(o.heard, n)
		}
	}
	o.mu.Unlock()
	ctx, cancel := context.WithTimeout(o.n.ctx, bus.DefaultRequestTimeout)
	defer cancel()
	for _, g := range gone {
		// The node went silent, its page did not say goodbye.
		if holder, ok := o.close(ctx, g.page); ok {
			o.room.LostContact(ctx, holder, g.since)
		}
	}
	o.mu.Lock()
	o.scheduleSweep()
	o.mu.Unlock()
}

// Publish sends an update; with all, the frame most pages show becomes
// the default, shown by every page of the room not listed (but a
// program's).
func (o *owner) Publish(u *match.Relayed, version uint64, all bool) {
	fu := &frameUpdate{Epoch: o.fence.Epoch, Version: version, Frames: u.Frames, Default: -1, Pages: u.Pages}
	if all && len(u.Programs) < len(u.Pages) {
		counts := make([]int, len(u.Frames))
		for p, i := range u.Pages {
			if !u.Programs[p] {
				counts[i]++
			}
		}
		best := 0
		for i, n := range counts {
			if n > counts[best] {
				best = i
			}
		}
		fu.Default = best
		fu.Pages = map[string]int{}
		for p, i := range u.Pages {
			if i != best {
				fu.Pages[p] = i
			}
		}
	}
	if err := o.n.Bus.Publish(outSubject(o.room.ID()), fu.encode()); err != nil {
		o.n.log.Warn("update not published", "room", o.room.ID(), "err", err)
	}
}

// PublishSpectators sends the spectator count to the pages elsewhere.
func (o *owner) PublishSpectators(b []byte) {
	o.mu.Lock()
	none := len(o.remotes) == 0
	o.mu.Unlock()
	if !none {
		o.n.Bus.Publish(outSubject(o.room.ID()), epochUpdate(updSpectators, o.fence.Epoch, b))
	}
}

// Live reports whether the node's lease still runs.
func (o *owner) Live() bool {
	_, live := o.n.current()
	return live
}

// Stopped tells the pages elsewhere that the room stopped here: their
// nodes find where it runs next.
func (o *owner) Stopped() {
	if o.unsub != nil {
		o.unsub()
	}
	o.mu.Lock()
	if o.sweep != nil {
		o.sweep()
	}
	o.mu.Unlock()
	o.n.Bus.Publish(outSubject(o.room.ID()), epochUpdate(updClosed, o.fence.Epoch, nil))
}

// fencedStore is the store as a room in a cluster writes to it: every
// write carries the room's fence, and a write refused because the room is
// someone else's now stops the room.
type fencedStore struct {
	store.Store
	fence store.Fence
	lost  func()
}

func (s fencedStore) ctx(ctx context.Context) context.Context { return store.WithFence(ctx, s.fence) }

func (s fencedStore) check(err error) error {
	if errors.Is(err, store.ErrFenced) {
		s.lost()
	}
	return err
}

func (s fencedStore) CreateRoom(ctx context.Context, rec *store.Room) error {
	return s.check(s.Store.CreateRoom(s.ctx(ctx), rec))
}

func (s fencedStore) SetSeats(ctx context.Context, id string, seats [2]store.Seat) error {
	return s.check(s.Store.SetSeats(s.ctx(ctx), id, seats))
}

func (s fencedStore) AppendTurn(ctx context.Context, id string, ply int, t store.Turn) error {
	return s.check(s.Store.AppendTurn(s.ctx(ctx), id, ply, t))
}

func (s fencedStore) ReplaceTurns(ctx context.Context, id string, turns []store.Turn) error {
	return s.check(s.Store.ReplaceTurns(s.ctx(ctx), id, turns))
}

func (s fencedStore) SetDue(ctx context.Context, id string, d store.Due) error {
	return s.check(s.Store.SetDue(s.ctx(ctx), id, d))
}

func (s fencedStore) SetSeeking(ctx context.Context, id string, on bool) error {
	return s.check(s.Store.SetSeeking(s.ctx(ctx), id, on))
}

func (s fencedStore) SetSave(ctx context.Context, id string, save []string) error {
	return s.check(s.Store.SetSave(s.ctx(ctx), id, save))
}

func (s fencedStore) SetResult(ctx context.Context, id string, res store.Result) (*[2]rating.Change, error) {
	changes, err := s.Store.SetResult(s.ctx(ctx), id, res)
	return changes, s.check(err)
}

func (s fencedStore) Rematch(ctx context.Context, id string, archive *store.Room, seats [2]store.Seat) error {
	return s.check(s.Store.Rematch(s.ctx(ctx), id, archive, seats))
}

func (s fencedStore) AppendChat(ctx context.Context, id string, m store.ChatMessage) error {
	return s.check(s.Store.AppendChat(s.ctx(ctx), id, m))
}

func (s fencedStore) SetClockFrom(ctx context.Context, id string, from time.Time) error {
	return s.check(s.Store.SetClockFrom(s.ctx(ctx), id, from))
}

func (s fencedStore) SetClockStopped(ctx context.Context, id string, at time.Time) error {
	return s.check(s.Store.SetClockStopped(s.ctx(ctx), id, at))
}

func (s fencedStore) SetForecast(ctx context.Context, id string, f store.Forecast) error {
	return s.check(s.Store.SetForecast(s.ctx(ctx), id, f))
}
