package webtest

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/web/request"
)

// Visitors over plain HTTP: a browser is a client with its own cookies,
// which sees redirects rather than follows them.

// Browser is an HTTP client with its own cookies that does not follow
// redirects, so tests see them.
func (n *Node) Browser(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &http.Client{Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// Get fetches u and returns the answer and its page.
func Get(t *testing.T, c *http.Client, u string) (*http.Response, *goquery.Document) {
	t.Helper()
	resp, err := c.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	require.NoError(t, err)
	return resp, doc
}

// Post sends a form and returns the answer and its page.
func Post(t *testing.T, c *http.Client, u string, form url.Values) (*http.Response, *goquery.Document) {
	t.Helper()
	resp, err := c.PostForm(u, form)
	require.NoError(t, err)
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	require.NoError(t, err)
	return resp, doc
}

// Account is the sign-up and log-in form of name and password.
func Account(name, password string) url.Values {
	return url.Values{"username": {name}, "password": {password}}
}

// SessionCookie is the session cookie the answer set (nil for none).
func SessionCookie(resp *http.Response) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == request.SessionCookie {
			return c
		}
	}
	return nil
}

// Create sends the lobby's form, and returns the answer and its body.
func (n *Node) Create(t *testing.T, c *http.Client, form url.Values) (*http.Response, string) {
	t.Helper()
	resp, err := c.PostForm(n.URL+"/rooms", form)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(body)
}

// SignedUp is a browser signed in as a new account.
func (n *Node) SignedUp(t *testing.T, name string) *http.Client {
	t.Helper()
	return n.SignedIn(t, "/signup", name)
}

// LogIn is a new browser logged in as name.
func (n *Node) LogIn(t *testing.T, name string) *http.Client {
	t.Helper()
	return n.SignedIn(t, "/login", name)
}

// SignedIn is a new browser that sent the form of path (/signup, /login)
// for name.
func (n *Node) SignedIn(t *testing.T, path, name string) *http.Client {
	t.Helper()
	c := n.Browser(t)
	resp, _ := Post(t, c, n.URL+path, Account(name, "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	return c
}

// MakeBot makes a bot on owner's account page and returns its token, as
// the page shows it once.
func (n *Node) MakeBot(t *testing.T, owner *http.Client, name string) string {
	t.Helper()
	resp, doc := Post(t, owner, n.URL+"/account/bots", url.Values{"name": {name}})
	require.Equal(t, http.StatusOK, resp.StatusCode, doc.Find("[data-testid=bot-error]").Text())
	token := doc.Find("[data-testid=bot-token]").AttrOr("value", "")
	require.NotEmpty(t, token)
	return token
}

// WaitingIn names the pools someone waits in now.
func (n *Node) WaitingIn(t *testing.T) []string {
	t.Helper()
	names, err := n.Store.PoolNames(t.Context())
	require.NoError(t, err)
	return names
}
