// Package lobby is where players find each other: quick pairing's pools
// (a person waits in a pool of a game and speed until someone suits
// them). Package pairing decides who plays whom; the store keeps who waits
// and carries each pairing out in one transaction with the rooms it makes;
// this package runs it on a node: it enters and leaves the waits of the
// pages open here, pairs the pools, and tells each waiting page where its
// game is. Any node may pair any pool, so it holds across nodes, and a
// node that dies takes nothing with it: its pages' waits go stale and
// leave, and a pairing it was making is rolled back whole.
package lobby

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"boardroom/fairplay"
	"boardroom/pairing"
	"boardroom/realtime/match"
	"boardroom/secret"
	"boardroom/store"
)

// Rooms is how the lobby makes rooms: the store writes of a pairing carry
// NewRoomContext, and RunNew runs each room it made (realtime.Hub).
type Rooms interface {
	NewRoomContext(ctx context.Context) (context.Context, error)
	RunNew(ctx context.Context, rec *store.Room) error
}

// Timings are how often the pools are paired and waits are checked.
type Timings struct {
	// Pair is how often each pool with someone waiting is paired (also at
	// once when someone enters one).
	Pair time.Duration
	// Seen is how often the pages waiting here say they are open; a wait
	// not seen for Stale is dropped (its page's node died).
	Seen, Stale time.Duration
}

// DefaultTimings pair well within the two seconds a player may wait for a
// partner who is there.
var DefaultTimings = Timings{Pair: 250 * time.Millisecond, Seen: time.Second, Stale: 5 * time.Second}

// Pools runs quick pairing on a node.
type Pools struct {
	Store   store.Pools
	Ratings store.Ratings
	// Games counts a player's aborts in a row: a habit of aborting makes
	// them wait (pairing.AbortWait).
	Games   store.PlayerGames
	Rooms   Rooms
	Log     *slog.Logger
	Now     func() time.Time
	Timings Timings

	// Bots counts the bots' games, for BotGamesPerHour (nil: no limit).
	Bots store.Bots
	// BotGamesPerHour is how many games a bot may begin in an hour (0:
	// DefaultBotGamesPerHour; negative: no limit).
	BotGamesPerHour int
	// House is the house bots (house.go; nil: none).
	House *House
	// Nudges tell the other nodes of a pairing made here, so that a page
	// waiting there learns its room at once (nil: at their next tick).
	Nudges Nudges
	// Links say who may not play whom rated: such pairs are passed over
	// (package fairplay; nil: no check).
	Links store.Links

	mu    sync.Mutex
	waits map[string]*Wait // this node's pages' waits, by id
	// sizes is how many wait in each pool (house bots aside), as its last
	// pairing here saw it: what a waiting page is told.
	sizes map[string]int
	wake  wake
	// paired is woken by a pairing made on another node.
	paired wake
}

// Wait is a page waiting in a pool.
type Wait struct {
	ID    string
	Pool  pairing.Pool
	Since time.Time
	// player is who waits (PoolEntry.Player).
	player string
	// done is closed when the wait ends; room is its room ("" when it
	// ended otherwise: left, or replaced by a wait elsewhere).
	done chan struct{}
	room string
	once sync.Once
}

// Done is closed when the wait ends.
func (w *Wait) Done() <-chan struct{} { return w.done }

// Room is the room the wait was paired into ("" when it ended otherwise).
// Read it once Done is closed.
func (w *Wait) Room() string { return w.room }

func (w *Wait) end(room string) {
	w.once.Do(func() {
		w.room = room
		close(w.done)
	})
}

// Player is who asks to wait in a pool.
type Player struct {
	// TokenHash is the hash of the browser's token (it will hold the
	// seat); Name the name shown for a guest.
	TokenHash, Name string
	// Account is the signed-in player's username ("" for a guest).
	Account string
	// Bot marks an engine's account; WantsBots a person who accepts one.
	Bot, WantsBots bool
}

// ErrNoToken refuses a wait from a browser without a token (no cookies).
var ErrNoToken = errors.New("your browser sent no cookie: allow cookies to play")

// Enter puts p in pool: a new wait, which replaces any other of theirs.
func (ps *Pools) Enter(ctx context.Context, pool pairing.Pool, p Player) (*Wait, error) {
	if p.TokenHash == "" {
		return nil, ErrNoToken
	}
	now := ps.now()
	e := store.PoolEntry{
		ID: secret.Text(12), Pool: pool.String(), Player: p.TokenHash, TokenHash: p.TokenHash, Name: p.Name,
		Account: p.Account, Rating: 1500, Bot: p.Bot, WantsBots: p.WantsBots, Since: now, Ready: now, Seen: now,
	}
	if p.Bot {
		if err := ps.mayPlayBot(ctx, p.Account, now); err != nil {
			return nil, err
		}
	}
	if p.Account != "" {
		e.Player = "@" + store.AccountKey(p.Account)
		got, err := ps.Ratings.CurrentRatings(ctx, pool.Game, pool.Speed, []string{p.Account})
		if err != nil {
			return nil, err
		}
		if r, ok := got[p.Account]; ok {
			e.Rating = r.Rating
		}
		aborts, err := ps.Games.AbortsInARow(ctx, p.Account)
		if err != nil {
			return nil, err
		}
		e.Ready = now.Add(pairing.AbortWait(aborts))
	}
	if err := ps.Store.EnterPool(ctx, e); err != nil {
		return nil, err
	}
	w := &Wait{ID: e.ID, Pool: pool, Since: now, player: e.Player, done: make(chan struct{})}
	var replaced []*Wait
	ps.mu.Lock()
	if ps.waits == nil {
		ps.waits = map[string]*Wait{}
	}
	for _, other := range ps.waits {
		if other.player == w.player {
			replaced = append(replaced, other)
		}
	}
	ps.waits[w.ID] = w
	ps.mu.Unlock()
	for _, other := range replaced { // a player waits in one pool at a time
		ps.forget(other, "")
	}
	ps.wake.now()
	return w, nil
}

// Leave ends w (its page closed, or cancelled): it leaves the pool at once.
func (ps *Pools) Leave(ctx context.Context, w *Wait) error {
	ps.forget(w, "")
	return ps.Store.LeavePool(ctx, w.ID)
}

func (ps *Pools) forget(w *Wait, room string) {
	ps.mu.Lock()
	delete(ps.waits, w.ID)
	ps.mu.Unlock()
	w.end(room)
}

func (ps *Pools) now() time.Time {
	if ps.Now != nil {
		return ps.Now()
	}
	return time.Now()
}

func (ps *Pools) timings() Timings {
	t := ps.Timings
	if t.Pair <= 0 {
		t.Pair = DefaultTimings.Pair
	}
	if t.Seen <= 0 {
		t.Seen = DefaultTimings.Seen
	}
	if t.Stale <= 0 {
		t.Stale = DefaultTimings.Stale
	}
	return t
}

// Run pairs the pools and tells the waits here of their rooms until ctx
// ends.
func (ps *Pools) Run(ctx context.Context) {
	t := ps.timings()
	poke := ps.wake.c()
	pair, seen := time.NewTicker(t.Pair), time.NewTicker(t.Seen)
	defer pair.Stop()
	defer seen.Stop()
	defer listen(ps.Nudges, pairedSubject, &ps.paired, ps.Log)()
	for {
		select {
		case <-ctx.Done():
			return
		case <-poke:
		case <-pair.C:
		case <-seen.C:
			ps.see(ctx)
			continue
		case <-ps.paired.c():
			ps.deliver(ctx)
			continue
		}
		ps.pairAll(ctx)
		ps.deliver(ctx)
	}
}

// pairAll pairs every pool someone waits in.
func (ps *Pools) pairAll(ctx context.Context) {
	names, err := ps.Store.PoolNames(ctx)
	if err != nil {
		ps.Log.Warn("pools not read", "err", err)
		return
	}
	ps.mu.Lock()
	for name := range ps.sizes { // a pool nobody waits in is empty
		if !slices.Contains(names, name) {
			delete(ps.sizes, name)
		}
	}
	ps.mu.Unlock()
	for _, name := range names {
		if _, err := ps.PairPool(ctx, name); err != nil && ctx.Err() == nil {
			ps.Log.Warn("pool not paired", "pool", name, "err", err)
		}
	}
}

// PairPool pairs one pool now and runs the rooms it made here; it returns
// how many pairs it made.
func (ps *Pools) PairPool(ctx context.Context, name string) (int, error) {
	pool, err := pairing.ParsePool(name)
	if err != nil {
		return 0, err
	}
	fctx, err := ps.Rooms.NewRoomContext(ctx)
	if err != nil {
		return 0, err
	}
	now := ps.now()
	pairs, err := ps.Store.PairPool(fctx, name, now.Add(-ps.timings().Stale), func(entries []store.PoolEntry) []store.PoolPair {
		return ps.pick(ctx, pool, entries, now)
	})
	if err != nil {
		return 0, err
	}
	for _, p := range pairs {
		if err := ps.Rooms.RunNew(ctx, p.Room); err != nil {
			// Stored: the room runs where someone opens it.
			ps.Log.Warn("paired room not started here", "room", p.Room.ID, "err", err)
		}
		ps.Log.Info("paired", "pool", name, "room", p.Room.ID, "rated", p.Room.Rated,
			"waited", now.Sub(p.A.Since).Round(time.Millisecond), "and", now.Sub(p.B.Since).Round(time.Millisecond))
	}
	if len(pairs) > 0 {
		nudge(ps.Nudges, pairedSubject, ps.Log)
		ps.deliver(ctx)
	}
	return len(pairs), nil
}

// counted records how many of a pool's entries still wait after a
// pairing of pairs: the house bots are always there, so they are no wait.
func (ps *Pools) counted(pool pairing.Pool, entries []store.PoolEntry, pairs []pairing.Pair) {
	paired := map[string]bool{}
	for _, p := range pairs {
		paired[p.A.ID], paired[p.B.ID] = true, true
	}
	n := 0
	for _, e := range entries {
		if !e.House && !paired[e.ID] {
			n++
		}
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.sizes == nil {
		ps.sizes = map[string]int{}
	}
	ps.sizes[pool.String()] = n
}

// Waiting is how many wait in pool (the asker included), as the last
// pairing on this node saw it (a few tenths of a second ago).
func (ps *Pools) Waiting(pool pairing.Pool) int {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return ps.sizes[pool.String()]
}

// pick pairs a pool's entries by the rule, then those left alone with the
// house bots, and makes each pair's room.
func (ps *Pools) pick(ctx context.Context, pool pairing.Pool, entries []store.PoolEntry, now time.Time) []store.PoolPair {
	apart, err := ps.apart(ctx, entries, now)
	if err != nil {
		ps.Log.Warn("rated players not checked", "pool", pool, "err", err)
		return nil // nobody paired this time rather than a game unchecked
	}
	seekers := make([]pairing.Seeker, len(entries))
	byID := make(map[string]store.PoolEntry, len(entries))
	for i, e := range entries {
		seekers[i] = pairing.Seeker{ID: e.ID, Player: e.Player, Account: e.Account, Rating: e.Rating, Bot: e.Bot,
			WantsBots: e.WantsBots, Since: e.Since, Ready: e.Ready, Apart: apart[store.AccountKey(e.Account)]}
		byID[e.ID] = e
	}
	pairs := pairing.Match(seekers, now)
	pairs = append(pairs, ps.housePairs(ctx, pool, seekers, pairs, now)...)
	ps.counted(pool, entries, pairs)
	var out []store.PoolPair
	for _, p := range pairs {
		seat := func(e store.PoolEntry) store.Seat {
			return store.Seat{TokenHash: e.TokenHash, Name: e.Name, Account: e.Account, BotAccount: e.Bot}
		}
		a, b := byID[p.A.ID], byID[p.B.ID]
		seats := [2]store.Seat{seat(a), seat(b)}
		if e, s, ok := ps.houseEntry(pool, p.B, now); ok {
			b, seats[1] = e, s
		}
		rec, err := match.PairedRecord(pool.Game, pool.Speed, 0, p.Rated(), seats, now)
		if err != nil {
			ps.Log.Error("paired room not made", "pool", pool, "err", err)
			continue
		}
		out = append(out, store.PoolPair{A: a, B: b, Room: rec})
	}
	return out
}

// apart says which of the entries' accounts may not play which rated
// (fairplay.Apart), by account key; it reads the store only when two
// signed-in players wait.
func (ps *Pools) apart(ctx context.Context, entries []store.PoolEntry, now time.Time) (map[string][]string, error) {
	var accounts []string
	for _, e := range entries {
		if e.Account != "" {
			accounts = append(accounts, e.Account)
		}
	}
	if ps.Links == nil || len(accounts) < 2 {
		return nil, nil
	}
	return fairplay.Apart(ctx, ps.Links, accounts, now)
}

// local lists this node's waits, and their ids.
func (ps *Pools) local() ([]*Wait, []string) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	waits, ids := make([]*Wait, 0, len(ps.waits)), make([]string, 0, len(ps.waits))
	for _, w := range ps.waits {
		waits, ids = append(waits, w), append(ids, w.ID)
	}
	return waits, ids
}

// deliver tells this node's waits that were paired (here or on another
// node) of their rooms.
func (ps *Pools) deliver(ctx context.Context) {
	waits, ids := ps.local()
	if len(waits) == 0 {
		return
	}
	rooms, err := ps.Store.Matched(ctx, ids)
	if err != nil {
		ps.Log.Warn("pairings not read", "err", err)
		return
	}
	for _, w := range waits {
		if room, ok := rooms[w.ID]; ok {
			ps.forget(w, room)
		}
	}
}

// see says the waits here are still open, and ends those whose entry has
// gone without a room (their player entered another pool elsewhere).
func (ps *Pools) see(ctx context.Context) {
	waits, ids := ps.local()
	if len(waits) == 0 {
		return
	}
	waiting, err := ps.Store.SeePool(ctx, ids, ps.now())
	if err != nil {
		ps.Log.Warn("waits not seen", "err", err)
		return
	}
	// Gone from the pool: paired (the pairing recorded its room in the
	// transaction that took the wait out, so it is read after), or
	// replaced by another wait of the player's, elsewhere.
	still := map[string]bool{}
	for _, id := range waiting {
		still[id] = true
	}
	var gone []string
	for _, id := range ids {
		if !still[id] {
			gone = append(gone, id)
		}
	}
	if len(gone) == 0 {
		return
	}
	rooms, err := ps.Store.Matched(ctx, gone)
	if err != nil {
		ps.Log.Warn("pairings not read", "err", err)
		return
	}
	for _, w := range waits {
		if !still[w.ID] {
			ps.forget(w, rooms[w.ID])
		}
	}
}
