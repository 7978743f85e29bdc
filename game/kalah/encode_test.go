package kalah

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestEncode(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, "kalah houses=6 seeds=4 empty_capture=false | 4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1 / ply 0", s.Encode())
	play(t, s, "2", "3", "5")
	text := s.Encode()
	require.Equal(t, "kalah houses=6 seeds=4 empty_capture=false | 5 1 6 5 5 5 0 / 4 4 0 5 0 6 2 / P1 / ply 3", text)
	back, err := game.Decode(text)
	require.NoError(t, err)
	require.Equal(t, s, back)

	// The example line of game.FormatPosition (no ply part) is the start.
	start, err := game.Decode("kalah houses=6 seeds=4 empty_capture=false | 4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1")
	require.NoError(t, err)
	require.Zero(t, start.Ply())

	// Extra spaces are fine; options carry over.
	odd, err := game.Decode("kalah   empty_capture=true houses=2 seeds=3 |  0 6 4 /1 0  1 / P2 /  ply  12 ")
	require.NoError(t, err)
	require.Equal(t, "kalah houses=2 seeds=3 empty_capture=true | 0 6 4 / 1 0 1 / P2 / ply 12", odd.Encode())
	b := odd.(*State).Board()
	require.True(t, b.EmptyCapture())

	// A finished game keeps the seat that could not move.
	over, err := game.Decode("kalah | 0 0 0 0 0 0 21 / 4 4 4 4 4 4 3 / P1 / ply 40")
	require.NoError(t, err)
	require.True(t, over.Outcome().Over)
	require.Equal(t, game.First, over.(*State).Turn())
}

func TestDecodeRejects(t *testing.T) {
	bad := map[string]string{
		"no parts":              "",
		"two parts":             "4 4 4 4 4 4 0 / 4 4 4 4 4 4 0",
		"five parts":            "4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1 / ply 0 / x",
		"a house short":         "4 4 4 4 4 4 / 4 4 4 4 4 4 0 / P1 / ply 0",
		"a house too many":      "4 4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1 / ply 0",
		"P2 short":              "4 4 4 4 4 4 0 / 4 4 4 4 4 4 / P1 / ply 0",
		"a letter":              "4 4 x 4 4 4 0 / 4 4 4 4 4 4 0 / P1 / ply 0",
		"a negative count":      "4 4 4 4 4 4 0 / 4 4 4 4 4 -4 8 / P1 / ply 1",
		"a plus sign":           "4 4 4 4 4 4 0 / 4 4 4 4 4 +4 0 / P1 / ply 0",
		"a leading zero":        "4 4 4 4 4 4 0 / 4 4 4 4 4 04 0 / P1 / ply 0",
		"a huge count":          "4 4 4 4 4 4 0 / 4 4 4 4 4 4 99999999999999999999 / P1 / ply 0",
		"a count over 288":      "4 4 4 4 4 4 0 / 4 4 4 4 4 4 289 / P1 / ply 0",
		"a seed too many":       "4 4 4 4 4 4 1 / 4 4 4 4 4 4 0 / P2 / ply 1",
		"a seed too few":        "4 4 4 4 4 3 0 / 4 4 4 4 4 4 0 / P2 / ply 1",
		"an unknown seat":       "4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P3 / ply 0",
		"a lower-case seat":     "4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / p1 / ply 0",
		"no seat":               "4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 /  / ply 0",
		"ply without a number":  "4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1 / ply",
		"a bare ply number":     "4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1 / 0",
		"a negative ply":        "0 5 5 5 5 4 0 / 4 4 4 4 4 4 0 / P2 / ply -1",
		"a huge ply":            "0 5 5 5 5 4 0 / 4 4 4 4 4 4 0 / P2 / ply 9999999999",
		"ply 0 not the start":   "0 5 5 5 5 4 0 / 4 4 4 4 4 4 0 / P2 / ply 0",
		"ply 0 with P2 to move": "4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P2 / ply 0",
		"the start later on":    "4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P2 / ply 7",
	}
	for name, body := range bad {
		t.Run(name, func(t *testing.T) {
			_, err := game.Decode("kalah | " + body)
			require.ErrorIs(t, err, game.ErrBadPosition, "%q", body)
		})
	}
	// Options are checked as well, also when Game.Decode is called directly.
	_, err := game.Decode("kalah houses=13 | 0 / 0 / P1")
	require.ErrorIs(t, err, game.ErrBadOption)
	_, err = Game{}.Decode(game.Options{OptHouses: "0"}, "0 / 0 / P1")
	require.ErrorIs(t, err, game.ErrBadOption)
	// Counts are checked against the options of the header.
	_, err = game.Decode("kalah seeds=5 | 4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1 / ply 0")
	require.ErrorIs(t, err, game.ErrBadPosition)
}

func TestGameNewRejects(t *testing.T) {
	s, err := Game{}.New(map[string]string{OptSeeds: "13"})
	require.ErrorIs(t, err, game.ErrBadOption)
	require.Nil(t, s, "no typed nil inside the interface")
	s, err = Game{}.Decode(game.Options{}, "junk")
	require.ErrorIs(t, err, game.ErrBadPosition)
	require.Nil(t, s)
}
