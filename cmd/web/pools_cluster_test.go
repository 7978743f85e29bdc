package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// pooler is a guest's browser waiting in a pool through one node.
type pooler struct {
	client *http.Client
	base   string
	room   string
}

// wait enters pool through p's node and waits (at most patience) for its
// room.
func (p *pooler) wait(pool string, patience time.Duration) error {
	resp, err := p.client.Get(p.base + "/") // the lobby gives the browser its token
	if err != nil {
		return err
	}
	resp.Body.Close()
	u, _ := url.Parse(p.base)
	h := http.Header{"Origin": {p.base}}
	for _, c := range p.client.Jar.Cookies(u) {
		h.Add("Cookie", c.Name+"="+c.Value)
	}
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(p.base, "http")+"/pool/ws?pool="+url.QueryEscape(pool),
		&websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return err
	}
	defer ws.CloseNow()
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			return err
		}
		var m struct{ Room, Error string }
		if err := json.Unmarshal(b, &m); err != nil {
			return err
		}
		if m.Error != "" {
			return &poolError{m.Error}
		}
		if m.Room != "" {
			p.room = m.Room
			return nil
		}
	}
}

type poolError struct{ msg string }

func (e *poolError) Error() string { return e.msg }

// seated says whether p's browser holds one seat of its room, as the room's
// page shows it (through node base).
func (p *pooler) seated(t *testing.T, base string) bool {
	resp, err := p.client.Get(base + p.room)
	require.NoError(t, err)
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	require.NoError(t, err)
	return doc.Find(".player.yours").Length() == 1
}

// enterAtOnce makes n guests wait in pool at once through the nodes
// bases (in turn), and returns them once each has its room.
func enterAtOnce(t *testing.T, bases []string, pool string, n int) []*pooler {
	players := make([]*pooler, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range players {
		players[i] = &pooler{client: newJarClient(), base: bases[i%len(bases)]}
		wg.Go(func() {
			if err := players[i].wait(pool, 20*time.Second); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	return players
}

// requirePairedOnce checks that the players are in rooms of exactly two,
// each holding one seat.
func requirePairedOnce(t *testing.T, players []*pooler, base string) {
	perRoom := map[string]int{}
	for _, p := range players {
		perRoom[p.room]++
	}
	require.Len(t, perRoom, len(players)/2, "a room per pair")
	for room, n := range perRoom {
		require.Equal(t, 2, n, "room %s", room)
	}
	for i, p := range players {
		require.True(t, p.seated(t, base), "player %d holds a seat of %s", i, p.room)
	}
}

// TestPoolsAcrossNodes: 40 players enter one pool at once through three
// nodes (PostgreSQL and NATS): exactly 20 rooms, everyone in exactly one.
func TestPoolsAcrossNodes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs three server processes")
	}
	c := newTestCluster(t, 3)
	for i := range 3 {
		c.start(i)
	}
	start := time.Now()
	players := enterAtOnce(t, []string{c.base(0), c.base(1), c.base(2)}, "kalah/bullet", 40)
	t.Logf("40 players paired in %v", time.Since(start))
	requirePairedOnce(t, players, c.base(1))
}

// TestAPairingNodeKilled: a node that pairs is killed while players enter
// the pool through the others: nobody is lost or paired twice, and the
// rooms it made run on the others.
func TestAPairingNodeKilled(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs three server processes")
	}
	c := newTestCluster(t, 3)
	for i := range 3 {
		c.start(i)
	}
	var (
		players []*pooler
		mu      sync.Mutex
		wg      sync.WaitGroup
	)
	for wave := range 4 {
		wg.Go(func() {
			got := enterAtOnce(t, []string{c.base(1), c.base(2)}, "amazons/fast", 10)
			mu.Lock()
			players = append(players, got...)
			mu.Unlock()
		})
		if wave == 1 {
			time.Sleep(30 * time.Millisecond) // the pairings of the first waves under way
			c.signal(0, syscall.SIGKILL)
		}
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	require.Len(t, players, 40)
	requirePairedOnce(t, players, c.base(2))
}
