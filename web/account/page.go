package account

import (
	"errors"
	"net/http"
	"time"

	"boardroom/accounts"
	"boardroom/game"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// The account page (/account): where the player is logged in, each log-in
// ended on its own or all at once, the password, the passkeys and the bots.

// readAccountPost reads a form of the account page; false when it was
// answered (a guest is sent to log in).
func (a *Area) readAccountPost(w http.ResponseWriter, r *http.Request) (*store.User, bool) {
	u := request.User(r)
	if u == nil {
		http.Redirect(w, r, "/login?next=%2Faccount", http.StatusSeeOther)
		return nil, false
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		a.Kit.ErrorPage(w, r, http.StatusBadRequest, "Not done", "The form could not be read.")
		return nil, false
	}
	return u, true
}

// ownSocketsGrace is how long after logging out everywhere the asking
// browser's own sockets close (logOutEverywhere).
const ownSocketsGrace = 300 * time.Millisecond

// logOutEverywhere ends every session of the player, this one too, once
// they said yes, and says how many others it ended on the log-in page.
func (a *Area) logOutEverywhere(w http.ResponseWriter, r *http.Request) {
	u, ok := a.readAccountPost(w, r)
	if !ok {
		return
	}
	list, err := a.Accounts.Sessions(r.Context(), u)
	if err == nil && request.Confirmed(r) {
		err = a.Accounts.EndAll(r.Context(), u)
	}
	if err != nil {
		a.Kit.LogFailure(r, "log out everywhere", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Not logged out", "Your sessions could not be ended just now; try again in a moment.")
		return
	}
	current, others := request.SessionHash(r), []string{}
	for _, ss := range list {
		if ss.Hash != current {
			others = append(others, ss.Hash)
		}
	}
	if !request.Confirmed(r) {
		a.renderAccountView(w, r, http.StatusOK, templates.AccountView{Ask: &templates.Question{TestID: "ask-logout-everywhere",
			Title: "Log out everywhere?", Text: "You are logged out here and on " + game.Plural(len(others), "other device", "other devices") + ": each must log in again.",
			Action: "/account/logout-everywhere", Yes: "Yes, log out everywhere", Confirm: "confirm-logout-everywhere", Cancel: "cancel-logout-everywhere"}})
		return
	}
	a.Kit.Signouts.Ended(signout.End{Hashes: others})
	a.Kit.ClearSession(w, r)
	r = r.WithContext(templates.WithUser(r.Context(), "")) // the header is a guest's now
	a.renderAccountForm(w, r, http.StatusOK, templates.LogInPage, templates.AccountForm{
		Notice: "You are logged out everywhere: this browser and " + game.Plural(len(others), "other device", "other devices") + "."})
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	// This browser's own sockets (the page that asked, its other tabs)
	// close a moment later, once the answer is shown: closed at once, the
	// asking page would reload at their close (site.js), over the answer
	// that says what was done. Its cookie opens nothing already.
	time.AfterFunc(ownSocketsGrace, func() { a.Kit.Signouts.Ended(signout.End{Account: u.Name}) })
}

// endSession ends one of the player's other sessions (the account page's
// Log out beside it): its browser is logged out, and its sockets close.
// A session that is not the player's is not found among theirs: nothing
// ends.
func (a *Area) endSession(w http.ResponseWriter, r *http.Request) {
	u, ok := a.readAccountPost(w, r)
	if !ok {
		return
	}
	ended, err := a.Accounts.EndSession(r.Context(), u, r.PostForm.Get("session"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		a.renderAccountView(w, r, http.StatusNotFound, templates.AccountView{Notice: "That log-in is not one of yours, or it has ended already."})
		return
	case err != nil:
		a.Kit.LogFailure(r, "end session", err)
		a.renderAccountView(w, r, http.StatusServiceUnavailable, templates.AccountView{Notice: "That log-in could not be ended just now; try again in a moment."})
		return
	}
	a.Kit.Signouts.Ended(signout.End{Hashes: []string{ended.Hash}})
	if ended.Hash == request.SessionHash(r) { // this browser's own, posted from an older page
		a.Kit.ClearSession(w, r)
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	a.renderAccountView(w, r, http.StatusOK, templates.AccountView{Notice: "Logged out of " + accounts.Device(ended.Device) + "."})
}

// changePassword changes the player's password, the current one asked
// first and counted as a log-in's try (it must not let anyone guess
// faster than the log-in page), and ends the account's other sessions.
func (a *Area) changePassword(w http.ResponseWriter, r *http.Request) {
	u, ok := a.readAccountPost(w, r)
	if !ok {
		return
	}
	refuse := func(status int, field, text string) {
		a.renderAccountView(w, r, status, templates.AccountView{Password: templates.PasswordForm{HasPassword: u.PasswordHash != "", Field: field, Error: text}})
	}
	if !a.Kit.MayTryFromNetwork(r) || !a.Kit.MayTryAccount(r, u.Key) {
		refuse(http.StatusTooManyRequests, "", "Too many tries; wait a minute and try again.")
		return
	}
	err := a.Accounts.ChangePassword(r.Context(), u, r.PostForm.Get("current"), r.PostForm.Get("new"))
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
		a.Kit.LogFailure(r, "change password", err)
		refuse(http.StatusServiceUnavailable, "", "Your password could not be changed just now; try again in a moment.")
		return
	}
	a.Kit.Log.Info("password changed", "user", u.Name)
	ended, err := a.Accounts.EndOthers(r.Context(), u, request.SessionHash(r))
	a.Kit.Signouts.Ended(signout.End{Hashes: ended})
	if err != nil {
		a.Kit.LogFailure(r, "end sessions", err)
		a.renderAccountView(w, r, http.StatusServiceUnavailable, templates.AccountView{
			Notice: "Your password is changed, but your other devices could not all be logged out: use Log out everywhere."})
		return
	}
	notice := "Your password is changed."
	if len(ended) > 0 {
		notice += " Logged out of " + game.Plural(len(ended), "other device", "other devices") + ": each logs in with the new one."
	}
	a.renderAccountView(w, r, http.StatusOK, templates.AccountView{Notice: notice})
}

func (a *Area) accountPage(w http.ResponseWriter, r *http.Request) {
	if request.User(r) == nil {
		http.Redirect(w, r, "/login?next=%2Faccount", http.StatusSeeOther)
		return
	}
	a.Page(w, r, http.StatusOK, templates.BotSection{})
}

// Page draws the signed-in player's account page with status;
// bots says what the bots' forms did (a new bot's token, shown once).
func (a *Area) Page(w http.ResponseWriter, r *http.Request, status int, bots templates.BotSection) {
	a.renderAccountView(w, r, status, templates.AccountView{Bots: bots})
}

// renderAccountView draws the account page with what v says a form did
// (its notice, question, refusal); the lists are read here.
func (a *Area) renderAccountView(w http.ResponseWriter, r *http.Request, status int, v templates.AccountView) {
	u := request.User(r)
	list, err := a.Accounts.Sessions(r.Context(), u)
	if err == nil {
		v.Passkeys, err = a.passkeyList(r, u)
	}
	if err == nil {
		v.Devices, err = a.pushDeviceList(r, u)
	}
	if err == nil {
		refused := v.Vacation.Error
		v.Vacation, err = a.vacationBox(r, u)
		v.Vacation.Error = refused
	}
	if err == nil && a.BotSection != nil {
		v.Bots, err = a.BotSection(r, u, v.Bots)
	}
	if err != nil {
		a.Kit.LogFailure(r, "sessions", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Account unavailable", "Your account could not be read just now; try again in a moment.")
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
