package realtime

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
	"boardroom/web/templates"
)

// BenchmarkMove is one turn through a room as browsers play it (issue 38),
// every game: the mover's message read from a real WebSocket, checked by
// game/, committed to SQLite on disk before anyone sees it (as the server
// does), each viewer's fragment drawn by the site's templates, its
// difference from what the page has framed and written to the sockets of
// two players and three spectators. An op ends when all five pages have
// read the move. The pages' reads run in the same process: they only scan
// for the move's number, a small share beside the server's work (see the
// CPU profile: `-cpuprofile`). Run it with -cpu 2, as the load tests' machine
// has; a regression on the room's path shows here in seconds, before the
// paired load test (benchmarks/cost-per-move pair) measures it whole.
func BenchmarkMove(b *testing.B) {
	for _, g := range game.All() {
		b.Run(g.ID(), func(b *testing.B) { benchmarkMoves(b, g) })
	}
}

// spectatorsPerRoom is the load tests' three spectators a room.
const spectatorsPerRoom = 3

func benchmarkMoves(b *testing.B, g game.Game) {
	st, err := store.OpenSQLite(filepath.Join(b.TempDir(), "rooms.db"))
	require.NoError(b, err)
	hub := NewHub(Config{Store: st, Renderer: templates.Renderer{}, BaseURL: "http://bench",
		messagesPerSecond: 1e6}) // a person's allowance (10 a second) would pace the benchmark
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The room and the token come in the query here (a browser's come in
		// the path and its cookie); the rest of the query is the socket's.
		q := r.URL.Query()
		room, token := q.Get("room"), q.Get("token")
		r.URL.RawQuery = ""
		hub.ServeWS(w, r, room, secret.Hash(token), "", "", false, nil, SocketHooks{})
	}))
	b.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		require.NoError(b, hub.Shutdown(ctx))
		require.NoError(b, st.Close())
	})
	rng := rand.New(rand.NewPCG(38, 1))
	var room *benchRoom
	var legal []game.Move
	b.ReportAllocs()
	for b.Loop() {
		if room == nil || len(room.state.ToMove()) == 0 {
			b.StopTimer()
			if room != nil {
				room.close()
			}
			room = newBenchRoom(b, hub, srv.URL, g)
			b.StartTimer()
		}
		ply := room.state.ToMove()
		moves := make([]game.Move, len(ply))
		for i, p := range ply {
			legal = room.state.Legal(p, legal[:0])
			moves[i] = legal[rng.IntN(len(legal))]
		}
		for i, p := range ply {
			msg, _ := json.Marshal(map[string]string{"move": room.state.FormatMove(moves[i])})
			room.seats[p].send(msg)
		}
		require.NoError(b, room.state.Apply(moves...))
		for _, pg := range room.pages {
			pg.await(room.state.Ply())
		}
	}
	b.StopTimer()
	room.close()
}

// benchRoom is a friend's room of g with both seats taken and three
// spectators, and the position its moves have reached.
type benchRoom struct {
	state game.State
	seats [2]*benchPage
	pages []*benchPage
}

func newBenchRoom(b *testing.B, hub *Hub, url string, g game.Game) *benchRoom {
	ctx := context.Background()
	id, err := hub.Create(ctx, match.Spec{Game: g.ID(), Mode: vocab.Friend, Clock: vocab.NoClock, Seat: vocab.FirstSeat, Level: vocab.Beginner}, "alice")
	require.NoError(b, err)
	start, err := g.New(nil)
	require.NoError(b, err)
	r := &benchRoom{state: start}
	open := func(token string) *benchPage {
		pg := openBenchPage(b, url, id, token)
		r.pages = append(r.pages, pg)
		return pg
	}
	alice := open("alice")
	alice.watchFor([]byte("Bob"))
	r.seats[game.First], r.seats[game.Second] = alice, open("bob")
	r.seats[game.Second].send([]byte(`{"action":"join","name":"Bob"}`))
	for i := range spectatorsPerRoom {
		open("watcher" + strconv.Itoa(i))
	}
	deadline := time.Now().Add(10 * time.Second)
	for !alice.found.Load() {
		require.True(b, time.Now().Before(deadline), "Bob was never seated")
		time.Sleep(time.Millisecond)
	}
	return r
}

func (r *benchRoom) close() {
	for _, pg := range r.pages {
		pg.ws.CloseNow()
	}
}

// benchPage is a page's socket, read as it comes: what it keeps is the
// highest move number (data-ply) it has been sent.
type benchPage struct {
	b       *testing.B
	ws      *websocket.Conn
	ply     atomic.Int64
	last    atomic.Pointer[[]byte]
	changed chan struct{}
	// want is looked for in every update; found says it came.
	want  atomic.Pointer[[]byte]
	found atomic.Bool
}

// watchFor looks for part in the updates from now on.
func (pg *benchPage) watchFor(part []byte) { pg.want.Store(&part) }

func openBenchPage(b *testing.B, url, room, token string) *benchPage {
	ws, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(url, "http")+"/?room="+room+"&token="+token, nil)
	require.NoError(b, err)
	ws.SetReadLimit(1 << 22)
	pg := &benchPage{b: b, ws: ws, changed: make(chan struct{}, 1)}
	go pg.read()
	return pg
}

var plyMark = []byte(`data-ply="`)

func (pg *benchPage) read() {
	for {
		_, msg, err := pg.ws.Read(context.Background())
		if err != nil {
			return
		}
		pg.last.Store(&msg)
		if w := pg.want.Load(); w != nil && bytes.Contains(msg, *w) {
			pg.found.Store(true)
		}
		high := pg.ply.Load()
		for rest := msg; ; {
			i := bytes.Index(rest, plyMark)
			if i < 0 {
				break
			}
			rest = rest[i+len(plyMark):]
			end := bytes.IndexByte(rest, '"')
			if n, err := strconv.ParseInt(string(rest[:end]), 10, 64); err == nil && n > high {
				high = n
			}
		}
		pg.ply.Store(high)
		select {
		case pg.changed <- struct{}{}:
		default:
		}
	}
}

func (pg *benchPage) send(msg []byte) {
	require.NoError(pg.b, pg.ws.Write(context.Background(), websocket.MessageText, msg))
}

// await waits until the page has been sent move number ply.
func (pg *benchPage) await(ply int) {
	timeout := time.After(10 * time.Second)
	for pg.ply.Load() < int64(ply) {
		select {
		case <-pg.changed:
		case <-timeout:
			last := pg.last.Load()
			pg.b.Fatalf("move %d never reached a page; its last update: %.300s", ply, *last)
		}
	}
}
