package match

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/vocab"
)

// The clock of a game lost on time shows that no time was left, and while
// the game is played it says whose time it counts (issue 23: "0:10" under
// "White ran out of time").
func TestClockAfterALossOnTime(t *testing.T) {
	h, clock := fakeClockHarness(t)
	r := h.create(Spec{Game: "kalah", Clock: "bullet"}, "alice")
	alice, bob := h.connect(r, "alice"), h.connect(r, "bob")
	bob.action("join")
	alice.click(1, 1) // first moves: not on the move clock
	bob.click(0, 1)

	tests := []struct {
		who   *client
		whose string
	}{{alice, "Your time"}, {bob, "P1's time"}}
	for _, tc := range tests {
		p := tc.who.last()
		require.True(t, p.Clock.Running)
		require.Equal(t, tc.whose, p.Clock.Whose)
	}

	clock.Advance(10 * time.Second)
	for _, who := range []*client{alice, bob} {
		p := who.last()
		require.True(t, p.Over)
		require.Contains(t, p.Status, "P1 ran out of time")
		require.Equal(t, int64(0), p.Clock.RemainingMS, "none of the time was left")
		require.Equal(t, "P1 is out of time", p.Clock.Whose)
	}
	h.restart() // the record says so too
	r2, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	p := h.connect(r2, "alice").last()
	require.Equal(t, int64(0), p.Clock.RemainingMS)
}

// The clock speaks of a plural seat in the plural: the first-move clock of
// Angels & Demons said "Demons's time", and after a loss on time "Demons
// is out of time".
func TestWhoseTimeOfAPluralSeat(t *testing.T) {
	h, clock := fakeClockHarness(t)
	r := h.create(Spec{Game: "demons", Clock: "fast"}, "alice")
	alice, bob := h.connect(r, "alice"), h.connect(r, "bob")
	bob.action("join")
	alice.click(0, 1) // the Angels choose b8; the Demons' first move is awaited
	require.True(t, alice.last().Clock.Running)
	require.Equal(t, "Demons' time", alice.last().Clock.Whose)
	require.Equal(t, "Your time", bob.last().Clock.Whose)

	bob.click(2, 1)   // b6: the first turn is played
	alice.click(0, 3) // d8; the Demons let their time run out
	require.Equal(t, "Demons' time", alice.last().Clock.Whose)
	clock.Advance(time.Minute)
	for _, who := range []*client{alice, bob} {
		require.True(t, who.last().Over)
		require.Equal(t, "Demons are out of time", who.last().Clock.Whose)
	}
}

// A move of several clicks says what comes next, also when the room holds
// the clicks (a page without script): the banner's step, and the
// announcement (issue 23: the banner said "Your move" after every click).
func TestStepsSayWhatComesNext(t *testing.T) {
	tests := []struct {
		game   string
		clicks [][2]int
		steps  []string
	}{
		{"amazons", [][2]int{{9, 3}, {3, 3}}, []string{"Choose an amazon", "Now choose where it moves", "Now shoot an arrow"}},
		{"bishops", nil, []string{"Choose a bishop", "Now choose its target"}}, // a bishop that may move
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			h := newHarness(t)
			r := h.create(Spec{Game: tc.game, Mode: "hotseat"}, "me")
			me := h.connect(r, "me")
			p := me.last()
			require.Equal(t, tc.steps[0], p.Step)
			require.Equal(t, tc.steps, p.Steps, "the page's script gets every step with the paths")
			clicks := tc.clicks
			for c := range targetsOf(t, p) {
				if clicks == nil {
					clicks = [][2]int{{int(c.Row), int(c.Col)}}
				}
			}
			for i, c := range clicks {
				p = me.click(c[0], c[1])
				require.Empty(t, p.Error, "a step of a move")
				require.Equal(t, tc.steps[i+1], p.Step, "after %d clicks", i+1)
			}
		})
	}
}

// A Kalah move that earns another turn says so, in the move's words.
func TestAMoveSaysWhatItDid(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	p := me.click(1, 3) // P1's house 3: four seeds, the last in the store
	require.Len(t, p.Moves, 1)
	require.Equal(t, "the last seed lands in the store: another turn", p.Moves[0].Said)
	p = me.click(1, 1) // house 1: four seeds, into houses 2 to 5
	require.Empty(t, p.Moves[1].Said)
}

// While the computer thinks, the banner says so.
func TestTheComputerThinkingIsSaid(t *testing.T) {
	started := make(chan struct{}, 8)
	h := newHarness(t, func(c *Config) {
		c.Bots = func(game.Game, string, string, uint64) (game.Bot, error) { return blocker{started}, nil }
	})
	r := h.create(Spec{Game: "kalah", Mode: "computer"}, "me")
	me := h.connect(r, "me")
	require.Equal(t, "Your move", me.last().Turn)
	p := me.click(1, 1)
	<-started
	p = me.last()
	require.Equal(t, "The computer is thinking…", p.Turn)
}

// When the computer plays itself, the banner names the seat that thinks,
// in the plural for a plural seat ("Angels is thinking…" once).
func TestTheSeatThinkingIsNamed(t *testing.T) {
	tests := []struct{ game, turn string }{
		{"kalah", "P1 is thinking…"},
		{"demons", "Angels are thinking…"},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			started := make(chan struct{}, 8)
			h := newHarness(t, func(c *Config) {
				c.Bots = func(game.Game, string, string, uint64) (game.Bot, error) { return blocker{started}, nil }
			})
			r := h.create(Spec{Game: tc.game, Mode: "watch"}, "me")
			me := h.connect(r, "me")
			<-started
			require.Eventually(t, func() bool { return me.last().Turn == tc.turn }, 5*time.Second, 10*time.Millisecond, "the banner: %q", me.last().Turn)
		})
	}
}

// The end of a game names its winner (issue 42: "P1 wins — houses empty"):
// a player is told they won or lost, a spectator the winner's name; at one
// shared screen, or between two computers of one level, the seat's name.
func TestTheResultNamesTheWinner(t *testing.T) {
	tests := []struct {
		name string
		spec Spec
		join bool
		want map[string]string // token → status
	}{
		{name: "between two people", spec: Spec{Game: "kalah", Name: "Alice"}, join: true,
			want: map[string]string{"alice": "You lost — P1 resigned", "bob": "You won — P1 resigned", "eve": "Bob wins — P1 resigned"}},
		{name: "against the computer", spec: Spec{Game: "kalah", Mode: vocab.Computer, Level: vocab.Medium, Name: "Alice"},
			want: map[string]string{"alice": "You lost — P1 resigned", "eve": "Computer · Medium wins — P1 resigned"}},
		{name: "hotseat", spec: Spec{Game: "kalah", Mode: vocab.Hotseat, Name: "Alice"},
			want: map[string]string{"alice": "P2 wins — P1 resigned", "eve": "P2 wins — P1 resigned"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			r := h.create(tc.spec, "alice")
			alice := h.connect(r, "alice")
			pages := map[string]*client{"alice": alice, "eve": h.connect(r, "eve")}
			if tc.join {
				bob := h.connectNamed(r, "bob", "Bob")
				bob.action(vocab.Join)
				pages["bob"] = bob
				alice.click(1, 1)
				bob.click(0, 1)
			} else {
				alice.click(1, 1)
				if tc.spec.Mode == vocab.Hotseat {
					alice.click(0, 1)
				} else {
					waitFor(t, r, "the computer's move", func(r *Room) bool { return len(r.history.turns) >= 2 })
				}
			}
			alice.action(vocab.Resign)
			for who, want := range tc.want {
				p := pages[who].last()
				require.True(t, p.Over, who)
				require.Equal(t, want, p.Status, who)
			}
		})
	}
}

// The creator of a room waiting for an opponent is told how one comes: an
// open challenge is listed in the lobby (issue 42: it said only "share the
// link"), and any room's link may be shared.
func TestWaitingSaysHowTheOpponentComes(t *testing.T) {
	tests := []struct {
		name string
		spec Spec
		want string
	}{
		{"a friend room", Spec{Game: "kalah"}, "Waiting for an opponent — share the link"},
		{"an open challenge", Spec{Game: "kalah", Open: true},
			"Waiting for an opponent — your challenge is listed in the lobby, and you can share the link"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			r := h.create(tc.spec, "alice")
			alice := h.connect(r, "alice")
			require.Equal(t, tc.want, alice.last().Turn)
			require.Contains(t, alice.click(1, 1).Error, "Waiting for an opponent to join: "+tc.want[len("Waiting for an opponent — "):]+".")
		})
	}
}
