package main

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"
)

// TestHouseBotsAcrossNodes: two nodes make the house bots once between
// them, and count the house games in play together: with -house-games 1,
// the game a challenge began on one node leaves the other none to give.
func TestHouseBotsAcrossNodes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs two server processes")
	}
	c := newTestCluster(t, 2, "-house-games", "1")
	c.start(0)
	c.start(1)
	alice, bob := newJarClient(), newJarClient()
	for i, client := range []*http.Client{alice, bob} {
		resp, err := client.PostForm(c.base(i)+"/signup", url.Values{"username": {[]string{"alice", "bob"}[i]}, "password": {"a long password"}})
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	}
	page := func(client *http.Client, u string) *goquery.Document {
		resp, err := client.Get(u)
		require.NoError(t, err)
		defer resp.Body.Close()
		doc, err := goquery.NewDocumentFromReader(resp.Body)
		require.NoError(t, err)
		return doc
	}
	for i := range 2 {
		rows := page(alice, c.base(i)+"/bots").Find("[data-testid=bot-row][data-house=true]")
		require.Equal(t, 3, rows.Length(), "node %d: the three house bots, made once", i)
	}
	challenge := func(client *http.Client, node int, bot string) *http.Response {
		page(client, c.base(node)+"/") // the browser's token
		resp, err := client.PostForm(c.base(node)+"/@/"+bot+"/challenge", url.Values{"game": {"kalah"}, "clock": {"slow"}, "rated": {"true"}})
		require.NoError(t, err)
		resp.Body.Close()
		return resp
	}
	resp := challenge(alice, 0, "Boardroom-Medium")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.True(t, strings.HasPrefix(resp.Header.Get("Location"), "/r/"))
	resp = challenge(bob, 1, "Boardroom-Beginner")
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, "the one house game allowed is in play on the other node")
}
