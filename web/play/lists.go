package play

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardroom/game"
	"boardroom/rating"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/templates"
)

// The lobby's lists of rooms: the open challenges, a page of live rooms
// and a page of finished games, each room with a small board of its
// position. A lobby page is told over the site's socket when its lists
// change (listswatch.go) and fetches them then; listsCache serves each page
// of the lists as made for everyone, and makes it again only when the
// summaries it is made of changed, so a crowd in the lobby costs a few
// small queries a second on a node, and no room's moves are pushed to the
// lobby one by one.

const (
	// listPage is how many rooms a page of a list shows.
	listPage = 8
	// listsFresh is how long a made page of the lists is served as it is
	// (Server.ListsFresh changes it).
	listsFresh = 3 * time.Second
	// maxListPage bounds the page numbers a request may ask for.
	maxListPage = 1000
	// liveFor is how long a live room stays listed after it last changed
	// or had a page open (Hub.MarkSeen): games nobody plays or watches
	// (a computer's, left) pushed the games being played off the list.
	// The room stays where its link leads.
	liveFor = 10 * time.Minute
)

type listsKey struct{ live, done int }

type listsEntry struct {
	at    time.Time
	lists templates.LobbyLists
	// sig is the digest of the summaries the lists were made of.
	sig uint64
}

// listsCache keeps the pages of the lists made in the last listsFresh.
type listsCache struct {
	mu      sync.Mutex
	entries map[listsKey]listsEntry
}

// freshAt reports whether e, made at e.at, is served as it is at now.
func (e listsEntry) freshAt(now time.Time, fresh time.Duration) bool { return now.Sub(e.at) < fresh }

func (c *listsCache) get(key listsKey) (listsEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	return e, ok
}

func (c *listsCache) put(key listsKey, e listsEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) > 256 {
		c.entries = map[listsKey]listsEntry{} // old pages are not worth keeping
	}
	c.entries[key] = e
}

// listPages reads the pages asked for ("live", "done"; 1 when absent or bad).
func listPages(r *http.Request) listsKey {
	page := func(name string) int {
		n, err := strconv.Atoi(r.URL.Query().Get(name))
		if err != nil || n < 1 {
			return 1
		}
		return min(n, maxListPage)
	}
	return listsKey{live: page("live"), done: page("done")}
}

// lists returns the lists at these pages: as made within fresh (0: the
// area's ListsFresh), else checked against the store's summaries and made
// again only if they changed.
func (a *Area) lists(ctx context.Context, key listsKey, fresh time.Duration) (templates.LobbyLists, error) {
	now := time.Now()
	if fresh == 0 {
		fresh = cmp.Or(a.ListsFresh, listsFresh)
	}
	cached, ok := a.listsCache.get(key)
	if ok && cached.freshAt(now, fresh) {
		return cached.lists, nil
	}
	seeks, err := a.Store.Seeks(ctx, seeksShown)
	if err != nil {
		return templates.LobbyLists{}, err
	}
	since := a.Hub.Now().Add(-liveFor)
	live, err := a.Store.List(ctx, false, since, listPage+1, (key.live-1)*listPage)
	if err != nil {
		return templates.LobbyLists{}, err
	}
	done, err := a.Store.List(ctx, true, since, listPage+1, (key.done-1)*listPage)
	if err != nil {
		return templates.LobbyLists{}, err
	}
	sig := summariesDigest(seeks, live, done)
	if ok && cached.sig == sig {
		cached.at = now
		a.listsCache.put(key, cached)
		return cached.lists, nil
	}
	l := templates.LobbyLists{LivePage: key.live, DonePage: key.done}
	if l.Seeks, err = a.seekRows(ctx, seeks); err != nil {
		return l, err
	}
	l.Live, l.MoreLive = a.listRows(ctx, false, live)
	l.Finished, l.MoreDone = a.listRows(ctx, true, done)
	l.MakeVersion()
	a.listsCache.put(key, listsEntry{at: now, lists: l, sig: sig})
	return l, nil
}

// summariesDigest is a digest of what the lists show of the summaries,
// with each room's age as the page words it ("3 min ago"), which changes
// with time alone.
func summariesDigest(lists ...[]store.Summary) uint64 {
	h := fnv.New64a()
	for _, list := range lists {
		h.Write([]byte{0xff})
		for _, s := range list {
			fmt.Fprint(h, s.ID, "\x00", s.Turns, s.Over, s.Winner, s.Reason, s.Rated, s.Clock, s.Updated.UnixMilli(),
				templates.RoomRow{Updated: s.Updated}.Age(), s.RatingChanges != nil, "\x00")
			for _, seat := range s.Seats {
				fmt.Fprint(h, seat.Kind, seat.Name, "\x00", seat.Account, seat.Level, seat.Engine, seat.BotAccount, "\x00")
			}
		}
	}
	return h.Sum64()
}

// listRows is one page of one list made of its summaries (one more than a
// page: the last says there are more).
func (a *Area) listRows(ctx context.Context, over bool, list []store.Summary) ([]templates.RoomRow, bool) {
	more := len(list) > listPage
	list = list[:min(len(list), listPage)]
	rows := make([]templates.RoomRow, 0, len(list))
	for _, sum := range list {
		g, err := game.Lookup(sum.Game)
		if err != nil {
			continue
		}
		row := templates.RoomRow{ID: sum.ID, Href: "/r/" + sum.ID, Game: g.Name(), Players: players(g, sum.Seats),
			Detail: plural(sum.Turns, "move") + clockSuffix(sum.Clock, sum.Days), Turns: sum.Turns, Updated: sum.Updated}
		if over {
			row.Href += "#replay" // a finished game opens in its replay
			row.Result = result(g, sum)
		}
		if rec, err := a.Store.Room(ctx, sum.ID); err == nil {
			if st, err := match.Position(g, rec); err == nil {
				pic := a.pictures.put(templates.DrawPicture(g, st))
				row.Picture, row.PictureHeight = templates.RoomPictureURL(sum.ID, pic.Version), templates.PictureHeight(pic, 64)
				row.PictureAlt, row.PictureStyle = pic.Label+" now", pic.Style
				if over {
					row.PictureAlt = pic.Label + " at the end"
				}
			}
		}
		rows = append(rows, row)
	}
	return rows, more
}

// players says who holds each seat: a person by name, a computer by level.
func players(g game.Game, seats [2]store.Seat) string {
	names := g.Seats()
	parts := make([]string, 2)
	for i, s := range seats {
		who := cmp.Or(s.Name, "a person") // seats stored before names have none
		if s.Engine != "" {
			who = "Engine: " + s.Engine
		}
		if s.Kind == vocab.ComputerSeat {
			who = "Computer"
			for _, l := range game.Levels {
				if l.Value == string(s.Level) {
					who += " · " + l.Label
				}
			}
		}
		parts[i] = names[i] + ": " + who
	}
	return strings.Join(parts, " · ")
}

// result says how a finished game ended.
func result(g game.Game, sum store.Summary) string {
	if sum.Winner < 0 || sum.Winner > 1 {
		return "Draw — " + sum.Reason
	}
	return g.Seats()[sum.Winner] + " won — " + sum.Reason
}

// clockSuffix names the room's move clock, if it has one.
func clockSuffix(clock vocab.Clock, days int) string {
	if clock.Correspondence() {
		return " · " + clock.NameDays(days)
	}
	if clock.Period() == 0 {
		return ""
	}
	return " · " + clock.Name() + " " + strconv.Itoa(int(clock.Period().Seconds())) + " s"
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// lobbyLists serves the lists alone, for the lobby page's refresh.
func (a *Area) lobbyLists(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	l, err := a.lists(ctx, listPages(r), 0)
	if err != nil {
		a.Kit.LogFailure(r, "lobby lists", err)
		http.Error(w, "the lists are not available now", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("ETag", l.ETag())
	if sameVersion(r.Header.Get("If-None-Match"), l.ETag()) {
		// The page shows these lists already: nothing to send or swap.
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	templates.LobbyListsPart(l).Render(r.Context(), w)
}

// sameVersion reports whether an If-None-Match names etag (compared
// weakly: a compressed answer's tag is marked weak).
func sameVersion(ifNoneMatch, etag string) bool {
	for tag := range strings.SplitSeq(ifNoneMatch, ",") {
		if strings.TrimPrefix(strings.TrimSpace(tag), "W/") == etag {
			return true
		}
	}
	return false
}

// seeksShown bounds the open challenges the lobby shows.
const seeksShown = 20

// seekRows are the open challenges listed now, each with its creator's
// rating in its game and speed.
func (a *Area) seekRows(ctx context.Context, list []store.Summary) ([]templates.SeekRow, error) {
	rows := make([]templates.SeekRow, 0, len(list))
	// The creators' ratings, one read for each game and clock listed.
	type table struct {
		game  string
		clock vocab.Clock
	}
	wanted := map[table][]string{}
	keys := make([]table, 0, len(list))
	for _, sum := range list {
		g, err := game.Lookup(sum.Game)
		if err != nil {
			continue
		}
		creator := sum.Seats[0]
		if creator.Kind == vocab.Free {
			creator = sum.Seats[1]
		}
		rows = append(rows, templates.SeekRow{ID: sum.ID, Game: g.Name(), Speed: sum.Clock.NameDays(sum.Days), Rated: sum.Rated, Name: creator.Name,
			Account: creator.Account, Bot: creator.BotAccount})
		keys = append(keys, table{sum.Game, sum.Clock})
		if creator.Account != "" {
			wanted[keys[len(keys)-1]] = append(wanted[keys[len(keys)-1]], creator.Account)
		}
	}
	got := map[table]map[string]rating.Rating{}
	for k, accounts := range wanted {
		ratings, err := a.Store.CurrentRatings(ctx, k.game, k.clock, accounts)
		if err != nil {
			return nil, err
		}
		got[k] = ratings
	}
	for i := range rows {
		if rows[i].Account == "" {
			continue
		}
		rows[i].Rating = rating.Defaults().New().String() // a first game's
		if r, ok := got[keys[i]][rows[i].Account]; ok {
			rows[i].Rating = r.String()
		}
	}
	return rows, nil
}
