// Package account is the web's area of players' accounts (docs/accounts.md):
// signing up, logging in and out with a password or a passkey, and the
// account page (where one is logged in, each log-in ended on its own or all
// at once, the password, the passkeys, the vacation from games of days
// (vacation.go), and the bots' section, which the bots area draws), and the
// devices an account gets notifications on (Web Push's subscriptions,
// push.go). The session a log-in starts is read on every request
// by the server's middleware, into the request kit (request.User).
package account

import (
	"errors"
	"net/http"
	"strings"

	"github.com/a-h/templ"

	"boardroom/accounts"
	"boardroom/secret"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// Area serves the accounts' pages and the passkeys' ceremonies.
type Area struct {
	Kit      *request.Kit
	Accounts *accounts.Service
	// PublicURL is the site's public address, to which passkeys are bound
	// ("": the host each request names; relyingParty).
	PublicURL string
	// BotSection is the account page's list of the player's bots, with
	// what a bots' form said (the bots area's; nil: none).
	BotSection func(r *http.Request, u *store.User, view templates.BotSection) (templates.BotSection, error)
	// Push keeps the accounts' devices for Web Push (push.go; nil: no
	// /push/ endpoints).
	Push *PushConfig
	// Vacation keeps the players' vacations (vacation.go; nil: none
	// offered).
	Vacation *VacationConfig
}

// Routes adds the accounts' pages, the passkeys' ceremonies and the push
// subscriptions' endpoints.
func (a *Area) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /signup", a.signUpForm)
	mux.HandleFunc("POST /signup", a.signUp)
	mux.HandleFunc("GET /login", a.logInForm)
	mux.HandleFunc("POST /login", a.logIn)
	mux.HandleFunc("POST /logout", a.logOut)
	mux.HandleFunc("GET /account", a.accountPage)
	mux.HandleFunc("POST /account/logout-everywhere", a.logOutEverywhere)
	mux.HandleFunc("POST /account/sessions/end", a.endSession)
	mux.HandleFunc("POST /account/password", a.changePassword)
	if a.Vacation != nil {
		mux.HandleFunc("POST /account/vacation", a.changeVacation)
	}
	a.passkeyRoutes(mux)
	a.pushRoutes(mux)
}

func (a *Area) renderAccountForm(w http.ResponseWriter, r *http.Request, status int, page func(templates.AccountForm) templ.Component, f templates.AccountForm) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	f.Passkeys = true // every store keeps passkeys
	page(f).Render(r.Context(), w)
}

func (a *Area) signUpForm(w http.ResponseWriter, r *http.Request) {
	if request.User(r) != nil {
		http.Redirect(w, r, request.NextPath(r.URL.Query().Get("next")), http.StatusSeeOther)
		return
	}
	a.renderAccountForm(w, r, http.StatusOK, templates.SignUpPage, templates.AccountForm{Next: request.NextPath(r.URL.Query().Get("next"))})
}

func (a *Area) logInForm(w http.ResponseWriter, r *http.Request) {
	if request.User(r) != nil {
		http.Redirect(w, r, request.NextPath(r.URL.Query().Get("next")), http.StatusSeeOther)
		return
	}
	a.renderAccountForm(w, r, http.StatusOK, templates.LogInPage, templates.AccountForm{Next: request.NextPath(r.URL.Query().Get("next"))})
}

// readAccountForm reads a sign-up or log-in form; false when it could not
// be read (answered already).
func (a *Area) readAccountForm(w http.ResponseWriter, r *http.Request, page func(templates.AccountForm) templ.Component) (name, password, next string, ok bool) {
	r.Body = http.MaxBytesReader(w, r.Body, request.MaxFormBytes)
	if err := r.ParseForm(); err != nil {
		a.renderAccountForm(w, r, http.StatusBadRequest, page, templates.AccountForm{Error: "The form could not be read."})
		return "", "", "", false
	}
	return strings.TrimSpace(r.PostForm.Get("username")), r.PostForm.Get("password"), request.NextPath(r.PostForm.Get("next")), true
}

func (a *Area) signUp(w http.ResponseWriter, r *http.Request) {
	name, password, next, ok := a.readAccountForm(w, r, templates.SignUpPage)
	if !ok {
		return
	}
	form := templates.AccountForm{Username: name, Next: next}
	if !a.Kit.MayTryFromNetwork(r) {
		form.Error = "Too many tries from your address; wait a minute and try again."
		a.renderAccountForm(w, r, http.StatusTooManyRequests, templates.SignUpPage, form)
		return
	}
	u, err := a.Accounts.SignUp(r.Context(), name, password)
	if errors.Is(err, accounts.ErrBusy) {
		a.tooBusy(w, r, templates.SignUpPage, form)
		return
	}
	var problem *accounts.Problem
	if errors.As(err, &problem) {
		form.Error, form.Field = problem.Text, problem.Field
		a.renderAccountForm(w, r, http.StatusBadRequest, templates.SignUpPage, form)
		return
	}
	if err != nil {
		a.Kit.LogFailure(r, "sign up", err)
		form.Error = "The account could not be made just now; try again in a moment."
		a.renderAccountForm(w, r, http.StatusServiceUnavailable, templates.SignUpPage, form)
		return
	}
	a.Kit.Log.Info("account made", "user", u.Name)
	a.startSession(w, r, u, next)
}

func (a *Area) logIn(w http.ResponseWriter, r *http.Request) {
	name, password, next, ok := a.readAccountForm(w, r, templates.LogInPage)
	if !ok {
		return
	}
	form := templates.AccountForm{Username: name, Next: next}
	key, _ := accounts.NameKey(name)
	if !a.Kit.MayTryFromNetwork(r) || (key != "" && !a.Kit.MayTryAccount(r, key)) {
		form.Error = "Too many tries; wait a minute and try again."
		a.renderAccountForm(w, r, http.StatusTooManyRequests, templates.LogInPage, form)
		return
	}
	u, err := a.Accounts.LogIn(r.Context(), name, password)
	if errors.Is(err, accounts.ErrBusy) {
		a.tooBusy(w, r, templates.LogInPage, form)
		return
	}
	if errors.Is(err, accounts.ErrBadLogin) {
		form.Error = "The username or the password is wrong."
		a.renderAccountForm(w, r, http.StatusUnauthorized, templates.LogInPage, form)
		return
	}
	if err != nil {
		a.Kit.LogFailure(r, "log in", err)
		form.Error = "You could not be logged in just now; try again in a moment."
		a.renderAccountForm(w, r, http.StatusServiceUnavailable, templates.LogInPage, form)
		return
	}
	a.startSession(w, r, u, next)
}

// startSession logs u in on this browser and sends it on to next. The seat
// cookie is left alone: a guest who signs up keeps the seats of the games
// open in that browser.
func (a *Area) startSession(w http.ResponseWriter, r *http.Request, u *store.User, next string) {
	if err := a.openSession(w, r, u); err != nil {
		a.Kit.LogFailure(r, "session", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Not logged in", "Your session could not be started just now; try again in a moment.")
		return
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// openSession logs u in on this browser: a new session, and its cookie
// (a password's log-in and a passkey's alike).
func (a *Area) openSession(w http.ResponseWriter, r *http.Request, u *store.User) error {
	token, err := a.Accounts.Start(r.Context(), u, r.UserAgent(), a.Kit.ClientAddr(r))
	if err != nil {
		return err
	}
	a.Kit.SetSession(w, r, token)
	a.Kit.SeeBrowser(r, u.Name, a.Kit.EnsureToken(w, r), true)
	return nil
}

func (a *Area) logOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(request.SessionCookie); err == nil && c.Value != "" {
		if err := a.Accounts.End(r.Context(), c.Value); err != nil {
			a.Kit.LogFailure(r, "log out", err)
		}
		a.Kit.Signouts.Ended(signout.End{Hashes: []string{secret.Hash(c.Value)}})
	}
	a.Kit.ClearSession(w, r)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// busyRetryAfter is the Retry-After of a form refused by tooBusy, in
// seconds: a moment, for the hashes ahead of it to finish.
const busyRetryAfter = "2"

// tooBusy answers a sign-up or a log-in whose password could not be
// hashed soon (accounts.ErrBusy): 503, with when to try again.
func (a *Area) tooBusy(w http.ResponseWriter, r *http.Request, page func(templates.AccountForm) templ.Component, form templates.AccountForm) {
	w.Header().Set("Retry-After", busyRetryAfter)
	form.Error = "Many people are logging in just now; try again in a few seconds."
	a.renderAccountForm(w, r, http.StatusServiceUnavailable, page, form)
}
