package socket

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/frame"
)

// TestStuckWriteClosesTheConnection opens a real socket whose page never
// reads: once the network buffers are full, a write waits, and after
// WriteTimeout the connection is closed instead.
func TestStuckWriteClosesTheConnection(t *testing.T) {
	defer func(d time.Duration) { WriteTimeout = d }(WriteTimeout)
	WriteTimeout = 300 * time.Millisecond
	client, c := openPage(t)
	defer client.CloseNow() // never reads
	big := make([]byte, 4<<20)
	for range 16 { // 64 MiB: more than any socket buffer holds
		c.Send(frame.TextMessage(big))
	}
	require.Eventually(t, c.Closed, 5*time.Second, 10*time.Millisecond)
	require.Equal(t, websocket.StatusGoingAway, c.Status(), "closed for the stuck write, not as a slow queue")
}

func TestSlowClientIsDroppedNotWaitedFor(t *testing.T) {
	dropped := 0
	c := Queue(Limits{OnSlowDrop: func() { dropped++ }})
	start := time.Now()
	for range DefaultQueue + 5 {
		c.Send(frame.TextMessage([]byte("update"))) // nobody reads: the queue fills
	}
	require.Less(t, time.Since(start), 100*time.Millisecond, "Send never blocks the sender")
	require.True(t, c.Closed(), "a client that falls behind is disconnected")
	require.Equal(t, websocket.StatusTryAgainLater, c.Status(), "1013: the page reconnects")
	require.Equal(t, 1, dropped, "counted once, however many updates it missed")
}

func TestRateLimit(t *testing.T) {
	c := Queue(Limits{})
	now := time.Now()
	allowed := 0
	for range 3 * DefaultBurst {
		if c.rate.AllowN(now, 1) {
			allowed++
		}
	}
	require.Equal(t, DefaultBurst, allowed, "a burst is allowed, a flood is not")
	require.False(t, c.rate.AllowN(now.Add(50*time.Millisecond), 1), "not yet a whole message's worth later")
	require.True(t, c.rate.AllowN(now.Add(time.Second), 1), "a second later it has refilled a little")
}

// readAll serves one socket with limits, and returns the page's end and
// what its reader was handed, closed when the reading ends.
func readAll(t *testing.T, limits Limits) (*websocket.Conn, <-chan delivered) {
	got := make(chan delivered, 100)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := Accept(w, r, nil, limits)
		if err != nil {
			return
		}
		c.Read(func(text []byte, err error) bool {
			got <- delivered{string(text), err}
			return true
		})
		close(got)
	}))
	t.Cleanup(srv.Close)
	client, _, err := websocket.Dial(t.Context(), "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { client.CloseNow() })
	return client, got
}

type delivered struct {
	text string
	err  error
}

// TestAFloodReachesTheReaderOnce: of a run of messages over the limit only
// the first is delivered, as ErrTooFast; a binary message is ErrBinary.
func TestAFloodReachesTheReaderOnce(t *testing.T) {
	client, got := readAll(t, Limits{Burst: 3, PerSecond: 0.001})
	require.NoError(t, client.Write(t.Context(), websocket.MessageBinary, []byte{1}))
	for i := range 10 {
		require.NoError(t, client.Write(t.Context(), websocket.MessageText, []byte(strconv.Itoa(i))))
	}
	require.NoError(t, client.Close(websocket.StatusNormalClosure, ""))
	var all []delivered
	for d := range got {
		all = append(all, d)
	}
	require.Equal(t, []delivered{{"", ErrBinary}, {"0", nil}, {"1", nil}, {"", ErrTooFast}}, all)
}

// TestATextThatIsNotUTF8ClosesTheSocket with 1007 (RFC 6455 §8.1).
func TestATextThatIsNotUTF8ClosesTheSocket(t *testing.T) {
	client, got := readAll(t, Limits{})
	require.NoError(t, client.Write(t.Context(), websocket.MessageText, []byte("fine")))
	require.NoError(t, client.Write(t.Context(), websocket.MessageText, []byte{0xff, 0xfe}))
	_, _, err := client.Read(t.Context())
	require.Equal(t, websocket.StatusInvalidFramePayloadData, websocket.CloseStatus(err))
	var all []delivered
	for d := range got {
		all = append(all, d)
	}
	require.Equal(t, []delivered{{"fine", nil}}, all, "the bad text is not delivered")
}

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
	got := make(chan string, 3*DefaultQueue) // read all along, as a page does (and so the pongs are)
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
		for i := range DefaultQueue {
			c.Send(frame.TextMessage([]byte(update(round*DefaultQueue + i))))
		}
		require.NoError(t, client.Ping(t.Context()), "the library's own frames get through beside the updates")
		for i := range DefaultQueue {
			require.Equal(t, update(round*DefaultQueue+i), <-got)
		}
		require.Eventually(t, func() bool {
			c.mu.Lock()
			defer c.mu.Unlock()
			return !c.writing
		}, time.Second, time.Millisecond, "no writer for an idle page")
	}
	require.False(t, c.Closed())
}

// TestAnUpdateIsWrittenAtOnceWhenNothingWaits: an update for an idle page
// goes onto its socket before Send returns, with no writer goroutine
// left behind; one that a page not reading cannot take is left to a writer,
// and the sender is never made to wait.
func TestAnUpdateIsWrittenAtOnceWhenNothingWaits(t *testing.T) {
	client, c := openPage(t)
	defer client.CloseNow()
	client.SetReadLimit(64 << 20)
	require.False(t, c.Send(frame.TextMessage([]byte("small"))), "written: its buffer may be reused")
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
	require.True(t, c.Send(frame.TextMessage([]byte(big))), "a writer holds the rest")
	require.True(t, c.Send(frame.TextMessage([]byte("after"))), "queued")
	require.Less(t, time.Since(start), time.Second, "the sender never waits for a page")
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

// openPage opens a socket to a server that serves it as a page's (small
// buffers, updates gathered), and returns the page's end and the server's.
func openPage(t *testing.T) (*websocket.Conn, *Conn) {
	t.Helper()
	accepted := make(chan *Conn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := Accept(w, r, nil, Limits{})
		if err != nil {
			return
		}
		accepted <- c
		c.Read(func([]byte, error) bool { return true })
	}))
	t.Cleanup(srv.Close)
	client, _, err := websocket.Dial(t.Context(), "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	require.NoError(t, err)
	return client, <-accepted
}
