package events

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/tournament"
	"boardroom/tournament/director"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// state is an event with its players ranked: an arena's standings, or a
// Swiss event's (swiss, with who plays in standings).
type state struct {
	event     *store.Tournament
	games     []store.TournamentGame
	standings []director.Standing
	swiss     []tournament.SwissStanding
}

// read reads event id and ranks its players.
func (a *Area) read(ctx context.Context, id string) (state, error) {
	t, err := a.Store.Tournament(ctx, id)
	if err != nil {
		return state{}, err
	}
	entrants, err := a.Store.Entrants(ctx, id)
	if err != nil {
		return state{}, err
	}
	games, err := a.Store.TournamentGames(ctx, id)
	if err != nil {
		return state{}, err
	}
	s := state{event: t, games: games, standings: director.ArenaStandings(entrants, games)}
	if t.Kind == store.Swiss {
		s.swiss = director.SwissStandings(entrants, games)
	}
	return s, nil
}

// live is the changing part of s's page, with all its standings' rows
// (paged cuts one page out).
func (a *Area) live(s state) templates.EventLive {
	t := s.event
	l := templates.EventLive{Status: t.Status, Event: t.ID}
	l.When, l.Countdown = when(*t, a.now())
	switch t.Status {
	case store.TournamentCreated:
		l.StatusText = "Waiting to start"
	case store.TournamentStarted:
		l.StatusText = "Under way"
	default:
		l.StatusText = "Finished"
	}
	if t.Kind == store.Swiss {
		l.Swiss = true
		l.Standings = swissRows(s)
		l.Rounds = a.roundRows(s)
	}
	for _, st := range s.standings {
		if l.Swiss {
			break
		}
		row := templates.StandingRow{Rank: st.Rank, Player: st.Account, Bot: st.Bot, Rating: st.Rating, Score: strconv.Itoa(st.Sheet.Total),
			Playing: st.Playing, Paused: paused(*t, st), OnStreak: st.Sheet.OnStreak}
		for i, p := range st.Sheet.Points {
			row.Games = append(row.Games, templates.GamePoints{Points: p, Doubled: st.Sheet.Doubled[i]})
		}
		l.Standings = append(l.Standings, row)
	}
	if t.Status == store.TournamentFinished {
		l.Podium = l.Standings[:min(templates.PodiumSize, len(l.Standings))]
	}
	return l
}

// paged is live part l (all its rows) with page (from 1; past the last,
// the last) of its standings alone.
func paged(l templates.EventLive, page int) templates.EventLive {
	l.Players, l.Pages = len(l.Standings), templates.StandingsPages(len(l.Standings))
	l.Page = min(max(page, 1), l.Pages)
	first := (l.Page - 1) * templates.StandingsPerPage
	l.Standings = l.Standings[first:min(first+templates.StandingsPerPage, len(l.Standings))]
	return l
}

// pageOf is the page of live part l's standings (all its rows) that holds
// account's row (0: none does).
func pageOf(l templates.EventLive, account string) int {
	for i, row := range l.Standings {
		if row.Player == account {
			return templates.StandingsPageOf(i)
		}
	}
	return 0
}

// roundRows are the rounds of correspondence Swiss event s with their
// set days (director.RoundStart) and how each stands; none for a live
// event, whose rounds have no days.
func (a *Area) roundRows(s state) []templates.RoundRow {
	t := s.event
	if t.RoundDays <= 0 {
		return nil
	}
	began := map[int]time.Time{}
	playing := map[int]bool{}
	for _, g := range s.games {
		if b, ok := began[g.Round]; !ok || g.Started.Before(b) {
			began[g.Round] = g.Started
		}
		playing[g.Round] = playing[g.Round] || g.Result == store.GamePlaying
	}
	now := a.now()
	rows := make([]templates.RoundRow, t.Rounds)
	for i := range rows {
		k := i + 1
		at := director.RoundStart(*t, k)
		row := templates.RoundRow{Number: k, Starts: calendar(at), State: "to come"}
		row.Says = fmt.Sprintf("Round %d starts on %s", k, row.Starts)
		switch {
		case k <= t.Round && playing[k]:
			row.State = "under way"
		case k <= t.Round:
			row.State = "played"
		case t.Status == store.TournamentFinished:
			row.State = "not played: no pairing was left"
			row.Says = fmt.Sprintf("Round %d was to start on %s", k, row.Starts)
		case k == t.Round+1 && at.After(now):
			row.State, row.Countdown = "next", at.UnixMilli()
		case k == t.Round+1 && t.Status == store.TournamentStarted:
			row.State = fmt.Sprintf("waits for round %d's last games", t.Round)
		}
		if k <= t.Round {
			row.Says = fmt.Sprintf("Round %d started on %s", k, row.Starts)
			if b, ok := began[k]; ok && b.Sub(at) > time.Minute { // it waited for the round before
				row.Says = fmt.Sprintf("Round %d started on %s (set for %s)", k, calendar(b), row.Starts)
			}
		}
		rows[i] = row
	}
	return rows
}

// swissRows are a Swiss event's standings as its page shows them: points
// and tie-breaks in points (kept in half points), who plays now and who
// left (from the arena's view of the same games).
func swissRows(s state) []templates.StandingRow {
	who := map[string]director.Standing{}
	for _, st := range s.standings {
		who[st.Account] = st
	}
	rows := make([]templates.StandingRow, len(s.swiss))
	for i, sw := range s.swiss {
		st := who[sw.ID]
		rows[i] = templates.StandingRow{Rank: i + 1, Player: sw.ID, Bot: st.Bot, Rating: sw.Rating, Score: templates.HalfPoints(sw.Points),
			Buchholz: templates.HalfPoints(sw.Buchholz), SB: templates.QuarterPoints(sw.SonnebornBerger2), Playing: st.Playing,
			Paused: paused(*s.event, st)}
	}
	return rows
}

// paused says st left event t while it runs: they keep their points and
// are paired again once they resume (join again). Before the start a
// player who leaves withdraws (the store keeps no row of theirs), and
// once it finished nobody is paired any more.
func paused(t store.Tournament, st director.Standing) bool {
	return !st.Active && t.Status == store.TournamentStarted
}

// Live draws the changing part of event id's page (its status, podium
// and standings) with each of pages of its standings, from one read,
// says the game each player plays now and whether the event is over: what
// the site's socket sends the pages watching it (and the bots' programs
// playing in it).
func (a *Area) Live(ctx context.Context, id string, pages []int) (html map[int]string, playing map[string]string, over bool, err error) {
	s, err := a.read(ctx, id)
	if err != nil {
		return nil, nil, false, err
	}
	html = make(map[int]string, len(pages))
	all := a.live(s) // its rows made once, for every page drawn
	for _, page := range pages {
		if _, done := html[page]; done {
			continue
		}
		var b bytes.Buffer
		if err := templates.EventLiveView(paged(all, page)).Render(ctx, &b); err != nil {
			return nil, nil, false, err
		}
		html[page] = b.String()
	}
	playing = map[string]string{}
	for _, st := range s.standings {
		if st.Room != "" {
			playing[st.Account] = st.Room
		}
	}
	return html, playing, s.event.Status == store.TournamentFinished, nil
}

// Entered lists the events under way account is in, each with the game
// they play there now ("": none): the site's socket follows them on every
// page of theirs, to send them to their next game.
func (a *Area) Entered(ctx context.Context, account string) (map[string]string, error) {
	ids, err := a.Store.TournamentsEntered(ctx, account)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, id := range ids {
		s, err := a.read(ctx, id)
		if err != nil {
			return nil, err
		}
		out[id] = ""
		for _, st := range s.standings {
			if st.Account == account {
				out[id] = st.Room
			}
		}
	}
	return out, nil
}

// page serves /t/{id}.
func (a *Area) page(w http.ResponseWriter, r *http.Request) {
	a.show(w, r, http.StatusOK, "")
}

// show answers with the event's page, status status, saying why an
// action was refused ("": none was).
func (a *Area) show(w http.ResponseWriter, r *http.Request, status int, refused string) {
	s, err := a.read(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No such event", "There is no event at this address.")
		return
	}
	if err != nil {
		a.Kit.LogFailure(r, "event page", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Event unavailable", "This page could not be read just now; try again in a moment.")
		return
	}
	t := s.event
	length, rules := fmt.Sprintf("%d minutes", t.Minutes), templates.ArenaRules
	if t.Kind == store.Swiss {
		length, rules = fmt.Sprintf("%d rounds", t.Rounds), templates.SwissRules
		if t.TwoGames {
			length += ", two games each"
		}
		switch {
		case t.RoundDays == 1:
			length += ", one a day"
		case t.RoundDays > 1:
			length += ", one every " + vocab.DaysLabel(t.RoundDays)
		}
	}
	view := templates.EventPage{ID: t.ID, Name: t.Name, Game: game.NameOf(t.Game), Clock: t.Clock.NameDays(t.Days), Kind: kindName(*t),
		Rated: t.Rated, Bots: t.Bots, BotsOnly: t.BotsOnly, Length: length, Rules: rules, Creator: t.Creator, Error: refused,
		Over: t.Status == store.TournamentFinished, UnderWay: t.Status == store.TournamentStarted}
	all := a.live(s)
	mine := 0 // the page of the viewer's row (0: none)
	if u := request.User(r); u != nil {
		view.Viewer = u.Name
		view.MayStart = t.Creator == u.Name && t.Status == store.TournamentCreated && t.Starts.After(a.now())
		for _, st := range s.standings {
			if st.Account == u.Name {
				view.In, view.Paused, view.Room = st.Active, paused(*t, st), st.Room
			}
		}
		mine = pageOf(all, u.Name)
	}
	page, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || page < 1 { // none asked ("me" among them): the viewer's own, or the first
		page = max(mine, 1)
	}
	view.Live = paged(all, page)
	if mine > 0 && view.Live.Pages > 1 {
		view.MyPage = mine
	}
	render(w, r, a.Kit, status, templates.EventPageView(view))
}

// signedIn is the player of an event's form; nil when it was answered (a
// guest is sent to sign in, and back).
func (a *Area) signedIn(w http.ResponseWriter, r *http.Request) *store.User {
	u := request.User(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+url.QueryEscape(request.NextPath("/t/"+r.PathValue("id"))), http.StatusSeeOther)
	}
	return u
}

// join enters the signed-in player in the event.
func (a *Area) join(w http.ResponseWriter, r *http.Request) {
	u := a.signedIn(w, r)
	if u == nil {
		return
	}
	id := r.PathValue("id")
	err := director.Join(r.Context(), a.Store, id, u.Name, false, a.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No such event", "There is no event at this address.")
		return
	case errors.Is(err, director.ErrBotsOnly), errors.Is(err, director.ErrNoBots), errors.Is(err, director.ErrFinished):
		a.show(w, r, http.StatusConflict, sentence(err))
		return
	case err != nil:
		a.Kit.LogFailure(r, "not joined", err, "event", id)
		a.show(w, r, http.StatusServiceUnavailable, "You could not join just now; try again in a moment.")
		return
	}
	a.Kit.Log.Info("event joined", "event", id, "player", u.Name)
	a.nudge()
	http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
}

// sentence is a refusal in words, capitalised and ended.
func sentence(err error) string {
	s := err.Error()
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:] + "."
}

// leave takes the signed-in player out of the event's pairings.
func (a *Area) leave(w http.ResponseWriter, r *http.Request) {
	u := a.signedIn(w, r)
	if u == nil {
		return
	}
	id := r.PathValue("id")
	if _, err := a.Store.Tournament(r.Context(), id); errors.Is(err, store.ErrNotFound) {
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No such event", "There is no event at this address.")
		return
	}
	if err := a.Store.LeaveTournament(r.Context(), id, u.Name); err != nil {
		a.Kit.LogFailure(r, "not left", err, "event", id)
		a.show(w, r, http.StatusServiceUnavailable, "You could not leave just now; try again in a moment.")
		return
	}
	a.Kit.Log.Info("event left", "event", id, "player", u.Name)
	http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
}

// start has the event start now, at its creator's word.
func (a *Area) start(w http.ResponseWriter, r *http.Request) {
	u := a.signedIn(w, r)
	if u == nil {
		return
	}
	id := r.PathValue("id")
	err := a.Store.StartTournamentNow(r.Context(), id, u.Name, a.now().Add(-time.Millisecond))
	switch {
	case errors.Is(err, store.ErrNotFound):
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No such event", "There is no event at this address.")
		return
	case errors.Is(err, store.ErrNotCreator):
		a.show(w, r, http.StatusForbidden, "Only the player who made this event may start it early.")
		return
	case errors.Is(err, store.ErrUnderWay):
		a.show(w, r, http.StatusConflict, "This event has already started.")
		return
	case err != nil:
		a.Kit.LogFailure(r, "not started", err, "event", id)
		a.show(w, r, http.StatusServiceUnavailable, "The event could not be started just now; try again in a moment.")
		return
	}
	a.Kit.Log.Info("event started early", "event", id, "by", u.Name)
	a.nudge()
	http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
}
