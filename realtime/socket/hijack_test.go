package socket

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"boardroom/realtime/frame"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// TestMessagesSentWithTheHandshakeAreRead: a browser may send its first
// message in the same packet as its handshake, so the HTTP server has read
// it already when the socket is handed over; the smaller reader keeps it.
func TestMessagesSentWithTheHandshakeAreRead(t *testing.T) {
	tests := []struct {
		name     string
		messages []string
	}{
		{"nothing early", nil},
		{"one message", []string{`{"cell":"1,1"}`}},
		{"three messages", []string{`{"cell":"1,1"}`, `{"cell":"2,2"}`, strings.Repeat("x", 120)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := make(chan string, 8)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				ws, err := websocket.Accept(&pageSocket{ResponseWriter: w}, r, nil)
				if err != nil {
					return
				}
				defer ws.CloseNow()
				for range tc.messages {
					_, b, err := ws.Read(r.Context())
					if err != nil {
						return
					}
					got <- string(b)
				}
				ws.Write(r.Context(), websocket.MessageText, []byte("done"))
			}))
			defer srv.Close()
			conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
			require.NoError(t, err)
			defer conn.Close()
			req := "GET / HTTP/1.1\r\nHost: " + strings.TrimPrefix(srv.URL, "http://") + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
				"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
			packet := []byte(req)
			for _, m := range tc.messages {
				packet = append(packet, clientFrame(m)...)
			}
			_, err = conn.Write(packet) // the handshake and the messages at once
			require.NoError(t, err)
			conn.SetDeadline(time.Now().Add(5 * time.Second))
			br := bufio.NewReader(conn)
			resp, err := http.ReadResponse(br, nil)
			require.NoError(t, err)
			require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
			for _, want := range tc.messages {
				select {
				case m := <-got:
					require.Equal(t, want, m)
				case <-time.After(5 * time.Second):
					t.Fatalf("the server never read %q", want)
				}
			}
			head := make([]byte, 2)
			_, err = br.Read(head)
			require.NoError(t, err)
			require.Equal(t, byte(0x81), head[0], "the server's answer is a text frame")
		})
	}
}

// clientFrame is a masked text frame of a short message, as a browser
// sends it.
func clientFrame(msg string) []byte {
	mask := [4]byte{0x12, 0x34, 0x56, 0x78}
	f := []byte{0x81, 0x80 | byte(len(msg)), mask[0], mask[1], mask[2], mask[3]}
	for i := range len(msg) {
		f = append(f, msg[i]^mask[i%4])
	}
	return f
}

// TestFrameHeaders: an update's frame header gives its length in the
// shortest of the three forms, as RFC 6455 requires.
func TestFrameHeaders(t *testing.T) {
	tests := []struct {
		n    int
		want []byte
	}{
		{0, []byte{0x81, 0}},
		{125, []byte{0x81, 125}},
		{126, []byte{0x81, 126, 0, 126}},
		{65535, []byte{0x81, 126, 0xff, 0xff}},
		{65536, []byte{0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0}},
	}
	for _, tc := range tests {
		payload := bytes.Repeat([]byte("x"), tc.n)
		f := frame.TextMessage(payload)
		require.Equal(t, tc.want, f.Wire()[:len(tc.want)], "%d bytes", tc.n)
		require.Len(t, f.Wire(), len(tc.want)+tc.n, "the header, then the payload")
		require.Equal(t, payload, f.Payload(), "the payload read back")
	}
}

// TestNothingFollowsTheClosingFrame: once the library has sent its closing
// frame, an update still being written is refused rather than sent after
// it (a page would see a broken protocol, not a clean close).
func TestNothingFollowsTheClosingFrame(t *testing.T) {
	server, client := net.Pipe()
	defer client.Close()
	w := &frameWriter{conn: server}
	go func() { // the page reads whatever comes
		b := make([]byte, 64)
		for {
			if _, err := client.Read(b); err != nil {
				return
			}
		}
	}()
	require.NoError(t, w.message(frame.TextMessage([]byte("before"))))
	_, err := w.Write([]byte{0x88, 2, 0x03, 0xe8}) // close, 1000
	require.NoError(t, err)
	require.ErrorIs(t, w.message(frame.TextMessage([]byte("after"))), errClosing)
	server.Close()
}

// tcpPair is a connected pair of loopback TCP sockets.
func tcpPair(t *testing.T) (server, client net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		accepted <- c
	}()
	client, err = net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	server = <-accepted
	require.NotNil(t, server)
	t.Cleanup(func() { server.Close(); client.Close() })
	return server, client
}

// TestAFrameTheSocketTookInPartIsFinishedFirst: a frame larger than the
// socket takes at once is written in part without waiting, the writer's
// lock kept, so that nothing (here the library's pong) gets between its
// two parts; finish sends the rest, and then the pong follows.
func TestAFrameTheSocketTookInPartIsFinishedFirst(t *testing.T) {
	server, client := tcpPair(t)
	w := newFrameWriter(server)
	require.NotNil(t, w.raw, "a TCP socket is written without waiting")
	big := frame.TextMessage(bytes.Repeat([]byte("u"), 16<<20)) // more than any socket buffer holds
	start := time.Now()
	rest, held, err := w.try(big)
	require.NoError(t, err)
	require.Less(t, time.Since(start), time.Second, "try never waits for the page")
	require.True(t, held, "part went out: the lock is kept for the rest")
	require.NotEmpty(t, rest)
	require.Less(t, len(rest), len(big.Wire()))

	pong := []byte{0x8a, 0}
	ponged := make(chan error, 1)
	go func() { _, err := w.Write(pong); ponged <- err }() // the library answers a ping meanwhile
	again, heldAgain, err := w.try(frame.TextMessage([]byte("next")))
	require.NoError(t, err)
	require.False(t, heldAgain)
	require.Equal(t, frame.TextMessage([]byte("next")).Wire(), again, "the lock is busy: nothing written, all of it left")

	got := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(io.LimitReader(client, int64(len(big.Wire())+len(pong))))
		got <- b
	}()
	require.NoError(t, w.finish(rest))
	require.NoError(t, <-ponged)
	b := <-got
	require.Equal(t, len(big.Wire())+len(pong), len(b))
	require.True(t, bytes.Equal(big.Wire(), b[:len(big.Wire())]), "the frame whole and first")
	require.Equal(t, pong, b[len(big.Wire()):], "then the pong")
}
