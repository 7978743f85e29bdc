// Package events is the web's area of tournaments (issue 40; the rules
// in package tournament, the running in tournament/director): the list
// (/tournaments), the form that makes one (/tournaments/new, POST
// /tournaments), and an event's page (/t/{id}) with Join, Leave and, for
// its creator before it started, Start now. Live is the part of an
// event's page that changes while it runs (status, podium, standings),
// which the site's socket sends again to the pages watching it (web/play,
// eventswatch.go), and Entered the events a player is in, which every
// page of theirs follows to send them to their next game there: the
// server hands that area both.
//
// The form makes arenas and Swiss events; a Swiss event may be played by
// correspondence, its rounds starting at set days (director.RoundStart),
// which its page lists.
package events

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a-h/templ"

	"boardroom/game"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/tournament/director"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// Store is what the area reads and writes.
type Store interface {
	director.JoinStore
}

// Area serves the events' pages.
type Area struct {
	Kit   *request.Kit
	Store Store
	// Nudge has this node's director look now (nil: its next look, within
	// a second, does; in a cluster the event's director may be another
	// node's, whose next look does).
	Nudge func()
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// Routes adds the events' pages.
func (a *Area) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /tournaments", a.list)
	mux.HandleFunc("GET /tournaments/new", a.newForm)
	mux.HandleFunc("POST /tournaments", a.create)
	mux.HandleFunc("GET /t/{id}", a.page)
	mux.HandleFunc("POST /t/{id}/join", a.join)
	mux.HandleFunc("POST /t/{id}/leave", a.leave)
	mux.HandleFunc("POST /t/{id}/start", a.start)
}

// The bounds of the list and of what a player may make.
const (
	// listed is how many events of each status the list shows.
	listed = 30
	// MaxUpcoming is how many events a player may have waiting to start.
	MaxUpcoming = 3
	// nameRunes bounds an event's name.
	nameRunes = 40
)

func (a *Area) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

func (a *Area) nudge() {
	if a.Nudge != nil {
		a.Nudge()
	}
}

// list serves /tournaments.
func (a *Area) list(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	view := templates.EventsList{MayCreate: request.User(r) != nil}
	for _, part := range []struct {
		status string
		rows   *[]templates.EventRow
	}{{store.TournamentCreated, &view.Upcoming}, {store.TournamentStarted, &view.Running}, {store.TournamentFinished, &view.Finished}} {
		list, err := a.Store.ListTournaments(ctx, part.status, listed)
		if err != nil {
			a.Kit.LogFailure(r, "events not listed", err)
			a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Not available", "The events could not be listed just now; try again in a moment.")
			return
		}
		ids := make([]string, len(list))
		for i, t := range list {
			ids[i] = t.ID
		}
		counts, err := a.Store.EntrantCounts(ctx, ids)
		if err != nil {
			a.Kit.LogFailure(r, "entrants not counted", err)
		}
		for _, t := range list {
			*part.rows = append(*part.rows, a.row(t, counts[t.ID]))
		}
	}
	render(w, r, a.Kit, http.StatusOK, templates.EventsPage(view))
}

// row is event t in the list.
func (a *Area) row(t store.Tournament, players int) templates.EventRow {
	row := templates.EventRow{ID: t.ID, Name: t.Name, Game: game.NameOf(t.Game), Clock: t.Clock.NameDays(t.Days), Kind: kindName(t),
		Players: players}
	row.When, row.Countdown = when(t, a.now())
	return row
}

// kindName says what kind of event t is, and who may enter it if not
// everyone ("Arena · bots only").
func kindName(t store.Tournament) string {
	kind := templates.KindWord(t.Kind == store.Swiss)
	switch {
	case t.BotsOnly:
		return kind + " · bots only"
	case !t.Bots:
		return kind + " · no bots"
	}
	return kind
}

// when says event t's start or end, and the time it counts down to.
func when(t store.Tournament, now time.Time) (string, int64) {
	clock := func(at time.Time) string { return at.UTC().Format("15:04 UTC, 2 Jan") }
	switch t.Status {
	case store.TournamentCreated:
		if !t.Starts.After(now) {
			return "Starting now", 0
		}
		return "Starts " + clock(t.Starts), t.Starts.UnixMilli()
	case store.TournamentStarted:
		if t.RoundDays > 0 {
			return roundsWhen(t, now)
		}
		if t.Ends.After(now) {
			return "Ends " + clock(t.Ends), t.Ends.UnixMilli()
		}
		return "Its last games are being played", 0
	}
	return "Ended " + clock(t.Ends), 0
}

// roundsWhen says when correspondence Swiss event t, under way, starts
// its next round, and the time it counts down to.
func roundsWhen(t store.Tournament, now time.Time) (string, int64) {
	if t.Round >= t.Rounds {
		return "Its last round's games are being played", 0
	}
	next := t.Round + 1
	at := director.RoundStart(t, next)
	if at.After(now) {
		return fmt.Sprintf("Round %d starts on %s", next, calendar(at)), at.UnixMilli()
	}
	return fmt.Sprintf("Round %d starts when round %d's last games end", next, t.Round), 0
}

// calendar says a day and time of an event across days ("2 Dec, 15:00
// UTC").
func calendar(at time.Time) string { return at.UTC().Format("2 Jan, 15:04 UTC") }

// render answers with page c, status status (a page without a room).
func render(w http.ResponseWriter, r *http.Request, kit *request.Kit, status int, c templ.Component) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := c.Render(templates.WithoutRoom(r.Context()), w); err != nil && r.Context().Err() == nil {
		kit.Log.Error("page not rendered", "err", err, "path", r.URL.Path)
	}
}

// newForm serves /tournaments/new.
func (a *Area) newForm(w http.ResponseWriter, r *http.Request) {
	if request.User(r) == nil {
		http.Redirect(w, r, "/login?next=%2Ftournaments%2Fnew", http.StatusSeeOther)
		return
	}
	render(w, r, a.Kit, http.StatusOK, templates.NewEventPage(templates.EventForm{Games: game.All()}))
}

// problem is a form's field refused, in words for the player.
type problem string

func (p problem) Error() string { return string(p) }

// readForm reads an event's form into an event starting from now, or
// says what is wrong with it.
func readForm(f map[string][]string, now time.Time) (*store.Tournament, error) {
	get := func(k string) string {
		if v := f[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	number := func(k, what string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(get(k))
		if err != nil || n < lo || n > hi {
			return 0, problem(fmt.Sprintf("%s must be a whole number from %d to %d.", what, lo, hi))
		}
		return n, nil
	}
	t := &store.Tournament{Kind: get("kind"), Game: get("game"), Clock: vocab.Clock(get("clock")), Rated: get("rated") == "true",
		Bots: get("bots") == "true", Created: now}
	kind := "Arena"
	switch t.Kind {
	case store.Arena:
	case store.Swiss:
		kind = "Swiss"
	default:
		return nil, problem("Choose the kind of event: an arena or a Swiss event.")
	}
	g, err := game.Lookup(t.Game)
	if err != nil {
		return nil, problem("Choose one of the site's games.")
	}
	switch {
	case !t.Clock.Valid():
		return nil, problem("Choose one of the move clocks.")
	case t.Clock.Correspondence() && t.Kind == store.Arena:
		return nil, problem("An arena lasts minutes, and a correspondence game days: choose bullet, fast or slow.")
	case t.Clock == vocab.NoClock:
		return nil, problem("An event needs a move clock, or one game could hold up everyone: choose bullet, fast or slow.")
	}
	if t.Kind == store.Arena {
		if t.Minutes, err = number("minutes", "The length", templates.ArenaMinutesMin, templates.ArenaMinutesMax); err != nil {
			return nil, err
		}
	} else {
		if t.Rounds, err = number("rounds", "The number of rounds", templates.SwissRoundsMin, templates.SwissRoundsMax); err != nil {
			return nil, err
		}
		t.TwoGames = get("two_games") == "true"
	}
	if t.Clock.Correspondence() { // a Swiss event: its days a move, and between its rounds
		if t.Days, err = vocab.ParseDays(t.Clock, get("days")); err != nil {
			return nil, problem(fmt.Sprintf("Choose the days a move: %s.", daysList()))
		}
		t.RoundDays = templates.DefaultRoundDays(t.Days)
		if get("round_days") != "" {
			if t.RoundDays, err = number("round_days", "The days between rounds", templates.RoundDaysMin, templates.RoundDaysMax); err != nil {
				return nil, err
			}
		}
	}
	in, err := number("start", "The start", 0, templates.StartInMax)
	if err != nil {
		return nil, err
	}
	t.Starts = now.Add(time.Duration(in) * time.Minute)
	t.Name = get("name")
	switch {
	case utf8.RuneCountInString(t.Name) > nameRunes:
		return nil, problem(fmt.Sprintf("The name may be %d letters long at most.", nameRunes))
	case strings.ContainsFunc(t.Name, func(r rune) bool { return r < ' ' }):
		return nil, problem("The name may not hold control characters.")
	case t.Name == "":
		t.Name = g.Name() + " " + kind
	}
	return t, nil
}

// daysList says the days a move one may choose ("1, 2, 3, 5, 7 or 14
// days").
func daysList() string {
	words := make([]string, len(vocab.Days))
	for i, d := range vocab.Days {
		words[i] = strconv.Itoa(d)
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1] + " days"
}

// create makes an event of the signed-in player's form, and goes to it.
func (a *Area) create(w http.ResponseWriter, r *http.Request) {
	u := request.User(r)
	if u == nil {
		http.Redirect(w, r, "/login?next=%2Ftournaments%2Fnew", http.StatusSeeOther)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	refuse := func(status int, why string) {
		values := map[string]string{}
		for k, v := range r.PostForm {
			if len(v) > 0 {
				values[k] = v[0]
			}
		}
		render(w, r, a.Kit, status, templates.NewEventPage(templates.EventForm{Games: game.All(), Values: values, Error: why}))
	}
	if err := r.ParseForm(); err != nil {
		refuse(http.StatusBadRequest, "The form could not be read.")
		return
	}
	now := a.now()
	t, err := readForm(r.PostForm, now)
	if err != nil { // a problem, in words
		refuse(http.StatusBadRequest, err.Error())
		return
	}
	ctx := r.Context()
	waiting, err := a.Store.UpcomingTournamentsBy(ctx, u.Name)
	if err != nil {
		a.Kit.LogFailure(r, "events not counted", err)
		refuse(http.StatusServiceUnavailable, "The event could not be made just now; try again in a moment.")
		return
	}
	if waiting >= MaxUpcoming {
		refuse(http.StatusBadRequest, fmt.Sprintf("You have %d events waiting to start, the most one may have: start one, or wait for them.", waiting))
		return
	}
	t.ID, t.Creator = match.NewID(), u.Name
	if err := a.Store.CreateTournament(ctx, t); err != nil {
		a.Kit.LogFailure(r, "event not made", err)
		refuse(http.StatusServiceUnavailable, "The event could not be made just now; try again in a moment.")
		return
	}
	a.Kit.Log.Info("event made", "event", t.ID, "by", u.Name, "game", t.Game, "clock", t.Clock, "minutes", t.Minutes,
		"rounds", t.Rounds, "days", t.Days, "round_days", t.RoundDays)
	if !t.Starts.After(now) {
		a.nudge()
	}
	http.Redirect(w, r, "/t/"+t.ID, http.StatusSeeOther)
}
