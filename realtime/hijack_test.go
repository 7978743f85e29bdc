package realtime

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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
