package account

import (
	"errors"
	"net/http"

	"boardroom/push"
	"boardroom/store"
	"boardroom/web/templates"
)

// The account page's devices that notifications are pushed to: each named
// by its push service and when it subscribed, never by its endpoint (the
// subscription's secret), and removable by a form of the page. The form
// names a device by push.DeviceID, looked up among the signed-in
// account's own devices only, so no account can remove another's.

// pushDeviceList is the account page's list of u's devices.
func (a *Area) pushDeviceList(r *http.Request, u *store.User) (templates.PushDevices, error) {
	if a.Push == nil || a.Push.Store == nil {
		return templates.PushDevices{}, nil
	}
	subs, err := a.Push.Store.PushSubscriptions(r.Context(), u.ID)
	if err != nil {
		return templates.PushDevices{}, err
	}
	list := templates.PushDevices{Offered: true}
	for _, s := range subs {
		host, browser := push.ServiceOf(s.Endpoint)
		list.Devices = append(list.Devices, templates.PushDeviceRow{ID: push.DeviceID(s.Endpoint), Host: host, Browser: browser,
			Subscribed: s.Subscribed.UTC().Format("2 January 2006, 15:04 UTC")})
	}
	return list, nil
}

// pushDeviceRemove removes one of the player's devices (the account page's
// Remove beside it): its browser is sent no more notifications.
func (a *Area) pushDeviceRemove(w http.ResponseWriter, r *http.Request) {
	u, ok := a.readAccountPost(w, r)
	if !ok {
		return
	}
	fail := func(err error) {
		a.Kit.LogFailure(r, "remove push device", err)
		a.renderAccountView(w, r, http.StatusServiceUnavailable, templates.AccountView{Notice: "That device could not be removed just now; try again in a moment."})
	}
	subs, err := a.Push.Store.PushSubscriptions(r.Context(), u.ID)
	if err != nil {
		fail(err)
		return
	}
	id := r.PostForm.Get("device")
	for _, s := range subs {
		if push.DeviceID(s.Endpoint) != id {
			continue
		}
		err := a.Push.Store.RemovePushSubscription(r.Context(), u.ID, s.Endpoint)
		if err != nil && !errors.Is(err, store.ErrNotFound) { // gone already: as asked
			fail(err)
			return
		}
		host, browser := push.ServiceOf(s.Endpoint)
		name := templates.PushDeviceRow{Host: host, Browser: browser}.Name()
		a.renderAccountView(w, r, http.StatusOK, templates.AccountView{Notice: "Notifications to " + name + " through " + host + " are stopped."})
		return
	}
	a.renderAccountView(w, r, http.StatusNotFound, templates.AccountView{Notice: "That device is not one of yours, or it was removed already."})
}

// pushDevices answers the player's devices by push.DeviceID
// ({"devices": [...]}), never their endpoints: a browser holding a
// subscription sees whether the server still sends to it (removed on the
// account page, from another device, or dropped as gone), and the bell
// then says it is not subscribed.
func (a *Area) pushDevices(w http.ResponseWriter, r *http.Request) {
	u := pushUser(w, r)
	if u == nil {
		return
	}
	subs, err := a.Push.Store.PushSubscriptions(r.Context(), u.ID)
	if err != nil {
		a.Kit.LogFailure(r, "push devices", err)
		answerProblem(w, http.StatusServiceUnavailable, "Your devices could not be read just now; try again in a moment.")
		return
	}
	ids := []string{}
	for _, s := range subs {
		ids = append(ids, push.DeviceID(s.Endpoint))
	}
	answerJSON(w, http.StatusOK, map[string][]string{"devices": ids})
}
