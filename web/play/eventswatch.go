package play

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// An event's page kept live over the site's socket: the page (a guest's
// too) opens it as /site/ws?event=ID&room=ROOM (ROOM: the viewer's game
// in the event the page links, "" for none; &page=K the page of its
// standings it shows, from 1), and is sent {"event":HTML},
// the changing part of the event's page (status, podium, standings,
// drawn by the events' area: EventLive), whenever it differs from what
// it was last sent, and {"go":"/r/ID"} when the signed-in viewer has a
// new game in the event (the director paired them), as quick pairing
// sends a player to their game. While any page watches, the node reads
// each watched event every eventsCheck: one read of its row, entrants and
// games, and one drawing per page of standings shown, whatever the number
// of its watchers. The store
// is the whole site's, so a result written on another node is seen alike.
//
// Every other page of a signed-in player follows the events under way
// they are in (EventsEntered, read when its socket opens) for the go
// alone: a player whose game ended, still on its page, is sent to the
// next one as soon as the director pairs them.
//
// A bot's program follows the event in its socket's address
// (/site/ws?event=ID) alike, for the go (docs/protocol.md, "The site's
// socket"), and is told {"event_over":ID} once the event has finished,
// so that it stops waiting for games there. A bot's other events are not
// followed: its program plays the games of the source it chose, and a go
// to an event's game could be taken for a challenge's room.

// eventsCheck is how often watched events are read: what a result takes
// at most to reach the standings of the pages watching.
const eventsCheck = 500 * time.Millisecond

// eventIDLength bounds the event a page may watch (ids are shorter).
const eventIDLength = 40

// EventLive draws the changing part of event id's page with each of pages
// of its standings, says the game each player plays there now and
// whether the event is over (web/events, Area.Live).
type EventLive func(ctx context.Context, id string, pages []int) (html map[int]string, playing map[string]string, over bool, err error)

// EventEntry enters a bot account in an event, or takes it out (web/events,
// Area.JoinBot and Area.LeaveBot): refused says why not, in words; err is
// a failure.
type EventEntry func(ctx context.Context, id, bot string) (refused string, err error)

// EventsEntered lists the events under way a player is in, each with
// the game they play there now ("": none) (web/events, Area.Entered).
type EventsEntered func(ctx context.Context, account string) (map[string]string, error)

// eventWatcher is one page watching an event.
type eventWatcher struct {
	event, viewer string
	// live: the page shows the event (its live part is sent, with page
	// of its standings); else it follows its player's games there alone.
	live bool
	page int
	// tellsOver: a bot's program, told once that the event is over
	// (overTold, the checks' goroutine's).
	tellsOver, overTold bool
	// room is the viewer's game the page shows, or was last sent to.
	room string
	// news takes the latest message; one not yet sent gives way to the
	// next (keeping its go).
	news chan siteMessage
}

// eventsWatch keeps a node's event watchers and checks their events while
// there are any.
type eventsWatch struct {
	mu       sync.Mutex
	watchers map[*eventWatcher]bool
	running  bool
	// idle is closed when the last watcher goes, so that the checks end
	// then, not at their next tick (nil once closed, until the checks
	// make another).
	idle chan struct{}
}

// watchedEvent is the event a socket's page asked to watch in its
// address (?event=ID&room=ROOM&page=K), if it did, and the page of its
// standings (1 when none is said).
func watchedEvent(r *http.Request) (id, room string, page int, ok bool) {
	q := r.URL.Query()
	id, room = q.Get("event"), q.Get("room")
	page, err := strconv.Atoi(q.Get("page"))
	if err != nil || page < 1 || page > maxStandingsPage {
		page = 1
	}
	return id, room, page, id != "" && len(id) <= eventIDLength && len(room) <= eventIDLength
}

// maxStandingsPage bounds the page a socket may ask for (a page past the
// last is drawn as the last).
const maxStandingsPage = 100_000

// watchEvent makes viewer's ("": a guest's) watcher of event id, whose
// page shows their game room, and the event's live part if live; the
// first watcher starts the checks.
func (a *Area) watchEvent(id, viewer, room string, page int, live bool) *eventWatcher {
	return a.addEventWatcher(&eventWatcher{event: id, viewer: viewer, room: room, page: page, live: live})
}

// followAsBot makes bot's watcher of event id: its games there, and the
// event's end.
func (a *Area) followAsBot(id, bot string) *eventWatcher {
	return a.addEventWatcher(&eventWatcher{event: id, viewer: bot, tellsOver: true})
}

// addEventWatcher adds w; the first watcher starts the checks.
func (a *Area) addEventWatcher(w *eventWatcher) *eventWatcher {
	w.news = make(chan siteMessage, 1)
	ew := &a.eventsWatch
	ew.mu.Lock()
	defer ew.mu.Unlock()
	if ew.watchers == nil {
		ew.watchers = map[*eventWatcher]bool{}
	}
	ew.watchers[w] = true
	if !ew.running {
		ew.running = true
		ew.idle = make(chan struct{})
		go a.checkEvents()
	}
	return w
}

// eventsEntered reads the events under way account is in, each with the
// game they play there now (nil when unknown: their pages then follow
// none).
func (a *Area) eventsEntered(ctx context.Context, account string) map[string]string {
	if a.EventsEntered == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	entered, err := a.EventsEntered(ctx, account)
	if err != nil {
		a.Kit.Log.Warn("events entered not read", "err", err, "user", account)
		return nil
	}
	return entered
}

// followEntered watches, for account's page, the events entered (event:
// the game they played there when read) but skip, the one the page
// shows, for their next games there.
func (a *Area) followEntered(entered map[string]string, account, skip string) []*eventWatcher {
	var out []*eventWatcher
	for id, room := range entered {
		if id != skip {
			out = append(out, a.watchEvent(id, account, room, 0, false))
		}
	}
	return out
}

// unwatchEvent ends a watcher.
func (a *Area) unwatchEvent(w *eventWatcher) {
	ew := &a.eventsWatch
	ew.mu.Lock()
	defer ew.mu.Unlock()
	delete(ew.watchers, w)
	if len(ew.watchers) == 0 && ew.idle != nil {
		close(ew.idle)
		ew.idle = nil
	}
}

// checkEvents reads the watched events every eventsCheck and tells their
// watchers what changed, until no page watches.
func (a *Area) checkEvents() {
	ew := &a.eventsWatch
	told := map[*eventWatcher]string{}
	// drawn is each page last drawn, by event and page: a drawing equal to
	// it is replaced by it, so that each watcher's comparison with what it
	// was told finds the same string at once instead of comparing the
	// kilobytes of a page for each of a thousand watchers.
	drawn := map[eventPage]string{}
	tick := time.NewTicker(eventsCheck)
	defer tick.Stop()
	for {
		ew.mu.Lock()
		if len(ew.watchers) == 0 {
			ew.running = false
			ew.mu.Unlock()
			return
		}
		if ew.idle == nil { // watchers came again since the last went
			ew.idle = make(chan struct{})
		}
		idle := ew.idle
		byEvent := map[string][]*eventWatcher{}
		for w := range ew.watchers {
			byEvent[w.event] = append(byEvent[w.event], w)
		}
		ew.mu.Unlock()
		for id, ws := range byEvent {
			var pages []int
			for _, w := range ws {
				if w.live {
					pages = append(pages, w.page)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			html, playing, over, err := a.EventLive(ctx, id, pages)
			cancel()
			if err != nil {
				continue // told at a later check (or never: no such event)
			}
			for page, h := range html {
				key := eventPage{id, page}
				if h == drawn[key] {
					html[page] = drawn[key]
				} else {
					drawn[key] = h
				}
			}
			encoded := map[int][]byte{} // each page's message, made once
			for _, w := range ws {
				var m siteMessage
				if page := html[w.page]; w.live && told[w] != page {
					told[w] = page
					m.Event = &page
				}
				if room := playing[w.viewer]; w.viewer != "" && room != "" && room != w.room {
					w.room = room
					m.Go = "/r/" + room
				}
				if over && w.tellsOver && !w.overTold {
					w.overTold = true
					m.EventOver = id
				}
				if m.Event == nil && m.Go == "" && m.EventOver == "" {
					continue
				}
				select {
				case old := <-w.news: // not sent yet
					if m.Go == "" {
						m.Go = old.Go
					}
					if m.EventOver == "" {
						m.EventOver = old.EventOver
					}
					if m.Event == nil { // it was told as sent
						m.Event = old.Event
					}
				default:
				}
				if m.Event != nil && m.Go == "" && m.EventOver == "" { // the page's live part alone
					if encoded[w.page] == nil {
						encoded[w.page] = siteMessage{Event: m.Event}.encode()
					}
					m.encoded = encoded[w.page]
				}
				w.news <- m
			}
		}
		for w := range told {
			if !ew.has(w) {
				delete(told, w)
			}
		}
		for key := range drawn {
			if _, shown := byEvent[key.event]; !shown {
				delete(drawn, key)
			}
		}
		select {
		case <-tick.C:
		case <-idle:
		}
	}
}

// eventPage names a page of an event's standings.
type eventPage struct {
	event string
	page  int
}

func (ew *eventsWatch) has(w *eventWatcher) bool {
	ew.mu.Lock()
	defer ew.mu.Unlock()
	return ew.watchers[w]
}

// mergeNews is the news of watchers in one channel (nil for none), until
// ctx ends.
func mergeNews(ctx context.Context, watchers []*eventWatcher) <-chan siteMessage {
	switch len(watchers) {
	case 0:
		return nil
	case 1:
		return watchers[0].news
	}
	out := make(chan siteMessage)
	for _, w := range watchers {
		go func() {
			for {
				select {
				case m := <-w.news:
					select {
					case out <- m:
					case <-ctx.Done():
						return
					}
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	return out
}
