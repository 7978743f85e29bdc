package play

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"boardroom/fairplay"
	"boardroom/game"
	"boardroom/lobby"
	"boardroom/rating"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// Direct challenges without the socket: the player page's form that sends
// one, the buttons that answer one without script, and the lists of a
// player's challenges that the player page and every page's header show.

// challenge serves POST /@/{name}/challenge: the signed-in viewer offers
// the player a game; the player page says it was sent, or why not.
func (a *Area) challenge(w http.ResponseWriter, r *http.Request) {
	u := request.User(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+r.URL.EscapedPath(), http.StatusSeeOther)
		return
	}
	to, err := a.Accounts.Player(r.Context(), r.PathValue("name"))
	if errors.Is(err, store.ErrNotFound) {
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No such player", "Nobody plays here under that name.")
		return
	}
	if err != nil {
		a.Kit.LogFailure(r, "challenge", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Not sent", "The challenge could not be sent just now; try again in a moment.")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, request.MaxFormBytes)
	if err := r.ParseForm(); err != nil {
		a.playerPage(w, r, to, http.StatusBadRequest, refusal{text: "The form could not be read."})
		return
	}
	clock := vocab.Clock(r.PostForm.Get("clock"))
	var c store.DirectChallenge
	days, err := formDays(clock, r.PostForm.Get("days"))
	if err == nil {
		c, err = a.Site.ChallengeDays(r.Context(), u.Name, secret.Hash(a.Kit.EnsureToken(w, r)), to.Name, r.PostForm.Get("game"),
			clock, days, r.PostForm.Get("rated") == "true")
	}
	if why := a.challengeRefusal(r, err); why.text != "" {
		a.playerPage(w, r, to, http.StatusBadRequest, why)
		return
	}
	a.Kit.Log.Info("challenge sent", "from", u.Name, "to", to.Name, "game", c.Game, "clock", c.Clock, "days", c.Days, "rated", c.Rated)
	if c.Room != "" { // a house bot accepts at once
		http.Redirect(w, r, "/r/"+c.Room, http.StatusSeeOther)
		return
	}
	a.playerPage(w, r, to, http.StatusOK, refusal{})
}

// refusal is why a form was refused, in words, and the game it refers to
// (a room's path; "": none), which the page links.
type refusal struct{ text, game string }

// challengeRefusal says in words why a challenge (Site.Challenge's err)
// was not sent (no text: it was).
func (a *Area) challengeRefusal(r *http.Request, err error) refusal {
	var (
		inPlay  lobby.HouseGameInPlay
		refused fairplay.Refused
		again   lobby.AlreadyChallenged
		other   lobby.HouseGameRefused
	)
	switch {
	case err == nil:
		return refusal{}
	case errors.As(err, &inPlay):
		return refusal{text: sentence(err.Error()), game: "/r/" + inPlay.Room}
	case errors.As(err, &refused):
		return refusal{text: refused.Why}
	case errors.As(err, &other):
		return refusal{text: sentence(err.Error()) + " Choose one of those, or another opponent."}
	case errors.As(err, &again):
		return refusal{text: sentence(err.Error()) + " You may cancel it here, or in Challenges at the top of the page."}
	case errors.Is(err, lobby.ErrChallengeSelf), errors.Is(err, lobby.ErrTooMany), errors.Is(err, lobby.ErrNoToken),
		errors.Is(err, lobby.ErrHouseBusy):
		return refusal{text: sentence(err.Error())}
	case errors.Is(err, match.ErrBadRequest):
		return refusal{text: friendly(err)}
	}
	a.Kit.LogFailure(r, "challenge", err)
	return refusal{text: "The challenge could not be sent just now; try again in a moment."}
}

// sentence makes an error's text a sentence.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// playerPage answers with u's page (players' area), saying what became of
// the challenge the viewer sent.
func (a *Area) playerPage(w http.ResponseWriter, r *http.Request, u *store.User, status int, why refusal) {
	a.PlayerPage(w, r, u, status, why.text, why.game)
}

// Social puts the player's presence in view, and the viewer's
// challenges: those to the player waiting for an answer (which a reload
// keeps), or on their own page all of theirs.
func (a *Area) Social(r *http.Request, view *templates.PlayerView, name string) error {
	if a.Site == nil {
		return nil
	}
	online, err := a.Site.Online(r.Context(), []string{name})
	if err != nil {
		return err
	}
	view.Online = online[name]
	me := request.User(r)
	if me == nil {
		return nil
	}
	rows, err := a.waitingRows(r.Context(), me.Name)
	if err != nil {
		return err
	}
	if strings.EqualFold(me.Name, name) {
		view.Mine = rows
		return nil
	}
	view.CanChallenge = true
	for _, g := range game.All() {
		view.ChallengeGames = append(view.ChallengeGames, game.Choice{Value: g.ID(), Label: g.Name()})
	}
	for _, c := range rows {
		if c.Sent && strings.EqualFold(c.Other, name) {
			c.Offline = !view.Online
			view.Sent = append(view.Sent, c)
		}
	}
	return nil
}

// waitingRows are account's challenges waiting for an answer: those to
// them first.
func (a *Area) waitingRows(ctx context.Context, account string) ([]templates.ChallengeRow, error) {
	incoming, outgoing, err := a.Site.Waiting(ctx, account)
	if err != nil {
		return nil, err
	}
	return append(a.challengeRows(ctx, account, incoming), a.challengeRows(ctx, account, outgoing)...), nil
}

// challengeRows are challenges to or from account as they show them; one
// to them names the challenger's rating in its game and speed (a first
// game's when they have none, or it cannot be read).
func (a *Area) challengeRows(ctx context.Context, account string, list []store.DirectChallenge) []templates.ChallengeRow {
	rows := make([]templates.ChallengeRow, len(list))
	for i, c := range list {
		rows[i] = templates.ChallengeRow{ID: c.ID, Sent: strings.EqualFold(c.From, account), Other: c.To, Text: challengeText(c), Expires: c.Expires}
		if rows[i].Sent {
			continue
		}
		rows[i].Other, rows[i].OtherRating = c.From, rating.Defaults().New().String()
		got, err := a.Store.CurrentRatings(ctx, c.Game, c.Clock, []string{c.From})
		if err != nil {
			a.Kit.Log.Warn("challenger's rating not read", "err", err)
		} else if r, ok := got[c.From]; ok {
			rows[i].OtherRating = r.String()
		}
	}
	return rows
}

// WithChallenges lets a page drawn for account show their challenges in
// its header (read only when a page is drawn).
func (a *Area) WithChallenges(ctx context.Context, account string) context.Context {
	if a.Site == nil {
		return ctx
	}
	return templates.WithChallenges(ctx, func() []templates.ChallengeRow {
		rows, err := a.waitingRows(ctx, account)
		if err != nil {
			a.Kit.Log.Warn("challenges not read for the header", "err", err, "user", account)
		}
		return rows
	})
}

// answerChallenge serves POST /challenges/{id}/{action} (accept, decline
// or cancel), the challenges' buttons without script: an acceptance goes
// to the game, anything else back to the page it came from.
func (a *Area) answerChallenge(w http.ResponseWriter, r *http.Request) {
	u := request.User(r)
	if u == nil || a.Site == nil {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, request.MaxFormBytes)
	r.ParseForm()
	page := &lobby.Page{Account: u.Name, TokenHash: secret.Hash(a.Kit.EnsureToken(w, r))}
	id := r.PathValue("id")
	var m siteMessage
	switch r.PathValue("action") {
	case "accept":
		m = a.answerOnSite(r.Context(), page, id, "", "", "")
	case "decline":
		m = a.answerOnSite(r.Context(), page, "", id, r.PostForm.Get("reason"), "")
	case "cancel":
		m = a.answerOnSite(r.Context(), page, "", "", "", id)
	default:
		http.NotFound(w, r)
		return
	}
	switch {
	case m.Error != "":
		a.Kit.ErrorPage(w, r, http.StatusConflict, "Challenge", m.Error)
	case m.Go != "":
		http.Redirect(w, r, m.Go, http.StatusSeeOther)
	default:
		back := "/"
		if ref, err := url.Parse(r.Referer()); err == nil && ref.Path != "" {
			back = request.NextPath(ref.RequestURI())
		}
		http.Redirect(w, r, back, http.StatusSeeOther)
	}
}
