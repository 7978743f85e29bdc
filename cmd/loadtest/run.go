package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"boardroom/game"
)

// load is the state of one run, shared by every connection.
type load struct {
	cfg          config
	targets      []targetLoad // what went to each -url
	latency, ack histogram
	resume       histogram    // from a cut to the whole view again (-drop)
	reconnects   atomic.Int64 // connections dialled again after a cut
	errs         errorCounts
	conns        atomic.Int64 // WebSocket connections opened
	moves, games atomic.Int64
	messages     atomic.Int64
	bytes        atomic.Int64
	largest      atomic.Int64
	playing      atomic.Bool // players move only while set
	// moveGate is held for reading by a writer from its look at playing
	// to the record of a move's send, and for writing by stopPlaying:
	// once play has stopped no move can be recorded as sent, so the drain
	// after play never gives up on a move that was about to go out.
	moveGate sync.RWMutex
	closing  atomic.Bool // the tool is closing the connections: closes are expected

	watchMoves atomic.Int64 // computer moves the watch rooms' pages were shown while playing

	mu       sync.Mutex
	viewers  []*viewer
	tracks   []*roomTrack
	watchers []*watcher
}

// stopPlaying ends play and waits for the writers that had seen it go on:
// every move recorded as sent has been recorded when it returns.
func (l *load) stopPlaying() {
	l.playing.Store(false)
	l.moveGate.Lock()
	defer l.moveGate.Unlock()
}

// recordMove records that the click completing k goes out now, unless play
// has stopped (then the move is not sent at all: nobody waits for it).
func (l *load) recordMove(t *roomTrack, k turnKey) bool {
	l.moveGate.RLock()
	defer l.moveGate.RUnlock()
	if !l.playing.Load() {
		return false
	}
	t.sent(k, time.Now())
	return true
}

func (l *load) countMessage(n int) {
	l.messages.Add(1)
	l.bytes.Add(int64(n))
	for {
		old := l.largest.Load()
		if int64(n) <= old || l.largest.CompareAndSwap(old, int64(n)) {
			return
		}
	}
}

// result is what a run measured.
type result struct {
	rooms, conns        int
	moves, games        int64
	setup, played, wall time.Duration
	latency, ack        *histogram
	resume              *histogram
	reconnects          int64
	messages, bytes     int64
	largest             int64
	errors              int
	errLines            []string
	cpu                 time.Duration
	serverMem, load     string
	spread              bool
	serverCPU           time.Duration
	watchRooms          int
	watchMoves          int64
	engine              []string // the server's engine metrics after play
	targets             []targetCount
}

func (r *result) movesPerSec() float64 {
	if r.played <= 0 {
		return 0
	}
	return float64(r.moves) / r.played.Seconds()
}

// run sets up the rooms, plays for cfg.duration, waits for the last moves to
// arrive, closes every connection and writes the summary to out.
func run(ctx context.Context, cfg config, out io.Writer) (*result, error) {
	bases, err := checkTargets(cfg.targets, cfg.allowRemote)
	if err != nil {
		return nil, err
	}
	if err := checkFiles(cfg.rooms*(2+cfg.spectators) + cfg.watchRooms); err != nil {
		return nil, err
	}
	began := time.Now()
	l := &load{cfg: cfg, targets: make([]targetLoad, len(bases))}
	spread := !cfg.oneAddr
	for _, b := range bases {
		spread = spread && spreadAddrs(b)
	}
	transport := newTransport(spread)
	var browsers atomic.Int64
	// Browser n uses target n mod the number of targets.
	newB := func() *browser {
		n := int(browsers.Add(1) - 1)
		var local net.IP
		if spread {
			local = browserAddr(n)
		}
		b := newBrowser(bases[n%len(bases)], transport, local)
		b.target = n % len(bases)
		return b
	}
	defer transport.CloseIdleConnections()
	connCtx, cancelConns := context.WithCancel(context.Background())
	defer cancelConns()
	var wg sync.WaitGroup // every reader and writer goroutine

	// Set up the rooms, cfg.parallel at a time.
	setupCtx, cancelSetup := context.WithTimeout(ctx, cfg.setupTime)
	sem := make(chan struct{}, cfg.parallel)
	var rooms atomic.Int64
	var setupWG sync.WaitGroup
	for i := range cfg.rooms {
		select {
		case sem <- struct{}{}:
		case <-setupCtx.Done():
		}
		if setupCtx.Err() != nil {
			l.errs.addN("setup failed", "setup timed out or interrupted", cfg.rooms-i)
			break
		}
		setupWG.Go(func() {
			defer func() { <-sem }()
			if err := setupRoom(setupCtx, connCtx, l, newB, i, &wg); err != nil {
				l.errs.add("setup failed", fmt.Sprintf("room %d: %v", i, err))
				return
			}
			rooms.Add(1)
		})
	}
	var watchRooms atomic.Int64
	for i := range cfg.watchRooms {
		select {
		case sem <- struct{}{}:
		case <-setupCtx.Done():
		}
		if setupCtx.Err() != nil {
			l.errs.addN("setup failed", "setup timed out or interrupted", cfg.watchRooms-i)
			break
		}
		setupWG.Go(func() {
			defer func() { <-sem }()
			if err := setupWatch(setupCtx, connCtx, l, newB(), i, &wg); err != nil {
				l.errs.add("setup failed", fmt.Sprintf("watch room %d: %v", i, err))
				return
			}
			watchRooms.Add(1)
		})
	}
	setupWG.Wait()
	cancelSetup()
	setupTook := time.Since(began)

	// Play.
	cpu0 := procCPU(cfg.serverPID)
	start := time.Now()
	l.playing.Store(true)
	l.mu.Lock()
	for _, v := range l.viewers {
		v.mu.Lock()
		v.decide()
		v.mu.Unlock()
	}
	l.mu.Unlock()
	tick := time.NewTicker(time.Second)
	playFor := cfg.duration
	if rooms.Load() == 0 {
		playFor = 0 // nothing to play
	}
	deadline := time.NewTimer(playFor)
	dropCtx, stopDrops := context.WithCancel(ctx)
	if cfg.drop > 0 {
		go l.dropper(dropCtx, cfg.drop, cfg.seed)
	}
play:
	for {
		select {
		case <-tick.C:
			l.sweep(time.Now().Add(-cfg.timeout), false)
		case <-deadline.C:
			break play
		case <-ctx.Done():
			break play
		}
	}
	tick.Stop()
	stopDrops()
	l.stopPlaying()
	played := time.Since(start)
	serverCPU := procCPU(cfg.serverPID) - cpu0
	var engine []string
	if cfg.watchRooms > 0 {
		for _, m := range cfg.metrics {
			engine = append(engine, engineLines(ctx, newB(), m, len(cfg.metrics) > 1)...)
		}
	}

	// Let the moves in flight arrive, then give up on the rest.
	drainBy := time.Now().Add(cfg.timeout)
	for l.pending() > 0 && time.Now().Before(drainBy) && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
	}
	l.sweep(time.Now().Add(time.Hour), true)

	// Close every connection as a closing tab does.
	l.closing.Store(true)
	var closeWG sync.WaitGroup
	closeSem := make(chan struct{}, 64)
	l.mu.Lock()
	for _, v := range l.viewers {
		closeSem <- struct{}{}
		closeWG.Go(func() {
			defer func() { <-closeSem }()
			v.conn().Close(websocket.StatusGoingAway, "")
		})
	}
	for _, w := range l.watchers {
		closeSem <- struct{}{}
		closeWG.Go(func() {
			defer func() { <-closeSem }()
			w.ws.Close(websocket.StatusGoingAway, "")
		})
	}
	l.mu.Unlock()
	closeWG.Wait()
	cancelConns()
	wg.Wait()

	res := &result{
		rooms: int(rooms.Load()), conns: int(l.conns.Load()), moves: l.moves.Load(), games: l.games.Load(),
		setup: setupTook, played: played, wall: time.Since(began), latency: &l.latency, ack: &l.ack,
		resume: &l.resume, reconnects: l.reconnects.Load(),
		messages: l.messages.Load(), bytes: l.bytes.Load(), largest: l.largest.Load(),
		errors: l.errs.total(), errLines: l.errs.lines(), cpu: selfCPU(), load: loadAverage(), spread: spread,
		watchRooms: int(watchRooms.Load()), watchMoves: l.watchMoves.Load(), engine: engine,
		targets: l.counts(bases),
	}
	if cfg.serverPID > 0 {
		res.serverMem = procStatus(cfg.serverPID)
		res.serverCPU = serverCPU
	}
	summary(out, cfg, res)
	return res, nil
}

// sweep counts the receivers of turns sent before cutoff that never saw
// them; final is the sweep after play, when a simultaneous turn that only
// one player chose is no error (the other had stopped).
func (l *load) sweep(cutoff time.Time, final bool) {
	l.mu.Lock()
	tracks := l.tracks
	l.mu.Unlock()
	for _, t := range tracks {
		missing, incomplete := t.sweep(cutoff)
		l.errs.addN("move not delivered", fmt.Sprintf("a receiver did not see a move within %s", l.cfg.timeout), missing)
		if !final {
			l.errs.addN("turn never completed", fmt.Sprintf("one player chose, the other did not within %s", l.cfg.timeout), incomplete)
		}
	}
}

func (l *load) pending() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, t := range l.tracks {
		n += t.pending()
	}
	return n
}

// setupRoom creates room i, seats both players and connects the spectators;
// their goroutines run until connCtx ends.
func setupRoom(ctx, connCtx context.Context, l *load, newB func() *browser, i int, wg *sync.WaitGroup) error {
	cfg := l.cfg
	gameID := cfg.games[i%len(cfg.games)]
	g, _ := game.Lookup(gameID)
	receivers, senders := cfg.spectators+1, 1
	if g.Simultaneous() {
		receivers, senders = receivers+1, 2
	}
	track := newRoomTrack(receivers, senders)
	var opened []*viewer
	fail := func(err error) error {
		for _, v := range opened {
			v.quiet.Store(true)
			v.conn().CloseNow()
		}
		return err
	}
	connect := func(b *browser, path string, seat game.Player, name string) (*viewer, error) {
		if err := b.get(ctx, path); err != nil { // the room page, as a browser opens it
			return nil, err
		}
		ws, err := b.dial(ctx, path)
		if err != nil {
			return nil, err
		}
		l.conns.Add(1)
		l.targets[b.target].conns.Add(1)
		state, err := g.New(nil)
		if err != nil {
			ws.CloseNow()
			return nil, err
		}
		v := &viewer{l: l, track: track, b: b, path: path, name: name, seat: seat, g: g, state: state, ready: make(chan struct{})}
		v.ws.Store(ws)
		opened = append(opened, v)
		wg.Go(func() { v.read(connCtx) })
		if seat != game.NoPlayer {
			v.out = make(chan outMsg, 64)
			v.rng = rand.New(rand.NewPCG(cfg.seed, uint64(i)<<1|uint64(seat)))
			lim := newLimiter(cfg.rate, 5)
			wg.Go(func() { v.write(connCtx, lim) })
		}
		return v, nil
	}
	await := func(v *viewer) error {
		t := time.NewTimer(cfg.timeout)
		defer t.Stop()
		select {
		case <-v.ready:
			return nil
		case <-t.C:
			return fmt.Errorf("%s: no page update (or not seated) within %s", v.name, cfg.timeout)
		case <-ctx.Done():
			return fmt.Errorf("%s: no page update: %w", v.name, ctx.Err())
		}
	}

	creator := newB()
	if err := creator.get(ctx, "/"); err != nil { // the lobby
		return err
	}
	path, err := creator.createRoom(ctx, friendForm(gameID))
	if err != nil {
		return err
	}
	l.targets[creator.target].rooms.Add(1)
	name := fmt.Sprintf("room %d (%s %s)", i, gameID, path)
	first, err := connect(creator, path, game.First, name+" "+g.Seats()[0])
	if err != nil {
		return fail(err)
	}
	if err := await(first); err != nil {
		return fail(err)
	}
	second, err := connect(newB(), path, game.Second, name+" "+g.Seats()[1])
	if err != nil {
		return fail(err)
	}
	second.send(outMsg{data: []byte(`{"action":"join"}`)})
	if err := await(second); err != nil {
		return fail(err)
	}
	for s := range cfg.spectators {
		v, err := connect(newB(), path, game.NoPlayer, fmt.Sprintf("%s spectator %d", name, s+1))
		if err != nil {
			return fail(err)
		}
		if err := await(v); err != nil {
			return fail(err)
		}
	}
	l.mu.Lock()
	l.viewers = append(l.viewers, opened...)
	l.tracks = append(l.tracks, track)
	l.mu.Unlock()
	return nil
}

// checkFiles refuses a run that needs more file descriptors than the
// process may open (Go raises the soft limit to the hard one at start).
func checkFiles(conns int) error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return nil
	}
	if need := uint64(conns) + 256; lim.Cur < need {
		return fmt.Errorf("%d connections need about %d file descriptors, the limit is %d (raise it with ulimit -n)", conns, need, lim.Cur)
	}
	return nil
}

// selfCPU is the CPU time the tool has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
