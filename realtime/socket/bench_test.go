package socket

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// BenchmarkReadMessage is one short message through a page's socket, from
// the page's write to the reader's hands, rate limit included (set high
// enough never to refuse).
func BenchmarkReadMessage(b *testing.B) {
	got := make(chan struct{}, 1024)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := Accept(w, r, nil, Limits{Burst: 1 << 30, PerSecond: 1e12})
		if err != nil {
			return
		}
		c.Read(func([]byte, error) bool {
			got <- struct{}{}
			return true
		})
	}))
	defer srv.Close()
	client, _, err := websocket.Dial(b.Context(), "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	require.NoError(b, err)
	defer client.CloseNow()
	msg := []byte(`{"cell":"3,4"}`)
	for b.Loop() {
		if err := client.Write(b.Context(), websocket.MessageText, msg); err != nil {
			b.Fatal(err)
		}
		<-got
	}
}
