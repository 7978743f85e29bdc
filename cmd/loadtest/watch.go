package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"boardroom/game"
)

// Watch rooms (-watch-rooms): computer against computer at a level and a
// pace, each watched by its creator's page, which only reads (and, when a
// game ends, starts the rematch, so that the computer keeps thinking). They
// load the server's engine while the friend rooms time people's moves.

// watcher is the page of one watch room.
type watcher struct {
	l    *load
	ws   *websocket.Conn
	name string
	page page
	seen int  // moves of this game counted so far
	asks bool // a rematch was asked for the game shown
}

// watchForm is the lobby form of a watch room.
func watchForm(cfg config, gameID string) url.Values {
	return url.Values{"game": {gameID}, "mode": {"watch"}, "level": {cfg.watchLevel}, "level_second": {cfg.watchLevel},
		"pace": {cfg.watchPace}, "clock": {"none"}, "seat": {"first"}}
}

// setupWatch creates watch room i and opens its page; the page's reader
// runs until connCtx ends.
func setupWatch(ctx, connCtx context.Context, l *load, b *browser, i int, wg *sync.WaitGroup) error {
	cfg := l.cfg
	gameID := cfg.watchGames[i%len(cfg.watchGames)]
	if err := b.get(ctx, "/"); err != nil {
		return err
	}
	path, err := b.createRoom(ctx, watchForm(cfg, gameID))
	if err != nil {
		return err
	}
	l.targets[b.target].rooms.Add(1)
	if err := b.get(ctx, path); err != nil {
		return err
	}
	ws, err := b.dial(ctx, path)
	if err != nil {
		return err
	}
	l.conns.Add(1)
	l.targets[b.target].conns.Add(1)
	w := &watcher{l: l, ws: ws, name: fmt.Sprintf("watch room %d (%s %s)", i, gameID, path)}
	l.mu.Lock()
	l.watchers = append(l.watchers, w)
	l.mu.Unlock()
	wg.Go(func() { w.read(connCtx) })
	return nil
}

// read counts the computer's moves the page is shown until the connection
// ends.
func (w *watcher) read(ctx context.Context) {
	var buf bytes.Buffer
	for {
		_, r, err := w.ws.Reader(ctx)
		if err == nil {
			buf.Reset()
			_, err = buf.ReadFrom(r)
		}
		if err != nil {
			if !w.l.closing.Load() && ctx.Err() == nil {
				w.l.errs.add("unexpected close", fmt.Sprintf("%s: %v (status %d)", w.name, err, websocket.CloseStatus(err)))
			}
			return
		}
		data := buf.Bytes()
		w.l.countMessage(len(data))
		if countOnly(data) {
			continue
		}
		if err := w.page.apply(data); err != nil {
			w.l.errs.add("unreadable update", fmt.Sprintf("%s: %v: %.80q", w.name, err, data))
			continue
		}
		if w.page.hasError {
			w.l.errs.add("error toast", fmt.Sprintf("%s: %q", w.name, w.page.errText))
		}
		n := len(w.page.moves)
		if n < w.seen { // the rematch began
			w.seen, w.asks = 0, false
		}
		if w.l.playing.Load() {
			w.l.watchMoves.Add(int64(n - w.seen))
		}
		w.seen = n
		if w.page.over() && !w.asks {
			w.asks = true
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err := w.ws.Write(wctx, websocket.MessageText, []byte(`{"action":"rematch"}`))
			cancel()
			if err != nil && ctx.Err() == nil && !w.l.closing.Load() {
				w.l.errs.add("failed write", fmt.Sprintf("%s: %v", w.name, err))
			}
		}
	}
}

// engineLines are the engine's figures from a server's /metrics at its
// metrics address (queue, workers, jobs by outcome), for the report; nil if
// it has none. With named, each line starts with that address (several
// targets).
func engineLines(ctx context.Context, b *browser, metricsBase string, named bool) []string {
	req, err := http.NewRequestWithContext(b.ctx(ctx), http.MethodGet, strings.TrimSuffix(metricsBase, "/")+"/metrics", nil)
	if err != nil {
		return nil
	}
	resp, err := b.client.Do(req)
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	var out []string
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "boardroom_engine_") && !strings.Contains(line, "_bucket") {
			if named {
				line = metricsBase + " " + line
			}
			out = append(out, line)
		}
	}
	return out
}

// watchGameIDs resolves -watch-game.
func watchGameIDs(id string) ([]string, error) {
	if id == "all" {
		return game.IDs(), nil
	}
	if _, err := game.Lookup(id); err != nil {
		return nil, fmt.Errorf("-watch-game: %w", err)
	}
	return []string{id}, nil
}
