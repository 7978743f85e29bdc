package match

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRefusalsAreCountedByReason checks that each refusal reaches the
// metrics under its own reason, whatever its words.
func TestRefusalsAreCountedByReason(t *testing.T) {
	m := &counting{}
	h := newHarness(t, func(c *Config) { c.Metrics = m })
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice, bob, eve := h.connect(r, "alice"), h.connect(r, "bob"), h.connect(r, "eve")
	tests := []struct {
		name string
		send func() string // the words the page was shown
		want string
	}{
		{"a flood", func() string {
			require.True(t, r.send(t.Context(), evInput{c: alice.c, err: ErrTooFast}))
			return alice.last().Error
		}, "too fast"},
		{"a message that is not one", func() string {
			_, err := DecodeMessage([]byte(`{"chat":"hi","cell":"1,1"}`))
			require.True(t, r.send(t.Context(), evInput{c: alice.c, err: err}))
			return alice.last().Error
		}, "protocol"},
		{"waiting for the friend", func() string { return alice.click(1, 1).Error }, "not now"},
		{"a spectator's click", func() string { bob.action("join"); return eve.click(1, 1).Error }, "not allowed"},
		{"the opponent's click", func() string { return bob.click(0, 1).Error }, "not your turn"},
		{"an empty house", func() string { alice.click(1, 3); return alice.click(1, 3).Error }, "illegal"},
		{"a resign before each side moved", func() string { return alice.action("resign").Error }, "not now"},
		{"after the end", func() string { alice.action("abort"); return bob.click(0, 1).Error }, "over"},
	}
	for _, tc := range tests {
		before := m.refusals(tc.want)
		require.NotEmpty(t, tc.send(), tc.name)
		require.Equal(t, before+1, m.refusals(tc.want), tc.name)
	}
}
