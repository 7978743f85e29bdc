package rooms_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"boardroom/web/webtest"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// TestReplayedAndFloodedMessages sends a move's message again after it was
// played (a replay) and then a flood of messages over a real socket: the
// replay is refused, the flood is cut off by the rate limit, neither
// changes the game, and the page goes on working afterwards.
func TestReplayedAndFloodedMessages(t *testing.T) {
	ts := newTestServer(t)
	_, loc, ws := openHotseatKalah(t, ts)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	send := func(msg string) { require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(msg))) }

	send(`{"cell":"1,3"}`) // P1 sows house 3 into the store: P1 again
	doc := webtest.ReadFragment(t, ws)
	require.Equal(t, "3", strings.TrimSpace(doc.Find("[data-testid=move]").Text()))
	send(`{"cell":"1,3"}`) // the same message again
	doc = webtest.ReadFragment(t, ws)
	require.Contains(t, doc.Find("[data-testid=error]").Text(), "not a legal move")
	require.Equal(t, 1, doc.Find("[data-testid=move]").Length(), "a replayed message plays nothing")

	const flood = 60
	for range flood {
		send(`{"cell":"9,9"}`)
	}
	time.Sleep(300 * time.Millisecond) // the bucket refills
	send(`{"cell":"1,1"}`)
	frames, limited := 0, 0
	for doc = webtest.ReadFragment(t, ws); doc.Find("[data-testid=move]").Length() < 2; doc = webtest.ReadFragment(t, ws) {
		frames++
		if strings.Contains(doc.Find("[data-testid=error]").Text(), "too many messages") {
			limited++
		}
	}
	require.Equal(t, 1, limited, "a flood is refused with one notice")
	require.Less(t, frames, flood/2, "beyond the burst, messages are dropped unread")
	require.Empty(t, doc.Find("[data-testid=error]").Text())
	require.Equal(t, 2, doc.Find("[data-testid=move]").Length(), "the page still plays")
	rec, err := ts.Store.Room(ctx, strings.TrimPrefix(loc, "/r/"))
	require.NoError(t, err)
	require.Len(t, rec.Turns, 2, "only the two real moves were stored")
}
