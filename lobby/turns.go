package lobby

import (
	"context"
	"strings"
	"sync"

	"boardroom/realtime/bus"
	"boardroom/store"
)

// The header's count of a player's games awaiting their move, kept on
// every page of theirs without a page asking, and without a read of the
// store at each move. A room tells its node's Turns which accounts' move
// it began or stopped awaiting (match.AwaitingNotifier: the game starting,
// a move, the end; nothing while the same players stay to move); the
// node's Site says so once on the bus (turnsSubject: a line a room and
// account). Each node keeps, for the accounts with a page open there, the
// set of rooms awaiting their move: read from the store as a page of
// theirs opens (Site.AwaitingRooms), then kept by the news, each item of
// which says what a room awaits now (so news heard twice, or of a move
// the read saw already, changes nothing). Each page is told the size of
// its player's set when it changes. Without the bus (one node) the node
// hears its own news the same way. Nothing on a room's move path waits:
// the room puts its news in a map and wakes the site's loop, which does
// the rest. A news item lost (the bus carries it at most once) leaves a
// count wrong until the player's next page, whose read puts all their
// pages here right (the header drawn with the page counts from the store
// too).

// turnsSubject carries the news of the rooms: "room\taccount\t1" (the room
// awaits the account's move) or "\t0" (no longer), a line each.
const turnsSubject = "boardroom.lobby.turns"

// turnNews is what a room awaits now of one account.
type turnNews struct {
	room, account string
	awaited       bool
}

// Turns gathers the news of a node's rooms, which its Site sends on. The
// zero Turns is ready to use; it is the hub's match.AwaitingNotifier.
type Turns struct {
	mu   sync.Mutex
	news map[[2]string]bool // room and account: awaited
	wake wake
}

// AwaitingChanged implements match.AwaitingNotifier: it returns at once.
func (t *Turns) AwaitingChanged(room string, awaited, done []string) {
	t.mu.Lock()
	if t.news == nil {
		t.news = map[[2]string]bool{}
	}
	for _, a := range done {
		t.news[[2]string{room, a}] = false
	}
	for _, a := range awaited {
		t.news[[2]string{room, a}] = true
	}
	t.mu.Unlock()
	t.wake.now()
}

// take returns the news told since the last take, the latest of each room
// and account.
func (t *Turns) take() []turnNews {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]turnNews, 0, len(t.news))
	for k, awaited := range t.news {
		out = append(out, turnNews{room: k[0], account: k[1], awaited: awaited})
	}
	t.news = nil
	return out
}

// c wakes the site's loop at news (nil for no Turns: never).
func (t *Turns) c() <-chan struct{} {
	if t == nil {
		return nil
	}
	return t.wake.c()
}

// encodeNews is news as turnsSubject carries it.
func encodeNews(news []turnNews) []byte {
	var b strings.Builder
	for _, n := range news {
		b.WriteString(n.room + "\t" + n.account + "\t")
		if n.awaited {
			b.WriteString("1\n")
		} else {
			b.WriteString("0\n")
		}
	}
	return []byte(b.String())
}

// decodeNews reads what encodeNews wrote (a line it cannot read skipped).
func decodeNews(data []byte) []turnNews {
	var out []turnNews
	for line := range strings.Lines(string(data)) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(f) == 3 && f[0] != "" && f[1] != "" {
			out = append(out, turnNews{room: f[0], account: f[1], awaited: f[2] == "1"})
		}
	}
	return out
}

// TurnCount is the news of a page's player's games awaiting their move.
func (p *Page) TurnCount() <-chan int { return p.turns }

// turnsNews sends the news of this node's rooms on: over the bus, which
// brings it back here too, or straight to this node's pages without one.
func (s *Site) turnsNews() {
	news := s.Turns.take()
	if len(news) == 0 {
		return
	}
	if s.Nudges != nil {
		err := s.Nudges.Publish(turnsSubject, encodeNews(news))
		if err == nil {
			return
		}
		s.Log.Warn("turns news not sent", "err", err)
	}
	s.heardNews(news)
}

// heardNews queues news for the pages here, and wakes the loop to tell
// them.
func (s *Site) heardNews(news []turnNews) {
	if s.AwaitingRooms == nil {
		return // no counts kept here
	}
	s.mu.Lock()
	s.news = append(s.news, news...)
	s.mu.Unlock()
	s.recountWake.now()
}

// listenTurns hears the turns news of every node; it returns the function
// that stops listening.
func (s *Site) listenTurns() func() {
	if s.Nudges == nil || s.AwaitingRooms == nil {
		return func() {}
	}
	stop, err := s.Nudges.Subscribe(turnsSubject, func(m *bus.Msg) { s.heardNews(decodeNews(m.Data)) })
	if err != nil {
		s.Log.Warn("turns news not heard: the header's count of games awaiting a move follows only as pages open", "err", err)
		return func() {}
	}
	return stop
}

// tellTurns reads the rooms awaiting the move of the players of the pages
// here that opened since its last look (a page opened reads them again,
// so that a count gone wrong, news lost, is put right by the player's
// next page), applies the news heard since (after the read: news is what
// a room awaits now, so news the read saw already changes nothing), and
// tells each page whose count is not what it was told.
func (s *Site) tellTurns(ctx context.Context, pages []*Page) {
	if s.AwaitingRooms == nil {
		return
	}
	s.mu.Lock()
	ask := map[string]string{} // key: an account as a page names it
	for _, p := range pages {
		key := store.AccountKey(p.Account)
		if _, kept := s.awaits[key]; !p.Bot && (!kept || p.toldTurns < 0) {
			ask[key] = p.Account
		}
	}
	s.mu.Unlock()
	read := map[string][]string{}
	for key, account := range ask {
		rooms, err := s.AwaitingRooms(ctx, account)
		if err != nil {
			s.Log.Warn("games awaiting a move not read", "account", account, "err", err)
			continue
		}
		read[key] = rooms
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.awaits == nil {
		s.awaits = map[string]map[string]bool{}
	}
	for key, rooms := range read {
		if !s.hasPage(key) {
			continue // its pages closed meanwhile
		}
		set := make(map[string]bool, len(rooms))
		for _, r := range rooms {
			set[r] = true
		}
		s.awaits[key] = set
	}
	for _, n := range s.news {
		set := s.awaits[store.AccountKey(n.account)]
		switch {
		case set == nil: // nobody's page here
		case n.awaited:
			set[n.room] = true
		default:
			delete(set, n.room)
		}
	}
	s.news = nil
	for _, p := range pages {
		set, kept := s.awaits[store.AccountKey(p.Account)]
		if !kept || p.Bot || len(set) == p.toldTurns {
			continue
		}
		select { // the newest count replaces one not taken yet
		case <-p.turns:
		default:
		}
		p.turns <- len(set)
		p.toldTurns = len(set)
	}
}

// hasPage says a page of the account of key is open here (under s.mu).
func (s *Site) hasPage(key string) bool {
	for p := range s.pages {
		if store.AccountKey(p.Account) == key && !p.Bot {
			return true
		}
	}
	return false
}

// forgetAwaits stops keeping the rooms awaiting account once no page of
// theirs is open here (under s.mu): news of them is not heard meanwhile.
func (s *Site) forgetAwaits(account string) {
	if key := store.AccountKey(account); !s.hasPage(key) {
		delete(s.awaits, key)
	}
}
