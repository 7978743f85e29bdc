package lobby

import (
	"context"
	"slices"
	"strings"
	"time"

	"boardroom/realtime/bus"
	"boardroom/store"
)

// Presence as it changes: a page showing a player (their player page)
// watches that player, and is told when they come online or go offline,
// without a reload. Nothing is read per page: a node that sees an account's
// first page open, or its last one close, says so once on the bus
// (presenceSubject, with the accounts that came or went), and each node
// with a page watching one of them reads their presence once (one read for
// every page of that node) and tells the pages whose picture changed.
// Without the bus (one node) the node tells its own pages the same way.
// A node that dies says nothing: its players' rows run out after OnlineFor,
// which each node watching anyone notices at its look every presenceEvery.

// presenceSubject carries the accounts whose pages came to or left a node.
const presenceSubject = "boardroom.lobby.presence"

// presenceLinger is how long an account stays here after its last page
// here closed: going from one page of the site to the next closes one
// socket and opens another, which is no going offline (nor a write).
const presenceLinger = 3 * time.Second

// Seen is what a page watching a player is told of their presence.
type Seen struct {
	Account string
	Online  bool
}

// Presence is the news of the player the page watches, the newest only.
func (p *Page) Presence() <-chan Seen { return p.seen }

// Watch makes page p watch account's presence (one account a page; ""
// stops): it is told the presence now, then each change.
func (s *Site) Watch(p *Page, account string) {
	key := store.AccountKey(account)
	s.mu.Lock()
	p.watch, p.told = account, toldNothing
	if key != "" {
		s.staleSet()[key] = true
	}
	s.mu.Unlock()
	s.wake.now()
}

// told is what a page was last told of the presence it watches.
type told int8

const (
	toldNothing told = iota
	toldOffline
	toldOnline
)

// staleSet is the accounts whose presence the node reads at its next look
// (under s.mu).
func (s *Site) staleSet() map[string]bool {
	if s.stale == nil {
		s.stale = map[string]bool{}
	}
	return s.stale
}

// closed notes that one of account's pages here closed (under s.mu): when
// it was the last, the account stays here for presenceLinger.
func (s *Site) closed(account string) {
	for p := range s.pages {
		if p.Account == account {
			return
		}
	}
	if s.left == nil {
		s.left = map[string]time.Time{}
	}
	s.left[account] = s.now()
	time.AfterFunc(presenceLinger, s.wake.now)
}

// here lists the accounts with a page open on this node, or whose last
// page here closed less than presenceLinger ago, sorted.
func (s *Site) here(pages []*Page) []string {
	accounts := accountsOf(pages)
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	for a, at := range s.left {
		switch {
		case now.Sub(at) >= presenceLinger:
			delete(s.left, a)
		case !slices.Contains(accounts, a):
			accounts = append(accounts, a)
		}
	}
	slices.Sort(accounts)
	return accounts
}

// cameOrWent tells every node that accounts came to or left this node:
// over the bus, which brings the news back here too (so that this node
// reads it once), or straight to this node's pages without one.
func (s *Site) cameOrWent(accounts []string) {
	if len(accounts) == 0 {
		return
	}
	if s.Nudges != nil {
		err := s.Nudges.Publish(presenceSubject, []byte(strings.Join(accounts, "\n")))
		if err == nil {
			return
		}
		s.Log.Warn("presence news not sent", "err", err)
	}
	s.markStale(accounts)
}

// markStale has the next look read accounts' presence, and wakes it.
func (s *Site) markStale(accounts []string) {
	s.mu.Lock()
	for _, a := range accounts {
		s.staleSet()[store.AccountKey(a)] = true
	}
	s.mu.Unlock()
	s.wake.now()
}

// listenPresence hears the other nodes' presence news; it returns the
// function that stops listening.
func (s *Site) listenPresence() func() {
	if s.Nudges == nil {
		return func() {}
	}
	stop, err := s.Nudges.Subscribe(presenceSubject, func(m *bus.Msg) {
		s.markStale(strings.Split(string(m.Data), "\n"))
	})
	if err != nil {
		s.Log.Warn("presence news not heard: player pages see presence change only every few seconds", "err", err)
		return func() {}
	}
	return stop
}

// difference lists what is in one sorted list and not the other.
func difference(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			out = append(out, x)
		}
	}
	return out
}

// tellPresence reads, once, the presence of the watched accounts that
// changed (all of them when every says so: a dead node's players run out
// silently), and tells each page watching one whose picture changed.
func (s *Site) tellPresence(ctx context.Context, pages []*Page, every bool) {
	s.mu.Lock()
	var ask []string
	asked := map[string]bool{}
	for _, p := range pages {
		key := store.AccountKey(p.watch)
		if key != "" && !asked[key] && (every || s.stale[key] || p.told == toldNothing) {
			asked[key] = true
			ask = append(ask, p.watch)
		}
	}
	s.stale = nil
	s.mu.Unlock()
	if len(ask) == 0 {
		return
	}
	online, err := s.Online(ctx, ask)
	if err != nil {
		s.Log.Warn("presence not read", "err", err)
		return
	}
	byKey := map[string]bool{}
	for a, on := range online {
		byKey[store.AccountKey(a)] = on
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range pages {
		key := store.AccountKey(p.watch)
		if !asked[key] {
			continue
		}
		now := toldOffline
		if byKey[key] {
			now = toldOnline
		}
		if now == p.told {
			continue
		}
		p.told = now
		select { // the newest news replaces news not taken yet
		case <-p.seen:
		default:
		}
		p.seen <- Seen{Account: p.watch, Online: now == toldOnline}
	}
}
