package account_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"boardroom/web/request"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"

	"github.com/stretchr/testify/require"
)

func TestSignUpLogInLogOut(t *testing.T) {
	ts := sitetest.New(t)
	c := ts.Browser(t)
	_, doc := webtest.Get(t, c, ts.URL+"/")
	require.Equal(t, 1, doc.Find("[data-testid=login-link]").Length(), "a guest is offered to log in")
	require.Zero(t, doc.Find("[data-testid=me]").Length())

	resp, _ := webtest.Post(t, c, ts.URL+"/signup", webtest.Account("Alice_1", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Equal(t, "/", resp.Header.Get("Location"))
	ck := webtest.SessionCookie(resp)
	require.NotNil(t, ck)
	require.True(t, ck.HttpOnly)
	require.Equal(t, http.SameSiteLaxMode, ck.SameSite)
	require.InDelta(t, 30*24*3600, ck.MaxAge, 1, "30 days")
	require.GreaterOrEqual(t, len(ck.Value), 40)

	_, doc = webtest.Get(t, c, ts.URL+"/")
	me := doc.Find("a[data-testid=me]")
	require.Equal(t, "Alice_1", me.Text())
	require.Equal(t, "/@/Alice_1", me.AttrOr("href", ""))
	require.Equal(t, 1, doc.Find("[data-action=logout]").Length())
	_, doc = webtest.Get(t, c, ts.URL+"/@/alice_1")
	require.Equal(t, "Alice_1", doc.Find("h1").Text(), "the player's page, in any case")

	resp, _ = webtest.Post(t, c, ts.URL+"/logout", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc = webtest.Get(t, c, ts.URL+"/")
	require.Zero(t, doc.Find("[data-testid=me]").Length(), "logged out")

	resp, _ = webtest.Post(t, c, ts.URL+"/login", webtest.Account("ALICE_1", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "log-in accepts any case")
	_, doc = webtest.Get(t, c, ts.URL+"/account")
	require.Equal(t, 1, doc.Find("[data-testid=session]").Length(), "this log-in (the first was ended)")
}

// TestAccountFormsRefuseBadInput: each bad input is refused with a clear
// message on the form, and makes no account.
func TestAccountFormsRefuseBadInput(t *testing.T) {
	ts := sitetest.New(t)
	c := ts.Browser(t)
	resp, _ := webtest.Post(t, c, ts.URL+"/signup", webtest.Account("taken", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	other := ts.Browser(t)
	tests := []struct {
		name, path string
		form       url.Values
		status     int
		says       string
	}{
		{"an over-long name", "/signup", webtest.Account(strings.Repeat("n", 21), "a long password"), 400, "at most 20"},
		{"a name taken in another case", "/signup", webtest.Account("TAKEN", "a long password"), 400, "taken"},
		{"a look-alike name", "/signup", webtest.Account("t\u0430ken", "a long password"), 400, "only letters"},
		{"an empty password", "/signup", webtest.Account("newname", ""), 400, "Choose a password"},
		{"a huge password", "/signup", webtest.Account("newname", strings.Repeat("p", 5000)), 400, "at most 256"},
		{"a wrong password", "/login", webtest.Account("taken", "not the password"), 401, "wrong"},
		{"an unknown name", "/login", webtest.Account("nobody", "a long password"), 401, "wrong"},
		{"a huge password at log-in", "/login", webtest.Account("taken", strings.Repeat("p", 5000)), 401, "wrong"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, doc := webtest.Post(t, other, ts.URL+tc.path, tc.form)
			require.Equal(t, tc.status, resp.StatusCode)
			require.Nil(t, webtest.SessionCookie(resp), "nobody logged in")
			require.Contains(t, doc.Find("[data-testid=form-error]").Text(), tc.says)
			require.NotContains(t, doc.Text(), tc.form.Get("password")+"x", "the password is not shown back")
		})
	}
}

// TestAccountsAreProtected: a form posted from another site is refused;
// a session cookie is worthless after "log out everywhere"; log-ins are
// throttled per account and network (TestNextStaysOnTheSite has next).
func TestAccountsAreProtected(t *testing.T) {
	ts := sitetest.New(t)
	phone, laptop := ts.Browser(t), ts.Browser(t)
	resp, _ := webtest.Post(t, phone, ts.URL+"/signup", webtest.Account("bob", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, _ = webtest.Post(t, laptop, ts.URL+"/login", webtest.Account("bob", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	laptopCookie := webtest.SessionCookie(resp)

	for _, path := range []string{"/signup", "/login", "/logout", "/account/logout-everywhere", "/account/sessions/end", "/account/password"} {
		req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(webtest.Account("bob", "a long password").Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		resp, err := phone.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusForbidden, resp.StatusCode, "%s from another site", path)
	}

	resp, _ = webtest.Post(t, phone, ts.URL+"/account/logout-everywhere", url.Values{"confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/account", nil)
	req.AddCookie(&http.Cookie{Name: request.SessionCookie, Value: laptopCookie.Value})
	resp, err := http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "the laptop's cookie no longer logs in")
	require.Contains(t, resp.Header.Get("Location"), "/login")

	guesser := ts.Browser(t)
	statuses := map[int]int{}
	for range 8 {
		resp, _ := webtest.Post(t, guesser, ts.URL+"/login", webtest.Account("bob", "guess guess"))
		statuses[resp.StatusCode]++
	}
	require.Equal(t, 4, statuses[http.StatusUnauthorized], "five tries at one account from one network a minute: the laptop's, and four guesses")
	require.Equal(t, 4, statuses[http.StatusTooManyRequests])

	_, doc := webtest.Get(t, phone, ts.URL+"/@/nobody")
	require.Contains(t, doc.Find("h1").Text(), "No such player")
}

// loggedIn says whether c's cookie still opens the account page.
func loggedIn(t *testing.T, ts *webtest.Node, c *http.Client) bool {
	t.Helper()
	resp, _ := webtest.Get(t, c, ts.URL+"/account")
	return resp.StatusCode == http.StatusOK
}

// otherSessionID is the form's name of the first session on c's account
// page that is not c's own.
func otherSessionID(t *testing.T, ts *webtest.Node, c *http.Client) string {
	t.Helper()
	_, doc := webtest.Get(t, c, ts.URL+"/account")
	id := doc.Find("form[action='/account/sessions/end'] input[name=session]").First().AttrOr("value", "")
	require.NotEmpty(t, id, "another session listed with its Log out")
	return id
}

// TestEndOneSession (issue 42, Account): the account page logs one other
// device out: its cookie opens nothing, its site socket closes, the
// others stay. Another account's session cannot be ended by naming it,
// nor by a guest.
func TestEndOneSession(t *testing.T) {
	ts := sitetest.New(t)
	laptop := ts.SignedUp(t, "alice")
	phone := ts.LogIn(t, "alice")
	carol := ts.SignedUp(t, "carol")
	_, doc := webtest.Get(t, laptop, ts.URL+"/account")
	require.Equal(t, 2, doc.Find("[data-testid=session] [data-action=end-session]").Length(), "a Log out for each")
	require.Equal(t, "/logout", doc.Find("[data-testid=session]:has(.badge) form").AttrOr("action", ""), "this browser's is the log-out")
	id := otherSessionID(t, ts, laptop)

	resp, _ := webtest.Post(t, carol, ts.URL+"/account/sessions/end", url.Values{"session": {id}})
	require.Equal(t, http.StatusNotFound, resp.StatusCode, "another account's session, named")
	resp, _ = webtest.Post(t, ts.Browser(t), ts.URL+"/account/sessions/end", url.Values{"session": {id}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "a guest is sent to log in")
	require.True(t, loggedIn(t, ts, phone), "nothing ended")

	socket := map[string]<-chan webtest.Closed{"the phone's site": webtest.Closing(ts.OpenSite(t, phone).WS)}
	kept := ts.OpenSite(t, laptop)
	start := time.Now()
	resp, doc = webtest.Post(t, laptop, ts.URL+"/account/sessions/end", url.Values{"session": {id}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "Logged out of A program.", doc.Find("[data-testid=account-notice]").Text())
	require.Equal(t, 1, doc.Find("[data-testid=session]").Length())
	webtest.ClosedBy(t, start, socket)
	kept.StillWorks()
	require.False(t, loggedIn(t, ts, phone), "the phone's cookie opens nothing")
	require.True(t, loggedIn(t, ts, laptop))
	require.True(t, loggedIn(t, ts, carol))
}

// TestChangePassword (issue 42, Account): the current password is asked
// first; a wrong one changes nothing. The right one changes it: the old
// no longer logs in, the new one does, and the account's other sessions
// end (their sockets close) while this one stays.
func TestChangePassword(t *testing.T) {
	ts := sitetest.New(t)
	laptop := ts.SignedUp(t, "alice")
	phone := ts.LogIn(t, "alice")
	_, doc := webtest.Get(t, laptop, ts.URL+"/account")
	form := doc.Find("form[data-testid=change-password]")
	require.Equal(t, "current-password", form.Find("input[name=current]").AttrOr("autocomplete", ""))
	require.Equal(t, "new-password", form.Find("input[name=new]").AttrOr("autocomplete", ""))

	resp, doc := webtest.Post(t, laptop, ts.URL+"/account/password", url.Values{"current": {"not it at all"}, "new": {"a newer password"}})
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Contains(t, doc.Find("[data-testid=password-error]").Text(), "not your password")
	require.Equal(t, "true", doc.Find("input[name=current]").AttrOr("aria-invalid", ""))
	require.True(t, loggedIn(t, ts, phone), "nothing changed")

	socket := map[string]<-chan webtest.Closed{"the phone's site": webtest.Closing(ts.OpenSite(t, phone).WS)}
	resp, doc = webtest.Post(t, laptop, ts.URL+"/account/password", url.Values{"current": {"a long password"}, "new": {"a newer password"}})
	// The phone's socket closes within a second of the answer. Not of the
	// post: the change hashes two passwords (argon2id) before it ends any
	// session, which under -race on a busy machine took more than the
	// second by itself.
	answered := time.Now()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "Your password is changed. Logged out of 1 other device: each logs in with the new one.",
		doc.Find("[data-testid=account-notice]").Text())
	webtest.ClosedBy(t, answered, socket)
	require.False(t, loggedIn(t, ts, phone), "the other session ended")
	require.True(t, loggedIn(t, ts, laptop), "this one stays")

	resp, _ = webtest.Post(t, ts.Browser(t), ts.URL+"/login", webtest.Account("alice", "a long password"))
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "the old password")
	resp, _ = webtest.Post(t, ts.Browser(t), ts.URL+"/login", webtest.Account("alice", "a newer password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "the new one")
}

// TestChangePasswordCountsAsLogIns: the form guesses no faster than the
// log-in page: its tries take from the same limits, and once they are
// spent the right password is refused too. A new password is checked as a
// sign-up's is.
func TestChangePasswordCountsAsLogIns(t *testing.T) {
	ts := sitetest.New(t)
	alice := ts.SignedUp(t, "alice")
	resp, doc := webtest.Post(t, alice, ts.URL+"/account/password", url.Values{"current": {"a long password"}, "new": {"short"}})
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	require.Contains(t, doc.Find("[data-testid=password-error]").Text(), "at least 8")
	for range 4 {
		resp, _ = webtest.Post(t, alice, ts.URL+"/account/password", url.Values{"current": {"a guess"}, "new": {"a newer password"}})
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	}
	resp, doc = webtest.Post(t, alice, ts.URL+"/account/password", url.Values{"current": {"a long password"}, "new": {"a newer password"}})
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "five tries at the account from one network a minute")
	require.Contains(t, doc.Find("[data-testid=password-error]").Text(), "wait a minute")
	resp, _ = webtest.Post(t, ts.Browser(t), ts.URL+"/login", webtest.Account("alice", "a long password"))
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "one budget with the log-in page")
}

// TestLogOutEverywhereAsksFirst (issue 42, Account): Log out everywhere
// asks first, on the page, saying how many devices it logs out, and ends
// nothing until confirmed; then the page it lands on says what it did.
func TestLogOutEverywhereAsksFirst(t *testing.T) {
	ts := sitetest.New(t)
	laptop := ts.SignedUp(t, "alice")
	phone, tablet := ts.LogIn(t, "alice"), ts.LogIn(t, "alice")
	resp, doc := webtest.Post(t, laptop, ts.URL+"/account/logout-everywhere", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	question := doc.Find("[data-testid=ask-logout-everywhere]")
	require.Contains(t, question.Text(), "You are logged out here and on 2 other devices")
	require.Equal(t, "yes", question.Find("input[name=confirm]").AttrOr("value", ""))
	require.Equal(t, "/account", question.Find("[data-action=cancel-logout-everywhere]").AttrOr("href", ""))
	require.True(t, loggedIn(t, ts, phone), "nothing ended yet")

	resp, doc = webtest.Post(t, laptop, ts.URL+"/account/logout-everywhere", url.Values{"confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "You are logged out everywhere: this browser and 2 other devices.", doc.Find("[data-testid=account-notice]").Text())
	require.Equal(t, 1, doc.Find("form[data-testid=login]").Length(), "on the log-in page")
	require.Equal(t, 1, doc.Find("[data-testid=login-link]").Length(), "as a guest")
	for _, c := range []*http.Client{laptop, phone, tablet} {
		require.False(t, loggedIn(t, ts, c))
	}
}
