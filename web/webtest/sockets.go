package webtest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/signout"
)

// The lobby's small sockets as their pages and programs use them: a pool's
// (/pool/ws) and the site's (/site/ws), each message read as the client
// reads it (docs/protocol.md), not through the server's own types.

// cookieHeader is the header of a socket opened by c's browser on the
// node's page: its cookies and the page's origin.
func (n *Node) cookieHeader(c *http.Client) http.Header {
	u, _ := url.Parse(n.URL)
	h := http.Header{"Origin": {n.URL}}
	for _, ck := range c.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	return h
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
	p, _, err := n.DialPool(t, "pool="+url.QueryEscape(pool)+query, n.cookieHeader(c))
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

// SiteMessage is what the site's socket says.
type SiteMessage struct {
	Incoming   *string          `json:"incoming,omitempty"`
	Menu       *string          `json:"menu,omitempty"`
	Challenges *[]SiteChallenge `json:"challenges,omitempty"`
	Outgoing   []SiteOutgoing   `json:"outgoing,omitempty"`
	Go         string           `json:"go,omitempty"`
	Error      string           `json:"error,omitempty"`
	Presence   *SitePresence    `json:"presence,omitempty"`
	// Event is the live part of the event the page watches (HTML).
	Event *string `json:"event,omitempty"`
}

// SitePresence is the presence of the player a page watches.
type SitePresence struct {
	Account string `json:"account"`
	Online  bool   `json:"online"`
}

// SiteChallenge is a challenge to a bot, as its program reads it.
type SiteChallenge struct {
	ID    string      `json:"id"`
	From  string      `json:"from"`
	Game  string      `json:"game"`
	Clock vocab.Clock `json:"clock"`
	Rated bool        `json:"rated"`
}

// SiteOutgoing is what became of one of the player's own challenges.
type SiteOutgoing struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Text   string `json:"text"`
	Reason string `json:"reason,omitempty"`
}

// SitePage is a signed-in page's site socket.
type SitePage struct {
	T  *testing.T
	WS *websocket.Conn
}

// OpenSite opens the site's socket as c's browser.
func (n *Node) OpenSite(t *testing.T, c *http.Client) *SitePage {
	t.Helper()
	p, err := n.DialSite(t, c, "")
	require.NoError(t, err)
	return p
}

// DialSite opens the site's socket as c's browser with query ("?event=ID",
// say), or says why it could not.
func (n *Node) DialSite(t *testing.T, c *http.Client, query string) (*SitePage, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(n.URL, "http")+"/site/ws"+query, &websocket.DialOptions{HTTPHeader: n.cookieHeader(c)})
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { ws.CloseNow() })
	return &SitePage{T: t, WS: ws}, nil
}

// Until reads the socket's messages until one satisfies ok.
func (p *SitePage) Until(what string, ok func(SiteMessage) bool) SiteMessage {
	p.T.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		_, b, err := p.WS.Read(ctx)
		require.NoError(p.T, err, what)
		var m SiteMessage
		require.NoError(p.T, json.Unmarshal(b, &m))
		if ok(m) {
			return m
		}
	}
}

// Say sends the page's message.
func (p *SitePage) Say(msg string) {
	require.NoError(p.T, p.WS.Write(context.Background(), websocket.MessageText, []byte(msg)))
}

// StillWorks checks that a site socket is open and answers.
func (p *SitePage) StillWorks() {
	p.T.Helper()
	p.Say(`{"accept":"nope"}`)
	p.Until("an answer", func(m SiteMessage) bool { return strings.Contains(m.Error, "no longer open") })
}

// Closed is how a socket closed: with what status, and when.
type Closed struct {
	Status websocket.StatusCode
	At     time.Time
}

// Closing reads ws until it closes, and says with what status and when.
func Closing(ws *websocket.Conn) <-chan Closed {
	out := make(chan Closed, 1)
	go func() {
		for {
			if _, _, err := ws.Read(context.Background()); err != nil {
				out <- Closed{websocket.CloseStatus(err), time.Now()}
				return
			}
		}
	}()
	return out
}

// ClosedBy waits for each socket's close: with signout.Code, within a
// second of since.
func ClosedBy(t *testing.T, since time.Time, sockets map[string]<-chan Closed) {
	t.Helper()
	for name, c := range sockets {
		select {
		case got := <-c:
			require.Equal(t, websocket.StatusCode(signout.Code), got.Status, name)
			require.Less(t, got.At.Sub(since), time.Second, name)
		case <-time.After(3 * time.Second):
			t.Fatalf("%s: still open", name)
		}
	}
}
