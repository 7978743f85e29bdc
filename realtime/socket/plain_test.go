package socket

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// TestPlain echoes one message over a Plain socket, refuses one over its
// read limit, and closes with the status asked for.
func TestPlain(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := AcceptPlain(w, r, nil, 16)
		if err != nil {
			return
		}
		defer p.CloseNow()
		b, err := p.Read(r.Context())
		if err != nil {
			return
		}
		if p.Write(r.Context(), append([]byte("echo "), b...)) != nil {
			return
		}
		if _, err := p.Read(r.Context()); err != nil { // over the limit
			return
		}
		p.Close(PolicyViolation, "unexpected")
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	require.NoError(t, err)
	defer ws.CloseNow()
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte("hi")))
	typ, b, err := ws.Read(ctx)
	require.NoError(t, err)
	require.Equal(t, websocket.MessageText, typ)
	require.Equal(t, "echo hi", string(b))
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(strings.Repeat("x", 17))))
	_, _, err = ws.Read(ctx)
	require.Equal(t, websocket.StatusMessageTooBig, websocket.CloseStatus(err), "the read limit holds")
}

// TestStatusCodes pins the close codes pages and programs act on
// (docs/protocol.md): they are the wire's, not ours to change.
func TestStatusCodes(t *testing.T) {
	for code, want := range map[StatusCode]int{NormalClosure: 1000, GoingAway: 1001, InvalidUTF8: 1007,
		PolicyViolation: 1008, ServiceRestart: 1012, TryAgainLater: 1013} {
		require.Equal(t, want, int(code))
	}
}
