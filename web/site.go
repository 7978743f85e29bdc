package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

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
//
// A bot's program opens it with its API token ("Authorization: Bearer
// T"), which makes the bot online while it is open, and is told of the
// challenges to it as data, {"challenges":[{"id","from","game","clock",
// "rated"}]}, instead of the box (docs/protocol.md, "The site's socket").

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
	Rated bool        `json:"rated"`
}

type outgoingView struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Text   string `json:"text"`
	// Reason is why it was declined, in words ("": none given).
	Reason string `json:"reason,omitempty"`
}

// challengeText says what a challenge offers: "Kalah · Fast · Rated".
func challengeText(c store.DirectChallenge) string {
	rated := "Casual"
	if c.Rated {
		rated = "Rated"
	}
	return gameName(c.Game) + " · " + c.Clock.Name() + " · " + rated
}

// siteSocket serves /site/ws to a signed-in player's page, or a bot's
// program.
func (s *Server) siteSocket(w http.ResponseWriter, r *http.Request) {
	who, ok := s.kit.SocketHolder(w, r)
	if !ok {
		return
	}
	if who.Account == "" {
		http.Error(w, "sign in first", http.StatusUnauthorized)
		return
	}
	ws, done, ok := s.kit.OpenSocket(w, r, who)
	if !ok {
		return
	}
	defer done()
	ctx := r.Context()
	page := s.Site.Open(who.Account, who.TokenHash, who.BotAccount)
	defer s.Site.Close(page)
	out := make(chan siteMessage, 4)
	go func() { // answers to the page's own asks
		defer close(out)
		for {
			b, err := ws.Read(ctx)
			if err != nil {
				return
			}
			var m struct{ Accept, Decline, Reason, Cancel, Watch string }
			if json.Unmarshal(b, &m) != nil {
				continue
			}
			if m.Watch != "" {
				if len(m.Watch) <= watchedNameLength {
					s.Site.Watch(page, m.Watch)
				}
				continue
			}
			out <- s.answerOnSite(ctx, page, m.Accept, m.Decline, m.Reason, m.Cancel)
		}
	}()
	say := func(m siteMessage) bool {
		b, _ := json.Marshal(m)
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return ws.Write(wctx, b) == nil
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
		case u := <-page.Updates():
			if !say(s.siteUpdate(ctx, page, u)) {
				return
			}
		case seen := <-page.Presence():
			if !say(siteMessage{Presence: &presenceView{Account: seen.Account, Online: seen.Online}}) {
				return
			}
		}
	}
}

// answerOnSite carries out what a page asked of a challenge.
func (s *Server) answerOnSite(ctx context.Context, page *lobby.Page, accept, decline, reason, cancel string) siteMessage {
	var (
		room string
		err  error
	)
	switch {
	case accept != "":
		room, err = s.Site.Answer(ctx, page, accept, true, "")
	case decline != "":
		if templates.DeclineReasonText(reason) == "" {
			reason = "" // none of the site's
		}
		_, err = s.Site.Answer(ctx, page, decline, false, reason)
	case cancel != "":
		err = s.Site.Cancel(ctx, page, cancel)
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
		s.Log.Error("challenge not answered", "err", err, "user", page.Account)
		return siteMessage{Error: "The challenge could not be answered just now; try again."}
	case room != "":
		return siteMessage{Go: "/r/" + room}
	}
	return siteMessage{}
}

// siteUpdate is what a page is told of its player's challenges.
func (s *Server) siteUpdate(ctx context.Context, page *lobby.Page, u lobby.Update) siteMessage {
	if page.Bot {
		list := make([]challengeView, len(u.Incoming))
		for i, c := range u.Incoming {
			list[i] = challengeView{ID: c.ID, From: c.From, Game: c.Game, Clock: c.Clock, Rated: c.Rated}
		}
		return siteMessage{Challenges: &list}
	}
	incoming := s.challengeRows(ctx, page.Account, u.Incoming)
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
	templates.ChallengesMenu(append(incoming, s.challengeRows(ctx, page.Account, waiting)...)).Render(ctx, &b)
	menu := b.String()
	m := siteMessage{Incoming: &html, Menu: &menu}
	now := time.Now()
	for _, c := range u.Outgoing {
		status := c.Status
		if c.Expired(now) {
			status = "expired"
		}
		m.Outgoing = append(m.Outgoing, outgoingView{ID: c.ID, Status: status, Text: challengeText(c),
			Reason: templates.DeclineReasonText(c.Reason)})
	}
	for _, c := range u.Accepted {
		if c.FromToken == page.TokenHash {
			m.Go = "/r/" + c.Room // the challenger's browser holds the seat
		}
	}
	return m
}

// challenge serves POST /@/{name}/challenge: the signed-in viewer offers
// the player a game; the player page says it was sent, or why not.
func (s *Server) challenge(w http.ResponseWriter, r *http.Request) {
	u := request.User(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+r.URL.EscapedPath(), http.StatusSeeOther)
		return
	}
	to, err := s.Accounts.Player(r.Context(), r.PathValue("name"))
	if errors.Is(err, store.ErrNotFound) {
		s.kit.ErrorPage(w, r, http.StatusNotFound, "No such player", "Nobody plays here under that name.")
		return
	}
	if err != nil {
		s.kit.LogFailure(r, "challenge", err)
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Not sent", "The challenge could not be sent just now; try again in a moment.")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, request.MaxFormBytes)
	if err := r.ParseForm(); err != nil {
		s.renderPlayerPage(w, r, to, http.StatusBadRequest, refusal{text: "The form could not be read."})
		return
	}
	c, err := s.Site.Challenge(r.Context(), u.Name, secret.Hash(s.kit.EnsureToken(w, r)), to.Name, r.PostForm.Get("game"),
		vocab.Clock(r.PostForm.Get("clock")), r.PostForm.Get("rated") == "true")
	if why := s.challengeRefusal(r, err); why.text != "" {
		s.renderPlayerPage(w, r, to, http.StatusBadRequest, why)
		return
	}
	s.Log.Info("challenge sent", "from", u.Name, "to", to.Name, "game", c.Game, "clock", c.Clock, "rated", c.Rated)
	if c.Room != "" { // a house bot accepts at once
		http.Redirect(w, r, "/r/"+c.Room, http.StatusSeeOther)
		return
	}
	s.renderPlayerPage(w, r, to, http.StatusOK, refusal{})
}

// refusal is why a form was refused, in words, and the game it refers to
// (a room's path; "": none), which the page links.
type refusal struct{ text, game string }

// challengeRefusal says in words why a challenge (Site.Challenge's err)
// was not sent (no text: it was).
func (s *Server) challengeRefusal(r *http.Request, err error) refusal {
	var (
		inPlay  lobby.HouseGameInPlay
		refused fairplay.Refused
		again   lobby.AlreadyChallenged
	)
	switch {
	case err == nil:
		return refusal{}
	case errors.As(err, &inPlay):
		return refusal{text: sentence(err.Error()), game: "/r/" + inPlay.Room}
	case errors.As(err, &refused):
		return refusal{text: refused.Why}
	case errors.As(err, &again):
		return refusal{text: sentence(err.Error()) + " You may cancel it here, or in Challenges at the top of the page."}
	case errors.Is(err, lobby.ErrChallengeSelf), errors.Is(err, lobby.ErrTooMany), errors.Is(err, lobby.ErrNoToken),
		errors.Is(err, lobby.ErrHouseBusy):
		return refusal{text: sentence(err.Error())}
	case errors.Is(err, match.ErrBadRequest):
		return refusal{text: friendly(err)}
	}
	s.kit.LogFailure(r, "challenge", err)
	return refusal{text: "The challenge could not be sent just now; try again in a moment."}
}

// sentence makes an error's text a sentence.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// fillNow puts in view what goes on now: the player's games in play, their
// presence and the viewer's challenges.
func (s *Server) fillNow(r *http.Request, view *templates.PlayerView, name string) error {
	if err := s.fillGamesInPlay(r, view, name); err != nil {
		return err
	}
	return s.fillSocial(r, view, name)
}

// fillSocial puts the player's presence in view, and the viewer's
// challenges: those to the player waiting for an answer (which a reload
// keeps), or on their own page all of theirs.
func (s *Server) fillSocial(r *http.Request, view *templates.PlayerView, name string) error {
	if s.Site == nil {
		return nil
	}
	online, err := s.Site.Online(r.Context(), []string{name})
	if err != nil {
		return err
	}
	view.Online = online[name]
	me := request.User(r)
	if me == nil {
		return nil
	}
	rows, err := s.waitingRows(r.Context(), me.Name)
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
func (s *Server) waitingRows(ctx context.Context, account string) ([]templates.ChallengeRow, error) {
	incoming, outgoing, err := s.Site.Waiting(ctx, account)
	if err != nil {
		return nil, err
	}
	return append(s.challengeRows(ctx, account, incoming), s.challengeRows(ctx, account, outgoing)...), nil
}

// challengeRows are challenges to or from account as they show them; one
// to them names the challenger's rating in its game and speed (a first
// game's when they have none, or it cannot be read).
func (s *Server) challengeRows(ctx context.Context, account string, list []store.DirectChallenge) []templates.ChallengeRow {
	rows := make([]templates.ChallengeRow, len(list))
	for i, c := range list {
		rows[i] = templates.ChallengeRow{ID: c.ID, Sent: strings.EqualFold(c.From, account), Other: c.To, Text: challengeText(c), Expires: c.Expires}
		if rows[i].Sent {
			continue
		}
		rows[i].Other, rows[i].OtherRating = c.From, rating.Defaults().New().String()
		got, err := s.Store.CurrentRatings(ctx, c.Game, c.Clock, []string{c.From})
		if err != nil {
			s.Log.Warn("challenger's rating not read", "err", err)
		} else if r, ok := got[c.From]; ok {
			rows[i].OtherRating = r.String()
		}
	}
	return rows
}

// withChallenges lets a page drawn for account show their challenges in
// its header (read only when a page is drawn).
func (s *Server) withChallenges(ctx context.Context, account string) context.Context {
	if s.Site == nil {
		return ctx
	}
	return templates.WithChallenges(ctx, func() []templates.ChallengeRow {
		rows, err := s.waitingRows(ctx, account)
		if err != nil {
			s.Log.Warn("challenges not read for the header", "err", err, "user", account)
		}
		return rows
	})
}

// answerChallenge serves POST /challenges/{id}/{action} (accept, decline
// or cancel), the challenges' buttons without script: an acceptance goes
// to the game, anything else back to the page it came from.
func (s *Server) answerChallenge(w http.ResponseWriter, r *http.Request) {
	u := request.User(r)
	if u == nil || s.Site == nil {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, request.MaxFormBytes)
	r.ParseForm()
	page := &lobby.Page{Account: u.Name, TokenHash: secret.Hash(s.kit.EnsureToken(w, r))}
	id := r.PathValue("id")
	var m siteMessage
	switch r.PathValue("action") {
	case "accept":
		m = s.answerOnSite(r.Context(), page, id, "", "", "")
	case "decline":
		m = s.answerOnSite(r.Context(), page, "", id, r.PostForm.Get("reason"), "")
	case "cancel":
		m = s.answerOnSite(r.Context(), page, "", "", "", id)
	default:
		http.NotFound(w, r)
		return
	}
	switch {
	case m.Error != "":
		s.kit.ErrorPage(w, r, http.StatusConflict, "Challenge", m.Error)
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
