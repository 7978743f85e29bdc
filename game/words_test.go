package game

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSeatWords(t *testing.T) {
	tests := []struct{ name, possessive, is string }{
		{"White", "White's", "White is"}, {"P1", "P1's", "P1 is"}, {"Devil", "Devil's", "Devil is"},
		{"Demons", "Demons'", "Demons are"}, {"Angels", "Angels'", "Angels are"},
	}
	for _, tc := range tests {
		require.Equal(t, tc.possessive, SeatPossessive(tc.name))
		require.Equal(t, tc.is, SeatIs(tc.name))
	}
}
