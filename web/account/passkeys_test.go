package account_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/accounts"
	"boardroom/accounts/passkeytest"
	"boardroom/web/account"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// passkeyHost is the name the passkey tests reach the app by: a passkey
// needs a host name, never an IP address.
const passkeyHost = "localhost:8080"

// visitor is a browser of the app's handler, called directly from the
// address it names (each its own, so that tests do not share the log-in
// limits), with the cookies it was given.
type visitor struct {
	t       *testing.T
	h       http.Handler
	addr    string
	cookies map[string]*http.Cookie
	// header is added to every request (a cross-site page's, say).
	header http.Header
}

func newVisitor(t *testing.T, ts *webtest.Node, addr string) *visitor {
	return &visitor{t: t, h: ts.Config.Handler, addr: addr, cookies: map[string]*http.Cookie{}}
}

// do makes a request, keeps the cookies the answer sets, and returns it.
func (v *visitor) do(method, target, contentType string, body []byte) *http.Response {
	v.t.Helper()
	req := httptest.NewRequest(method, "http://"+passkeyHost+target, bytes.NewReader(body))
	req.RemoteAddr = v.addr + ":1234"
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36")
	for _, c := range v.cookies {
		req.AddCookie(c)
	}
	for k, vs := range v.header {
		req.Header[k] = vs
	}
	rec := httptest.NewRecorder()
	v.h.ServeHTTP(rec, req)
	resp := rec.Result()
	for _, c := range resp.Cookies() {
		if c.MaxAge < 0 {
			delete(v.cookies, c.Name)
		} else {
			v.cookies[c.Name] = &http.Cookie{Name: c.Name, Value: c.Value}
		}
	}
	return resp
}

func (v *visitor) json(target string, body []byte) (*http.Response, map[string]any) {
	v.t.Helper()
	resp := v.do(http.MethodPost, target, "application/json", body)
	var out map[string]any
	if resp.Header.Get("Content-Type") == "application/json; charset=utf-8" {
		require.NoError(v.t, json.NewDecoder(resp.Body).Decode(&out))
	}
	return resp, out
}

func (v *visitor) page(target string) *goquery.Document {
	v.t.Helper()
	resp := v.do(http.MethodGet, target, "", nil)
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	require.NoError(v.t, err)
	return doc
}

func (v *visitor) signUp(name string) {
	v.t.Helper()
	resp := v.do(http.MethodPost, "/signup", "application/x-www-form-urlencoded", []byte(webtest.Account(name, "a long password").Encode()))
	require.Equal(v.t, http.StatusSeeOther, resp.StatusCode)
}

// begin asks for a ceremony's options (path: "register" or "login").
func (v *visitor) begin(path string) []byte {
	v.t.Helper()
	resp := v.do(http.MethodPost, "/passkey/"+path+"/begin", "", nil)
	require.Equal(v.t, http.StatusOK, resp.StatusCode)
	var raw json.RawMessage
	require.NoError(v.t, json.NewDecoder(resp.Body).Decode(&raw))
	return raw
}

// addPasskey registers key on the visitor's account, as passkey.js does.
func (v *visitor) addPasskey(key *passkeytest.Authenticator) {
	v.t.Helper()
	body, err := key.Create(v.begin("register"))
	require.NoError(v.t, err)
	resp, out := v.json("/passkey/register/finish", body)
	require.Equal(v.t, http.StatusOK, resp.StatusCode, "%v", out)
	require.Equal(v.t, "/account", out["next"])
}

func newKey() *passkeytest.Authenticator {
	return passkeytest.New("http://"+passkeyHost, "localhost")
}

// TestPasskeyLogIn: a player adds a passkey on their account page, which
// lists it; logs out; and logs in with it alone, with no name typed,
// going on to the page they came from. The assertion that logged them in,
// posted again, logs nobody in: not to its own challenge (spent), not to a
// new one. The passkey keeps no sign count (as many synced ones), so only
// the challenges' single use stops the replay.
func TestPasskeyLogIn(t *testing.T) {
	ts := sitetest.New(t)
	me := newVisitor(t, ts, "192.0.2.1")
	doc := me.page("/login")
	require.Equal(t, 1, doc.Find("[data-action=passkey-login]").Length(), "the log-in page offers a passkey")
	require.Equal(t, 1, doc.Find(`script[src^="/static/passkey.js"]`).Length())
	me.signUp("Alice_1")
	doc = me.page("/account")
	require.Equal(t, 1, doc.Find("[data-action=add-passkey]").Length())
	require.Equal(t, 1, doc.Find("[data-testid=no-passkeys]").Length())

	resp := me.do(http.MethodPost, "/passkey/register/begin", "", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == account.PasskeyCookie {
			cookie = c
		}
	}
	require.NotNil(t, cookie, "the challenge's cookie")
	require.True(t, cookie.HttpOnly)
	require.Equal(t, http.SameSiteStrictMode, cookie.SameSite)
	require.Equal(t, "/passkey/", cookie.Path)
	require.Equal(t, int(accounts.ChallengeLife.Seconds()), cookie.MaxAge)

	key := newKey()
	key.NoCount = true
	me.addPasskey(key)
	doc = me.page("/account")
	rows := doc.Find("[data-testid=passkey]")
	require.Equal(t, 1, rows.Length())
	require.Contains(t, rows.Text(), "Chrome on Linux")
	require.Contains(t, rows.Text(), "last used never")

	require.Equal(t, http.StatusSeeOther, me.do(http.MethodPost, "/logout", "", nil).StatusCode)
	require.Zero(t, me.page("/").Find("[data-testid=me]").Length(), "logged out")

	body, err := key.Get(me.begin("login"))
	require.NoError(t, err)
	challenge := me.cookies[account.PasskeyCookie]
	resp, out := me.json("/passkey/login/finish?next="+url.QueryEscape("/rules"), body)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%v", out)
	require.Equal(t, "/rules", out["next"], "on to the page the log-in came from")
	require.NotNil(t, webtest.SessionCookie(resp))
	require.Equal(t, "Alice_1", me.page("/").Find("a[data-testid=me]").Text())
	require.NotContains(t, me.page("/account").Find("[data-testid=passkey]").Text(), "last used never", "its use is noted")

	thief := newVisitor(t, ts, "192.0.2.2")
	thief.cookies[account.PasskeyCookie] = challenge
	resp, out = thief.json("/passkey/login/finish", body)
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, "the answer again, to its own challenge")
	require.Nil(t, webtest.SessionCookie(resp))
	require.Contains(t, out["error"], "used already")
	thief.begin("login")
	resp, out = thief.json("/passkey/login/finish", body)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "the answer again, to a new challenge")
	require.Nil(t, webtest.SessionCookie(resp))
	require.Equal(t, "The passkey could not be checked; try again.", out["error"])
	require.Zero(t, thief.page("/").Find("[data-testid=me]").Length(), "the thief is nobody")

	doc = me.page("/account")
	id, _ := doc.Find("[data-testid=passkey] input[name=id]").Attr("value")
	resp = thief.do(http.MethodPost, "/account/passkeys/remove", "application/x-www-form-urlencoded", []byte(url.Values{"id": {id}, "confirm": {"yes"}}.Encode()))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Equal(t, "/login?next=%2Faccount", resp.Header.Get("Location"), "a guest removes nothing")
	resp = me.do(http.MethodPost, "/account/passkeys/remove", "application/x-www-form-urlencoded", []byte(url.Values{"id": {id}, "confirm": {"yes"}}.Encode()))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Equal(t, 1, me.page("/account").Find("[data-testid=no-passkeys]").Length(), "removed")
	body, err = key.Get(thief.begin("login"))
	require.NoError(t, err)
	resp, out = thief.json("/passkey/login/finish", body)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Contains(t, out["error"], "This passkey is not known here.")
}

// TestPasskeyBadAnswers: whatever is posted as a passkey's answer, the
// page gets a sentence and a 4xx, nobody is logged in and nothing panics.
func TestPasskeyBadAnswers(t *testing.T) {
	ts := sitetest.New(t)
	owner := newVisitor(t, ts, "192.0.2.1")
	owner.signUp("owner")
	known := newKey()
	owner.addPasskey(known)
	stranger := newKey()
	stranger.UserHandle = known.UserHandle

	tests := []struct {
		name   string
		body   func(options []byte) []byte
		status int
		says   string
	}{
		{"empty", func([]byte) []byte { return nil }, http.StatusUnauthorized, "could not be checked"},
		{"huge", func([]byte) []byte { return bytes.Repeat([]byte("a"), account.MaxPasskeyBytes+1) }, http.StatusRequestEntityTooLarge, "too long"},
		{"not JSON", func([]byte) []byte { return []byte("<html>") }, http.StatusUnauthorized, "could not be checked"},
		{"null", func([]byte) []byte { return []byte("null") }, http.StatusUnauthorized, "could not be checked"},
		{"wrong types", func([]byte) []byte { return []byte(`{"id":5,"rawId":[],"type":{},"response":"yes"}`) }, http.StatusUnauthorized, "could not be checked"},
		{"bad base64", func([]byte) []byte {
			return []byte(`{"id":"!!","rawId":"!!","type":"public-key","response":{"clientDataJSON":"%%","authenticatorData":"%%","signature":"%%"}}`)
		}, http.StatusUnauthorized, "could not be checked"},
		{"deeply nested", func([]byte) []byte { return []byte(strings.Repeat("[", 5000) + strings.Repeat("]", 5000)) }, http.StatusUnauthorized, "could not be checked"},
		{"an unknown passkey", func(o []byte) []byte { b, _ := stranger.Get(o); return b }, http.StatusUnauthorized, "This passkey is not known here."},
		{"no challenge asked", nil, http.StatusBadRequest, "try again"},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := newVisitor(t, ts, netip.AddrFrom4([4]byte{198, 51, 100, byte(i + 1)}).String())
			var body []byte
			if tc.body != nil {
				body = tc.body(v.begin("login"))
			} else {
				body, _ = known.Get(owner.begin("login")) // a good answer, but this browser asked nothing
			}
			resp, out := v.json("/passkey/login/finish", body)
			require.Equal(t, tc.status, resp.StatusCode)
			require.Nil(t, webtest.SessionCookie(resp))
			text, _ := out["error"].(string)
			require.Contains(t, text, tc.says)
			require.True(t, strings.HasSuffix(text, "."), "a sentence: %q", text)
		})
	}
	// The same for adding one.
	for i, body := range [][]byte{nil, []byte("{"), []byte(`{"id":"AA","type":"public-key","response":{"attestationObject":"AA","clientDataJSON":"AA"}}`)} {
		resp, out := owner.json("/passkey/register/finish", body)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%d, no challenge", i)
		owner.begin("register")
		resp, out = owner.json("/passkey/register/finish", body)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%d", i)
		require.Equal(t, "The passkey could not be checked; try again.", out["error"])
	}
}

// TestPasskeyLimits: a passkey's log-in counts with a password's in the
// limit of each address, and adding one needs an account.
func TestPasskeyLimits(t *testing.T) {
	ts := sitetest.New(t)
	v := newVisitor(t, ts, "203.0.113.9")
	for range accounts.LoginsPerAddr {
		require.Equal(t, http.StatusOK, v.do(http.MethodPost, "/passkey/login/begin", "", nil).StatusCode)
	}
	resp, out := v.json("/passkey/login/begin", nil)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	require.Contains(t, out["error"], "wait a minute")
	resp = v.do(http.MethodPost, "/login", "application/x-www-form-urlencoded", []byte(webtest.Account("someone", "a long password").Encode()))
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "and a password's log-in after them")

	guest := newVisitor(t, ts, "203.0.113.10")
	resp, out = guest.json("/passkey/register/begin", nil)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Contains(t, out["error"], "Log in first")

	for _, path := range []string{"/passkey/login/begin", "/passkey/login/finish", "/passkey/register/begin", "/account/passkeys/remove"} {
		req := httptest.NewRequest(http.MethodPost, "http://"+passkeyHost+path, nil)
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		rec := httptest.NewRecorder()
		ts.Config.Handler.ServeHTTP(rec, req)
		require.Equal(t, http.StatusForbidden, rec.Code, "%s from another site", path)
	}
}

// TestTryingPasskeysOut (issue 42, Account): a person trying passkeys out
// within a minute (adding one, giving up on the next, adding it again,
// logging out and in with them, removing one, adding another) never hears
// "Too many tries": adding passkeys to one's own account, in a live
// session, is no log-in guess. Logging in with one still counts.
// Removing one asks first, and removes only once confirmed.
func TestTryingPasskeysOut(t *testing.T) {
	ts := sitetest.New(t)
	me := newVisitor(t, ts, "198.51.100.7")
	me.signUp("Alice_1")
	first, second := newKey(), newKey()
	me.addPasskey(first)
	me.begin("register") // the browser's dialog, cancelled
	me.addPasskey(second)
	logIn := func(key *passkeytest.Authenticator) {
		body, err := key.Get(me.begin("login"))
		require.NoError(t, err)
		resp, out := me.json("/passkey/login/finish", body)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%v", out)
	}
	require.Equal(t, http.StatusSeeOther, me.do(http.MethodPost, "/logout", "", nil).StatusCode)
	logIn(first)
	me.begin("login") // cancelled
	logIn(second)

	doc := me.page("/account")
	require.Equal(t, 2, doc.Find("[data-testid=passkey]").Length())
	id := doc.Find("[data-testid=passkey] input[name=id]").First().AttrOr("value", "")
	form := "application/x-www-form-urlencoded"
	resp := me.do(http.MethodPost, "/account/passkeys/remove", form, []byte(url.Values{"id": {id}}.Encode()))
	require.Equal(t, http.StatusOK, resp.StatusCode, "asked first")
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	require.NoError(t, err)
	question := doc.Find("[data-testid=ask-remove-passkey]")
	require.Contains(t, question.Text(), "Remove the passkey Chrome on Linux?")
	require.Equal(t, id, question.Find("input[name=id]").AttrOr("value", ""))
	require.Equal(t, 1, question.Find("[data-action=confirm-remove-passkey]").Length())
	require.Equal(t, 2, doc.Find("[data-testid=passkey]").Length(), "nothing removed yet")
	resp = me.do(http.MethodPost, "/account/passkeys/remove", form, []byte(url.Values{"id": {id}, "confirm": {"yes"}}.Encode()))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Equal(t, 1, me.page("/account").Find("[data-testid=passkey]").Length(), "removed once confirmed")
	me.addPasskey(newKey())

	for range accounts.LoginsPerAddr - 6 { // the sign-up and the five passkey log-in requests above took six
		me.begin("login")
	}
	resp, out := me.json("/passkey/login/begin", nil)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "log-ins with a passkey still count: %v", out)
	me.addPasskey(newKey()) // adding one still works

	// Adding has a bound of its own; five adds began above.
	for range accounts.PasskeyAddsPerAccount - 5 {
		me.begin("register")
	}
	resp, out = me.json("/passkey/register/begin", nil)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "adding has a bound of its own: %v", out)
}
