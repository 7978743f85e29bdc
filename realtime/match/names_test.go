package match

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

func TestCleanName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Alice", "Alice"},
		{"  Alice  ", "Alice"},
		{"Al\x00i\x07ce", "Alice"},
		{"Alice\n\tand  Bob", "Alice and Bob"},
		{"\u202eecilA", "ecilA"}, // a right-to-left override would draw it backwards
		{"Zoë \u2066x\u2069", "Zoë x"},
		{"bad \xff\xfe bytes", "bad bytes"},
		{"<script>alert(1)</script>", "<script>alert(1)</script"}, // kept as text, cut at 24
		{strings.Repeat("ab", 20), strings.Repeat("ab", 12)},
		{strings.Repeat("界", 30), strings.Repeat("界", 24)},
		{"twenty-three characters x", "twenty-three characters"}, // no space left at the cut
		{"\x00\x01 \n", ""},
		{"", ""},
		// Invisible and blank characters (issue 24): none of these may
		// pass for a name, or for another person's.
		{"\u200b", ""},
		{"\u3164", ""},
		{"\u2800\u2800", ""},
		{"\U000e0041\U000e0042", ""}, // tag characters
		{"\u0301\u0301", ""},         // combining marks with nothing to sit on
		{"Alice\u200b", "Alice"},
		{"\u200dAlice\u200d", "Alice"},
		{"Al\u00adice", "Alice"},
		{"Bob\u3164Smith", "Bob Smith"},
		{"\u2060 \u3164 Bob", "Bob"},
		{"👩\u200d💻", "👩\u200d💻"}, // a joiner inside an emoji stays
		// Posing as the computer's seat.
		{"Computer · Difficult", ""},
		{"computer", ""},
		{"C o m p u t e r", ""},
		{"Сomputer", ""}, // a Cyrillic С
		{"Ｃｏｍｐｕｔｅｒ", ""}, // full-width
		{"Comp", "Comp"},
		{"My computer", "My computer"},
		{"Computa", "Computa"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got := CleanName(tc.in)
			require.Equal(t, tc.want, got)
			require.LessOrEqual(t, utf8.RuneCountInString(got), vocab.MaxNameRunes)
			require.Equal(t, got, CleanName(got), "cleaning twice changes nothing")
		})
	}
}

func TestNameProblem(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Alice", ""},
		{"", ""},
		{"   ", ""},
		{"\u200b", "visible"},
		{"\u3164\u3164", "visible"},
		{"Computer · Difficult", "computer's seats"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got := NameProblem(tc.in)
			if tc.want == "" {
				require.Empty(t, got)
			} else {
				require.Contains(t, got, strings.ReplaceAll(tc.want, "visible", "can be seen"))
			}
		})
	}
}

func TestDefaultNames(t *testing.T) {
	h := secret.Hash("alice")
	require.Regexp(t, `^Guest [1-9][0-9]{3}$`, guestName(h))
	require.Equal(t, guestName(h), guestName(h), "the same every time")
	require.NotEqual(t, guestName(h), guestName(secret.Hash("bob")))
	require.Regexp(t, `^Spectator [1-9][0-9]{3}$`, spectatorName(h))
	require.Equal(t, "Spectator", spectatorName(""), "no cookie, no number")
}

// TestSeatsAreShownByName: every page, a spectator's too, shows each
// seat's holder by the name they gave (never "Opponent"), computer seats by
// what plays them, and the names outlive a restart.
func TestSeatsAreShownByName(t *testing.T) {
	tests := []struct {
		name string
		spec Spec
		// joinName is sent with Join, cookie is the joiner's browser's name.
		joinName, cookie string
		want             [2]string
	}{
		{name: "both named", spec: Spec{Game: "kalah", Name: "Alice"}, joinName: "Bob", cookie: "Robert",
			want: [2]string{"Alice", "Bob"}},
		{name: "the join sends none: the cookie's", spec: Spec{Game: "kalah", Name: "Alice"}, cookie: "Robert",
			want: [2]string{"Alice", "Robert"}},
		{name: "nothing given: guests", spec: Spec{Game: "kalah"},
			want: [2]string{guestName(secret.Hash("alice")), guestName(secret.Hash("bob"))}},
		{name: "names cleaned, markup kept as text", spec: Spec{Game: "kalah", Name: " <b>Al</b>\x00ice "},
			joinName: "<img src=x onerror=alert(1)>", want: [2]string{"<b>Al</b>ice", "<img src=x onerror=alert"}},
		{name: "against the computer", spec: Spec{Game: "kalah", Mode: vocab.Computer, Level: vocab.Medium, Name: "Alice"},
			want: [2]string{"Alice", "Computer · Medium"}},
		{name: "hotseat", spec: Spec{Game: "kalah", Mode: vocab.Hotseat, Name: "Alice"},
			want: [2]string{"Alice", "Alice"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			r := h.create(tc.spec, "alice")
			alice := h.connect(r, "alice")
			if r.mode == vocab.Friend {
				bob := h.connectNamed(r, "bob", tc.cookie)
				p := bob.send(Message{Action: vocab.Join, Name: tc.joinName})
				require.Empty(t, p.Error)
				require.True(t, p.Seats[1].Yours)
			}
			eve := h.connect(r, "eve")
			for who, cl := range map[string]*client{"alice": alice, "eve": eve} {
				p := cl.last()
				require.Equal(t, tc.want, [2]string{p.Seats[0].Holder, p.Seats[1].Holder}, who)
				require.Equal(t, who == "alice", p.Seats[0].Yours, who)
			}

			h.restart()
			r, err := h.hub.Room(context.Background(), r.ID())
			require.NoError(t, err)
			p := h.connect(r, "eve").last()
			require.Equal(t, tc.want, [2]string{p.Seats[0].Holder, p.Seats[1].Holder}, "kept through a restart")
		})
	}
}

// TestSeatStoredWithoutANameShowsAGuest: a seat stored before seats had
// names shows its holder as a guest, the same name every time.
func TestSeatStoredWithoutANameShowsAGuest(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Name: "Alice"}, "alice")
	h.connect(r, "bob").action(vocab.Join)
	old := [2]store.Seat{{Kind: vocab.Human, TokenHash: secret.Hash("alice")}, {Kind: vocab.Human, TokenHash: secret.Hash("bob")}}
	require.NoError(t, h.store.SetSeats(context.Background(), r.ID(), old))
	h.restart()
	r, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	p := h.connect(r, "eve").last()
	require.Equal(t, guestName(secret.Hash("alice")), p.Seats[0].Holder)
	require.Equal(t, guestName(secret.Hash("bob")), p.Seats[1].Holder)
}
