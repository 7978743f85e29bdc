package demons

import (
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestEncode(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, "demons size=8 turns=20 | -.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.- 0", s.Encode())
	play(t, s, "b6+g5")
	// The example of the package comment.
	text := "demons size=8 turns=20 | -.-.-.-./.A.-.-.-/A.A.-.D./.A.-.D.D/-.-.-.D./.-.-.-.-/-.-.-.-./.-.-.-.- 1"
	require.Equal(t, text, s.Encode())

	back, err := game.Decode(text)
	require.NoError(t, err)
	require.Equal(t, s.Render(), back.Render())
	require.Equal(t, 1, back.Ply())
	require.Equal(t, s.Covered(), back.(*State).Covered())

	// Extra spaces around the body are fine.
	back, err = game.Decode("demons size=8 turns=20 |   -.-.-.-./.A.-.-.-/A.A.-.D./.A.-.D.D/-.-.-.D./.-.-.-.-/-.-.-.-./.-.-.-.-   1 ")
	require.NoError(t, err)
	require.Equal(t, text, back.Encode())

	// Other options round-trip too, finished games included.
	s, err = New(map[string]string{"size": "6", "turns": "1"})
	require.NoError(t, err)
	play(t, s, "c3+c3")
	require.Equal(t, "demons size=6 turns=1 | -.-.-./.-.-.-/-.-.-./.-.-.-/-.-.-./.-.-.- 1", s.Encode())
	back, err = game.Decode(s.Encode())
	require.NoError(t, err)
	require.Equal(t, game.Draw("equal squares"), back.Outcome())
}

func TestDecodeBad(t *testing.T) {
	empty := "-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-"
	oneA := "A.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-"
	fiveA := "A.A.A.A./.A.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-"
	tests := []struct{ name, body, msg string }{
		{"empty body", "", "want the board"},
		{"no ply", empty, "want the board"},
		{"extra field", empty + " 0 0", "want the board"},
		{"too few rows", strings.TrimSuffix(empty, "/.-.-.-.-") + " 0", "want 8 rows, got 7"},
		{"too many rows", empty + "/.-.-.-.- 0", "want 8 rows, got 9"},
		{"short row", strings.Replace(empty, "-.-.-.-.", "-.-.-.-", 1) + " 0", "rank 8 has 7 squares"},
		{"long row", strings.Replace(empty, "-.-.-.-.", "-.-.-.-.-", 1) + " 0", "rank 8 has 9 squares"},
		{"unknown character", strings.Replace(empty, "-", "x", 1) + " 0", "a8 is a light square"},
		{"lower-case owner", strings.Replace(empty, "-", "a", 1) + " 3", "a8 is a light square"},
		{"owned dark square", strings.Replace(empty, ".", "A", 1) + " 3", "b8 is a dark square"},
		{"empty dark written light", strings.Replace(empty, ".", "-", 1) + " 3", "b8 is a dark square"},
		{"negative ply", empty + " -1", "turns played"},
		{"signed ply", empty + " +1", "turns played"},
		{"leading zero", empty + " 01", "turns played"},
		{"ply past the end", empty + " 21", "from 0 to 20"},
		{"huge ply", empty + " 99999999999999999999", "turns played"},
		{"ply not a number", empty + " x", "turns played"},
		{"squares before any turn", oneA + " 0", "Angels hold 1 squares after 0 turns"},
		{"more than four a turn", fiveA + " 1", "Angels hold 5 squares after 1 turns"},
		{"rows with spaces", strings.ReplaceAll(empty, "/", " / ") + " 0", "want the board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := game.Decode("demons size=8 turns=20 | " + tt.body)
			require.ErrorIs(t, err, game.ErrBadPosition)
			require.ErrorContains(t, err, tt.msg)
		})
	}
	// Bad headers fail before the body is read.
	_, err := game.Decode("demons size=7 | " + empty + " 0")
	require.ErrorIs(t, err, game.ErrBadOption)
	_, err = game.Decode("demons size=6 | " + empty + " 0")
	require.ErrorIs(t, err, game.ErrBadPosition, "an 8x8 board under size=6")
	// Game.Decode re-checks options it is handed directly.
	_, err = Game{}.Decode(game.Options{"size": "13"}, empty+" 0")
	require.ErrorIs(t, err, game.ErrBadOption)
}
