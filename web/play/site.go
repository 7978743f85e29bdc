package play

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"boardroom/fairplay"
	"boardroom/game"
	"boardroom/lobby"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/templates"
)

// The site's socket (/site/ws): every page of a signed-in player keeps one
// open, which is how the site knows who is online (lobby.Site) and how a
// challenge reaches its player on whatever page they are. The server
// sends {"incoming":HTML} (the box of challenges waiting for an answer,
// drawn here), {"outgoing":[{"id","status","room"}]} (what became of the
// player's own), and {"go":"/r/ID"} to the pages that go to a game: the
// one that accepted, and those of the challenger's browser. A page sends
// {"accept":ID}, {"decline":ID} or {"cancel":ID}. A player page sends
// {"watch":NAME}, and is told {"presence":{"account","online"}} at once
// and whenever that player comes online or goes offline (lobby.Site.Watch).
// Every page of a player is told {"turns":N}, how many of their games
// await their move (the header's count), as it opens and as it changes
// (lobby/turns.go).
//
// An event's page (a guest's too) opens it as /site/ws?event=ID&room=R,
// and is sent {"event":HTML} and {"go":"/r/ID"}; every page of a player
// in an event is sent {"go"} to their next game there (eventswatch.go).
//
// A bot's program opens it with its API token ("Authorization: Bearer
// T"), which makes the bot online while it is open, and is told of the
// challenges to it as data, {"challenges":[{"id","from","game","clock",
// "rated"}]}, instead of the box (docs/protocol.md, "The site's socket").
// It enters an event with {"join":ID}, answered {"joined":ID} or
// {"error":WHY}, and leaves it with {"leave":ID}, answered {"left":ID};
// opened as /site/ws?event=ID, the socket sends it {"go":"/r/ID"} to each
// of its games there and {"event_over":ID} once the event has finished
// (eventswatch.go).

// siteMessage is what the server says on the site's socket.
type siteMessage struct {
	Incoming *string `json:"incoming,omitempty"`
	// Menu is the header's list of the player's challenges waiting for an
	// answer (templates.ChallengesMenu).
	Menu       *string          `json:"menu,omitempty"`
	Challenges *[]challengeView `json:"challenges,omitempty"`
	Outgoing   []outgoingView   `json:"outgoing,omitempty"`
	Go         string           `json:"go,omitempty"`
	Error      string           `json:"error,omitempty"`
	Presence   *presenceView    `json:"presence,omitempty"`
	// Lists is the version of the lobby's lists the page watches, when it
	// changed (listswatch.go).
	Lists string `json:"lists,omitempty"`
	// Turns is how many of the player's games await their move, for the
	// header's count: told as the page opens and at each change.
	Turns *int `json:"turns,omitempty"`
	// Event is the live part of the event the page shows, when it
	// changed (eventswatch.go).
	Event *string `json:"event,omitempty"`
	// Joined and Left answer a bot's program that entered the event, or
	// left it; EventOver tells it that the event it follows has finished.
	Joined    string `json:"joined,omitempty"`
	Left      string `json:"left,omitempty"`
	EventOver string `json:"event_over,omitempty"`
	// encoded is the message as sent, when it was made once for many
	// pages (an event's live part: encoding its few kilobytes for each
	// of a thousand watchers was most of their update's cost).
	encoded []byte
}

// encode is m as sent.
func (m siteMessage) encode() []byte {
	if m.encoded != nil {
		return m.encoded
	}
	b, _ := json.Marshal(m)
	return b
}

// listsAsk is a lobby page's page of the lists, as it asks to watch it.
type listsAsk struct {
	Live int `json:"live"`
	Done int `json:"done"`
}

func (l listsAsk) key() listsKey {
	return listsKey{live: min(max(l.Live, 1), maxListPage), done: min(max(l.Done, 1), maxListPage)}
}

// watchedLists is the page of the lists a socket's page asked to watch in
// its address (?live=N&done=M), if it did.
func watchedLists(r *http.Request) (listsKey, bool) {
	q := r.URL.Query()
	return listPages(r), q.Has("live") || q.Has("done")
}

// presenceView is the presence of the player a page watches.
type presenceView struct {
	Account string `json:"account"`
	Online  bool   `json:"online"`
}

// watchedNameLength bounds the name a page may watch (the longest
// username is shorter).
const watchedNameLength = 40

// challengeView is a challenge to a bot, as its program reads it.
type challengeView struct {
	ID    string      `json:"id"`
	From  string      `json:"from"`
	Game  string      `json:"game"`
	Clock vocab.Clock `json:"clock"`
	// Days are a correspondence clock's days a move (absent for the
	// others).
	Days  int  `json:"days,omitempty"`
	Rated bool `json:"rated"`
}

type outgoingView struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Text   string `json:"text"`
	// Reason is why it was declined, in words ("": none given).
	Reason string `json:"reason,omitempty"`
	// Room is the game an accepted correspondence challenge began, which
	// the page links to: it is not sent there (Go), since its player may
	// be in another game, days after the challenge was sent.
	Room string `json:"room,omitempty"`
}

// challengeText says what a challenge offers: "Kalah · Fast · Rated".
func challengeText(c store.DirectChallenge) string {
	rated := "Casual"
	if c.Rated {
		rated = "Rated"
	}
	return game.NameOf(c.Game) + " · " + c.Clock.NameDays(c.Days) + " · " + rated
}

// siteSocket serves /site/ws to a signed-in player's page, or a bot's
// program; and to a guest's lobby page, for its lists alone, or event
// page, for its event alone.
func (a *Area) siteSocket(w http.ResponseWriter, r *http.Request) {
	who, ok := a.Kit.SocketHolder(w, r)
	if !ok {
		return
	}
	key, lists := watchedLists(r)
	event, eventRoom, eventPage, watchesEvent := watchedEvent(r)
	watchesEvent = watchesEvent && a.EventLive != nil
	if who.Account == "" && !lists && !watchesEvent {
		http.Error(w, "sign in first", http.StatusUnauthorized)
		return
	}
	// The events a player is in are read before the socket opens: a game
	// the director pairs them into from the moment the page asked is then
	// news, sent to the page, however long the socket took to open.
	var entered map[string]string
	if who.Account != "" && !who.BotAccount {
		entered = a.eventsEntered(r.Context(), who.Account)
	}
	ws, done, ok := a.Kit.OpenSocket(w, r, who)
	if !ok {
		return
	}
	defer done()
	ctx := r.Context()
	var watcher *listsWatcher
	if lists {
		watcher = a.watchLists(key)
	}
	defer func() {
		if watcher != nil {
			a.unwatchLists(watcher)
		}
	}()
	// The event the page shows, and those its player is in: each
	// watcher's news comes through one channel.
	var watchers []*eventWatcher
	switch {
	case watchesEvent && who.BotAccount: // a bot's program playing in it
		watchers = append(watchers, a.followAsBot(event, who.Account))
	case watchesEvent:
		watchers = append(watchers, a.watchEvent(event, who.Account, eventRoom, eventPage, true))
	}
	watchers = append(watchers, a.followEntered(entered, who.Account, event)...)
	defer func() {
		for _, ew := range watchers {
			a.unwatchEvent(ew)
		}
	}()
	news := mergeNews(ctx, watchers)
	var page *lobby.Page // nil for a guest: no presence, no challenges
	if who.Account != "" {
		page = a.Site.Open(who.Account, who.TokenHash, who.BotAccount)
		defer a.Site.Close(page)
	}
	out := make(chan siteMessage, 4)
	relist := make(chan listsKey, 1)
	go func() { // answers to the page's own asks
		defer close(out)
		for {
			b, err := ws.Read(ctx)
			if err != nil {
				return
			}
			var m struct {
				Accept, Decline, Reason, Cancel, Watch string
				Join, Leave                            string
				Lists                                  *listsAsk
			}
			if json.Unmarshal(b, &m) != nil {
				continue
			}
			if m.Lists != nil {
				select {
				case <-relist: // an older ask not taken yet
				default:
				}
				relist <- m.Lists.key()
				continue
			}
			if page == nil {
				continue // a guest's page asks nothing else
			}
			if m.Watch != "" {
				if len(m.Watch) <= watchedNameLength {
					a.Site.Watch(page, m.Watch)
				}
				continue
			}
			if m.Join != "" || m.Leave != "" {
				out <- a.entryOnSite(ctx, page, m.Join, m.Leave)
				continue
			}
			out <- a.answerOnSite(ctx, page, m.Accept, m.Decline, m.Reason, m.Cancel)
		}
	}()
	say := func(m siteMessage) bool {
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return ws.Write(wctx, m.encode()) == nil
	}
	var updates <-chan lobby.Update
	var presence <-chan lobby.Seen
	var turns <-chan int
	if page != nil {
		updates, presence, turns = page.Updates(), page.Presence(), page.TurnCount()
	}
	var versions <-chan string
	if watcher != nil {
		versions = watcher.versions
	}
	for {
		select {
		case m, ok := <-out:
			if !ok {
				return // the page closed
			}
			if !say(m) {
				return
			}
		case key := <-relist:
			if watcher != nil {
				a.unwatchLists(watcher)
			}
			watcher = a.watchLists(key)
			versions = watcher.versions
		case m := <-news:
			if !say(m) {
				return
			}
		case v := <-versions:
			if !say(siteMessage{Lists: v}) {
				return
			}
		case u := <-updates:
			if !say(a.siteUpdate(ctx, page, u)) {
				return
			}
		case n := <-turns:
			if !say(siteMessage{Turns: &n}) {
				return
			}
		case seen := <-presence:
			if !say(siteMessage{Presence: &presenceView{Account: seen.Account, Online: seen.Online}}) {
				return
			}
		}
	}
}

// answerOnSite carries out what a page asked of a challenge.
func (a *Area) answerOnSite(ctx context.Context, page *lobby.Page, accept, decline, reason, cancel string) siteMessage {
	var (
		room string
		err  error
	)
	switch {
	case accept != "":
		room, err = a.Site.Answer(ctx, page, accept, true, "")
	case decline != "":
		if templates.DeclineReasonText(reason) == "" {
			reason = "" // none of the site's
		}
		_, err = a.Site.Answer(ctx, page, decline, false, reason)
	case cancel != "":
		err = a.Site.Cancel(ctx, page, cancel)
	default:
		return siteMessage{Error: "That was not understood."}
	}
	var refused fairplay.Refused
	switch {
	case errors.As(err, &refused):
		return siteMessage{Error: refused.Why}
	case errors.Is(err, store.ErrChallengeGone):
		return siteMessage{Error: "That challenge is no longer open."}
	case errors.Is(err, lobby.ErrNoToken):
		return siteMessage{Error: "Your browser sent no cookie: allow cookies to play."}
	case err != nil:
		a.Kit.Log.Error("challenge not answered", "err", err, "user", page.Account)
		return siteMessage{Error: "The challenge could not be answered just now; try again."}
	case room != "":
		return siteMessage{Go: "/r/" + room}
	}
	return siteMessage{}
}

// entryOnSite enters a bot's account in event join, or takes it out of
// event leave, at its program's word.
func (a *Area) entryOnSite(ctx context.Context, page *lobby.Page, join, leave string) siteMessage {
	entry, id, done := a.JoinEvent, join, siteMessage{Joined: join}
	if join == "" {
		entry, id, done = a.LeaveEvent, leave, siteMessage{Left: leave}
	}
	switch {
	case !page.Bot:
		return siteMessage{Error: "A person joins and leaves an event on its page."}
	case entry == nil:
		return siteMessage{Error: "This server runs no events."}
	case len(id) > eventIDLength:
		return siteMessage{Error: "There is no such event."}
	}
	refused, err := entry(ctx, id, page.Account)
	switch {
	case err != nil:
		a.Kit.Log.Error("event entry not changed", "err", err, "event", id, "bot", page.Account)
		return siteMessage{Error: "That could not be done just now; try again in a moment."}
	case refused != "":
		return siteMessage{Error: refused}
	}
	return done
}

// siteUpdate is what a page is told of its player's challenges.
func (a *Area) siteUpdate(ctx context.Context, page *lobby.Page, u lobby.Update) siteMessage {
	if page.Bot {
		list := make([]challengeView, len(u.Incoming))
		for i, c := range u.Incoming {
			list[i] = challengeView{ID: c.ID, From: c.From, Game: c.Game, Clock: c.Clock, Days: c.Days, Rated: c.Rated}
		}
		return siteMessage{Challenges: &list}
	}
	incoming := a.challengeRows(ctx, page.Account, u.Incoming)
	var waiting []store.DirectChallenge
	for _, c := range u.Outgoing {
		if c.Status == store.ChallengePending && !c.Expired(time.Now()) {
			waiting = append(waiting, c)
		}
	}
	var b bytes.Buffer
	templates.IncomingChallenges(incoming).Render(ctx, &b)
	html := b.String()
	b.Reset()
	templates.ChallengesMenu(append(incoming, a.challengeRows(ctx, page.Account, waiting)...)).Render(ctx, &b)
	menu := b.String()
	m := siteMessage{Incoming: &html, Menu: &menu}
	now := time.Now()
	for _, c := range u.Outgoing {
		status := c.Status
		if c.Expired(now) {
			status = "expired"
		}
		v := outgoingView{ID: c.ID, Status: status, Text: challengeText(c), Reason: templates.DeclineReasonText(c.Reason)}
		if c.Status == store.ChallengeAccepted && c.Clock.Correspondence() {
			v.Room = "/r/" + c.Room
		}
		m.Outgoing = append(m.Outgoing, v)
	}
	for _, c := range u.Accepted {
		if c.FromToken == page.TokenHash && !c.Clock.Correspondence() {
			m.Go = "/r/" + c.Room // the challenger's browser holds the seat
		}
	}
	return m
}
