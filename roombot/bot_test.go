package roombot

import (
	"bytes"
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/match"
	"boardroom/realtime/roomjson"
	"boardroom/realtime/vocab"
	"boardroom/roombot/roombottest"
	"boardroom/secret"
)

type runResult struct {
	state *roomjson.State
	err   error
	log   string
}

// running is a bot running in the background.
type running struct {
	done chan runResult
	log  *syncBuffer
}

// runBot runs a bot in the background.
func runBot(ctx context.Context, cfg Config) running {
	r := running{done: make(chan runResult, 1), log: &syncBuffer{}}
	cfg.Log = r.log
	go func() {
		s, err := Run(ctx, cfg)
		r.done <- runResult{s, err, r.log.String()}
	}()
	return r
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func waitResult(t *testing.T, r running) runResult {
	t.Helper()
	select {
	case res := <-r.done:
		return res
	case <-time.After(30 * time.Second):
		t.Fatalf("the bot did not finish:\n%s", r.log.String())
		return runResult{}
	}
}

// checkFinished checks that a bot played its game to the end, which its
// engine followed move for move, as the room stored it.
func checkFinished(t *testing.T, s *roombottest.Server, room string, r runResult, e *fakeEngine) {
	t.Helper()
	require.NoError(t, r.err, r.log)
	require.True(t, r.state.Over, r.log)
	require.NotNil(t, r.state.Result)
	require.Equal(t, s.Turns(room), r.state.Moves, "the room's stored game")
	require.Equal(t, len(r.state.Moves), e.position().Ply(), "the engine followed every turn")
	require.True(t, e.position().Outcome().Over || r.state.Result.Reason != "", "the engine's game ended too")
}

// TestBotsPlayEveryGame: for every game, a bot plays a whole game in a
// friend room against another bot that takes the free seat, and one
// against the computer, holding the seat its creator's token holds.
func TestBotsPlayEveryGame(t *testing.T) {
	for _, g := range game.All() {
		t.Run(g.ID()+"/two bots", func(t *testing.T) {
			t.Parallel() // the bots mostly wait: for each other and their pace
			s := roombottest.New(t)
			creator := secret.New()
			room := s.Create(match.Spec{Game: g.ID()}, creator)
			first, second := newFakeEngine("First", 1), newFakeEngine("Second", 2)
			a := runBot(t.Context(), Config{Room: room, Engine: first, Token: creator})
			b := runBot(t.Context(), Config{Room: room, Engine: second, Name: "Bob"})
			rb, ra := waitResult(t, b), waitResult(t, a)
			checkFinished(t, s, room, ra, first)
			checkFinished(t, s, room, rb, second)
			require.Equal(t, []int{0}, ra.state.You)
			require.Equal(t, []int{1}, rb.state.You)
			require.Equal(t, "Engine: Second", rb.state.Seats[1].Holder)
			require.Equal(t, "Engine: First", ra.state.Seats[0].Holder, "the creator's seat shows the engine that plays it")
			require.Contains(t, rb.log, "seated as "+g.Seats()[1])
			if g.Simultaneous() {
				require.Contains(t, first.sent("genmove"), "genmove 1", "a choice for its own seat")
				require.Contains(t, second.sent("genmove"), "genmove 2")
			} else {
				require.Equal(t, []string{"genmove"}, first.sent("genmove")[:1])
			}
		})
		t.Run(g.ID()+"/against the computer", func(t *testing.T) {
			t.Parallel()
			s := roombottest.New(t)
			creator := secret.New()
			room := s.Create(match.Spec{Game: g.ID(), Mode: vocab.Computer, Seat: vocab.SecondSeat}, creator)
			e := newFakeEngine("Solo", 3)
			r := waitResult(t, runBot(t.Context(), Config{Room: room, Engine: e, Token: creator}))
			checkFinished(t, s, room, r, e)
			require.Equal(t, []int{1}, r.state.You)
			require.Equal(t, roomjson.KindComputer, r.state.Seats[0].Kind)
			require.Equal(t, roomjson.KindEngine, r.state.Seats[1].Kind)
			require.Equal(t, "Engine: Solo", r.state.Seats[1].Holder)
		})
	}
}

// TestBotPlaysBothSeats: holding both seats (a hotseat room's creator's
// token), the bot asks its engine for each seat's move, on a simultaneous
// turn one choice after the other.
func TestBotPlaysBothSeats(t *testing.T) {
	for _, id := range []string{"demons", "kalah"} {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			s := roombottest.New(t)
			creator := secret.New()
			room := s.Create(match.Spec{Game: id, Mode: vocab.Hotseat}, creator)
			e := newFakeEngine("Both", 8)
			r := waitResult(t, runBot(t.Context(), Config{Room: room, Engine: e, Token: creator}))
			checkFinished(t, s, room, r, e)
			require.Equal(t, []int{0, 1}, r.state.You)
			require.Equal(t, "Engine: Both", r.state.Seats[0].Holder)
			require.Equal(t, "Engine: Both", r.state.Seats[1].Holder)
			if id == "demons" {
				require.Len(t, e.sent("genmove 1"), len(r.state.Moves))
				require.Len(t, e.sent("genmove 2"), len(r.state.Moves))
			}
		})
	}
}

// TestBotReconnectsAfterARestart: the server restarts in the middle of the
// game (the sockets close with 1012); both bots dial again with their
// tokens, keep their seats and finish the game.
func TestBotReconnectsAfterARestart(t *testing.T) {
	t.Parallel()
	s := roombottest.New(t)
	creator := secret.New()
	room := s.Create(match.Spec{Game: "kalah"}, creator)
	first, second := newFakeEngine("First", 4), newFakeEngine("Second", 5)
	first.think, second.think = 15*time.Millisecond, 15*time.Millisecond
	a := runBot(t.Context(), Config{Room: room, Engine: first, Token: creator})
	b := runBot(t.Context(), Config{Room: room, Engine: second})
	require.Eventually(t, func() bool { return len(s.Turns(room)) >= 6 }, 20*time.Second, 5*time.Millisecond)
	s.Restart()
	ra, rb := waitResult(t, a), waitResult(t, b)
	checkFinished(t, s, room, ra, first)
	checkFinished(t, s, room, rb, second)
	require.Contains(t, ra.log, "connection lost")
	require.Contains(t, rb.log, "connection lost")
	require.Len(t, first.sent("game "), 1, "the engine's game went on: no new game")
}

// TestBotRefusesClearly: a bot that cannot play says why and stops.
func TestBotRefusesClearly(t *testing.T) {
	t.Parallel()
	s := roombottest.New(t)
	creator := secret.New()
	computerRoom := s.Create(match.Spec{Game: "kalah", Mode: vocab.Computer}, creator)
	finished := s.Create(match.Spec{Game: "kalah"}, creator)
	ws, _, err := websocket.Dial(t.Context(), "ws"+finished[4:]+"/ws?format=json",
		&websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {TokenCookie + "=" + creator}}})
	require.NoError(t, err)
	require.NoError(t, ws.Write(t.Context(), websocket.MessageText, roomjson.Action("abort")))
	require.Eventually(t, func() bool { return s.Room(finished).Over }, 5*time.Second, 5*time.Millisecond)
	ws.CloseNow()

	tests := []struct {
		name    string
		cfg     Config
		wantIs  error
		wantErr string
	}{
		{"no such room", Config{Room: s.URL() + "/r/nope"}, ErrNoRoom, "no such room at " + s.URL() + "/r/nope"},
		{"the computer's room", Config{Room: computerRoom}, ErrRoomFull, "P1: Guest"},
		{"a finished game", Config{Room: finished}, ErrGameOver, "Game aborted by P1"},
		{"not a room's address", Config{Room: s.URL() + "/rules"}, nil, "give the room's link, http(s)://HOST/r/ID"},
		{"a bad token", Config{Room: finished, Token: "short"}, nil, "the seat token must be 32 to 128 characters"},
		{"no server", Config{Room: "http://127.0.0.1:1/r/abc"}, nil, "connect"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.Engine = newFakeEngine("X", 1)
			_, err := Run(t.Context(), tc.cfg)
			require.Error(t, err)
			if tc.wantIs != nil {
				require.ErrorIs(t, err, tc.wantIs)
			}
			require.ErrorContains(t, err, tc.wantErr)
		})
	}
}

// person is a program playing a seat over the JSON protocol, as a test
// drives it: it reads states and sends what it is told.
type person struct {
	t  *testing.T
	ws *websocket.Conn
}

func dialPerson(t *testing.T, room, token string) *person {
	ws, _, err := websocket.Dial(t.Context(), "ws"+room[4:]+"/ws?format=json&legal=true",
		&websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {TokenCookie + "=" + token}}})
	require.NoError(t, err)
	t.Cleanup(func() { ws.CloseNow() })
	return &person{t: t, ws: ws}
}

// await reads states until one satisfies cond.
func (p *person) await(what string, cond func(*roomjson.State) bool) *roomjson.State {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.t.Context(), 10*time.Second)
	defer cancel()
	for {
		_, b, err := p.ws.Read(ctx)
		require.NoError(p.t, err, "waiting for %s", what)
		m, err := roomjson.Decode(b)
		require.NoError(p.t, err)
		if m.State != nil && cond(m.State) {
			return m.State
		}
	}
}

func (p *person) send(msg []byte) {
	p.t.Helper()
	require.NoError(p.t, p.ws.Write(p.t.Context(), websocket.MessageText, msg))
}

// TestBotFollowsTakebacksOnTheClock: against a person on a bullet clock,
// the engine is given part of the time left, and a takeback the person
// asks for is agreed to and taken back in the engine too (or, by an
// engine that cannot, the game is started again in it).
func TestBotFollowsTakebacksOnTheClock(t *testing.T) {
	for _, noUndo := range []bool{false, true} {
		t.Run(map[bool]string{false: "undo", true: "no undo"}[noUndo], func(t *testing.T) {
			s := roombottest.New(t)
			me := secret.New()
			room := s.Create(match.Spec{Game: "kalah", Clock: vocab.BulletClock}, me)
			p := dialPerson(t, room, me)
			e := newFakeEngine("Taker", 6)
			e.noUndo = noUndo
			done := runBot(t.Context(), Config{Room: room, Engine: e})

			myTurn := func(st *roomjson.State) bool { return st.YourTurn }
			st := p.await("the bot seated", func(st *roomjson.State) bool { return !st.Waiting && st.YourTurn })
			for range 3 {
				p.send(roomjson.Move(st.Legal[0], len(st.Moves)))
				st = p.await("my turn", myTurn)
			}
			before := len(st.Moves)
			p.send(roomjson.Action("undo"))
			st = p.await("the takeback", func(st *roomjson.State) bool { return len(st.Moves) < before && st.YourTurn })
			require.Nil(t, st.Proposal)
			require.Eventually(t, func() bool { return e.position().Ply() == len(st.Moves) }, 5*time.Second, 5*time.Millisecond,
				"the engine took the moves back too")
			if noUndo {
				require.Len(t, e.sent("game "), 2, "started again")
			} else {
				require.NotEmpty(t, e.sent("undo"))
			}
			p.send(roomjson.Action("resign"))
			r := waitResult(t, done)
			require.NoError(t, r.err, r.log)
			require.Equal(t, "P2 wins — P1 resigned", r.state.Result.Text)

			times := e.sent("time ")
			require.NotEmpty(t, times)
			require.Regexp(t, `^time (29|30)\d\d\d$`, times[0], "the first move: half the 60 s wait")
			for _, c := range times[1:] {
				require.Regexp(t, `^time (4\d\d\d|50\d\d)$`, c, "then half the 10 s move clock")
			}
		})
	}
}

func TestMoveBudget(t *testing.T) {
	tests := []struct {
		name             string
		clock            *roomjson.Clock
		since            time.Duration
		budget, deadline time.Duration
	}{
		{"no clock", nil, 0, 2 * time.Second, 16 * time.Second},
		{"a clock not running", &roomjson.Clock{PeriodMS: 10_000, RemainingMS: 10_000}, 0, 2 * time.Second, 16 * time.Second},
		{"bullet", &roomjson.Clock{Running: true, PeriodMS: 10_000, RemainingMS: 10_000}, 0, 5 * time.Second, 9800 * time.Millisecond},
		{"bullet, the state a second old", &roomjson.Clock{Running: true, RemainingMS: 10_000}, time.Second, 4500 * time.Millisecond, 8800 * time.Millisecond},
		{"little left: a second in hand", &roomjson.Clock{Running: true, RemainingMS: 1500}, 0, 500 * time.Millisecond, 1300 * time.Millisecond},
		{"almost nothing", &roomjson.Clock{Running: true, RemainingMS: 100}, 0, 50 * time.Millisecond, 50 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			budget, deadline := MoveBudget(tc.clock, tc.since, 2*time.Second)
			require.Equal(t, tc.budget, budget)
			require.Equal(t, tc.deadline, deadline)
		})
	}
}

func TestSocketURL(t *testing.T) {
	tests := []struct{ in, want, wantErr string }{
		{"http://localhost:8080/r/abc", "ws://localhost:8080/r/abc/ws?format=json", ""},
		{"https://boardroom.example/r/abc/", "wss://boardroom.example/r/abc/ws?format=json", ""},
		{"http://h/r/abc?x=1#frag", "ws://h/r/abc/ws?format=json", ""},
		{"ws://h/r/abc/ws", "ws://h/r/abc/ws?format=json", ""},
		{" wss://h/base/r/abc/ws?format=html ", "wss://h/base/r/abc/ws?format=json", ""},
		{"http://h/", "", "give the room's link"},
		{"http://h/r/", "", "give the room's link"},
		{"ftp://h/r/abc", "", "give the room's link"},
		{"h/r/abc", "", "give the room's link"},
		{"http://%zz", "", "invalid URL escape"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := socketURL(tc.in)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// TestPacerKeepsUnderTheRoomsLimit: a burst goes at once, then one message
// every gap; a pause refills the burst.
func TestPacerKeepsUnderTheRoomsLimit(t *testing.T) {
	p := pacer{burst: 3, gap: 50 * time.Millisecond}
	start := time.Now()
	for range 3 {
		require.NoError(t, p.wait(t.Context()))
	}
	require.Less(t, time.Since(start), 40*time.Millisecond, "the burst goes at once")
	require.NoError(t, p.wait(t.Context()))
	require.GreaterOrEqual(t, time.Since(start), 50*time.Millisecond, "then the gap")
	time.Sleep(160 * time.Millisecond)
	again := time.Now()
	for range 3 {
		require.NoError(t, p.wait(t.Context()))
	}
	require.Less(t, time.Since(again), 40*time.Millisecond, "a pause refills the burst")
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	require.ErrorIs(t, p.wait(ctx), context.Canceled, "a wait ends with its context")
}
