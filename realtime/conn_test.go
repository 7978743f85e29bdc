package realtime

import (
	"strconv"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

func TestSlowClientIsDroppedNotWaitedFor(t *testing.T) {
	c := &Conn{out: make(chan []byte, sendQueue), done: make(chan struct{})}
	start := time.Now()
	for range sendQueue + 5 {
		c.enqueue([]byte("update")) // nobody reads: the queue fills
	}
	require.Less(t, time.Since(start), 100*time.Millisecond, "enqueue never blocks the room")
	require.True(t, c.isClosed(), "a client that falls behind is disconnected")
	require.Equal(t, websocket.StatusPolicyViolation, c.status)
}

func TestRateLimit(t *testing.T) {
	c := &Conn{tokens: rateBurst, last: time.Now()}
	allowed := 0
	for range 3 * rateBurst {
		if c.allow() {
			allowed++
		}
	}
	require.Equal(t, rateBurst, allowed, "a burst is allowed, a flood is not")
	c.last = c.last.Add(-time.Second) // a second later the bucket has refilled a little
	require.True(t, c.allow())
}

func TestSlowRoomClientInRoom(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	// A connection whose queue is full is dropped without stalling the room.
	stuck := &Conn{tokenHash: HashToken("stuck"), out: make(chan []byte), done: make(chan struct{})}
	require.True(t, r.send(t.Context(), evConnect{stuck}))
	require.Equal(t, "ok", me.click(1, 1).Flash)
	require.True(t, stuck.isClosed())
}

func TestACrowdArrivingIsNotAStormOfPages(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	me.last()
	before := len(h.pages.pages)
	var crowd []*client
	for i := range 100 {
		crowd = append(crowd, h.connect(r, "fan"+strconv.Itoa(i)))
	}
	crowd[99].sync()
	rendered := len(h.pages.pages) - before
	require.LessOrEqual(t, rendered, 100, "one page per newcomer, not one per viewer per arrival")
	waitFor(t, r, "the count update", func(r *Room) bool { return !r.presencePending })
	me.last()
	require.Equal(t, 100, me.spectators, "everyone is told the new count")
}
