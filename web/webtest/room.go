package webtest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/frame/frametest"
)

// A room's socket as a page reads it without a browser: the updates are
// HTML, a whole fragment first and then deltas, applied here as htmx
// applies them, so that a test reads the page a person would see.

// DialRoom opens the socket of the room at loc ("/r/ID") as the browser
// holding c's cookies, from origin ("": none sent).
func (n *Node) DialRoom(t *testing.T, c *http.Client, loc string, origin string) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	u, _ := url.Parse(n.URL + loc + "/ws")
	h := http.Header{}
	for _, ck := range c.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	if origin != "" {
		h.Set("Origin", origin)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(n.URL, "http")+loc+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err == nil {
		ws.SetReadLimit(1 << 20) // a whole room, as a page reads it
	}
	return ws, resp, err
}

// socketPages holds, for each socket a test reads, the page its updates built.
var socketPages sync.Map // *websocket.Conn → *goquery.Document

// ReadFragment reads the next update of ws and returns the page it leaves:
// a whole fragment replaces the page, a delta is applied to it as htmx does.
func ReadFragment(t *testing.T, ws *websocket.Conn) *goquery.Document {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := ws.Read(ctx)
	require.NoError(t, err)
	if bytes.Contains(b[:min(len(b), 200)], []byte(`id="live"`)) {
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(b))
		require.NoError(t, err)
		socketPages.Store(ws, doc)
		return doc
	}
	doc, ok := socketPages.Load(ws)
	require.True(t, ok, "the first update of a socket is the whole fragment: %.80q", b)
	require.NoError(t, frametest.Apply(doc.(*goquery.Document), b))
	return doc.(*goquery.Document)
}

// RoomPage is a page's socket in a room.
type RoomPage struct {
	t  *testing.T
	WS *websocket.Conn
}

// OpenRoom opens the room at loc as c's browser does, its page and then
// its socket, and reads the first update; the socket closes with t.
func (n *Node) OpenRoom(t *testing.T, c *http.Client, loc string) *RoomPage {
	t.Helper()
	Get(t, c, n.URL+loc)
	ws, _, err := n.DialRoom(t, c, loc, n.URL)
	require.NoError(t, err)
	t.Cleanup(func() { ws.CloseNow() })
	ReadFragment(t, ws)
	return &RoomPage{t: t, WS: ws}
}

// Say sends a message and returns the page as the next update leaves it.
func (p *RoomPage) Say(msg string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(p.t, p.WS.Write(ctx, websocket.MessageText, []byte(msg)))
	return ReadFragment(p.t, p.WS).Text()
}

// Until reads the page's updates until its text has want.
func (p *RoomPage) Until(want string) string {
	p.t.Helper()
	for range 50 {
		if text := ReadFragment(p.t, p.WS).Text(); strings.Contains(text, want) {
			return text
		}
	}
	p.t.Fatalf("the page never said %q", want)
	return ""
}

// RatedRoom is a rated Kalah room Alice made in her browser, Bob seated.
func (n *Node) RatedRoom(t *testing.T) (alice, bob *http.Client, loc string, a, b *RoomPage) {
	t.Helper()
	alice, bob = n.SignedUp(t, "alice"), n.SignedUp(t, "bob")
	resp, _ := n.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"friend"}, "rated": {"true"}, "clock": {"fast"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc = resp.Header.Get("Location")
	a, b = n.OpenRoom(t, alice, loc), n.OpenRoom(t, bob, loc)
	b.Say(`{"action":"join"}`)
	a.Until("bob")
	return alice, bob, loc, a, b
}

// Fetch asks for path with the header given and returns the answer and
// its body as sent, not uncompressed.
func (n *Node) Fetch(t *testing.T, path string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, n.URL+path, nil)
	require.NoError(t, err)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, body
}
