package main

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// TestAccountsHoldAcrossNodes: a log-in on one node holds on every node,
// and so does logging out everywhere; a page open on one node makes its
// player online on every node's pages; a rated game between players on two
// nodes is rated once.
func TestAccountsHoldAcrossNodes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs two server processes")
	}
	c := newTestCluster(t, 2)
	c.start(0)
	c.start(1)
	alice, bob := newJarClient(), newJarClient()
	signUp := func(client *http.Client, node int, name string) {
		resp, err := client.PostForm(c.base(node)+"/signup", url.Values{"username": {name}, "password": {"a long password"}})
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	}
	me := func(client *http.Client, node int) string {
		resp, err := client.Get(c.base(node) + "/")
		require.NoError(t, err)
		defer resp.Body.Close()
		doc, err := goquery.NewDocumentFromReader(resp.Body)
		require.NoError(t, err)
		return doc.Find("a[data-testid=me]").Text()
	}
	signUp(alice, 0, "alice")
	require.Equal(t, "alice", me(alice, 1), "signed up on one node, signed in on the other")
	signUp(bob, 1, "bob")
	require.Equal(t, "bob", me(bob, 0))

	// A page of Bob's open on one node: he is online on the other's pages.
	presence := func() string {
		resp, err := alice.Get(c.base(0) + "/@/bob")
		require.NoError(t, err)
		defer resp.Body.Close()
		doc, err := goquery.NewDocumentFromReader(resp.Body)
		require.NoError(t, err)
		return doc.Find("[data-testid=presence]").Text()
	}
	require.Equal(t, "Not online", presence())
	u, _ := url.Parse(c.base(1))
	h := http.Header{"Origin": {c.base(1)}}
	for _, ck := range bob.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	dctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	site, _, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(c.base(1), "http")+"/site/ws", &websocket.DialOptions{HTTPHeader: h})
	cancel()
	require.NoError(t, err)
	require.Eventually(t, func() bool { return presence() == "Online now" }, 10*time.Second, 50*time.Millisecond,
		"online across nodes")
	site.Close(websocket.StatusGoingAway, "")
	require.Eventually(t, func() bool { return presence() == "Not online" }, 10*time.Second, 50*time.Millisecond,
		"his page closed")

	resp, err := alice.PostForm(c.base(0)+"/rooms", url.Values{"game": {"kalah"}, "mode": {"friend"}, "rated": {"true"}, "clock": {"slow"}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	room := resp.Header.Get("Location")
	a := &player{t: t, base: c.base(0), client: alice, room: room}
	b := &player{t: t, base: c.base(1), client: bob, room: room}
	require.NoError(t, a.connect())
	require.NoError(t, b.connect())
	say := func(p *player, msg string) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		require.NoError(t, p.ws.Write(ctx, websocket.MessageText, []byte(msg)))
	}
	until := func(p *player, what string, ok func(*goquery.Document) bool) {
		for range 100 {
			if ok(p.page) {
				return
			}
			require.NoError(t, p.read(), what)
		}
		t.Fatalf("%s: never", what)
	}
	say(b, `{"action":"join"}`)
	until(a, "bob joins", func(d *goquery.Document) bool { return d.Find(".player.seat1 a.holder").Text() == "bob" })
	say(a, `{"cell":"1,1"}`)
	until(b, "alice's move", func(d *goquery.Document) bool { return d.Find("#moves li").Length() >= 1 })
	say(b, `{"cell":"0,1"}`)
	until(a, "bob's move", func(d *goquery.Document) bool { return d.Find("#moves li").Length() >= 2 })
	say(b, `{"action":"resign"}`)
	for _, p := range []*player{a, b} {
		until(p, "the rating change", func(d *goquery.Document) bool {
			return strings.HasPrefix(d.Find(".player.seat0 [data-testid=rating-change]").Text(), "+")
		})
	}

	resp, err = bob.Get(c.base(0) + "/@/alice")
	require.NoError(t, err)
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, "1", strings.TrimSpace(doc.Find("[data-testid=rating][data-game=kalah][data-speed=slow] td").Eq(2).Text()),
		"one rated game, rated once")

	resp, err = alice.PostForm(c.base(1)+"/account/logout-everywhere", url.Values{"confirm": {"yes"}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, "", me(alice, 0), "logged out everywhere, on every node")
}
