package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Quick pairing under load (-pool-players N): N simulated browsers enter
// the lobby's pools (-pools, round-robin), spread evenly over -pool-over,
// each as a page does: it fetches the lobby (its token), opens
// /pool/ws?pool=P and waits for its room. The pairing latency of a pair is
// from the moment the later of the two was told it waits (the moment a
// partner was there) to the moment each is told its room; the wait is from
// a player's own entry to its room. A player left without a partner at the
// end (an odd one) is not an error; one not paired within -timeout of the
// last entry is.

// poolEntry is one simulated player's wait.
type poolEntry struct {
	pool            string
	entered, paired time.Time
	room            string
}

// runPools runs the pool load and reports on out.
func runPools(ctx context.Context, cfg config, out io.Writer) (*result, error) {
	bases, err := checkTargets(cfg.targets, cfg.allowRemote)
	if err != nil {
		return nil, err
	}
	if err := checkFiles(cfg.poolPlayers); err != nil {
		return nil, err
	}
	spread := !cfg.oneAddr && spreadAddrs(bases[0])
	transport := newTransport(spread)
	entries := make([]poolEntry, cfg.poolPlayers)
	errs := &errorCounts{}
	began := time.Now()
	gap := cfg.poolOver / time.Duration(max(cfg.poolPlayers, 1))
	deadline := began.Add(cfg.poolOver + cfg.timeout)
	var wg sync.WaitGroup
	for i := range entries {
		at := began.Add(time.Duration(i) * gap)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Until(at)):
		}
		var local = browserAddr(i)
		if !spread {
			local = nil
		}
		b := newBrowser(bases[i%len(bases)], transport, local)
		entries[i].pool = cfg.pools[i%len(cfg.pools)]
		wg.Go(func() {
			wctx, cancel := context.WithDeadline(ctx, deadline)
			defer cancel()
			if err := b.waitInPool(wctx, &entries[i]); err != nil && wctx.Err() == nil {
				errs.add("pool", err.Error())
			}
		})
	}
	wg.Wait()
	res := &result{wall: time.Since(began), latency: &histogram{}, ack: &histogram{}, spread: spread}
	rooms := map[string][]*poolEntry{}
	unpaired := map[string]int{}
	for i := range entries {
		e := &entries[i]
		if e.room == "" {
			unpaired[e.pool]++
			continue
		}
		rooms[e.room] = append(rooms[e.room], e)
		res.ack.record(e.paired.Sub(e.entered)) // the wait
	}
	for room, pair := range rooms {
		if len(pair) != 2 {
			errs.add("pairing", fmt.Sprintf("room %s has %d of the players", room, len(pair)))
			continue
		}
		later := pair[0].entered
		if pair[1].entered.After(later) {
			later = pair[1].entered
		}
		for _, e := range pair {
			res.latency.record(max(e.paired.Sub(later), 0))
		}
	}
	for pool, n := range unpaired {
		if n > 1 {
			errs.add("unpaired", fmt.Sprintf("%d players left waiting in %s", n, pool))
		}
	}
	res.rooms, res.conns = len(rooms), cfg.poolPlayers
	res.errors, res.errLines = errs.total(), errs.lines()
	pools := append([]string(nil), cfg.pools...)
	sort.Strings(pools)
	fmt.Fprintf(out, "pools: %s, targets: %d, spread addresses: %v\n", strings.Join(pools, " "), len(bases), spread)
	fmt.Fprintf(out, "wait (entry to room): %s\n", res.ack.line())
	for _, l := range res.errLines {
		fmt.Fprintln(out, "error:", l)
	}
	fmt.Fprintf(out, "players: %d over %v, rooms: %d, pairing p50: %s ms, p99: %s ms, errors: %d\n", cfg.poolPlayers, cfg.poolOver,
		res.rooms, ms(res.latency.percentile(50)), ms(res.latency.percentile(99)), res.errors)
	return res, nil
}

// waitInPool enters e's pool as a lobby page does and waits for its room.
func (b *browser) waitInPool(ctx context.Context, e *poolEntry) error {
	if err := b.get(ctx, "/"); err != nil { // the lobby: the browser's token
		return err
	}
	wsURL := *b.base
	wsURL.Scheme = map[string]string{"http": "ws", "https": "wss"}[b.base.Scheme]
	wsURL.Path, wsURL.RawQuery = "/pool/ws", "pool="+url.QueryEscape(e.pool)
	h := make(map[string][]string)
	h["Origin"] = []string{b.origin}
	lobby, _ := url.Parse(b.url("/"))
	for _, c := range b.client.Jar.Cookies(lobby) {
		h["Cookie"] = append(h["Cookie"], c.Name+"="+c.Value)
	}
	ws, _, err := websocket.Dial(b.ctx(ctx), wsURL.String(), &websocket.DialOptions{HTTPClient: b.ws, HTTPHeader: h})
	if err != nil {
		return fmt.Errorf("pool socket: %w", err)
	}
	defer ws.CloseNow()
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			return fmt.Errorf("pool socket: %w", err)
		}
		now := time.Now()
		var m struct {
			Waiting, Room, Error string
		}
		if err := json.Unmarshal(data, &m); err != nil {
			return fmt.Errorf("pool socket: %w", err)
		}
		switch {
		case m.Error != "":
			return fmt.Errorf("pool refused: %s", m.Error)
		case m.Waiting != "":
			e.entered = now
		case m.Room != "":
			e.paired, e.room = now, m.Room
			ws.Close(websocket.StatusNormalClosure, "")
			return nil
		}
	}
}
