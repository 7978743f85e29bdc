package main

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRoomLimitsHoldAcrossNodes: through three nodes, one address created
// 90 rooms a minute instead of 30; the nodes now count it together.
func TestRoomLimitsHoldAcrossNodes(t *testing.T) {
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
