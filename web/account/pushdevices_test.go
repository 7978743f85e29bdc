package account_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/push"
	"boardroom/web/webtest"
)

// TestPushDevicesOnTheAccountPage (issue 39, item 5): the account page lists
// the player's devices by push service and date, never an endpoint, each
// with a Remove that stops only the player's own, signed in, same-origin.
func TestPushDevicesOnTheAccountPage(t *testing.T) {
	ts, rcv := pushSite(t, webtest.Options{})
	alice, bob, guest := newVisitor(t, ts, "192.0.2.1"), newVisitor(t, ts, "192.0.2.2"), newVisitor(t, ts, "192.0.2.3")
	alice.signUp("alice")
	bob.signUp("bob")
	aliceAbroad := newVisitor(t, ts, "192.0.2.1")
	aliceAbroad.cookies = alice.cookies
	aliceAbroad.header = http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://elsewhere.example"}}

	_, phone := rcv.Subscribe()
	_, laptop := rcv.Subscribe()
	_, tablet := rcv.Subscribe()
	for _, s := range []struct {
		who *visitor
		sub []byte
	}{{alice, phone}, {alice, laptop}, {bob, tablet}} {
		require.Equal(t, http.StatusNoContent, s.who.do(http.MethodPost, "/push/subscriptions", "application/json", s.sub).StatusCode)
	}

	page := alice.do(http.MethodGet, "/account", "", nil)
	html, err := io.ReadAll(page.Body)
	require.NoError(t, err)
	for _, sub := range [][]byte{phone, laptop} {
		end := endpointOf(t, sub)
		require.NotContains(t, string(html), end[strings.LastIndex(end, "/"):], "an endpoint is the device's secret")
	}
	doc := alice.page("/account")
	rows := doc.Find("[data-testid=push-device]")
	require.Equal(t, 2, rows.Length())
	require.Contains(t, rows.First().Text(), "through "+rcv.Host())
	require.Equal(t, 0, bob.page("/account").Find("[data-testid=no-push-devices]").Length())

	// What a browser asks to see whether the server still sends to it.
	for _, tc := range []struct {
		who    *visitor
		status int
		want   []string
	}{
		{alice, http.StatusOK, []string{push.DeviceID(endpointOf(t, phone)), push.DeviceID(endpointOf(t, laptop))}},
		{bob, http.StatusOK, []string{push.DeviceID(endpointOf(t, tablet))}},
		{guest, http.StatusUnauthorized, nil},
	} {
		resp := tc.who.do(http.MethodGet, "/push/subscriptions", "", nil)
		require.Equal(t, tc.status, resp.StatusCode)
		if tc.want != nil {
			var got struct{ Devices []string }
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&got))
			require.ElementsMatch(t, tc.want, got.Devices)
		}
	}

	remove := func(sub []byte) []byte {
		return []byte(url.Values{"device": {push.DeviceID(endpointOf(t, sub))}}.Encode())
	}
	const form = "application/x-www-form-urlencoded"
	for _, s := range []struct {
		name   string
		who    *visitor
		body   []byte
		status int
		notice string
		alice  [][]byte
		bob    [][]byte
	}{
		{name: "another account's device", who: alice, body: remove(tablet), status: http.StatusNotFound,
			notice: "not one of yours", alice: [][]byte{phone, laptop}, bob: [][]byte{tablet}},
		{name: "not signed in", who: guest, body: remove(phone), status: http.StatusSeeOther,
			alice: [][]byte{phone, laptop}, bob: [][]byte{tablet}},
		{name: "from another site", who: aliceAbroad, body: remove(phone), status: http.StatusForbidden,
			alice: [][]byte{phone, laptop}, bob: [][]byte{tablet}},
		{name: "one's own", who: alice, body: remove(phone), status: http.StatusOK,
			notice: "Notifications to A browser through " + rcv.Host() + " are stopped.", alice: [][]byte{laptop}, bob: [][]byte{tablet}},
		{name: "one's own again", who: alice, body: remove(phone), status: http.StatusNotFound,
			notice: "removed already", alice: [][]byte{laptop}, bob: [][]byte{tablet}},
	} {
		t.Run(s.name, func(t *testing.T) {
			resp := s.who.do(http.MethodPost, "/account/push/remove", form, s.body)
			require.Equal(t, s.status, resp.StatusCode)
			if s.notice != "" {
				body, _ := io.ReadAll(resp.Body)
				require.Contains(t, string(body), s.notice)
			}
			for _, who := range []struct {
				v    *visitor
				want [][]byte
			}{{alice, s.alice}, {bob, s.bob}} {
				var ids, want []string
				who.v.page("/account").Find("[data-testid=push-device] input[name=device]").Each(func(_ int, sel *goquery.Selection) {
					ids = append(ids, sel.AttrOr("value", ""))
				})
				for _, sub := range who.want {
					want = append(want, push.DeviceID(endpointOf(t, sub)))
				}
				require.ElementsMatch(t, want, ids)
			}
		})
	}
}
