package match

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
)

// turnsHeard records the notices a room gives (a TurnNotifier).
type turnsHeard struct {
	mu   sync.Mutex
	told []string
}

func (th *turnsHeard) YourMove(_ context.Context, account, roomID, gameName, opponent string) {
	th.mu.Lock()
	defer th.mu.Unlock()
	th.told = append(th.told, account+" "+roomID+" "+gameName+" "+opponent)
}

func (th *turnsHeard) heard() []string {
	th.mu.Lock()
	defer th.mu.Unlock()
	return th.told
}

// TestAPlayerAwayIsToldItIsTheirMove (issue 39, item 5): in a game played
// across days, a move that leaves a signed-in player to move with no page
// of theirs open in the room tells them; a page of theirs open on any
// device, a clock of one sitting, or a guest's seat tells nobody.
func TestAPlayerAwayIsToldItIsTheirMove(t *testing.T) {
	for _, tc := range []struct {
		name  string
		clock vocab.Clock
		// bobsPages: how Bob's pages stand when Alice moves.
		bobsPages string
		guest     bool
		told      bool
	}{
		{name: "no page of his open", clock: vocab.CorrespondenceClock, bobsPages: "none", told: true},
		{name: "his page open", clock: vocab.CorrespondenceClock, bobsPages: "open"},
		{name: "his page open on another device only", clock: vocab.CorrespondenceClock, bobsPages: "phone"},
		{name: "a clock of one sitting", clock: vocab.FastClock, bobsPages: "none"},
		{name: "a guest's seat", clock: vocab.CorrespondenceClock, bobsPages: "none", guest: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			heard := &turnsHeard{}
			h := newHarness(t, func(c *Config) {
				c.Turns = heard
			})
			h.signUp("alice", "bob")
			r := h.create(Spec{Game: "kalah", Account: "alice", Clock: tc.clock, Days: days(tc.clock)}, "alice")
			alice := h.connectAs(r, "alice", "alice")
			var bob *client
			if tc.guest {
				bob = h.connect(r, "bob")
			} else {
				bob = h.connectAs(r, "bob", "bob")
			}
			bob.action(vocab.Join)
			switch tc.bobsPages {
			case "none":
				bob.leave()
			case "phone":
				h.connectAs(r, "bob-phone", "bob")
				bob.leave()
			}
			alice.click(1, 1)
			alice.sync()
			if tc.told {
				require.Equal(t, []string{"bob " + r.ID() + " Kalah alice"}, heard.heard())
			} else {
				require.Empty(t, heard.heard())
			}
		})
	}
}

// days is a clock's days a move in a test's spec: one for correspondence.
func days(c vocab.Clock) int {
	if c.Correspondence() {
		return 1
	}
	return 0
}

// awaitingHeard records what a room tells its AwaitingNotifier, a call a
// line.
type awaitingHeard struct {
	mu   sync.Mutex
	told []string
}

func (ah *awaitingHeard) AwaitingChanged(_ string, awaited, done []string) {
	ah.mu.Lock()
	defer ah.mu.Unlock()
	ah.told = append(ah.told, strings.Join(awaited, " ")+"|"+strings.Join(done, " "))
}

// take returns what was told since the last take.
func (ah *awaitingHeard) take() []string {
	ah.mu.Lock()
	defer ah.mu.Unlock()
	told := ah.told
	ah.told = nil
	return told
}

// TestTheAccountsAwaitedAreTold (issue 39, item 3: the header's count of
// games awaiting a player's move): the room tells whose move it began or
// stopped awaiting, at each change of them (the game starting, a move, the
// end), and nothing when they stay (a move that earns another, a chat),
// or when no seat bears an account.
func TestTheAccountsAwaitedAreTold(t *testing.T) {
	for _, tc := range []struct {
		name  string
		clock vocab.Clock
		guest bool
	}{
		{"live", vocab.FastClock, false},
		{"correspondence", vocab.CorrespondenceClock, false},
		{"guests", vocab.NoClock, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			heard := &awaitingHeard{}
			h := newHarness(t, func(c *Config) { c.Awaiting = heard })
			h.signUp("alice", "bob")
			account := "alice"
			if tc.guest {
				account = ""
			}
			r := h.create(Spec{Game: "kalah", Account: account, Clock: tc.clock, Days: days(tc.clock)}, "alice")
			var alice, bob *client
			if tc.guest {
				alice, bob = h.connect(r, "alice"), h.connect(r, "bob")
			} else {
				alice, bob = h.connectAs(r, "alice", "alice"), h.connectAs(r, "bob", "bob")
			}
			bob.action(vocab.Join)
			alice.sync()
			steps := []struct {
				name string
				do   func()
				told []string
			}{
				{"bob takes the seat: her move", func() {}, []string{"alice|"}},
				{"her 3 sows into her store: hers again", func() { alice.send(Message{MoveText: "3", HasMove: true}) }, nil},
				{"her 1: his move", func() { alice.send(Message{MoveText: "1", HasMove: true}) }, []string{"bob|alice"}},
				{"a chat", func() { bob.say("hello") }, nil},
				{"he aborts: nobody's", func() { bob.action(vocab.Abort) }, []string{"|bob"}},
			}
			for _, s := range steps {
				s.do()
				alice.sync()
				bob.sync()
				if tc.guest {
					require.Empty(t, heard.take(), s.name)
					continue
				}
				require.Equal(t, s.told, heard.take(), s.name)
			}
		})
	}
}

// TestAReloadedRoomTellsOnlyChanges: a room run again after a restart
// tells nothing of the turn it finds (the store had it already), and tells
// the end of a game that runs out of time there.
func TestAReloadedRoomTellsOnlyChanges(t *testing.T) {
	heard := &awaitingHeard{}
	h, clock, _ := resumeHarness(t, func(c *Config) {
		c.Awaiting = heard
		c.Periods = map[vocab.Clock]time.Duration{vocab.CorrespondenceClock: time.Hour} // an hour a "day"
	})
	h.signUp("alice", "bob")
	r := h.create(Spec{Game: "kalah", Clock: vocab.CorrespondenceClock, Days: 1, Account: "alice"}, "alice")
	alice, bob := h.connectAs(r, "alice", "alice"), h.connectAs(r, "bob", "bob")
	bob.action(vocab.Join)
	alice.send(Message{MoveText: "1", HasMove: true})
	alice.sync()
	require.Equal(t, []string{"alice|", "bob|alice"}, heard.take())

	h.restart()
	r, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	h.connect(r, "watcher").sync() // the room runs, its clock resumed
	require.Empty(t, heard.take(), "nothing changed as it loaded")
	clock.Advance(2 * time.Hour)
	require.Eventually(t, func() bool { return slices.Equal([]string{"|bob"}, heard.take()) }, 5*time.Second, 10*time.Millisecond,
		"his time ran out: his game no longer awaits him")
}
