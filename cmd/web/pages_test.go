package main

import (
	"bytes"
	"cmp"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/frame/frametest"
)

// page is one open room page, following the room over the WebSocket from
// whatever node it is on, and reconnecting to the next node when its
// socket closes (or stays silent while its player waits).
type page struct {
	c *testCluster
	// lb is the load balancer's address, when the page goes through it
	// (and comes back through it after its node dies).
	lb string
	// stay keeps the page on its node when its socket closes (a browser
	// whose balancer sends it back to the same node), where it would
	// otherwise try the next one.
	stay bool
	// pace is the time a player takes before each move (default a
	// quarter second).
	pace     time.Duration
	client   *http.Client
	path     string
	player   bool
	mu       sync.Mutex
	node     int
	ws       *websocket.Conn
	doc      *goquery.Document
	version  uint64
	wentDown bool
	acked    []string
	changed  chan struct{}
}

func (c *testCluster) follow(client *http.Client, path string, node int, player bool) *page {
	p := &page{c: c, client: client, path: path, player: player, node: node, changed: make(chan struct{}, 1)}
	go p.run()
	return p
}

// followThrough opens a page through the load balancer at lb.
func (c *testCluster) followThrough(lb string, client *http.Client, path string, player bool) *page {
	p := &page{c: c, lb: lb, client: client, path: path, player: player, changed: make(chan struct{}, 1)}
	go p.run()
	return p
}

func (p *page) run() {
	for p.c.t.Context().Err() == nil {
		p.mu.Lock()
		base := p.lb
		if base == "" {
			base = p.c.base(p.node)
		}
		p.mu.Unlock()
		if err := p.connect(base); err == nil {
			p.readAll()
		}
		p.mu.Lock()
		if !p.stay {
			p.node = p.c.next(p.node)
		}
		p.ws = nil
		p.mu.Unlock()
		time.Sleep(100 * time.Millisecond)
	}
}

func (p *page) connect(base string) error {
	u, _ := url.Parse(base)
	if _, err := p.client.Get(base + p.path); err != nil { // the seat cookie, as a browser has it
		return err
	}
	h := http.Header{"Origin": {base}}
	for _, ck := range p.client.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	ctx, cancel := context.WithTimeout(p.c.t.Context(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+p.path+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return err
	}
	ws.SetReadLimit(1 << 20)
	p.mu.Lock()
	p.ws = ws
	p.mu.Unlock()
	return nil
}

// readAll applies updates until the socket closes.
func (p *page) readAll() {
	p.mu.Lock()
	ws := p.ws
	p.mu.Unlock()
	defer ws.CloseNow()
	for {
		_, b, err := ws.Read(p.c.t.Context())
		if err != nil {
			return
		}
		p.mu.Lock()
		switch {
		case bytes.Contains(b[:min(len(b), 200)], []byte(`id="live"`)):
			p.doc, err = goquery.NewDocumentFromReader(bytes.NewReader(b))
		case p.doc == nil:
		default:
			err = frametest.Apply(p.doc, b)
		}
		if err == nil && p.doc != nil {
			if v, perr := strconv.ParseUint(p.doc.Find("#version").AttrOr("data-version", "0"), 10, 64); perr == nil {
				if v < p.version {
					p.wentDown = true
				}
				p.version = v
			}
		}
		p.mu.Unlock()
		if err != nil {
			return
		}
		select {
		case p.changed <- struct{}{}:
		default:
		}
	}
}

func (p *page) waitShown(t *testing.T) {
	require.Eventually(t, func() bool {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.doc != nil
	}, 10*time.Second, 10*time.Millisecond, "the page of %s was shown", p.path)
}

func (p *page) moves() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.movesLocked()
}

func (p *page) movesLocked() []string {
	var out []string
	if p.doc != nil {
		p.doc.Find("[data-testid=move]").Each(func(_ int, s *goquery.Selection) { out = append(out, s.Text()) })
	}
	return out
}

func (p *page) versionWentDown() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.wentDown
}

func (p *page) acknowledged() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.acked...)
}

// play makes a move every quarter second (or pace), as a person would, until stop;
// a move shown in the page's list is acknowledged. A move not shown in
// three seconds leaves the node (the page reconnects elsewhere).
func (p *page) play(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case <-time.After(cmp.Or(p.pace, 250*time.Millisecond)):
		}
		p.mu.Lock()
		ws, doc := p.ws, p.doc
		var msg string
		var before int
		if doc != nil {
			msg, _ = offeredMove(doc)
			before = len(p.movesLocked())
		}
		p.mu.Unlock()
		if ws == nil || msg == "" {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		err := ws.Write(ctx, websocket.MessageText, []byte(msg))
		for err == nil {
			if shown := p.moves(); len(shown) > before {
				p.mu.Lock()
				p.acked = shown
				p.mu.Unlock()
				break
			}
			select {
			case <-p.changed:
			case <-ctx.Done():
				err = ctx.Err()
			}
		}
		cancel()
		if err != nil {
			ws.CloseNow() // silent: try the next node
		}
	}
}
