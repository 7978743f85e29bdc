package main

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"boardroom/accounts"

	"github.com/stretchr/testify/require"
)

// TestRoomLimitsHoldAcrossNodes: through three nodes, one address created
// 90 rooms a minute instead of 30; the nodes now count it together.
func TestRoomLimitsHoldAcrossNodes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs three server processes")
	}
	c := newTestCluster(t, 3, "-max-rooms-per-minute", "4")
	for i := range 3 {
		c.start(i)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	create := func(node int) int {
		resp, err := client.PostForm(c.base(node)+"/rooms", url.Values{"game": {"kalah"}, "mode": {"hotseat"}})
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	for i := range 4 {
		require.Equal(t, http.StatusSeeOther, create(i%3), "room %d of 4", i+1)
	}
	for node := range 3 {
		require.Equal(t, http.StatusTooManyRequests, create(node), "node %d knows the address has had its four", node)
	}
}

// TestLogInLimitsHoldAcrossNodes: each node counted the log-in limits
// apart, so a guesser had them once per node behind the balancer; they
// are now counted for the site, in the shared store. A guesser's network
// is stopped at the account on every node, while the owner, from another
// network, logs in; a network's tries of every kind are counted together
// too.
func TestLogInLimitsHoldAcrossNodes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs two server processes")
	}
	c := newTestCluster(t, 2)
	c.start(0)
	c.start(1)
	try := func(path string, node int, from string, form url.Values) int {
		req, err := http.NewRequest(http.MethodPost, c.base(node)+path, strings.NewReader(form.Encode()))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", from) // the nodes trust 127.0.0.1 as their proxy
		resp, err := newJarClient().Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	owner := func(password string) url.Values {
		return url.Values{"username": {"owner"}, "password": {password}}
	}
	const guesser, home = "2001:db8:1:1::1", "198.51.100.20"
	require.Equal(t, http.StatusSeeOther, try("/signup", 0, home, owner("the right password")))
	for i := range accounts.LoginsPerAccountNetwork {
		require.Equal(t, http.StatusUnauthorized, try("/login", i%2, guesser, owner("a wrong guess")), "guess %d", i+1)
	}
	for node := range 2 {
		require.Equal(t, http.StatusTooManyRequests, try("/login", node, "2001:db8:1:1::2", owner("the right password")),
			"node %d knows the guesser's /64 has had its tries at the account", node)
		require.Equal(t, http.StatusSeeOther, try("/login", node, home, owner("the right password")),
			"node %d lets the owner in from home", node)
	}

	const busy = "198.51.100.30"
	for i := range accounts.LoginsPerAddr {
		require.Equal(t, http.StatusUnauthorized, try("/login", i%2, busy, url.Values{"username": {fmt.Sprintf("nobody%d", i)}, "password": {"a guess"}}),
			"try %d", i+1)
	}
	for node := range 2 {
		require.Equal(t, http.StatusTooManyRequests, try("/signup", node, busy, url.Values{"username": {"newcomer"}, "password": {"a long password"}}),
			"node %d knows the network has had its tries", node)
	}
}
