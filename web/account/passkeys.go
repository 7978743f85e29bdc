package account

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"

	"boardroom/accounts"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// Passkeys (docs/accounts.md): the account page adds them, the log-in page
// logs in with one. Each ceremony is two posts from passkey.js: begin (the
// server's options, and a challenge kept in the database) and finish (what
// the browser's passkey answered). Between them the browser holds the
// challenge's ID in a cookie of its own.

// PasskeyCookie holds the ID of the passkey ceremony under way in this
// browser: HttpOnly, SameSite=Strict, sent only to /passkey/, and gone
// with the challenge (accounts.ChallengeLife). The ID is random and names
// a challenge that is taken once.
const PasskeyCookie = "boardroom_passkey"

// MaxPasskeyBytes bounds what a finish may post: a passkey's answer is a
// kilobyte or two.
const MaxPasskeyBytes = 64 << 10

// passkeyRoutes serves the ceremonies.
func (a *Area) passkeyRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /passkey/register/begin", a.passkeyRegisterBegin)
	mux.HandleFunc("POST /passkey/register/finish", a.passkeyRegisterFinish)
	mux.HandleFunc("POST /passkey/login/begin", a.passkeyLoginBegin)
	mux.HandleFunc("POST /passkey/login/finish", a.passkeyLoginFinish)
	mux.HandleFunc("POST /account/passkeys/remove", a.passkeyRemove)
}

// relyingParty is the site as its passkeys know it. A server given its
// public address (cmd/web -base-url) binds them to that address's host
// name, whatever name a request came by: behind a load balancer ending
// HTTPS, the name players know. Without one, to the host the request
// names, over HTTPS when the request came by it (here, or through a
// trusted proxy): what a browser on http://localhost has. A request's Host
// cannot lend a passkey to another site: the browser offers a passkey only
// on the pages of the name it was made for, and writes the page's true
// origin into what it signs, which must match.
func (a *Area) relyingParty(r *http.Request) accounts.RelyingParty {
	if u, err := url.Parse(a.PublicURL); err == nil && u.Host != "" && (u.Scheme == "http" || u.Scheme == "https") {
		return accounts.RelyingParty{ID: strings.ToLower(u.Hostname()), Origin: u.Scheme + "://" + strings.ToLower(u.Host)}
	}
	scheme := "http"
	if a.Kit.Secure(r) {
		scheme = "https"
	}
	host := strings.ToLower(r.Host)
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	return accounts.RelyingParty{ID: name, Origin: scheme + "://" + host}
}

func (a *Area) setPasskeyCookie(w http.ResponseWriter, r *http.Request, id string) {
	http.SetCookie(w, &http.Cookie{Name: PasskeyCookie, Value: id, Path: "/passkey/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: a.Kit.Secure(r), MaxAge: int(accounts.ChallengeLife.Seconds())})
}

// takePasskeyCookie is the ceremony's ID the browser holds, which it
// forgets now: a challenge is answered once.
func (a *Area) takePasskeyCookie(w http.ResponseWriter, r *http.Request) string {
	c, err := r.Cookie(PasskeyCookie)
	if err != nil {
		return ""
	}
	http.SetCookie(w, &http.Cookie{Name: PasskeyCookie, Value: "", Path: "/passkey/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: a.Kit.Secure(r), MaxAge: -1})
	return c.Value
}

// answerJSON answers a script's request (a passkey ceremony's, a push
// subscription's): v as JSON, never cached.
func answerJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// answerProblem answers with a sentence for the page ({"error": text}).
func answerProblem(w http.ResponseWriter, status int, text string) {
	answerJSON(w, status, map[string]string{"error": text})
}

// passkeyRefused answers a refused or failed ceremony (what: "log in",
// "add") in words: never the library's, which are for the log.
func (a *Area) passkeyRefused(w http.ResponseWriter, r *http.Request, what string, err error) {
	refused := http.StatusBadRequest
	if what == "log in" {
		refused = http.StatusUnauthorized
	}
	switch {
	case errors.Is(err, accounts.ErrNoChallenge):
		answerProblem(w, http.StatusBadRequest, "The passkey was asked too long ago, or its answer was used already; try again.")
	case errors.Is(err, accounts.ErrUnknownPasskey):
		answerProblem(w, refused, "This passkey is not known here. Log in with your password, then add it on your account page.")
	case errors.Is(err, accounts.ErrPasskeyTaken):
		answerProblem(w, http.StatusConflict, "This passkey is on an account here already.")
	case errors.Is(err, accounts.ErrBadPasskey):
		a.Kit.Log.Info("passkey refused", "to", what, "err", err, "client", a.Kit.ClientAddr(r))
		answerProblem(w, refused, "The passkey could not be checked; try again.")
	case errors.Is(err, accounts.ErrBadRelyingParty):
		answerProblem(w, http.StatusBadRequest, "Passkeys work only when the site is opened by its name, not by a numeric address.")
	default:
		a.Kit.LogFailure(r, "passkey "+what, err)
		answerProblem(w, http.StatusServiceUnavailable, "Passkeys cannot be used just now; try again in a moment.")
	}
}

// readPasskeyAnswer reads a finish's body; false when it could not be read
// (answered already).
func readPasskeyAnswer(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	return readSmallBody(w, r, MaxPasskeyBytes, "The passkey's answer was too long to be one; try again.",
		"The passkey's answer could not be read; try again.")
}

// readSmallBody reads a JSON request's body of at most limit bytes; false
// when it could not be read, answered with tooLong or unreadable.
func readSmallBody(w http.ResponseWriter, r *http.Request, limit int64, tooLong, unreadable string) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		answerProblem(w, http.StatusRequestEntityTooLarge, tooLong)
		return nil, false
	case err != nil:
		answerProblem(w, http.StatusBadRequest, unreadable)
		return nil, false
	}
	return body, true
}

// passkeyThrottled counts a passkey log-in's request as a try from its
// network (as a password's, Kit.MayTryFromNetwork) and answers 429 when there
// were too many.
func (a *Area) passkeyThrottled(w http.ResponseWriter, r *http.Request) bool {
	if a.Kit.MayTryFromNetwork(r) {
		return false
	}
	answerProblem(w, http.StatusTooManyRequests, "Too many tries from your address; wait a minute and try again.")
	return true
}

func (a *Area) passkeyRegisterBegin(w http.ResponseWriter, r *http.Request) {
	u := request.User(r)
	if u == nil {
		answerProblem(w, http.StatusUnauthorized, "Log in first: a passkey is added to your account.")
		return
	}
	// A signed-in person adding a passkey to their own account guesses
	// nothing: it is not a log-in's try (docs/accounts.md, "Protection").
	if !a.Kit.TakeLimit(r, "passkey-add/"+u.Key, accounts.PasskeyAddsPerAccount) {
		answerProblem(w, http.StatusTooManyRequests, "You asked for many passkeys in a minute; wait a minute and try again.")
		return
	}
	options, id, err := a.Accounts.BeginRegistration(r.Context(), a.relyingParty(r), u)
	if err != nil {
		a.passkeyRefused(w, r, "add", err)
		return
	}
	a.setPasskeyCookie(w, r, id)
	answerJSON(w, http.StatusOK, json.RawMessage(options))
}

func (a *Area) passkeyRegisterFinish(w http.ResponseWriter, r *http.Request) {
	id := a.takePasskeyCookie(w, r)
	u := request.User(r)
	if u == nil {
		answerProblem(w, http.StatusUnauthorized, "Log in first: a passkey is added to your account.")
		return
	}
	body, ok := readPasskeyAnswer(w, r)
	if !ok {
		return
	}
	k, err := a.Accounts.FinishRegistration(r.Context(), a.relyingParty(r), u, id, body, accounts.Device(r.UserAgent()))
	if err != nil {
		a.passkeyRefused(w, r, "add", err)
		return
	}
	a.Kit.Log.Info("passkey added", "user", u.Name, "passkey", k.Name)
	answerJSON(w, http.StatusOK, map[string]string{"next": "/account"})
}

func (a *Area) passkeyLoginBegin(w http.ResponseWriter, r *http.Request) {
	if a.passkeyThrottled(w, r) {
		return
	}
	options, id, err := a.Accounts.BeginLogin(r.Context(), a.relyingParty(r))
	if err != nil {
		a.passkeyRefused(w, r, "log in", err)
		return
	}
	a.setPasskeyCookie(w, r, id)
	answerJSON(w, http.StatusOK, json.RawMessage(options))
}

// passkeyLoginFinish logs in the passkey's account as a password does
// (openSession), and names where to go next (?next=, a path of this site).
func (a *Area) passkeyLoginFinish(w http.ResponseWriter, r *http.Request) {
	id := a.takePasskeyCookie(w, r)
	if a.passkeyThrottled(w, r) {
		return
	}
	body, ok := readPasskeyAnswer(w, r)
	if !ok {
		return
	}
	u, err := a.Accounts.FinishLogin(r.Context(), a.relyingParty(r), id, body)
	if err != nil {
		a.passkeyRefused(w, r, "log in", err)
		return
	}
	if err := a.openSession(w, r, u); err != nil {
		a.passkeyRefused(w, r, "log in", err)
		return
	}
	answerJSON(w, http.StatusOK, map[string]string{"next": request.NextPath(r.URL.Query().Get("next"))})
}

// passkeyRemove removes one of the player's passkeys (the account page's
// form), once they said yes, and shows the page again.
func (a *Area) passkeyRemove(w http.ResponseWriter, r *http.Request) {
	u, ok := a.readAccountPost(w, r)
	if !ok {
		return
	}
	id, err := base64.RawURLEncoding.DecodeString(r.PostForm.Get("id"))
	if err != nil || len(id) == 0 {
		a.Kit.ErrorPage(w, r, http.StatusBadRequest, "Passkey not removed", "That is not one of your passkeys.")
		return
	}
	if !request.Confirmed(r) {
		a.askPasskeyRemove(w, r, u, r.PostForm.Get("id"))
		return
	}
	err = a.Accounts.RemovePasskey(r.Context(), u, id)
	if err != nil && !errors.Is(err, store.ErrNotFound) { // gone already: as asked
		a.Kit.LogFailure(r, "remove passkey", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Passkey not removed", "Your passkey could not be removed just now; try again in a moment.")
		return
	}
	a.Kit.Log.Info("passkey removed", "user", u.Name)
	http.Redirect(w, r, "/account", http.StatusSeeOther)
}

// askPasskeyRemove answers Remove with the question, for one of the
// player's own passkeys only.
func (a *Area) askPasskeyRemove(w http.ResponseWriter, r *http.Request, u *store.User, id string) {
	list, err := a.passkeyList(r, u)
	if err != nil {
		a.Kit.LogFailure(r, "passkeys", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Passkey not removed", "Your passkey could not be removed just now; try again in a moment.")
		return
	}
	for _, k := range list.Keys {
		if k.ID == id {
			a.renderAccountView(w, r, http.StatusOK, templates.AccountView{Ask: &templates.Question{TestID: "ask-remove-passkey",
				Title: "Remove the passkey " + k.Name + "?", Text: "It was added " + k.Added + ". It will no longer log you in; your device may still offer it until you delete it there too.",
				Action: "/account/passkeys/remove", Fields: []templates.Field{{Name: "id", Value: id}}, Yes: "Yes, remove it",
				Confirm: "confirm-remove-passkey", Cancel: "cancel-remove-passkey"}})
			return
		}
	}
	a.renderAccountView(w, r, http.StatusNotFound, templates.AccountView{Notice: "That passkey is not one of yours, or it was removed already."})
}

// passkeyList is the account page's list of u's passkeys.
func (a *Area) passkeyList(r *http.Request, u *store.User) (templates.PasskeyList, error) {
	keys, err := a.Accounts.Passkeys(r.Context(), u)
	if err != nil {
		return templates.PasskeyList{}, err
	}
	list := templates.PasskeyList{Offered: true}
	for _, k := range keys {
		row := templates.PasskeyRow{ID: base64.RawURLEncoding.EncodeToString(k.ID), Name: k.Name,
			Added: k.Created.UTC().Format("2 January 2006"), LastUsed: "never"}
		if !k.Used.IsZero() {
			row.LastUsed = k.Used.UTC().Format("2 January 2006, 15:04 UTC")
		}
		list.Keys = append(list.Keys, row)
	}
	return list, nil
}
