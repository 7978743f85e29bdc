package request

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestConnectionLimitPerAddress(t *testing.T) {
	l := newLimiter(Limits{ConnsPerAddr: 2})
	r1, ok := l.openConn("1.2.3.4")
	require.True(t, ok)
	_, ok = l.openConn("1.2.3.4")
	require.True(t, ok)
	_, ok = l.openConn("1.2.3.4")
	require.False(t, ok, "a third connection from one address is refused")
	_, ok = l.openConn("5.6.7.8")
	require.True(t, ok, "other addresses are not affected")
	r1()
	_, ok = l.openConn("1.2.3.4")
	require.True(t, ok, "a closed connection frees its place")
}

func TestRoomCreationLimitPerAddress(t *testing.T) {
	l := newLimiter(Limits{RoomsPerMinute: 3})
	now := time.Now()
	for range 3 {
		require.True(t, l.newRoom("a", now))
	}
	require.False(t, l.newRoom("a", now))
	require.True(t, l.newRoom("b", now))
	require.True(t, l.newRoom("a", now.Add(21*time.Second)), "the bucket refills")
	unlimited := newLimiter(Limits{})
	for range 100 {
		require.True(t, unlimited.newRoom("a", now))
	}
}
