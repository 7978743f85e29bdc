package play

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/web/templates"
)

func TestListsCacheServesAPageForAMoment(t *testing.T) {
	var c listsCache
	now := time.Unix(1000, 0)
	key := listsKey{live: 1, done: 2}
	_, ok := c.get(key, now, time.Second)
	require.False(t, ok)
	c.put(key, now, templates.LobbyLists{LivePage: 1, DonePage: 2})
	l, ok := c.get(key, now.Add(999*time.Millisecond), time.Second)
	require.True(t, ok)
	require.Equal(t, 2, l.DonePage)
	_, ok = c.get(key, now.Add(time.Second), time.Second)
	require.False(t, ok, "made again after a moment")
	_, ok = c.get(listsKey{live: 2, done: 2}, now, time.Second)
	require.False(t, ok, "each page on its own")
}
