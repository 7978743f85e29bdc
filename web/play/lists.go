package play

import (
	"cmp"
	"context"
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

// The lobby's lists of rooms: a page of live rooms and a page of finished
// games, each room with a small board of its position. Pages fetch them
// again every few seconds; listsCache makes each page at most once in
// listsFresh for everyone, so a crowd in the lobby costs a few queries, and
// no room's moves are pushed to the lobby.

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
}

// listsCache keeps the pages of the lists made in the last listsFresh.
type listsCache struct {
	mu      sync.Mutex
	entries map[listsKey]listsEntry
}

func (c *listsCache) get(key listsKey, now time.Time, fresh time.Duration) (templates.LobbyLists, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	return e.lists, ok && now.Sub(e.at) < fresh
}

func (c *listsCache) put(key listsKey, now time.Time, l templates.LobbyLists) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) > 256 {
		c.entries = map[listsKey]listsEntry{} // old pages are not worth keeping
	}
	c.entries[key] = listsEntry{at: now, lists: l}
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

// lists returns the lists at these pages, made now or a moment ago.
func (a *Area) lists(ctx context.Context, key listsKey) (templates.LobbyLists, error) {
	now := time.Now()
	fresh := a.ListsFresh
	if fresh == 0 {
		fresh = listsFresh
	}
	if l, ok := a.listsCache.get(key, now, fresh); ok {
		return l, nil
	}
	l := templates.LobbyLists{LivePage: key.live, DonePage: key.done}
	var err error
	if l.Seeks, err = a.seekRows(ctx); err != nil {
		return l, err
	}
	if l.Live, l.MoreLive, err = a.listRows(ctx, false, key.live); err != nil {
		return l, err
	}
	if l.Finished, l.MoreDone, err = a.listRows(ctx, true, key.done); err != nil {
		return l, err
	}
	l.MakeVersion()
	a.listsCache.put(key, now, l)
	return l, nil
}

// listRows is one page of one list, and whether there are more.
func (a *Area) listRows(ctx context.Context, over bool, page int) ([]templates.RoomRow, bool, error) {
	list, err := a.Store.List(ctx, over, a.Hub.Now().Add(-liveFor), listPage+1, (page-1)*listPage)
	if err != nil {
		return nil, false, err
	}
	more := len(list) > listPage
	list = list[:min(len(list), listPage)]
	rows := make([]templates.RoomRow, 0, len(list))
	for _, sum := range list {
		g, err := game.Lookup(sum.Game)
		if err != nil {
			continue
		}
		row := templates.RoomRow{ID: sum.ID, Href: "/r/" + sum.ID, Game: g.Name(), Players: players(g, sum.Seats),
			Detail: plural(sum.Turns, "move") + clockSuffix(sum.Clock), Turns: sum.Turns, Updated: sum.Updated}
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
	return rows, more, nil
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
func clockSuffix(clock vocab.Clock) string {
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
	l, err := a.lists(ctx, listPages(r))
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
func (a *Area) seekRows(ctx context.Context) ([]templates.SeekRow, error) {
	list, err := a.Store.Seeks(ctx, seeksShown)
	if err != nil {
		return nil, err
	}
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
		rows = append(rows, templates.SeekRow{ID: sum.ID, Game: g.Name(), Speed: sum.Clock.Name(), Rated: sum.Rated, Name: creator.Name,
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
