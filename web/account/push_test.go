package account_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/push"
	"boardroom/push/pushtest"
	"boardroom/store"
	"boardroom/web"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// pushSite is the site with one push service allowed: a local receiver,
// whose subscriptions are a browser's.
func pushSite(t *testing.T, o webtest.Options) (*webtest.Node, *pushtest.Receiver) {
	rcv := pushtest.New(t)
	ts := webtest.Start(t, sitetest.ServeWith(func(s *web.Server) { s.PushHosts = push.Hosts{rcv.Host()} }), o)
	return ts, rcv
}

// endpointOf is a subscription's endpoint.
func endpointOf(t *testing.T, subscription []byte) string {
	var s push.Subscription
	require.NoError(t, json.Unmarshal(subscription, &s))
	return s.Endpoint
}

// TestPushSubscriptions: a signed-in browser posts its PushSubscription,
// same-origin, and takes it back; what is refused stores nothing, and
// nobody removes another account's device.
func TestPushSubscriptions(t *testing.T) {
	ts, rcv := pushSite(t, webtest.Options{})
	alice, bob, guest := newVisitor(t, ts, "192.0.2.1"), newVisitor(t, ts, "192.0.2.2"), newVisitor(t, ts, "192.0.2.3")
	alice.signUp("alice")
	bob.signUp("bob")
	// The same browsers, from a page of another site.
	aliceAbroad, bobAbroad := newVisitor(t, ts, "192.0.2.1"), newVisitor(t, ts, "192.0.2.2")
	aliceAbroad.cookies, bobAbroad.cookies = alice.cookies, bob.cookies
	aliceAbroad.header = http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://elsewhere.example"}}
	bobAbroad.header = aliceAbroad.header

	_, phone := rcv.Subscribe()
	_, laptop := rcv.Subscribe()
	_, tablet := rcv.Subscribe()
	// A well-made subscription at a push service not on the list.
	var offList push.Subscription
	require.NoError(t, json.Unmarshal(tablet, &offList))
	offList.Endpoint = "https://push.attacker.example/inbox"
	offListJSON, _ := json.Marshal(offList)
	plain := offList
	plain.Endpoint = "http://" + rcv.Host() + "/push/x"
	plainJSON, _ := json.Marshal(plain)
	badKey := offList
	badKey.Endpoint, badKey.Keys.P256dh = endpointOf(t, tablet), "AAAA"
	badKeyJSON, _ := json.Marshal(badKey)
	endpointOnly := func(sub []byte) []byte {
		b, _ := json.Marshal(map[string]string{"endpoint": endpointOf(t, sub)})
		return b
	}

	devices := func(name string) []string {
		t.Helper()
		u, err := ts.Store.UserByKey(t.Context(), name)
		require.NoError(t, err)
		list, err := ts.Store.PushSubscriptions(t.Context(), u.ID)
		require.NoError(t, err)
		var out []string
		for _, s := range list {
			out = append(out, s.Endpoint)
		}
		return out
	}
	ep := func(sub []byte) []string { return []string{endpointOf(t, sub)} }

	steps := []struct {
		name   string
		who    *visitor
		method string
		body   []byte
		status int
		error  string // in the answer's {"error"}
		alice  []string
		bob    []string
	}{
		{name: "good subscribe", who: alice, method: http.MethodPost, body: phone, status: http.StatusNoContent, alice: ep(phone)},
		{name: "duplicate", who: alice, method: http.MethodPost, body: phone, status: http.StatusNoContent, alice: ep(phone)},
		{name: "not signed in", who: guest, method: http.MethodPost, body: laptop, status: http.StatusUnauthorized,
			error: "Log in first", alice: ep(phone)},
		{name: "cross-origin refused", who: aliceAbroad, method: http.MethodPost, body: laptop, status: http.StatusForbidden, alice: ep(phone)},
		{name: "endpoint off the allow-list", who: alice, method: http.MethodPost, body: offListJSON, status: http.StatusBadRequest,
			error: "push.attacker.example is not a push service this site sends to", alice: ep(phone)},
		{name: "endpoint not https", who: alice, method: http.MethodPost, body: plainJSON, status: http.StatusBadRequest,
			error: "not an https URL", alice: ep(phone)},
		{name: "bad key", who: alice, method: http.MethodPost, body: badKeyJSON, status: http.StatusBadRequest,
			error: "keys.p256dh", alice: ep(phone)},
		{name: "malformed JSON", who: alice, method: http.MethodPost, body: []byte(`{"endpoint": "https://`), status: http.StatusBadRequest,
			error: "not a PushSubscription's JSON", alice: ep(phone)},
		{name: "bob's own", who: bob, method: http.MethodPost, body: laptop, status: http.StatusNoContent, alice: ep(phone), bob: ep(laptop)},
		{name: "alice subscribes the tablet", who: alice, method: http.MethodPost, body: tablet, status: http.StatusNoContent,
			alice: append(ep(tablet), ep(phone)...), bob: ep(laptop)},
		{name: "bob logs in on it: it moves", who: bob, method: http.MethodPost, body: tablet, status: http.StatusNoContent,
			alice: ep(phone), bob: append(ep(tablet), ep(laptop)...)},
		{name: "delete someone else's does nothing", who: alice, method: http.MethodDelete, body: endpointOnly(laptop), status: http.StatusNoContent,
			alice: ep(phone), bob: append(ep(tablet), ep(laptop)...)},
		{name: "delete not signed in", who: guest, method: http.MethodDelete, body: laptop, status: http.StatusUnauthorized,
			alice: ep(phone), bob: append(ep(tablet), ep(laptop)...)},
		{name: "delete cross-origin refused", who: bobAbroad, method: http.MethodDelete, body: laptop, status: http.StatusForbidden,
			alice: ep(phone), bob: append(ep(tablet), ep(laptop)...)},
		{name: "delete naming nothing", who: bob, method: http.MethodDelete, body: []byte(`{}`), status: http.StatusBadRequest,
			error: "endpoint", alice: ep(phone), bob: append(ep(tablet), ep(laptop)...)},
		{name: "delete own, by its subscription", who: bob, method: http.MethodDelete, body: laptop, status: http.StatusNoContent,
			alice: ep(phone), bob: ep(tablet)},
		{name: "delete own, by its endpoint", who: alice, method: http.MethodDelete, body: endpointOnly(phone), status: http.StatusNoContent,
			bob: ep(tablet)},
		{name: "delete again", who: alice, method: http.MethodDelete, body: endpointOnly(phone), status: http.StatusNoContent,
			bob: ep(tablet)},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			resp := s.who.do(s.method, "/push/subscriptions", "application/json", s.body)
			require.Equal(t, s.status, resp.StatusCode)
			if s.error != "" {
				var out map[string]string
				require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
				require.Contains(t, out["error"], s.error)
			}
			require.ElementsMatch(t, s.alice, devices("alice"), "alice's devices")
			require.ElementsMatch(t, s.bob, devices("bob"), "bob's devices")
		})
	}
}

// TestPushKeyOneForAllNodes: two servers on one database give browsers the
// same public key, made once (a P-256 point), whoever asks and however
// often; it is the one the store keeps.
func TestPushKeyOneForAllNodes(t *testing.T) {
	first, _ := pushSite(t, webtest.Options{})
	second, _ := pushSite(t, webtest.Options{Store: first.Store})
	key := func(n *webtest.Node) string {
		t.Helper()
		resp := newVisitor(t, n, "192.0.2.9").do(http.MethodGet, "/push/key", "", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"))
		var out struct{ Key string }
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
		return out.Key
	}
	k := key(second)
	point, err := base64.RawURLEncoding.DecodeString(k)
	require.NoError(t, err)
	require.Len(t, point, 65, "an uncompressed P-256 point")
	require.Equal(t, byte(4), point[0])
	require.Equal(t, k, key(first), "the other node's")
	require.Equal(t, k, key(second), "and again")

	var st store.Push = first.Store
	stored, _, err := st.PushKeys(t.Context(), func() (string, string, error) { return "another", "pair", nil })
	require.NoError(t, err)
	require.Equal(t, k, stored)
}
