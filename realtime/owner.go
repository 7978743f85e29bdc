package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"boardroom/realtime/bus"
	"boardroom/realtime/frame"
	"boardroom/realtime/socket"
	"boardroom/realtime/store"
)

// The owner's side of a room in a cluster: the pages open on other nodes
// are viewers like the pages here, each a Conn with no socket (remote). The
// room answers their nodes' requests in its goroutine, and after a change
// publishes, once, each distinct frame those pages should show; their nodes
// work out each page's update.

// ownership is what a room run in a cluster holds besides its game.
type ownership struct {
	node  *node
	fence store.Fence
	unsub func()
	// remotes are the pages open on other nodes, by page id.
	remotes map[string]*Conn
	// heard is when each node last said which pages it has: a node
	// silent for three keeps is gone, and so are its pages.
	heard map[string]time.Time
	sweep func() bool
	// quit is why the room stops of its own accord (ownership lost, or
	// handed over); set before the quit event is sent.
	quit chan stopReason
}

// stopReason says why a room stopped.
type stopReason int

const (
	stopShutdown stopReason = iota // the server stops, or the room unloads after the others
	stopIdle                       // no page, nothing to do: unloaded (and released)
	stopLost                       // another node owns the room now
	stopHandover                   // this node hands its rooms over
)

// remote is the node and page id of a page open on another node.
type remote struct{ node, page string }

// evPeer is a request from another node about one of its pages.
type evPeer struct {
	req   peerRequest
	reply func(peerReply)
}

func (evPeer) roomEvent() {}

// evQuit asks the room to stop of its own accord (ownership.quit says
// why).
type evQuit struct{}

func (evQuit) roomEvent() {}

// serveRemote subscribes the room to its nodes' requests.
func (r *Room) serveRemote() error {
	o := r.owner
	unsub, err := o.node.Bus.Subscribe(inSubject(r.id), func(m *bus.Msg) {
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
		ctx, cancel := context.WithTimeout(r.deps.ctx, bus.DefaultRequestTimeout)
		defer cancel()
		if !r.send(ctx, evPeer{req: req, reply: answer}) {
			answer(peerReply{Error: "the room is not run here"})
		}
	})
	if err != nil {
		return err
	}
	o.unsub = unsub
	return nil
}

// peer handles a request from another node.
func (r *Room) peer(ev evPeer) {
	o, req := r.owner, ev.req
	now := r.deps.clock.Now()
	o.heard[req.Node] = now
	r.scheduleSweep()
	if p := r.clock.paused; p != nil && r.holdsPage(p.holder) {
		if _, cut := r.unheard(p.holder); !cut {
			r.contactBack(p.holder) // their node is heard again, with their page
		}
	}
	switch req.Op {
	case opOpen:
		r.openRemote(req.Node, req.peerPage)
		ev.reply(peerReply{})
	case opInput:
		c := o.remotes[req.Page]
		if c == nil {
			ev.reply(peerReply{Unknown: []string{req.Page}})
			return
		}
		ev.reply(peerReply{}) // taken: what it does shows in the next update
		var msg Message
		var err error
		switch req.Refused {
		case "fast":
			err = socket.ErrTooFast
		case "binary":
			err = socket.ErrBinary
		default:
			msg, err = DecodeMessage([]byte(req.Data))
		}
		r.input(evInput{c: c, msg: msg, err: err})
	case opKeep:
		listed := map[string]bool{}
		for _, p := range req.Pages {
			listed[p.Page] = true
			r.openRemote(req.Node, p) // a page the owner lost track of comes back
		}
		for id, c := range o.remotes {
			if c.remote.node == req.Node && !listed[id] {
				r.closeRemote(id)
			}
		}
		ev.reply(peerReply{})
	case opBye:
		r.closeRemote(req.Page)
		ev.reply(peerReply{})
	case opSnapshot:
		p := r.page(&viewer{tokenHash: req.Token})
		if req.Share != "" {
			p.ShareURL = req.Share
		}
		ev.reply(peerReply{Game: r.g.ID(), Live: r.viewers.render.Frame(p).HTML})
	default:
		ev.reply(peerReply{Error: "unknown request"})
	}
}

// openRemote opens a page of another node, unless it is open.
func (r *Room) openRemote(nodeSession string, p peerPage) {
	o := r.owner
	if _, ok := o.remotes[p.Page]; ok || p.Page == "" {
		return
	}
	c := &Conn{tokenHash: p.Token, name: CleanName(p.Name), remote: &remote{node: nodeSession, page: p.Page},
		stream: Stream{JSON: p.JSON, Legal: p.Legal}}
	o.remotes[p.Page] = c
	r.connect(c)
}

func (r *Room) closeRemote(page string) {
	c := r.owner.remotes[page]
	if c == nil {
		return
	}
	delete(r.owner.remotes, page)
	c.closeRestart() // no socket here: marks it gone
	r.disconnect(c)
}

// scheduleSweep sets the timer that forgets the pages of nodes gone
// silent.
func (r *Room) scheduleSweep() {
	o := r.owner
	if o.sweep != nil || len(o.remotes) == 0 {
		return
	}
	o.sweep = r.deps.clock.AfterFunc(3*o.node.keepEvery(), func() {
		r.sendLater(evFunc{f: func(r *Room) { r.sweepRemotes() }})
	})
}

func (r *Room) sweepRemotes() {
	o := r.owner
	o.sweep = nil
	cutoff := r.deps.clock.Now().Add(-3 * o.node.keepEvery())
	for id, c := range o.remotes {
		if heard := o.heard[c.remote.node]; heard.Before(cutoff) {
			r.closeRemote(id)
			// The node went silent, its page did not say goodbye: if it
			// was the last page of the player to move, their clock stops.
			if !r.holdsPage(c.tokenHash) {
				r.contactLost(c.tokenHash, heard)
			}
		}
	}
	for n, at := range o.heard {
		if at.Before(cutoff) {
			delete(o.heard, n)
		}
	}
	r.scheduleSweep()
}

// unheard reports whether every page holder has open here is on another
// node that has been silent for longer than a keep and a half (it tells
// its pages every keep), and since when: that player's moves cannot reach
// the room. Without pages, or a page here, or in a room not in a cluster,
// it is false.
func (r *Room) unheard(holder string) (since time.Time, ok bool) {
	o := r.owner
	if o == nil {
		return time.Time{}, false
	}
	cutoff := r.deps.clock.Now().Add(-3 * o.node.keepEvery() / 2)
	for c := range r.viewers.of(holder) {
		if c.remote == nil {
			return time.Time{}, false
		}
		heard := o.heard[c.remote.node]
		if !heard.Before(cutoff) {
			return time.Time{}, false
		}
		if since.IsZero() || heard.Before(since) {
			since = heard
		}
	}
	return since, !since.IsZero()
}

// remoteUpdate gathers the frames of one change for the pages elsewhere.
type remoteUpdate struct {
	frames []*frame.Frame
	index  map[*frame.Frame]int
	pages  map[string]int
	// programs are the pages of programs (JSON, programs.go), always
	// listed: the default frame is a page's HTML, never theirs.
	programs map[string]bool
}

func (u *remoteUpdate) add(c *Conn, f *frame.Frame) {
	if u.index == nil {
		u.index, u.pages = map[*frame.Frame]int{}, map[string]int{}
	}
	i, ok := u.index[f]
	if !ok {
		i = len(u.frames)
		u.index[f] = i
		u.frames = append(u.frames, f)
	}
	u.pages[c.remote.page] = i
}

// addJSON adds a program's page and its messages (programs.go).
func (u *remoteUpdate) addJSON(c *Conn, f *frame.Frame) {
	u.add(c, f)
	if u.programs == nil {
		u.programs = map[string]bool{}
	}
	u.programs[c.remote.page] = true
}

// publish sends the update; with all, the frame most pages show becomes
// the default, shown by every page of the room not listed (but a
// program's).
func (r *Room) publish(u *remoteUpdate, all bool) {
	if r.owner == nil || len(u.frames) == 0 {
		return
	}
	fu := &frameUpdate{Epoch: r.owner.fence.Epoch, Version: r.version, Frames: u.frames, Default: -1, Pages: u.pages}
	if all && len(u.programs) < len(u.pages) {
		counts := make([]int, len(u.frames))
		for p, i := range u.pages {
			if !u.programs[p] {
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
		for p, i := range u.pages {
			if i != best {
				fu.Pages[p] = i
			}
		}
	}
	if err := r.owner.node.Bus.Publish(outSubject(r.id), fu.encode()); err != nil {
		r.deps.log.Warn("update not published", "room", r.id, "err", err)
	}
}

// publishSpectators sends the spectator count to the pages elsewhere.
func (r *Room) publishSpectators(b []byte) {
	if r.owner == nil || len(r.owner.remotes) == 0 {
		return
	}
	r.owner.node.Bus.Publish(outSubject(r.id), epochUpdate(updSpectators, r.owner.fence.Epoch, b))
}

// leaveRemotes tells the pages elsewhere that the room stopped here: their
// nodes find where it runs next.
func (r *Room) leaveRemotes() {
	o := r.owner
	if o == nil {
		return
	}
	if o.unsub != nil {
		o.unsub()
	}
	if o.sweep != nil {
		o.sweep()
	}
	o.node.Bus.Publish(outSubject(r.id), epochUpdate(updClosed, o.fence.Epoch, nil))
}

// lose stops the room at once: another node owns it now.
func (r *Room) lose() { r.quitWith(stopLost) }

// handOver stops the room so that another node takes it.
func (r *Room) handOver() { r.quitWith(stopHandover) }

func (r *Room) quitWith(why stopReason) {
	if r.owner == nil {
		return
	}
	select {
	case r.owner.quit <- why:
		go r.sendLater(evQuit{})
	default: // already quitting
	}
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

func (s fencedStore) SetSave(ctx context.Context, id string, save []string) error {
	return s.check(s.Store.SetSave(s.ctx(ctx), id, save))
}

func (s fencedStore) SetResult(ctx context.Context, id string, res store.Result) error {
	return s.check(s.Store.SetResult(s.ctx(ctx), id, res))
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
