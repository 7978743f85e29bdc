package gametest

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// CheckDecode is the body of a fuzz test for position decoding: any text
// either fails to decode with an error or decodes to a position whose encoding
// is stable and whose invariants hold. It must never panic.
func CheckDecode(t *testing.T, text string) {
	s, err := game.Decode(text)
	if err != nil {
		return
	}
	enc := s.Encode()
	again, err := game.Decode(enc)
	require.NoError(t, err, "re-decoding %q", enc)
	require.Equal(t, enc, again.Encode())
	checkPosition(t, s)
}

// CheckParseMove is the body of a fuzz test for move parsing: any text either
// fails to parse with an error or parses to a move that writes back to a text
// which parses to the same move; applying it either works or changes nothing.
func CheckParseMove(t *testing.T, s game.State, text string) {
	for _, p := range []game.Player{game.First, game.Second} {
		m, err := s.ParseMove(p, text)
		if err != nil {
			continue
		}
		again, err := s.ParseMove(p, s.FormatMove(m))
		require.NoError(t, err, "re-parsing %q", s.FormatMove(m))
		require.Equal(t, m, again)
	}
	turn, err := game.ParseTurn(s, text)
	if err != nil {
		return
	}
	c := s.Clone()
	before := c.Encode()
	if err := c.Apply(turn...); err != nil {
		require.Equal(t, before, c.Encode(), "a refused move changed the state")
	}
}
