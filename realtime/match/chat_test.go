package match

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardroom/realtime/clocktest"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/secret"

	"github.com/stretchr/testify/require"
)

func (cl *client) say(text string) *view.Page { return cl.send(Message{Chat: &Chat{Text: text}}) }

// texts lists a page's chat as "name: text".
func texts(p *view.Page) []string {
	var out []string
	for _, l := range p.Chat {
		out = append(out, l.Name+": "+l.Text)
	}
	return out
}

// TestChatFromPlayersAndSpectators: everyone in the room writes in one
// chat, signed with their name (a player's seat's, a spectator's browser's,
// else a spectator's number), and every page shows it, also after a
// restart.
func TestChatFromPlayersAndSpectators(t *testing.T) {
	clock := clocktest.New()
	h := newHarness(t, func(c *Config) { c.Clock = clock })
	r := h.create(Spec{Game: "kalah", Name: "Alice"}, "alice")
	alice := h.connect(r, "alice")
	bob := h.connectNamed(r, "bob", "Bob")
	bob.send(Message{Action: vocab.Join, Name: "Bobby"})
	eve := h.connectNamed(r, "eve", "Eve")
	anon := h.connect(r, "anon")

	tests := []struct {
		who  *client
		text string
		want view.ChatLine
	}{
		{alice, "hello", view.ChatLine{Name: "Alice", Seat: 0, Text: "hello"}},
		{bob, "hi <b>there</b>", view.ChatLine{Name: "Bobby", Seat: 1, Text: "hi <b>there</b>"}}, // the seat's name, not the cookie's
		{eve, "good luck", view.ChatLine{Name: "Eve", Seat: -1, Text: "good luck"}},
		{anon, "who?", view.ChatLine{Name: spectatorName(secret.Hash("anon")), Seat: -1, Text: "who?"}},
	}
	for i, tc := range tests {
		clock.Advance(time.Minute)
		p := tc.who.say(tc.text)
		require.Empty(t, p.Error)
		tc.want.At = clock.Now()
		for _, cl := range []*client{alice, bob, eve, anon} {
			got := cl.last().Chat
			require.Len(t, got, i+1)
			require.Equal(t, tc.want, got[i], "everyone sees it")
		}
	}
	require.Empty(t, alice.last().Moves, "a message is no move")

	want := texts(eve.last())
	h.restart()
	r, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.Equal(t, want, texts(h.connect(r, "late").last()), "kept with the room")
}

// TestChatRefusals: a message refused changes nothing, and says why.
func TestChatRefusals(t *testing.T) {
	clock := clocktest.New()
	m := &counting{}
	h := newHarness(t, func(c *Config) { c.Clock = clock; c.Metrics = m })
	r := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat, Name: "Alice"}, "alice")
	alice := h.connect(r, "alice")
	_, tooLong := DecodeMessage([]byte(`{"chat":"` + strings.Repeat("x", vocab.MaxChatRunes+1) + `"}`))
	require.ErrorIs(t, tooLong, ErrChatTooLong)

	tests := []struct {
		name   string
		send   func() *view.Page
		error  string
		reason string
		said   int // messages the case sends that are taken
	}{
		{"too long", func() *view.Page {
			require.True(t, r.send(t.Context(), evInput{c: alice.c, err: tooLong}))
			return alice.last()
		}, "at most 300 characters", "too long", 0},
		{"a burst", func() *view.Page {
			for i := range chatBurst {
				require.Empty(t, alice.say("quick "+strconv.Itoa(i)).Error)
			}
			return alice.say("one too many")
		}, "too fast", "too fast", chatBurst},
		{"still too fast", func() *view.Page {
			clock.Advance(time.Second / 2)
			return alice.say("and another")
		}, "too fast", "too fast", 0},
		{"a flood of anything", func() *view.Page {
			require.True(t, r.send(t.Context(), evInput{c: alice.c, err: ErrTooFast}))
			return alice.last()
		}, "slow down", "too fast", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := len(alice.last().Chat)
			refused := m.refusals(tc.reason)
			p := tc.send()
			require.Contains(t, p.Error, tc.error)
			require.Equal(t, "bad", p.Flash)
			require.Len(t, alice.last().Chat, before+tc.said, "the refused message was not said")
			require.Equal(t, refused+1, m.refusals(tc.reason))
		})
	}
	clock.Advance(time.Second)
	require.Empty(t, alice.say("a second later").Error, "the bucket refills")
	stored, err := h.store.Chat(t.Context(), r.ID(), 100)
	require.NoError(t, err)
	require.Len(t, stored, chatBurst+1, "only what was shown was stored")
}

// TestChatKeepsTheLastMessages: a page shows the last messages, at least
// ChatShown and never more than ChatShown+chatSlack, newest last.
func TestChatKeepsTheLastMessages(t *testing.T) {
	clock := clocktest.New()
	h := newHarness(t, func(c *Config) { c.Clock = clock })
	r := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat}, "me")
	me := h.connect(r, "me")
	for i := range 2*(ChatShown+chatSlack) + 7 {
		clock.Advance(time.Second)
		p := me.say(strconv.Itoa(i))
		require.GreaterOrEqual(t, len(p.Chat), min(i+1, ChatShown))
		require.LessOrEqual(t, len(p.Chat), ChatShown+chatSlack)
		require.Equal(t, strconv.Itoa(i), p.Chat[len(p.Chat)-1].Text)
	}
	h.restart()
	r, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	p := h.connect(r, "me").last()
	require.Len(t, p.Chat, ChatShown, "a room loads the last messages")
	require.Equal(t, strconv.Itoa(2*(ChatShown+chatSlack)+6), p.Chat[ChatShown-1].Text)
}

// TestChatIsOneRenderForTheSpectators: a message costs one render for all
// the spectators, and one for each player.
func TestChatIsOneRenderForTheSpectators(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice, bob := h.connect(r, "alice"), h.connect(r, "bob")
	bob.action(vocab.Join)
	var fans []*client
	for i := range 20 {
		fans = append(fans, h.connect(r, "fan"+strconv.Itoa(i)))
	}
	alice.last()
	before := h.pages.Drawn()
	fans[3].say("go bob")
	require.Equal(t, 3, h.pages.Drawn()-before, "the spectators' page and each player's")
	for _, f := range fans {
		require.Equal(t, []string{spectatorName(secret.Hash("fan3")) + ": go bob"}, texts(f.last()))
	}
}

// TestNoChatInARecord: a finished game kept after a rematch takes no chat;
// the room where the players went on keeps its conversation.
func TestNoChatInARecord(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat}, "me")
	me := h.connect(r, "me")
	me.say("before")
	me.click(1, 1)
	me.click(0, 1)
	me.action(vocab.Resign)
	require.False(t, me.action(vocab.Rematch).Over)
	require.Equal(t, []string{guestName(secret.Hash("me")) + ": before"}, texts(me.last()), "the rematch goes on talking")

	kept, err := h.store.List(t.Context(), true, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Len(t, kept, 1)
	old, err := h.hub.Room(t.Context(), kept[0].ID)
	require.NoError(t, err)
	p := h.connect(old, "me").say("after")
	require.Contains(t, p.Error, "kept as a record")
	require.Empty(t, p.Chat)
}
