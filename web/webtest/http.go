package webtest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
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

// PoolMessage is what a pool's socket says (docs/protocol.md), as its
// pages and programs read it.
type PoolMessage struct {
	Waiting    string      `json:"waiting,omitempty"`
	Since      int64       `json:"since,omitempty"`
	Room       string      `json:"room,omitempty"`
	Error      string      `json:"error,omitempty"`
	Left       bool        `json:"left,omitempty"`
	RetryAfter int64       `json:"retry_after,omitempty"`
	Status     *PoolStatus `json:"status,omitempty"`
}

// PoolStatus is how a wait goes.
type PoolStatus struct {
	InPool int  `json:"in_pool"`
	Range  int  `json:"range,omitempty"`
	Open   bool `json:"open,omitempty"`
}

// PoolSocket is a page's, or a program's, wait in a pool.
type PoolSocket struct {
	T  *testing.T
	WS *websocket.Conn
}

// DialPool opens the pool's socket with query and header h.
func (n *Node) DialPool(t *testing.T, query string, h http.Header) (*PoolSocket, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(n.URL, "http")+"/pool/ws?"+query, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, resp, err
	}
	t.Cleanup(func() { ws.CloseNow() })
	return &PoolSocket{T: t, WS: ws}, resp, nil
}

// BotEnters waits in pool as the bot of token, as a program does: the
// token in a header, no cookie, no Origin.
func (n *Node) BotEnters(t *testing.T, token, pool string) *PoolSocket {
	t.Helper()
	p, _, err := n.DialPool(t, "pool="+url.QueryEscape(pool), http.Header{"Authorization": {"Bearer " + token}})
	require.NoError(t, err)
	require.Equal(t, pool, p.Next(5*time.Second).Waiting)
	return p
}

// PersonEnters waits in pool in c's browser; query adds to the pool's.
func (n *Node) PersonEnters(t *testing.T, c *http.Client, pool, query string) *PoolSocket {
	t.Helper()
	Get(t, c, n.URL+"/") // the lobby gives the browser its token
	u, _ := url.Parse(n.URL)
	h := http.Header{"Origin": {n.URL}}
	for _, ck := range c.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	p, _, err := n.DialPool(t, "pool="+url.QueryEscape(pool)+query, h)
	require.NoError(t, err)
	require.Equal(t, pool, p.Next(5*time.Second).Waiting)
	return p
}

// Next is the server's next message but a status (zero when none came
// within patience: the socket is then closed, as a read that times out
// closes it).
func (p *PoolSocket) Next(patience time.Duration) PoolMessage {
	p.T.Helper()
	return p.NextWhere(patience, func(m PoolMessage) bool { return m.Status == nil })
}

// NextWhere is the server's next message that suits (zero: none within
// patience).
func (p *PoolSocket) NextWhere(patience time.Duration, suits func(PoolMessage) bool) PoolMessage {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	for {
		_, b, err := p.WS.Read(ctx)
		if err != nil {
			return PoolMessage{}
		}
		var m PoolMessage
		require.NoError(p.T, json.Unmarshal(b, &m))
		if suits(m) {
			return m
		}
	}
}
