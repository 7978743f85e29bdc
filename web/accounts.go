package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"boardroom/accounts"
	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// noAccountPaths are requests that draw no page: their session is not
// looked up (a picture, a script cost no database read).
var noAccountPaths = []string{"/static/", "/games/", "/games.css", "/sw.js", "/manifest.webmanifest", "/healthz", "/readyz", "/lobby/lists"}

// signedIn reads the session cookie, and puts its player in the request's
// context for the handlers and the header of every page.
func (s *Server) signedIn(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(request.SessionCookie)
		if s.Accounts == nil || err != nil || c.Value == "" || skipAccount(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		u, err := s.Accounts.User(r.Context(), c.Value)
		switch {
		case err == nil:
			s.kit.SeeBrowser(r, u.Name, request.ReadToken(r), false)
			ctx := request.WithUser(r.Context(), u)
			r = r.WithContext(s.withChallenges(templates.WithUser(ctx, u.Name), u.Name))
			// A page drawn for a player names them: no shared cache may
			// keep it, nor the service worker's offline copies (sw.js).
			w.Header().Set("Cache-Control", "private")
		case errors.Is(err, store.ErrNotFound):
			s.kit.ClearSession(w, r) // logged out elsewhere, or expired
		default:
			s.kit.LogFailure(r, "session", err) // the page is served as to a guest
		}
		next.ServeHTTP(w, r)
	})
}

func skipAccount(path string) bool {
	// A room's socket is looked up (a signed-in player joins under their
	// name): once as it opens, never per message.
	if strings.HasPrefix(path, "/r/") && strings.HasSuffix(path, ".svg") {
		return true
	}
	for _, p := range noAccountPaths {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

func (s *Server) renderAccountForm(w http.ResponseWriter, r *http.Request, status int, page func(templates.AccountForm) templ.Component, f templates.AccountForm) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	f.Passkeys = s.Accounts.PasskeysOffered()
	page(f).Render(r.Context(), w)
}

func (s *Server) signUpForm(w http.ResponseWriter, r *http.Request) {
	if request.User(r) != nil {
		http.Redirect(w, r, request.NextPath(r.URL.Query().Get("next")), http.StatusSeeOther)
		return
	}
	s.renderAccountForm(w, r, http.StatusOK, templates.SignUpPage, templates.AccountForm{Next: request.NextPath(r.URL.Query().Get("next"))})
}

func (s *Server) logInForm(w http.ResponseWriter, r *http.Request) {
	if request.User(r) != nil {
		http.Redirect(w, r, request.NextPath(r.URL.Query().Get("next")), http.StatusSeeOther)
		return
	}
	s.renderAccountForm(w, r, http.StatusOK, templates.LogInPage, templates.AccountForm{Next: request.NextPath(r.URL.Query().Get("next"))})
}

// readAccountForm reads a sign-up or log-in form; false when it could not
// be read (answered already).
func (s *Server) readAccountForm(w http.ResponseWriter, r *http.Request, page func(templates.AccountForm) templ.Component) (name, password, next string, ok bool) {
	r.Body = http.MaxBytesReader(w, r.Body, request.MaxFormBytes)
	if err := r.ParseForm(); err != nil {
		s.renderAccountForm(w, r, http.StatusBadRequest, page, templates.AccountForm{Error: "The form could not be read."})
		return "", "", "", false
	}
	return strings.TrimSpace(r.PostForm.Get("username")), r.PostForm.Get("password"), request.NextPath(r.PostForm.Get("next")), true
}

func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	name, password, next, ok := s.readAccountForm(w, r, templates.SignUpPage)
	if !ok {
		return
	}
	form := templates.AccountForm{Username: name, Next: next}
	if !s.kit.MayTryFromNetwork(r) {
		form.Error = "Too many tries from your address; wait a minute and try again."
		s.renderAccountForm(w, r, http.StatusTooManyRequests, templates.SignUpPage, form)
		return
	}
	u, err := s.Accounts.SignUp(r.Context(), name, password)
	if errors.Is(err, accounts.ErrBusy) {
		s.tooBusy(w, r, templates.SignUpPage, form)
		return
	}
	var problem *accounts.Problem
	if errors.As(err, &problem) {
		form.Error, form.Field = problem.Text, problem.Field
		s.renderAccountForm(w, r, http.StatusBadRequest, templates.SignUpPage, form)
		return
	}
	if err != nil {
		s.kit.LogFailure(r, "sign up", err)
		form.Error = "The account could not be made just now; try again in a moment."
		s.renderAccountForm(w, r, http.StatusServiceUnavailable, templates.SignUpPage, form)
		return
	}
	s.Log.Info("account made", "user", u.Name)
	s.startSession(w, r, u, next)
}

func (s *Server) logIn(w http.ResponseWriter, r *http.Request) {
	name, password, next, ok := s.readAccountForm(w, r, templates.LogInPage)
	if !ok {
		return
	}
	form := templates.AccountForm{Username: name, Next: next}
	key, _ := accounts.NameKey(name)
	if !s.kit.MayTryFromNetwork(r) || (key != "" && !s.kit.MayTryAccount(r, key)) {
		form.Error = "Too many tries; wait a minute and try again."
		s.renderAccountForm(w, r, http.StatusTooManyRequests, templates.LogInPage, form)
		return
	}
	u, err := s.Accounts.LogIn(r.Context(), name, password)
	if errors.Is(err, accounts.ErrBusy) {
		s.tooBusy(w, r, templates.LogInPage, form)
		return
	}
	if errors.Is(err, accounts.ErrBadLogin) {
		form.Error = "The username or the password is wrong."
		s.renderAccountForm(w, r, http.StatusUnauthorized, templates.LogInPage, form)
		return
	}
	if err != nil {
		s.kit.LogFailure(r, "log in", err)
		form.Error = "You could not be logged in just now; try again in a moment."
		s.renderAccountForm(w, r, http.StatusServiceUnavailable, templates.LogInPage, form)
		return
	}
	s.startSession(w, r, u, next)
}

// startSession logs u in on this browser and sends it on to next. The seat
// cookie is left alone: a guest who signs up keeps the seats of the games
// open in that browser.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *store.User, next string) {
	if err := s.openSession(w, r, u); err != nil {
		s.kit.LogFailure(r, "session", err)
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Not logged in", "Your session could not be started just now; try again in a moment.")
		return
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// openSession logs u in on this browser: a new session, and its cookie
// (a password's log-in and a passkey's alike).
func (s *Server) openSession(w http.ResponseWriter, r *http.Request, u *store.User) error {
	token, err := s.Accounts.Start(r.Context(), u, r.UserAgent(), s.kit.ClientAddr(r))
	if err != nil {
		return err
	}
	s.kit.SetSession(w, r, token)
	s.kit.SeeBrowser(r, u.Name, s.kit.EnsureToken(w, r), true)
	return nil
}

func (s *Server) logOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(request.SessionCookie); err == nil && c.Value != "" {
		if err := s.Accounts.End(r.Context(), c.Value); err != nil {
			s.kit.LogFailure(r, "log out", err)
		}
		s.kit.Signouts.Ended(signout.End{Hashes: []string{secret.Hash(c.Value)}})
	}
	s.kit.ClearSession(w, r)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// readAccountPost reads a form of the account page; false when it was
// answered (a guest is sent to log in).
func (s *Server) readAccountPost(w http.ResponseWriter, r *http.Request) (*store.User, bool) {
	u := request.User(r)
	if u == nil {
		http.Redirect(w, r, "/login?next=%2Faccount", http.StatusSeeOther)
		return nil, false
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		s.kit.ErrorPage(w, r, http.StatusBadRequest, "Not done", "The form could not be read.")
		return nil, false
	}
	return u, true
}

// ownSocketsGrace is how long after logging out everywhere the asking
// browser's own sockets close (logOutEverywhere).
const ownSocketsGrace = 300 * time.Millisecond

// logOutEverywhere ends every session of the player, this one too, once
// they said yes, and says how many others it ended on the log-in page.
func (s *Server) logOutEverywhere(w http.ResponseWriter, r *http.Request) {
	u, ok := s.readAccountPost(w, r)
	if !ok {
		return
	}
	list, err := s.Accounts.Sessions(r.Context(), u)
	if err == nil && request.Confirmed(r) {
		err = s.Accounts.EndAll(r.Context(), u)
	}
	if err != nil {
		s.kit.LogFailure(r, "log out everywhere", err)
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Not logged out", "Your sessions could not be ended just now; try again in a moment.")
		return
	}
	current, others := request.SessionHash(r), []string{}
	for _, ss := range list {
		if ss.Hash != current {
			others = append(others, ss.Hash)
		}
	}
	if !request.Confirmed(r) {
		s.renderAccountView(w, r, http.StatusOK, templates.AccountView{Ask: &templates.Question{TestID: "ask-logout-everywhere",
			Title: "Log out everywhere?", Text: "You are logged out here and on " + plural(len(others), "other device") + ": each must log in again.",
			Action: "/account/logout-everywhere", Yes: "Yes, log out everywhere", Confirm: "confirm-logout-everywhere", Cancel: "cancel-logout-everywhere"}})
		return
	}
	s.kit.Signouts.Ended(signout.End{Hashes: others})
	s.kit.ClearSession(w, r)
	r = r.WithContext(templates.WithUser(r.Context(), "")) // the header is a guest's now
	s.renderAccountForm(w, r, http.StatusOK, templates.LogInPage, templates.AccountForm{
		Notice: "You are logged out everywhere: this browser and " + plural(len(others), "other device") + "."})
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	// This browser's own sockets (the page that asked, its other tabs)
	// close a moment later, once the answer is shown: closed at once, the
	// asking page would reload at their close (site.js), over the answer
	// that says what was done. Its cookie opens nothing already.
	time.AfterFunc(ownSocketsGrace, func() { s.kit.Signouts.Ended(signout.End{Account: u.Name}) })
}

// endSession ends one of the player's other sessions (the account page's
// Log out beside it): its browser is logged out, and its sockets close.
// A session that is not the player's is not found among theirs: nothing
// ends.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request) {
	u, ok := s.readAccountPost(w, r)
	if !ok {
		return
	}
	ended, err := s.Accounts.EndSession(r.Context(), u, r.PostForm.Get("session"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.renderAccountView(w, r, http.StatusNotFound, templates.AccountView{Notice: "That log-in is not one of yours, or it has ended already."})
		return
	case err != nil:
		s.kit.LogFailure(r, "end session", err)
		s.renderAccountView(w, r, http.StatusServiceUnavailable, templates.AccountView{Notice: "That log-in could not be ended just now; try again in a moment."})
		return
	}
	s.kit.Signouts.Ended(signout.End{Hashes: []string{ended.Hash}})
	if ended.Hash == request.SessionHash(r) { // this browser's own, posted from an older page
		s.kit.ClearSession(w, r)
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	s.renderAccountView(w, r, http.StatusOK, templates.AccountView{Notice: "Logged out of " + accounts.Device(ended.Device) + "."})
}

// changePassword changes the player's password, the current one asked
// first and counted as a log-in's try (it must not let anyone guess
// faster than the log-in page), and ends the account's other sessions.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	u, ok := s.readAccountPost(w, r)
	if !ok {
		return
	}
	refuse := func(status int, field, text string) {
		s.renderAccountView(w, r, status, templates.AccountView{Password: templates.PasswordForm{HasPassword: u.PasswordHash != "", Field: field, Error: text}})
	}
	if !s.kit.MayTryFromNetwork(r) || !s.kit.MayTryAccount(r, u.Key) {
		refuse(http.StatusTooManyRequests, "", "Too many tries; wait a minute and try again.")
		return
	}
	err := s.Accounts.ChangePassword(r.Context(), u, r.PostForm.Get("current"), r.PostForm.Get("new"))
	var problem *accounts.Problem
	switch {
	case errors.Is(err, accounts.ErrBadLogin):
		refuse(http.StatusUnauthorized, "current", "That is not your password now; it is unchanged.")
		return
	case errors.As(err, &problem):
		refuse(http.StatusBadRequest, problem.Field, problem.Text)
		return
	case errors.Is(err, accounts.ErrIsBot):
		refuse(http.StatusBadRequest, "", "A bot has no password: it plays with its token.")
		return
	case errors.Is(err, accounts.ErrBusy):
		w.Header().Set("Retry-After", busyRetryAfter)
		refuse(http.StatusServiceUnavailable, "", "Many people are logging in just now; try again in a few seconds.")
		return
	case err != nil:
		s.kit.LogFailure(r, "change password", err)
		refuse(http.StatusServiceUnavailable, "", "Your password could not be changed just now; try again in a moment.")
		return
	}
	s.Log.Info("password changed", "user", u.Name)
	ended, err := s.Accounts.EndOthers(r.Context(), u, request.SessionHash(r))
	s.kit.Signouts.Ended(signout.End{Hashes: ended})
	if err != nil {
		s.kit.LogFailure(r, "end sessions", err)
		s.renderAccountView(w, r, http.StatusServiceUnavailable, templates.AccountView{
			Notice: "Your password is changed, but your other devices could not all be logged out: use Log out everywhere."})
		return
	}
	notice := "Your password is changed."
	if len(ended) > 0 {
		notice += " Logged out of " + plural(len(ended), "other device") + ": each logs in with the new one."
	}
	s.renderAccountView(w, r, http.StatusOK, templates.AccountView{Notice: notice})
}

func (s *Server) accountPage(w http.ResponseWriter, r *http.Request) {
	if request.User(r) == nil {
		http.Redirect(w, r, "/login?next=%2Faccount", http.StatusSeeOther)
		return
	}
	s.renderAccount(w, r, http.StatusOK, templates.BotSection{})
}

// renderAccount draws the signed-in player's account page with status;
// bots says what the bots' forms did (a new bot's token, shown once).
func (s *Server) renderAccount(w http.ResponseWriter, r *http.Request, status int, bots templates.BotSection) {
	s.renderAccountView(w, r, status, templates.AccountView{Bots: bots})
}

// renderAccountView draws the account page with what v says a form did
// (its notice, question, refusal); the lists are read here.
func (s *Server) renderAccountView(w http.ResponseWriter, r *http.Request, status int, v templates.AccountView) {
	u := request.User(r)
	list, err := s.Accounts.Sessions(r.Context(), u)
	if err == nil {
		v.Passkeys, err = s.passkeyList(r, u)
	}
	if err == nil {
		v.Bots, err = s.bots.Section(r, u, v.Bots)
	}
	if err != nil {
		s.kit.LogFailure(r, "sessions", err)
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Account unavailable", "Your account could not be read just now; try again in a moment.")
		return
	}
	current := request.SessionHash(r)
	v.Name, v.Password.HasPassword = u.Name, u.PasswordHash != ""
	for _, ss := range list {
		v.Sessions = append(v.Sessions, templates.SessionRow{ID: accounts.SessionID(ss.Hash), Device: accounts.Device(ss.Device), Addr: ss.Addr,
			Since: ss.Created.UTC().Format("2 January 2006"), LastUsed: ss.Seen.UTC().Format("2 January 2006, 15:04 UTC"), Current: ss.Hash == current})
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	templates.AccountPage(v).Render(r.Context(), w)
}

// gamesPerPage is how many games a player's page lists at a time.
const gamesPerPage = 20

func (s *Server) playerPage(w http.ResponseWriter, r *http.Request) {
	u, err := s.Accounts.Player(r.Context(), r.PathValue("name"))
	if errors.Is(err, store.ErrNotFound) {
		s.kit.ErrorPage(w, r, http.StatusNotFound, "No such player", "Nobody plays here under that name.")
		return
	}
	if err != nil {
		s.kit.LogFailure(r, "player page", err)
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Player unavailable", "This page could not be read just now; try again in a moment.")
		return
	}
	s.renderPlayerPage(w, r, u, http.StatusOK, refusal{})
}

// renderPlayerPage answers with u's page, with the challenge the viewer
// just sent (sent) or why it was refused (refused).
func (s *Server) renderPlayerPage(w http.ResponseWriter, r *http.Request, u *store.User, status int, refused refusal) {
	view := templates.PlayerView{Name: u.Name, Since: u.Created.UTC().Format("January 2006"),
		ChallengeError: refused.text, GameInPlay: refused.game}
	err := s.fillPlayerGames(r, &view, u.Name)
	if err == nil {
		err = s.fillPlayerRatings(r, &view, u.Name)
	}
	if err == nil {
		err = s.fillSocial(r, &view, u.Name)
	}
	if err == nil {
		view.BotOwner, view.House, err = s.bots.Owner(r.Context(), u.Name)
	}
	if err != nil {
		s.kit.LogFailure(r, "player page", err)
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Player unavailable", "This page could not be read just now; try again in a moment.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	templates.PlayerPage(view).Render(r.Context(), w)
}

// fillPlayerGames puts a player's record and a page of their games
// (?page=N, from 1) in view.
func (s *Server) fillPlayerGames(r *http.Request, view *templates.PlayerView, name string) error {
	rec, err := s.Store.PlayerRecord(r.Context(), name)
	if err != nil {
		return err
	}
	view.Played, view.Won, view.Lost, view.Drawn = rec.Played, rec.Won, rec.Lost, rec.Drawn
	page := 1
	if n, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && n > 1 && n <= 100000 {
		page = n
	}
	list, err := s.Store.PlayerGames(r.Context(), name, gamesPerPage+1, (page-1)*gamesPerPage)
	if err != nil {
		return err
	}
	if len(list) > gamesPerPage {
		list = list[:gamesPerPage]
		view.Next = "/@/" + name + "?page=" + strconv.Itoa(page+1)
	}
	if page > 1 {
		view.Prev = "/@/" + name + "?page=" + strconv.Itoa(page-1)
	}
	for _, g := range list {
		view.Games = append(view.Games, playerGame(g, name))
	}
	return nil
}

// playerGame is one finished game as name's page lists it.
func playerGame(g store.Summary, name string) templates.PlayerGame {
	mine := 0
	if g.Seats[0].Account != name {
		mine = 1
	}
	opp := g.Seats[1-mine]
	opponent := opp.Name
	switch {
	case opp.Kind == vocab.ComputerSeat:
		opponent = "the computer"
	case opponent == "":
		opponent = "a guest"
	}
	row := templates.PlayerGame{RoomID: g.ID, Game: g.Game, Opponent: opponent, When: g.Updated.UTC().Format("2 January 2006")}
	if gm, err := game.Lookup(g.Game); err == nil {
		row.Game = gm.Name()
	}
	row.Clock = g.Clock.Name()
	row.Rated = g.Rated
	if g.RatingChanges != nil {
		row.Change = g.RatingChanges[mine].Signed()
	}
	switch g.Winner {
	case -1:
		row.Result, row.ResultClass = "Drawn", "drawn"
	case mine:
		row.Result, row.ResultClass = "Won", "won"
	default:
		row.Result, row.ResultClass = "Lost", "lost"
	}
	return row
}

// busyRetryAfter is the Retry-After of a form refused by tooBusy, in
// seconds: a moment, for the hashes ahead of it to finish.
const busyRetryAfter = "2"

// tooBusy answers a sign-up or a log-in whose password could not be
// hashed soon (accounts.ErrBusy): 503, with when to try again.
func (s *Server) tooBusy(w http.ResponseWriter, r *http.Request, page func(templates.AccountForm) templ.Component, form templates.AccountForm) {
	w.Header().Set("Retry-After", busyRetryAfter)
	form.Error = "Many people are logging in just now; try again in a few seconds."
	s.renderAccountForm(w, r, http.StatusServiceUnavailable, page, form)
}
