package play_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/web/request"
	"boardroom/web/webtest"
)

// challengeFrom sends a challenge to name from c's browser, rated or not,
// and returns the answer's status and what the player page says of it.
func (ts *testServer) challengeFrom(t *testing.T, c *http.Client, name string, rated bool) (int, string) {
	t.Helper()
	webtest.Get(t, c, ts.URL+"/") // the browser's token
	form := url.Values{"game": {"kalah"}, "clock": {"fast"}}
	if rated {
		form.Set("rated", "true")
	}
	resp, doc := webtest.Post(t, c, ts.URL+"/@/"+name+"/challenge", form)
	return resp.StatusCode, doc.Find("[data-testid=challenge-error]").Text()
}

// switchTo logs c's browser out, then into name's account by path
// (/signup or /login).
func (ts *testServer) switchTo(t *testing.T, c *http.Client, path, name string) {
	t.Helper()
	webtest.Post(t, c, ts.URL+"/logout", nil)
	resp, _ := webtest.Post(t, c, ts.URL+path, webtest.Account(name, "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
}

// A rated challenge between linked accounts is refused in words, a casual
// one sent: to one's own bot; between two accounts signed up, or logged
// in, one after the other in one browser; and when a session is used in
// a browser where another account was.
func TestNoRatedChallengeBetweenLinkedAccounts(t *testing.T) {
	for _, tc := range []struct {
		name string
		// accounts makes the two: the challenger's browser, and the name
		// of the one challenged.
		accounts func(t *testing.T, ts *testServer) (*http.Client, string)
		why      string
	}{
		{"one's own bot", func(t *testing.T, ts *testServer) (*http.Client, string) {
			owner := ts.SignedUp(t, "owner")
			ts.MakeBot(t, owner, "Deep")
			return owner, "Deep"
		}, "Deep is owner's bot, and a bot never plays its owner in a rated game: play it casual instead."},
		{"two sign-ups in one browser", func(t *testing.T, ts *testServer) (*http.Client, string) {
			c := ts.SignedUp(t, "ann")
			ts.switchTo(t, c, "/signup", "bea")
			return c, "ann"
		}, "bea and ann were both used in the same browser within the last day, so a game between them cannot be rated: play it casual instead."},
		{"a log-in in another's browser", func(t *testing.T, ts *testServer) (*http.Client, string) {
			ts.SignedUp(t, "ann")
			c := ts.SignedUp(t, "bea")
			ts.switchTo(t, c, "/login", "ann")
			return c, "bea"
		}, "ann and bea were both used in the same browser"},
		{"a session used in another browser", func(t *testing.T, ts *testServer) (*http.Client, string) {
			ann := ts.SignedUp(t, "ann")
			bea := ts.SignedUp(t, "bea")
			webtest.Get(t, bea, ts.URL+"/") // her browser's token
			u, _ := url.Parse(ts.URL)
			for _, ck := range ann.Jar.Cookies(u) {
				if ck.Name == request.SessionCookie { // Ann's session, in Bea's browser
					bea.Jar.SetCookies(u, []*http.Cookie{{Name: ck.Name, Value: ck.Value, Path: "/"}})
				}
			}
			webtest.Get(t, bea, ts.URL+"/")
			return ann, "bea"
		}, "ann and bea were both used in the same browser"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTestServer(t)
			from, to := tc.accounts(t, ts)
			status, why := ts.challengeFrom(t, from, to, true)
			require.Equal(t, http.StatusBadRequest, status)
			require.Contains(t, why, tc.why)
			status, why = ts.challengeFrom(t, from, to, false)
			require.Equal(t, http.StatusOK, status, why)
		})
	}
}

// Accounts linked after a rated challenge was sent cannot accept it: the
// answer says why, and no room is made.
func TestALinkedAccountCannotAcceptARatedChallenge(t *testing.T) {
	ts := newTestServer(t)
	carol, dave := ts.SignedUp(t, "carol"), ts.SignedUp(t, "dave")
	status, why := ts.challengeFrom(t, carol, "dave", true)
	require.Equal(t, http.StatusOK, status, why)
	page := ts.OpenSite(t, dave)
	m := page.Until("the challenge arrives", func(m webtest.SiteMessage) bool { return incoming(t, m).Length() == 1 })
	id := incoming(t, m).AttrOr("data-challenge", "")
	require.NotEmpty(t, id)

	ts.switchTo(t, carol, "/login", "dave") // Dave logs in at Carol's browser
	page.Say(`{"accept":"` + id + `"}`)
	m = page.Until("the answer", func(m webtest.SiteMessage) bool { return m.Error != "" || m.Go != "" })
	require.Empty(t, m.Go, "no room")
	require.Equal(t, "carol and dave were both used in the same browser within the last day, so a game between them cannot be rated: play it casual instead.", m.Error)
}
