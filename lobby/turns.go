package lobby

import (
	"context"
	"strings"
	"sync"

	"boardroom/realtime/bus"
	"boardroom/store"
)

// The header's count of a player's games awaiting their move, kept on
// every page of theirs without a page asking. A room tells its node's
// Turns whose move it began or stopped awaiting (match.AwaitingNotifier:
// the game starting, a move, the end; nothing when the same players stay
// to move); the node's Site says so once on the bus (turnsSubject, with
// the accounts), and each node with a page of one of them counts that
// player's games once (Site.CountTurns, for every page of theirs there)
// and tells the pages whose count changed. Without the bus (one node) the
// node tells its own pages the same way. A page opened is told its count
// at once. Nothing on a room's move path waits: the room marks the
// accounts in a set and wakes the site's loop, which does the rest.

// turnsSubject carries the accounts whose games awaiting their move
// changed, a line each.
const turnsSubject = "boardroom.lobby.turns"

// Turns gathers the news of a node's rooms, which its Site sends on. The
// zero Turns is ready to use; it is the hub's match.AwaitingNotifier.
type Turns struct {
	mu      sync.Mutex
	changed map[string]bool
	wake    wake
}

// AwaitingChanged implements match.AwaitingNotifier: it returns at once.
func (t *Turns) AwaitingChanged(accounts []string) {
	t.mu.Lock()
	if t.changed == nil {
		t.changed = map[string]bool{}
	}
	for _, a := range accounts {
		t.changed[a] = true
	}
	t.mu.Unlock()
	t.wake.now()
}

// take returns the accounts told since the last take.
func (t *Turns) take() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]string, 0, len(t.changed))
	for a := range t.changed {
		out = append(out, a)
	}
	t.changed = nil
	return out
}

// c wakes the site's loop at news (nil for no Turns: never).
func (t *Turns) c() <-chan struct{} {
	if t == nil {
		return nil
	}
	return t.wake.c()
}

// TurnCount is the news of a page's player's games awaiting their move.
func (p *Page) TurnCount() <-chan int { return p.turns }

// turnsNews sends the news of this node's rooms on: over the bus, which
// brings it back here too, or straight to this node's pages without one.
func (s *Site) turnsNews() {
	accounts := s.Turns.take()
	if len(accounts) == 0 {
		return
	}
	if s.Nudges != nil {
		err := s.Nudges.Publish(turnsSubject, []byte(strings.Join(accounts, "\n")))
		if err == nil {
			return
		}
		s.Log.Warn("turns news not sent", "err", err)
	}
	s.turnsStale(accounts)
}

// turnsStale has accounts' games counted again for their pages here, at
// once.
func (s *Site) turnsStale(accounts []string) {
	s.mu.Lock()
	if s.recount == nil {
		s.recount = map[string]bool{}
	}
	for _, a := range accounts {
		s.recount[store.AccountKey(a)] = true
	}
	s.mu.Unlock()
	s.recountWake.now()
}

// listenTurns hears the turns news of every node; it returns the function
// that stops listening.
func (s *Site) listenTurns() func() {
	if s.Nudges == nil || s.CountTurns == nil {
		return func() {}
	}
	stop, err := s.Nudges.Subscribe(turnsSubject, func(m *bus.Msg) {
		s.turnsStale(strings.Split(string(m.Data), "\n"))
	})
	if err != nil {
		s.Log.Warn("turns news not heard: the header's count of games awaiting a move follows only as pages open", "err", err)
		return func() {}
	}
	return stop
}

// tellTurns counts, once an account, the games awaiting the move of the
// players of the pages here never told theirs or whose games changed, and
// tells each such page whose count is not what it was told.
func (s *Site) tellTurns(ctx context.Context, pages []*Page) {
	if s.CountTurns == nil {
		return
	}
	s.mu.Lock()
	recount := s.recount
	s.recount = nil
	ask := map[string]string{} // key: an account as a page names it
	for _, p := range pages {
		key := store.AccountKey(p.Account)
		if !p.Bot && (p.toldTurns < 0 || recount[key]) {
			ask[key] = p.Account
		}
	}
	s.mu.Unlock()
	counts := map[string]int{}
	for key, account := range ask {
		n, err := s.CountTurns(ctx, account)
		if err != nil {
			s.Log.Warn("games awaiting a move not counted", "account", account, "err", err)
			continue
		}
		counts[key] = n
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range pages {
		n, ok := counts[store.AccountKey(p.Account)]
		if !ok || p.Bot || n == p.toldTurns {
			continue
		}
		select { // the newest count replaces one not taken yet
		case <-p.turns:
		default:
		}
		p.turns <- n
		p.toldTurns = n
	}
}
