package match

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"
	"unsafe"

	"boardroom/realtime/roomjson"
	"boardroom/realtime/vocab"
	"boardroom/secret"

	"github.com/stretchr/testify/require"
)

func TestParseStream(t *testing.T) {
	tests := []struct {
		query   string
		want    Stream
		wantErr string
	}{
		{"", Stream{}, ""},
		{"format=html", Stream{}, ""},
		{"format=json", Stream{JSON: true}, ""},
		{"format=json&legal=true", Stream{JSON: true, Legal: true}, ""},
		{"format=json&legal=1", Stream{JSON: true, Legal: true}, ""},
		{"format=json&legal=false", Stream{JSON: true}, ""},
		{"format=xml", Stream{}, `format must be html or json, got "xml"`},
		{"format=json&format=html", Stream{}, `gives "format" 2 times`},
		{"legal=true", Stream{}, "legal=true goes with format=json"},
		{"format=json&legal=maybe", Stream{}, `legal must be true or false, got "maybe"`},
		{"format=json&token=abc", Stream{}, `unknown query parameter "token"`},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			q, err := url.ParseQuery(tc.query)
			require.NoError(t, err)
			got, err := ParseStream(q)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// program is a program's connection: a Conn that asked for JSON, whose
// messages the test decodes.
type program struct {
	t      *testing.T
	room   *Room
	c      *Conn
	states []*roomjson.State
	errors []*roomjson.Error
	notes  []*roomjson.Notice
	// raw is every message received, as sent.
	raw []string
}

func (h *harness) connectProgram(r *Room, token string, legal bool) *program {
	h.t.Helper()
	c := testConn(secret.Hash(token), 1024)
	c.stream = Stream{JSON: true, Legal: legal}
	require.True(h.t, r.send(context.Background(), evConnect{c: c}))
	p := &program{t: h.t, room: r, c: c}
	p.read()
	return p
}

// read takes in everything the room has sent so far.
func (p *program) read() {
	p.t.Helper()
	inRoom(p.t, p.room, func(*Room) {})
	for _, b := range p.c.taken() {
		p.raw = append(p.raw, string(b))
		m, err := roomjson.Decode(b)
		require.NoError(p.t, err, "%s", b)
		switch m.Type {
		case roomjson.TypeState:
			p.states = append(p.states, m.State)
		case roomjson.TypeError:
			p.errors = append(p.errors, m.Error)
		case roomjson.TypeNotice:
			p.notes = append(p.notes, m.Notice)
		}
	}
}

func (p *program) state() *roomjson.State {
	p.t.Helper()
	p.read()
	require.NotEmpty(p.t, p.states, "no state was sent")
	return p.states[len(p.states)-1]
}

// send sends a message as the program would, decoded as the room decodes
// it, and reads what came back.
func (p *program) send(msg string) {
	p.t.Helper()
	m, err := DecodeMessage([]byte(msg))
	require.True(p.t, p.room.send(context.Background(), evInput{c: p.c, msg: m, err: err}))
	p.read()
}

// lastError is the newest error received ("" for none).
func (p *program) lastError() string {
	if len(p.errors) == 0 {
		return ""
	}
	e := p.errors[len(p.errors)-1]
	return e.Reason + ": " + e.Text
}

// TestAProgramPlaysOverJSON: a program joins a friend room as an engine,
// sees the room as JSON (seats, moves, whose turn), plays by notation, and
// is told why a move is refused; every page shows its seat as
// "Engine: NAME", also after a restart.
func TestAProgramPlaysOverJSON(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Name: "Alice"}, "alice")
	alice := h.connect(r, "alice")
	bot := h.connectProgram(r, "bot-token", true)

	s := bot.state()
	require.Equal(t, r.ID(), s.Room)
	require.Equal(t, "kalah", s.Game)
	require.Equal(t, "Kalah", s.GameName)
	require.Equal(t, "6", s.Options["houses"])
	require.Equal(t, "friend", s.Mode)
	require.Empty(t, s.You, "a spectator until it joins")
	require.True(t, s.Waiting)
	require.Equal(t, roomjson.KindPerson, s.Seats[0].Kind)
	require.Equal(t, "Alice", s.Seats[0].Holder)
	require.True(t, s.Seats[0].Online)
	require.Equal(t, roomjson.KindFree, s.Seats[1].Kind)
	require.Equal(t, []string{}, s.Moves)
	require.False(t, s.YourTurn)
	require.Equal(t, -1, s.Acting)
	require.Nil(t, s.Clock, "no clock")
	require.Nil(t, s.Result)

	bot.send(`{"action":"join","name":"Rob's bot","engine":"Random player"}`)
	s = bot.state()
	require.Equal(t, []int{1}, s.You)
	require.False(t, s.Waiting)
	require.Equal(t, roomjson.Seat{Name: "P2", Kind: roomjson.KindEngine, Holder: "Engine: Random player", Engine: "Random player",
		Yours: true, Online: true}, s.Seats[1])
	require.Equal(t, []int{0}, s.ToMove)
	require.Equal(t, "P1 to move", s.Turn)
	require.Equal(t, "Engine: Random player", alice.last().Seats[1].Holder, "the person's page shows the engine")

	bot.send(`{"move":"3"}`)
	require.Equal(t, "not your turn: It is not your turn.", bot.lastError())
	versions := len(bot.states)
	alice.click(1, 1) // P1 sows house 1
	s = bot.state()
	require.Len(t, bot.states, versions+1, "one state for one change")
	require.Equal(t, []string{"1"}, s.Moves)
	require.True(t, s.YourTurn)
	require.Equal(t, 1, s.Acting)
	require.Equal(t, "Your move", s.Turn)
	require.Equal(t, []string{"1", "2", "3", "4", "5", "6"}, s.Legal, "asked for with legal=true")

	bot.send(`{"move":"9"}`)
	require.Contains(t, bot.lastError(), `illegal: "9" is not a legal move here.`)
	require.Len(t, bot.states, versions+1, "a refusal changes nothing, so no new state")
	bot.send(`{"move":"2"}`)
	s = bot.state()
	require.Equal(t, []string{"1", "2"}, s.Moves)
	require.False(t, s.YourTurn)
	require.Empty(t, s.Legal)
	require.Equal(t, []string{"1", "2"}, movesOf(alice.last()))

	bot.send(`{"ply":1}`)
	require.Contains(t, bot.lastError(), "not allowed: A program's connection has no replay")
	bot.send(`{"action":"replay-first"}`)
	require.Contains(t, bot.lastError(), "no replay")
	bot.send(`{"nonsense":1}`)
	require.Contains(t, bot.lastError(), "protocol: bad message")

	for _, raw := range bot.raw {
		require.True(t, strings.HasPrefix(raw, `{"type":`), "only JSON, never the page's HTML or counts: %s", raw)
	}

	h.restart()
	r, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	again := h.connectProgram(r, "bot-token", false)
	s = again.state()
	require.Equal(t, []int{1}, s.You, "the token keeps the seat")
	require.Equal(t, "Engine: Random player", s.Seats[1].Holder, "the engine's name is stored with the seat")
	require.Equal(t, "Engine: Random player", h.connect(r, "watcher").last().Seats[1].Holder)
}

// TestAProgramNeverSeesTheSecretChoice: on a simultaneous turn, a
// program — seated or watching — learns that the other seat chose, never
// what, until the turn is played; its own choice is shown to it alone.
func TestAProgramNeverSeesTheSecretChoice(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "demons"}, "angels")
	angels := h.connect(r, "angels")
	bot := h.connectProgram(r, "demons", false)
	watcher := h.connectProgram(r, "watcher", true)
	bot.send(`{"action":"join","engine":"Rando"}`)

	s := bot.state()
	require.True(t, s.Simultaneous)
	require.Equal(t, []int{0, 1}, s.ToMove)
	require.True(t, s.YourTurn)
	require.Equal(t, 1, s.Acting)

	angels.send(Message{MoveText: "b2", HasMove: true})
	for _, p := range []*program{bot, watcher} {
		s := p.state()
		require.True(t, s.Seats[0].Chosen, "that the Angels chose is shown")
		require.Empty(t, s.YourChoice)
		require.Empty(t, s.Moves)
		require.Empty(t, s.Legal, "a spectator has no turn")
		for _, raw := range p.raw {
			require.NotContains(t, raw, `"b2"`, "the choice itself never leaves the room")
		}
	}

	bot.send(`{"move":"e5"}`)
	require.Equal(t, []string{"b2+e5"}, bot.state().Moves)
	require.Equal(t, []string{"b2+e5"}, watcher.state().Moves)
	require.Equal(t, []string{"b2+e5"}, movesOf(angels.last()))

	// The program's own choice is its to see; the person's page does not show it.
	bot.send(`{"move":"d4"}`)
	require.Empty(t, bot.lastError())
	require.Equal(t, "d4", bot.state().YourChoice)
	require.False(t, bot.state().YourTurn, "a choice is final")
	require.Empty(t, watcher.state().YourChoice)
	require.Empty(t, angels.last().MyChoice)
	require.True(t, angels.last().Seats[1].Chosen)
}

// TestProgramStatesAreSharedAndNotRepeated: every watching program is sent
// the same bytes, made once; what a program cannot see (the spectator
// count, a redraw with nothing new) sends it nothing.
func TestProgramStatesAreSharedAndNotRepeated(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat}, "me")
	me := h.connect(r, "me")
	w1 := h.connectProgram(r, "w1", false)
	w2 := h.connectProgram(r, "w2", false)
	me.click(1, 1)
	b1, b2 := w1.c.taken()[0], w2.c.taken()[0]
	require.Equal(t, unsafe.SliceData(b1), unsafe.SliceData(b2), "one encoding for every program that sees the same")

	h.connect(r, "someone")
	inRoom(t, r, func(r *Room) {
		r.sendPresence()
		r.broadcast()
	})
	require.Empty(t, w1.c.taken(), "neither the count nor the same state again")
}

// TestAProgramSeesTheClockProposalsAndTheResult: the move clock as the
// page animates it, a proposal to answer, and how the game ended.
func TestAProgramSeesTheClockProposalsAndTheResult(t *testing.T) {
	h, clock := fakeClockHarness(t)
	r := h.create(Spec{Game: "kalah", Clock: vocab.BulletClock}, "alice")
	alice := h.connect(r, "alice")
	bot := h.connectProgram(r, "bot", false)
	require.Equal(t, &roomjson.Clock{PeriodMS: 10_000, RemainingMS: 10_000}, bot.state().Clock, "not running before both seats are held")

	bot.send(`{"action":"join","engine":"Rando"}`)
	require.Equal(t, &roomjson.Clock{Running: true, PeriodMS: 10_000, RemainingMS: 60_000, FirstMove: true}, bot.state().Clock)
	alice.click(1, 1)
	clock.Advance(15 * time.Second)
	alice.last()
	s := bot.state()
	require.True(t, s.YourTurn)
	require.Equal(t, &roomjson.Clock{Running: true, PeriodMS: 10_000, RemainingMS: 60_000, FirstMove: true}, s.Clock, "its own first move")
	bot.send(`{"move":"1"}`)
	s = bot.state()
	require.Equal(t, &roomjson.Clock{Running: true, PeriodMS: 10_000, RemainingMS: 10_000}, s.Clock, "now the move clock")

	alice.action(vocab.Undo) // between two people: a takeback request
	require.Equal(t, &roomjson.Proposal{Kind: "takeback"}, bot.state().Proposal)
	bot.send(`{"action":"takeback-decline"}`)
	require.Nil(t, bot.state().Proposal)

	alice.action(vocab.Resign)
	s = bot.state()
	require.True(t, s.Over)
	require.Empty(t, s.ToMove)
	require.False(t, s.YourTurn)
	require.Equal(t, &roomjson.Result{Winner: 1, Reason: "P1 resigned", Text: "P2 wins — P1 resigned"}, s.Result)
	require.False(t, s.Clock.Running)
	bot.send(`{"move":"2"}`)
	require.Equal(t, "over: The game is over.", bot.lastError())
}

// TestAnEngineTakesOverASeat: a program holding a seat already (the
// creator's token) says an engine plays it: every page shows it, the
// store keeps it; a join without an engine is still refused.
func TestAnEngineTakesOverASeat(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: vocab.Computer, Name: "Carol"}, "carol")
	page := h.connect(r, "watcher")
	bot := h.connectProgram(r, "carol", false)
	require.Equal(t, roomjson.KindPerson, bot.state().Seats[0].Kind)
	bot.send(`{"action":"join"}`)
	require.Equal(t, "not now: You already hold a seat.", bot.lastError())
	bot.send(`{"action":"join","engine":"Deep Kalah"}`)
	s := bot.state()
	require.Equal(t, roomjson.KindEngine, s.Seats[0].Kind)
	require.Equal(t, "Engine: Deep Kalah", s.Seats[0].Holder)
	require.Equal(t, "Engine: Deep Kalah", page.last().Seats[0].Holder)
	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.Equal(t, "Deep Kalah", rec.Seats[0].Engine)
	require.Equal(t, "Carol", rec.Seats[0].Name, "the name stays the person's, for the chat")
}
