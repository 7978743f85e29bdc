package account

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"boardroom/push"
	"boardroom/store"
	"boardroom/web/request"
)

// Web Push's subscriptions (docs/protocol.md, "Web Push"): a signed-in
// browser asks for the site's public key (GET /push/key), subscribes with
// it at its push service, and posts the PushSubscription it got (POST
// /push/subscriptions) or takes it back (DELETE). Each is one device of
// the account; the notifications themselves are sent elsewhere. Posts and
// deletes are same-origin only, as every state-changing request is
// (the server's http.CrossOriginProtection).

// PushConfig is what the subscriptions' endpoints need of the server.
type PushConfig struct {
	// Store keeps the key pair and the subscriptions.
	Store store.Push
	// Hosts are the push services an endpoint may name (nil:
	// push.DefaultHosts; empty, not nil: none).
	Hosts push.Hosts
	// Keys is the site's VAPID pair, as cmd/web loaded it at start (zero:
	// loaded from, or made in, Store at the first request that needs it).
	Keys push.Keys

	mu sync.Mutex // guards Keys while it is loaded
}

// MaxPushBytes bounds a subscription's post: an endpoint is at most 2 KiB
// (push.ParseSubscription) and its keys a few hundred bytes.
const MaxPushBytes = 8 << 10

// PushSubscribesPerAccount bounds an account's subscriptions a minute: a
// browser subscribes once a page load at most.
const PushSubscribesPerAccount = 30

// pushRoutes serves the subscriptions when the server keeps them.
func (a *Area) pushRoutes(mux *http.ServeMux) {
	if a.Push == nil || a.Push.Store == nil {
		return
	}
	mux.HandleFunc("GET /push/key", a.pushKey)
	mux.HandleFunc("GET /push/subscriptions", a.pushDevices)
	mux.HandleFunc("POST /push/subscriptions", a.pushSubscribe)
	mux.HandleFunc("DELETE /push/subscriptions", a.pushUnsubscribe)
	mux.HandleFunc("POST /account/push/remove", a.pushDeviceRemove)
}

// keys is the site's pair, loaded once: every node loads the one the store
// keeps, so a subscription made through one is signed for by all.
func (p *PushConfig) keys(r *http.Request) (push.Keys, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.Keys.Public != "" {
		return p.Keys, nil
	}
	k, err := push.LoadKeys(r.Context(), p.Store.PushKeys)
	if err != nil {
		return push.Keys{}, err // asked again at the next request
	}
	p.Keys = k
	return k, nil
}

// pushKey answers the public key browsers subscribe with, as JSON
// ({"key": base64url}): the same on every node and for everyone.
func (a *Area) pushKey(w http.ResponseWriter, r *http.Request) {
	k, err := a.Push.keys(r)
	if err != nil {
		a.Kit.LogFailure(r, "push key", err)
		answerProblem(w, http.StatusServiceUnavailable, "Notifications cannot be set up just now; try again in a moment.")
		return
	}
	answerJSON(w, http.StatusOK, map[string]string{"key": k.Public})
}

// pushUser is the signed-in player of a subscription's request; nil when
// there is none (answered already).
func pushUser(w http.ResponseWriter, r *http.Request) *store.User {
	u := request.User(r)
	if u == nil {
		answerProblem(w, http.StatusUnauthorized, "Log in first: notifications are sent to your account's devices.")
	}
	return u
}

// readPushBody reads a subscription's request; false when it could not be
// read (answered already).
func readPushBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	return readSmallBody(w, r, MaxPushBytes, "That is too long to be a push subscription.", "The subscription could not be read; try again.")
}

// pushSubscribe stores the browser's PushSubscription for the player,
// once push.ParseSubscription passed it: an endpoint off the allow-list
// is refused with the reason, and nothing is stored.
func (a *Area) pushSubscribe(w http.ResponseWriter, r *http.Request) {
	u := pushUser(w, r)
	if u == nil {
		return
	}
	if !a.Kit.TakeLimit(r, "push-subscribe/"+u.Key, PushSubscribesPerAccount) {
		answerProblem(w, http.StatusTooManyRequests, "You subscribed many times in a minute; wait a minute and try again.")
		return
	}
	body, ok := readPushBody(w, r)
	if !ok {
		return
	}
	hosts := a.Push.Hosts
	if hosts == nil {
		hosts = push.DefaultHosts
	}
	sub, err := push.ParseSubscription(body, hosts)
	if err != nil {
		// The reason is the package's sentence without its prefix: what
		// the page may show.
		reason := strings.TrimPrefix(err.Error(), push.ErrBadSubscription.Error()+": ")
		answerProblem(w, http.StatusBadRequest, "This subscription is refused: "+reason+".")
		return
	}
	err = a.Push.Store.AddPushSubscription(r.Context(), store.PushSubscription{UserID: u.ID, Endpoint: sub.Endpoint,
		P256dh: sub.Keys.P256dh, Auth: sub.Keys.Auth, Subscribed: time.Now()})
	if err != nil {
		a.Kit.LogFailure(r, "push subscribe", err)
		answerProblem(w, http.StatusServiceUnavailable, "Notifications cannot be set up just now; try again in a moment.")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// pushUnsubscribe removes one of the player's subscriptions, named by its
// endpoint (the PushSubscription's JSON, or {"endpoint": ...}). One that
// is not theirs, or gone already, is as asked: 204 all the same, which
// says nothing of another account's devices.
func (a *Area) pushUnsubscribe(w http.ResponseWriter, r *http.Request) {
	u := pushUser(w, r)
	if u == nil {
		return
	}
	body, ok := readPushBody(w, r)
	if !ok {
		return
	}
	var sub struct {
		Endpoint string `json:"endpoint"`
	}
	if err := json.Unmarshal(body, &sub); err != nil || sub.Endpoint == "" {
		answerProblem(w, http.StatusBadRequest, "Say which subscription to remove: its endpoint.")
		return
	}
	err := a.Push.Store.RemovePushSubscription(r.Context(), u.ID, sub.Endpoint)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		a.Kit.LogFailure(r, "push unsubscribe", err)
		answerProblem(w, http.StatusServiceUnavailable, "The subscription could not be removed just now; try again in a moment.")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
