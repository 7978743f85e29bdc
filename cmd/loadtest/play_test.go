package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// messageSink is a WebSocket server that hands every text it reads to got.
func messageSink(t *testing.T) (url string, got <-chan string) {
	t.Helper()
	texts := make(chan string, 16)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		for {
			_, data, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			texts <- string(data)
		}
	}))
	t.Cleanup(srv.Close)
	return "ws" + srv.URL[len("http"):], texts
}

// TestWriterAfterPlay: a move that leaves a player's writer after play
// has stopped is neither sent nor awaited. It was both once, and the drain
// after play, finding nothing pending just before, counted its receivers
// as "move not delivered" (TestLoadEveryGame failed so in CI).
func TestWriterAfterPlay(t *testing.T) {
	url, got := messageSink(t)
	ws, _, err := websocket.Dial(t.Context(), url, nil)
	require.NoError(t, err)
	defer ws.CloseNow()

	l := &load{}
	track := newRoomTrack(3, 1)
	v := &viewer{l: l, track: track, out: make(chan outMsg, 4), name: "room 0 P1"}
	v.ws.Store(ws)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var wg sync.WaitGroup
	wg.Go(func() { v.write(ctx, newLimiter(1000, 5)) })

	l.playing.Store(true)
	v.send(outMsg{data: []byte(`{"cell":"a1"}`), key: &turnKey{0, 1}})
	require.Equal(t, `{"cell":"a1"}`, <-got, "a move while playing goes out")
	require.Equal(t, 1, track.pending(), "and is awaited")

	l.stopPlaying()
	v.send(outMsg{data: []byte(`{"cell":"b2"}`), key: &turnKey{0, 2}})
	v.send(outMsg{data: []byte(`{"action":"join"}`)}) // not a move: still sent
	select {
	case text := <-got:
		require.Equal(t, `{"action":"join"}`, text, "the move queued after play was not sent")
	case <-time.After(5 * time.Second):
		t.Fatal("the writer sent nothing")
	}
	require.Equal(t, 1, track.pending(), "nor awaited")
	cancel()
	wg.Wait()
}

// TestStopPlayingWaitsForWriters: once stopPlaying returns, no writer
// records another move, however the two race.
func TestStopPlayingWaitsForWriters(t *testing.T) {
	for range 50 {
		l := &load{}
		l.playing.Store(true)
		track := newRoomTrack(1, 1)
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Go(func() {
				for ply := 1; l.recordMove(track, turnKey{w, ply}); ply++ {
				}
			})
		}
		time.Sleep(time.Millisecond)
		l.stopPlaying()
		after := track.pending()
		wg.Wait()
		require.Equal(t, after, track.pending())
	}
}
