package realtime

import (
	"boardroom/realtime/clocktest"
	"boardroom/realtime/frame"
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"
)

// TestStuckWriteClosesTheConnection opens a real socket whose page never
// reads: once the network buffers are full, a write waits, and after
// writeTimeout the connection is closed instead.
func TestStuckWriteClosesTheConnection(t *testing.T) {
	defer func(d time.Duration) { writeTimeout = d }(writeTimeout)
	writeTimeout = 300 * time.Millisecond
	client, c := openPage(t)
	defer client.CloseNow() // never reads
	big := make([]byte, 4<<20)
	for range 16 { // 64 MiB: more than any socket buffer holds
		c.enqueue(frameText(big))
	}
	require.Eventually(t, c.isClosed, 5*time.Second, 10*time.Millisecond)
	require.Equal(t, websocket.StatusGoingAway, c.status, "closed for the stuck write, not as a slow queue")
}

func TestSlowClientIsDroppedNotWaitedFor(t *testing.T) {
	m := NewMetrics(prometheus.NewRegistry())
	c := testConn("", sendQueue)
	c.metrics = m
	start := time.Now()
	for range sendQueue + 5 {
		c.enqueue(frameText([]byte("update"))) // nobody reads: the queue fills
	}
	require.Less(t, time.Since(start), 100*time.Millisecond, "enqueue never blocks the room")
	require.True(t, c.isClosed(), "a client that falls behind is disconnected")
	require.Equal(t, websocket.StatusTryAgainLater, c.status, "1013: the page reconnects")
	require.Equal(t, 1.0, testutil.ToFloat64(m.dropped), "counted once, however many updates it missed")
}

func TestRateLimit(t *testing.T) {
	c := &Conn{}
	allowed := 0
	for range 3 * rateBurst {
		if c.allow() {
			allowed++
		}
	}
	require.Equal(t, rateBurst, allowed, "a burst is allowed, a flood is not")
	c.rate.last = c.rate.last.Add(-time.Second) // a second later the bucket has refilled a little
	require.True(t, c.allow())
}

func TestSlowRoomClientInRoom(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	// A connection whose queue is full is dropped without stalling the room.
	stuck := testConn(HashToken("stuck"), 0)
	require.True(t, r.send(t.Context(), evConnect{c: stuck}))
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
	require.LessOrEqual(t, rendered, 1, "the spectators' page is drawn once for the whole crowd")
	waitFor(t, r, "the count update", func(r *Room) bool { return !r.viewers.presencePending })
	me.last()
	require.Equal(t, 100, me.spectators, "everyone is told the new count")
}

// TestReconnectsUnderPlay drops and reopens connections (players and
// spectators) while a game is played: every reopened page shows the current
// position and its holder's seat, without anything else to ask for.
func TestReconnectsUnderPlay(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Options: map[string]string{"seeds": "6"}}, "alice")
	alice, bob := h.connect(r, "alice"), h.connect(r, "bob")
	bob.action("join")
	fans := make([]*client, 20)
	for i := range fans {
		fans[i] = h.connect(r, "fan"+strconv.Itoa(i))
	}
	seats := map[string]*client{"alice": alice, "bob": bob}
	for turn := 0; turn < 30 && !alice.last().Over; turn++ {
		// Drop a few connections and come back, as after a network blip.
		for i := turn % 4; i < len(fans); i += 4 {
			require.True(t, r.send(t.Context(), evDisconnect{fans[i].c}))
			fans[i] = h.connect(r, "fan"+strconv.Itoa(i))
		}
		mover := "alice"
		if bob.last().Turn == "Your move" {
			mover = "bob"
		}
		if turn%5 == 0 { // the player to move drops too, and gets its seat back
			require.True(t, r.send(t.Context(), evDisconnect{seats[mover].c}))
			seats[mover] = h.connect(r, mover)
			alice, bob = seats["alice"], seats["bob"]
		}
		p := seats[mover].last()
		require.Equal(t, "Your move", p.Turn, "%s has its seat back", mover)
		for cell := range targetsOf(t, p) {
			seats[mover].click(int(cell.Row), int(cell.Col))
			break
		}
		want := movesOf(seats[mover].last())
		for i, f := range fans {
			require.Equal(t, want, movesOf(f.last()), "spectator %d sees the current game", i)
		}
	}
}

// discard is a sink that takes every message and keeps the page open.
type discard struct{}

func (discard) deliver(context.Context, *Conn, Message, []byte, error) bool { return true }

// TestUpdatesArriveInOrderAndTheWriterEnds: updates reach the page in the
// order queued, and once the queue is empty no goroutine waits to write
// for an idle page.
func TestUpdatesArriveInOrderAndTheWriterEnds(t *testing.T) {
	client, c := openPage(t)
	defer client.CloseNow()
	client.SetReadLimit(1 << 20)
	// Updates of every length a frame header encodes: short, 126 and
	// more (16 bits), 65,536 and more (64 bits).
	update := func(n int) string {
		s := strconv.Itoa(n)
		switch n % 4 {
		case 1:
			s += strings.Repeat(".", 120+n%8)
		case 2:
			s += strings.Repeat(".", 40_000+n)
		case 3:
			s += strings.Repeat(".", 65_530+n)
		}
		return s
	}
	got := make(chan string, 3*sendQueue) // read all along, as a page does (and so the pongs are)
	go func() {
		defer close(got)
		for {
			_, b, err := client.Read(context.Background())
			if err != nil {
				return
			}
			got <- string(b)
		}
	}()
	for round := range 3 { // the writer starts again after each pause
		for i := range sendQueue {
			c.enqueue(frameText([]byte(update(round*sendQueue + i))))
		}
		require.NoError(t, client.Ping(t.Context()), "the library's own frames get through beside the updates")
		for i := range sendQueue {
			require.Equal(t, update(round*sendQueue+i), <-got)
		}
		require.Eventually(t, func() bool {
			c.mu.Lock()
			defer c.mu.Unlock()
			return !c.writing
		}, time.Second, time.Millisecond, "no writer for an idle page")
	}
	require.False(t, c.isClosed())
}

// TestAnUpdateIsWrittenAtOnceWhenNothingWaits: an update for an idle page
// goes onto its socket before enqueue returns, with no writer goroutine
// left behind; one that a page not reading cannot take is left to a writer,
// and the room is never made to wait.
func TestAnUpdateIsWrittenAtOnceWhenNothingWaits(t *testing.T) {
	client, c := openPage(t)
	defer client.CloseNow()
	client.SetReadLimit(64 << 20)
	require.False(t, c.enqueue(frameText([]byte("small"))), "written: its buffer may be reused")
	c.mu.Lock()
	writing, queued := c.writing, len(c.queue)-c.head
	c.mu.Unlock()
	require.False(t, writing, "written on the caller's goroutine: no writer started")
	require.Zero(t, queued)
	_, b, err := client.Read(t.Context())
	require.NoError(t, err)
	require.Equal(t, "small", string(b))

	// The page stops reading: a big update fills its socket, and what
	// follows waits in the queue.
	big := strings.Repeat("b", 16<<20)
	start := time.Now()
	require.True(t, c.enqueue(frameText([]byte(big))), "a writer holds the rest")
	require.True(t, c.enqueue(frameText([]byte("after"))), "queued")
	require.Less(t, time.Since(start), time.Second, "the room never waits for a page")
	c.mu.Lock()
	writing = c.writing
	c.mu.Unlock()
	require.True(t, writing, "a writer finishes what the socket did not take")
	_, b, err = client.Read(t.Context())
	require.NoError(t, err)
	require.Equal(t, big, string(b))
	_, b, err = client.Read(t.Context())
	require.NoError(t, err)
	require.Equal(t, "after", string(b), "in order")
	require.Eventually(t, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return !c.writing
	}, time.Second, time.Millisecond, "the writer ends once all is sent")
}

// watchedRoom is a Kalah room on a test clock with its player's page and a
// spectator's open; kept says whether the room keeps the spectators' frame.
func watchedRoom(t *testing.T) (*harness, *Room, *client, *clocktest.Clock, func() bool) {
	clock := clocktest.New()
	h := newHarness(t, func(c *Config) { c.Clock = clock })
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	h.connect(r, "fan")
	kept := func() bool {
		var ok bool
		inRoom(t, r, func(r *Room) { ok = r.viewers.specFrame != nil })
		return ok
	}
	return h, r, me, clock, kept
}

// TestTheSpectatorsFrameIsKeptOnlyWhileACrowdArrives: the spectators' page
// is kept for the next spectator only for a while after one arrived; a room
// nobody comes to watch keeps none between moves.
func TestTheSpectatorsFrameIsKeptOnlyWhileACrowdArrives(t *testing.T) {
	h, r, me, clock, kept := watchedRoom(t)
	require.True(t, kept(), "a spectator has just arrived")
	me.click(1, 1)
	require.True(t, kept(), "within the crowd window")
	clock.Advance(crowdWindow + time.Second)
	me.click(0, 1)
	require.False(t, kept(), "nobody arrived for a while")
	before := len(h.pages.pages)
	h.connect(r, "late")
	h.connect(r, "later")
	me.last()
	require.True(t, kept())
	require.Equal(t, 1, len(h.pages.pages)-before, "the two arrivals cost one render")
}

// TestAQuietRoomLetsGoOfTheSpectatorsFrame: once no spectator has arrived
// for a crowdWindow, the room drops the frame it kept for the next, even if
// nothing has changed since (an idle room keeps no page drawn).
func TestAQuietRoomLetsGoOfTheSpectatorsFrame(t *testing.T) {
	h, r, _, clock, kept := watchedRoom(t)
	require.True(t, kept(), "a spectator has just arrived")
	clock.Advance(crowdWindow / 2)
	h.connect(r, "late fan")
	clock.Advance(crowdWindow/2 + time.Second)
	require.True(t, kept(), "the window runs from the last arrival")
	clock.Advance(crowdWindow)
	require.Eventually(t, func() bool { return !kept() }, time.Second, time.Millisecond, "nobody arrived for a while")
}

// openPage opens a socket to a server that serves it as a page's (small
// buffers, updates gathered), and returns the page's end and the server's.
func openPage(t *testing.T) (*websocket.Conn, *Conn) {
	t.Helper()
	accepted := make(chan *Conn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sock := &pageSocket{ResponseWriter: w}
		ws, err := websocket.Accept(sock, r, nil)
		if err != nil {
			return
		}
		c := newConn(ws, "", "", nil, Stream{})
		c.frames = sock.frames
		accepted <- c
		c.readLoop(context.Background(), discard{})
	}))
	t.Cleanup(srv.Close)
	client, _, err := websocket.Dial(t.Context(), "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	require.NoError(t, err)
	return client, <-accepted
}

// TestASharedDeltaIsReusedOnlyWhenNoPageKeepsIt: pages that showed the same
// frame get one update; its buffer may be reused only if every page wrote
// it, not while a page's queue still holds it.
func TestASharedDeltaIsReusedOnlyWhenNoPageKeepsIt(t *testing.T) {
	client, open := openPage(t)
	defer client.CloseNow()
	to := frame.Whole([]byte("<p>new</p>"))
	tests := []struct {
		name     string
		conns    []*Conn
		wantKept bool
	}{
		{"written at once", []*Conn{open}, false},
		{"queued (no socket)", []*Conn{testConn("", sendQueue)}, true},
		{"one of two queued", []*Conn{open, testConn("", sendQueue)}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ds := sharedDeltas{}
			for _, c := range tc.conns {
				ds.send(c, nil, to)
			}
			require.Len(t, ds, 1, "worked out once")
			for _, d := range ds {
				require.Equal(t, "<p>new</p>", string(d.f.payload()))
				require.Equal(t, tc.wantKept, d.kept)
			}
		})
	}
}
