package rooms_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/roomjson"
	"boardroom/secret"
	"boardroom/web/request"
	"boardroom/web/webtest"
)

// programDial opens a room's WebSocket as a program does: its own seat
// token in the cookie, no Origin header, the query asking for JSON.
func programDial(ts *testServer, loc, token, query string) (*websocket.Conn, *http.Response, error) {
	h := http.Header{}
	if token != "" {
		h.Set("Cookie", request.TokenCookie+"="+token)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+loc+"/ws"+query, &websocket.DialOptions{HTTPHeader: h})
}

// readWire reads the server's next message.
func readWire(t *testing.T, ws *websocket.Conn) roomjson.Message {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := ws.Read(ctx)
	require.NoError(t, err)
	m, err := roomjson.Decode(b)
	require.NoError(t, err, "%s", b)
	return m
}

func writeWire(t *testing.T, ws *websocket.Conn, msg []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, ws.Write(ctx, websocket.MessageText, msg))
}

// TestAProgramTakesASeat: a program with a token of its own opens the
// room's socket with ?format=json, reads JSON, joins as an engine and
// plays; the room page and the lobby show its seat as "Engine: NAME".
func TestAProgramTakesASeat(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.Browser(t)
	resp, _ := ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"friend"}, "name": {"Alice"}})
	loc := resp.Header.Get("Location")
	token := secret.New()

	for _, tc := range []struct{ query, want string }{
		{"?format=yaml", `format must be html or json, got "yaml"`},
		{"?format=json&legal=perhaps", "legal must be true or false"},
		{"?format=json&seat=1", `unknown query parameter "seat"`},
	} {
		_, resp, err := programDial(ts, loc, token, tc.query)
		require.Error(t, err, tc.query)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, tc.query)
		body, _ := io.ReadAll(resp.Body)
		require.Contains(t, string(body), tc.want)
	}
	_, resp, err := programDial(ts, "/r/nope", token, "?format=json")
	require.Error(t, err)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)

	ws, _, err := programDial(ts, loc, token, "?format=json&legal=true")
	require.NoError(t, err, "a program sends no Origin: allowed")
	defer ws.CloseNow()
	m := readWire(t, ws)
	require.Equal(t, roomjson.TypeState, m.Type)
	require.True(t, m.State.Waiting)
	require.Equal(t, "Alice", m.State.Seats[0].Holder)

	writeWire(t, ws, roomjson.Join("", "Random player"))
	m = readWire(t, ws)
	require.Equal(t, []int{1}, m.State.You)
	require.Equal(t, "Engine: Random player", m.State.Seats[1].Holder)

	_, doc := webtest.Get(t, alice, ts.URL+loc)
	require.Equal(t, "Engine: Random player", strings.TrimSpace(doc.Find(".player.seat-1 .holder, .player .holder").Last().Text()))
	_, doc = webtest.Get(t, ts.Browser(t), ts.URL+"/lobby/lists")
	require.Contains(t, doc.Text(), "P2: Engine: Random player", "the lobby lists the engine")

	writeWire(t, ws, roomjson.Move("3", 0))
	m = readWire(t, ws)
	require.Equal(t, roomjson.TypeError, m.Type)
	require.Equal(t, "not your turn", m.Error.Reason)

	// Another site's page may not use the program's way in.
	h := http.Header{"Origin": {"http://evil.example"}, "Cookie": {request.TokenCookie + "=" + token}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err = websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+loc+"/ws?format=json", &websocket.DialOptions{HTTPHeader: h})
	require.Error(t, err)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
}

// TestAProgramWithoutATokenWatches: a program that sends no seat token
// (or one too short to be one) is a spectator, and a join tells it why not.
func TestAProgramWithoutATokenWatches(t *testing.T) {
	ts := newTestServer(t)
	resp, _ := ts.Create(t, ts.Browser(t), url.Values{"game": {"kalah"}})
	loc := resp.Header.Get("Location")
	for _, token := range []string{"", "short"} {
		ws, _, err := programDial(ts, loc, token, "?format=json")
		require.NoError(t, err)
		require.Empty(t, readWire(t, ws).State.You)
		writeWire(t, ws, roomjson.Join("Bot", "X"))
		m := readWire(t, ws)
		require.Equal(t, roomjson.TypeError, m.Type)
		require.Contains(t, m.Error.Text, "no seat cookie")
		ws.CloseNow()
	}
}
