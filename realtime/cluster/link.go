package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"boardroom/realtime/bus"
	"boardroom/realtime/frame"
	"boardroom/realtime/match"
	"boardroom/realtime/socket"
)

// The page's side of a room in a cluster. Every page a node holds for a
// room goes through the node's link for that room: to the room itself when
// this node runs it, or else to the room's owner, its messages as requests
// and the owner's updates turned into each page's own (frame.Delta). When
// the owner stops answering or says it stopped, the link finds the room
// again — taking it itself if nobody else holds it — and opens its pages
// there, on the same sockets.

// link is one node's pages of one room.
type link struct {
	n  *Node
	id string

	mu    sync.Mutex
	pages map[*match.Conn]*linkPage
	// local is the room when this node runs it; nil while relaying.
	local *match.Room
	// epoch is the owner's that the pages follow: updates of an older
	// one are stale (an owner that lost the room and does not know yet).
	epoch int64
	unsub func()
	// found is closed when the room has been found after a loss; nil
	// while nobody looks.
	finding chan struct{}
	stop    chan struct{} // closed when the link has no page left
}

// linkPage is one page: its id among the nodes and what it shows.
type linkPage struct {
	id    string
	c     *match.Conn
	shown *frame.Digest
}

// linkFor adds page c to the node's link for room id, made on first use
// (under the node's lock, so that a link never takes a page as it goes).
func (n *Node) linkFor(id string, c *match.Conn) (*link, *linkPage) {
	session, _ := n.current()
	p := &linkPage{id: session + "." + strconv.FormatUint(n.pages.Add(1), 36), c: c}
	n.mu.Lock()
	defer n.mu.Unlock()
	l := n.links[id]
	if l == nil {
		l = &link{n: n, id: id, pages: map[*match.Conn]*linkPage{}, stop: make(chan struct{})}
		n.links[id] = l
	}
	l.mu.Lock()
	l.pages[c] = p
	l.mu.Unlock()
	return l, p
}

// A Page is a page this node holds, linked to its room wherever it runs.
type Page struct {
	l *link
	p *linkPage
}

// OpenPage opens page c of room id, linked to where its room runs.
func (n *Node) OpenPage(ctx context.Context, id string, c *match.Conn) (*Page, error) {
	l, p := n.linkFor(id, c)
	if err := l.open(ctx, p); err != nil {
		l.drop(c)
		return nil, err
	}
	return &Page{l: l, p: p}, nil
}

// Deliver passes a message of the page on to its room, wherever it runs
// (raw is the message as it came, err why it was not read); false when
// the page should close.
func (pg *Page) Deliver(ctx context.Context, msg match.Message, raw []byte, err error) bool {
	return pg.l.deliver(ctx, pg.p.c, msg, raw, err)
}

// Close takes the page out once its socket has closed.
func (pg *Page) Close() { pg.l.close(pg.p) }

// open opens a new page where the room runs.
func (l *link) open(ctx context.Context, p *linkPage) error {
	l.mu.Lock()
	local, following := l.local, l.unsub != nil
	l.mu.Unlock()
	switch {
	case local != nil:
		if err := l.openLocal(ctx, local, p); err == nil {
			return nil
		}
	case following:
		if err := l.openRemote(ctx, []*linkPage{p}); err == nil {
			return nil
		}
	}
	if err := l.find(ctx); err != nil {
		return err
	}
	l.mu.Lock()
	local = l.local
	l.mu.Unlock()
	if local != nil {
		return l.openLocal(ctx, local, p)
	}
	return l.openRemote(ctx, []*linkPage{p})
}

// openLocal hands a page to the room run here.
func (l *link) openLocal(ctx context.Context, r *match.Room, p *linkPage) error {
	return r.Open(ctx, p.c)
}

// openRemote opens pages at the owner.
func (l *link) openRemote(ctx context.Context, pages []*linkPage) error {
	for _, p := range pages {
		if _, err := l.ask(ctx, peerRequest{Op: opOpen, peerPage: p.peer()}); err != nil {
			return err
		}
	}
	return nil
}

func (p *linkPage) peer() peerPage {
	return peerPage{Page: p.id, Token: p.c.Holder(), Name: p.c.Name(), Account: p.c.Account(), BotAccount: p.c.BotAccount(), JSON: p.c.Stream().JSON, Legal: p.c.Stream().Legal}
}

// ask sends a request to the owner and reads its answer.
func (l *link) ask(ctx context.Context, req peerRequest) (peerReply, error) {
	req.Node, _ = l.n.current()
	b, err := json.Marshal(req)
	if err != nil {
		return peerReply{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, l.n.Lease)
	defer cancel()
	data, err := l.n.Bus.Request(ctx, inSubject(l.id), b)
	if err != nil {
		return peerReply{}, err
	}
	var rep peerReply
	if err := json.Unmarshal(data, &rep); err != nil {
		return rep, fmt.Errorf("bad reply from the owner: %w", err)
	}
	if rep.Error != "" {
		return rep, errors.New(rep.Error)
	}
	l.mu.Lock()
	if rep.Epoch > l.epoch {
		l.epoch = rep.Epoch
	}
	l.mu.Unlock()
	return rep, nil
}

// find locates the room: run it here if nobody does, or follow its owner.
// It waits while the room is between owners (an owner died and its lease
// has not run out yet).
func (l *link) find(ctx context.Context) error {
	wait := 50 * time.Millisecond
	for {
		r, err := l.n.reg.Room(ctx, l.id)
		switch {
		case err == nil:
			l.setLocal(r)
			return nil
		case errors.Is(err, ErrElsewhere):
			if err := l.follow(); err != nil {
				return err
			}
			if _, err := l.ask(ctx, l.keepRequest()); err == nil {
				return nil
			}
		default:
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
			wait = min(2*wait, l.n.Lease/4)
		}
	}
}

// setLocal makes the link hand its pages to the room run here.
func (l *link) setLocal(r *match.Room) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.local = r
	if l.unsub != nil {
		l.unsub()
		l.unsub = nil
	}
}

// follow subscribes the link to the owner's updates, and starts telling
// the owner which pages it has.
func (l *link) follow() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.local = nil
	if l.unsub != nil {
		return nil
	}
	unsub, err := l.n.Bus.Subscribe(outSubject(l.id), l.updated)
	if err != nil {
		return err
	}
	l.unsub = unsub
	go l.keep()
	return nil
}

// keep tells the owner every keepEvery which pages are open here; an owner
// that does not answer is looked for again.
func (l *link) keep() {
	t := time.NewTicker(l.n.keepEvery())
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-l.n.ctx.Done():
			return
		case <-t.C:
		}
		l.mu.Lock()
		following := l.unsub != nil
		l.mu.Unlock()
		if !following {
			return
		}
		if _, err := l.ask(l.n.ctx, l.keepRequest()); err != nil {
			if !bus.Connected(l.n.Bus) {
				l.cutOff()
				return
			}
			l.lost()
		}
	}
}

// keepRequest lists the pages open here, for the owner: a page it lacks
// is opened, a page of this node it has and is not listed is closed.
func (l *link) keepRequest() peerRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	pages := make([]peerPage, 0, len(l.pages))
	for _, p := range l.pages {
		pages = append(pages, p.peer())
	}
	return peerRequest{Op: opKeep, Pages: pages}
}

// lost looks for the room again (once at a time) and opens every page
// where it runs now.
func (l *link) lost() chan struct{} {
	l.mu.Lock()
	if l.finding != nil {
		ch := l.finding
		l.mu.Unlock()
		return ch
	}
	ch := make(chan struct{})
	l.finding = ch
	l.mu.Unlock()
	go func() {
		defer func() {
			l.mu.Lock()
			l.finding = nil
			l.mu.Unlock()
			close(ch)
		}()
		ctx, cancel := context.WithCancel(l.n.ctx)
		defer cancel()
		go func() {
			select {
			case <-l.stop:
				cancel()
			case <-ctx.Done():
			}
		}()
		if err := l.find(ctx); err != nil {
			return
		}
		l.mu.Lock()
		local := l.local
		pages := make([]*linkPage, 0, len(l.pages))
		for _, p := range l.pages {
			p.shown = nil // the next update is the whole view
			pages = append(pages, p)
		}
		l.mu.Unlock()
		for _, p := range pages {
			if local != nil {
				if err := l.openLocal(ctx, local, p); err != nil {
					p.c.Close()
				}
			} else if err := l.openRemote(ctx, []*linkPage{p}); err != nil {
				p.c.Close()
			}
		}
	}()
	return ch
}

// updated takes one of the owner's updates.
func (l *link) updated(m *bus.Msg) {
	if len(m.Data) == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch m.Data[0] {
	case updFrames:
		u, err := decodeFrameUpdate(m.Data)
		if err != nil || u.Epoch < l.epoch || l.local != nil {
			return
		}
		l.epoch = u.Epoch
		deltas := frame.SharedDeltas{}
		defer deltas.Recycle()
		for _, p := range l.pages {
			i, ok := u.Pages[p.id]
			if !ok {
				if u.Default < 0 || p.c.Stream().JSON {
					continue // a program is sent only its own messages
				}
				i = u.Default
			}
			f := u.Frames[i]
			if p.c.Stream().JSON {
				for _, b := range match.JSONLines(f) {
					p.c.Send(frame.TextMessage(b))
				}
				continue
			}
			deltas.Send(p.c, p.shown, f)
			p.shown = f.Digest()
		}
	case updSpectators:
		epoch, b, err := decodeEpochUpdate(m.Data)
		if err != nil || epoch < l.epoch || l.local != nil {
			return
		}
		count := frame.TextMessage(b)
		for _, p := range l.pages {
			if !p.c.Stream().JSON { // a program is not sent the count
				p.c.Send(count)
			}
		}
	case updClosed:
		epoch, _, err := decodeEpochUpdate(m.Data)
		if err != nil || epoch < l.epoch || l.local != nil {
			return
		}
		go l.lost()
	}
}

// deliver passes a page's message on (the link is the page's sink).
func (l *link) deliver(ctx context.Context, c *match.Conn, msg match.Message, raw []byte, err error) bool {
	for attempt := 0; attempt < 2; attempt++ {
		l.mu.Lock()
		local, p := l.local, l.pages[c]
		l.mu.Unlock()
		if p == nil {
			return false
		}
		if local != nil {
			if local.Input(ctx, c, msg, err) {
				return true
			}
			return false // the room stopped here: it closes its pages
		}
		req := peerRequest{Op: opInput, peerPage: peerPage{Page: p.id}, Data: string(raw)}
		switch {
		case errors.Is(err, match.ErrTooFast):
			req.Refused = "fast"
		case errors.Is(err, match.ErrBinary):
			req.Refused = "binary"
		}
		rep, aerr := l.ask(ctx, req)
		switch {
		case aerr == nil && len(rep.Unknown) > 0:
			l.openRemote(ctx, []*linkPage{p}) // the owner lost track of the page
		case aerr == nil:
			return true
		case errors.Is(aerr, bus.ErrNoResponders) || rep.Error != "":
			// Nobody took the message: find the room, then send it there.
			select {
			case <-l.lost():
			case <-ctx.Done():
				return false
			}
		case !bus.Connected(l.n.Bus):
			// This node is cut off from the others: the move cannot reach
			// the room. The page is told so at once (it reconnects, and
			// says it is reconnecting) rather than left to think it moved.
			l.cutOff()
			return false
		default:
			// The owner did not answer in time; it may have taken the
			// message, so it is not sent twice. Look for the room anew.
			go l.lost()
			return true
		}
	}
	return true
}

// cutOff closes every page of the link, as this node cannot reach the
// others (NATS is out of reach): each page says it is reconnecting, and
// comes back to the room once the node can reach it; the room meanwhile
// stops the clock of a player whose page it lost (contactLost).
func (l *link) cutOff() {
	l.mu.Lock()
	pages := make([]*match.Conn, 0, len(l.pages))
	for c := range l.pages {
		pages = append(pages, c)
	}
	l.mu.Unlock()
	for _, c := range pages {
		if sock, ok := c.Outlet().(*socket.Conn); ok {
			sock.Close(socket.ServiceRestart, "this server lost contact with the game's server; reconnecting")
		} else {
			c.Close()
		}
	}
}

// close takes a page out when its socket closes.
func (l *link) close(p *linkPage) {
	l.mu.Lock()
	local, following := l.local, l.unsub != nil
	l.mu.Unlock()
	l.drop(p.c)
	if local != nil {
		bye, cancel := context.WithTimeout(l.n.ctx, 5*time.Second)
		defer cancel()
		local.Leave(bye, p.c)
		return
	}
	if following {
		go func() {
			ctx, cancel := context.WithTimeout(l.n.ctx, 5*time.Second)
			defer cancel()
			l.ask(ctx, peerRequest{Op: opBye, peerPage: peerPage{Page: p.id}})
		}()
	}
}

// drop forgets a page; the last one takes the link away.
func (l *link) drop(c *match.Conn) {
	n := l.n
	n.mu.Lock()
	defer n.mu.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.pages, c)
	if len(l.pages) > 0 {
		return
	}
	if n.links[l.id] == l {
		delete(n.links, l.id)
	}
	if l.unsub != nil {
		l.unsub()
		l.unsub = nil
	}
	select {
	case <-l.stop:
	default:
		close(l.stop)
	}
}
