package angels

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestEncode(t *testing.T) {
	s := must(t, map[string]string{"size": "5"})
	require.Equal(t, "angels size=5 power=1 | +++++/+++++/++A++/+++++/+++++ Angel 0 -", s.Encode())
	require.NoError(t, game.PlayTurns(s, "2,2"))
	require.Equal(t, "angels size=5 power=1 | +++++/+A+++/+++++/+++++/+++++ Devil 1 3,3", s.Encode())
	require.NoError(t, game.PlayTurns(s, "1,1"))
	require.Equal(t, "angels size=5 power=1 | @++++/+A+++/+++++/+++++/+++++ Angel 2 3,3", s.Encode())
	require.NoError(t, game.PlayTurns(s, "1,2"))
	require.Equal(t, "angels size=5 power=1 | @A+++/+++++/+++++/+++++/+++++ over 3 2,2", s.Encode())

	for _, text := range []string{
		"angels size=5 power=1 | @A+++/+++++/+++++/+++++/+++++ over 3 2,2",
		"angels size=5 power=1 | @++++/+A+++/+++++/+++++/+++++ Angel 2 3,3",
		"angels size=7 power=1 | +++++++/+++++++/++@@@++/++@A@++/++@@@++/+++++++/+++++++ over 16 4,4",
		"  angels   power=2 size=5 |   +++++/+++++/++A++/+++++/+++++   Angel  0  -  ",
	} {
		st, err := game.Decode(text)
		require.NoError(t, err, text)
		again, err := game.Decode(st.Encode())
		require.NoError(t, err)
		require.Equal(t, st.Encode(), again.Encode())
	}
	st, err := game.Decode("angels size=7 power=1 | +++++++/+++++++/++@@@++/++@A@++/++@@@++/+++++++/+++++++ over 16 4,4")
	require.NoError(t, err)
	require.Equal(t, game.Win(game.Second, "angel trapped"), st.Outcome())
	require.Equal(t, 8, st.(*State).BlockedCount())
}

func TestDecodeRefuses(t *testing.T) {
	const head = "angels size=5 power=1 | "
	for _, tc := range []struct {
		text, want string
	}{
		{"angels size=5 power=1 +++++", "no '|'"},
		{"angels size=5 power=3 | +++++/+++++/++A++/+++++/+++++ Angel 0 -", "bad option"}, // by Resolve's caller: power > size/2
		{head + "", "want 4 fields"},
		{head + "+++++/+++++/++A++/+++++/+++++ Angel 0", "want 4 fields"},
		{head + "+++++/+++++/++A++/+++++/+++++ Angel 0 - x", "want 4 fields"},
		{head + "+++++/+++++/++A++/+++++ Angel 0 -", "4 rows, want 5"},
		{head + "+++++/+++++/++A++/+++++/+++++/+++++ Angel 0 -", "6 rows, want 5"},
		{head + "+++++/++++/++A++/+++++/+++++ Angel 0 -", "row 2 has 4 squares"},
		{head + "+++++/+++++/++A+++/+++++/+++++ Angel 0 -", "row 3 has 6 squares"},
		{head + "+++++/+++++/++A++/++x++/+++++ Angel 0 -", `square 4,3 is 'x'`},
		{head + "+++++/+++++/++a++/+++++/+++++ Angel 0 -", `square 3,3 is 'a'`},
		{head + "+++++/+++++/+++++/+++++/+++++ Angel 0 -", "0 angels"},
		{head + "+++++/+A+++/++A++/+++++/+++++ Angel 0 -", "2 angels"},
		{head + "+++++/+++++/++A++/+++++/+++++ Angel -2 -", "not a count"},
		{head + "+++++/+++++/++A++/+++++/+++++ Angel +0 -", "not a count"},
		{head + "+++++/+++++/++A++/+++++/+++++ Angel x -", "not a count"},
		{head + "+++++/+++++/++A++/+++++/+++++ Angel 99999999999999999999 -", "not a count"},
		{head + "+++++/+++++/++A++/+++++/+++++ Angel 2 3,3", "0 squares blocked after 2 plies, want 1"},
		{head + "@@+++/+++++/++A++/+++++/+++++ Angel 2 3,3", "2 squares blocked after 2 plies"},
		{head + "+++++/+++++/++A++/+++++/+++++ Angel 0 3,3", "before the Angel's first move"},
		{head + "+++++/+A+++/+++++/+++++/+++++ Angel 0 -", "at ply 0 the Angel stands on 2,2"},
		{head + "+++++/+A+++/+++++/+++++/+++++ Devil 1 -", "not a square"},
		{head + "+++++/+A+++/+++++/+++++/+++++ Devil 1 9,9", "not a square"},
		{head + "+++++/+A+++/+++++/+++++/+++++ Devil 1 3, 3", "want 4 fields"},
		{head + "+++++/+A+++/+++++/+++++/+++++ Devil 1 4,4", "could not have come from 4,4"},
		{head + "+++++/+A+++/+++++/+++++/+++++ Devil 1 1,2", "came from the edge square 1,2"},
		{head + "@A+++/+++++/+++++/+++++/+++++ Angel 2 2,2", "on the edge but the Devil moved"},
		{head + "+++++/+A@++/+++++/+++++/+++++ Devil 3 2,3", "came from 2,3, which is blocked"},
		{head + "@@@@@/@@@@@/@@A@@/@@@@@/@@@@@ Devil 49 3,3", "stayed on 3,3 with no other square free"},
		{head + "+++++/+A+++/+++++/+++++/+++++ Angel 1 3,3", `turn "Angel", but the position says "Devil"`},
		{head + "+++++/+++++/++A++/+++++/+++++ Devil 0 -", `turn "Devil", but the position says "Angel"`},
		{head + "+++++/+++++/++A++/+++++/+++++ over 0 -", `turn "over"`},
		{head + "@A+++/+++++/+++++/+++++/+++++ Devil 3 2,2", `turn "Devil", but the position says "over"`},
		{"angels size=7 power=1 | +++++++/+++++++/++@@@++/++@A@++/++@@@++/+++++++/+++++++ Angel 16 4,4", `position says "over"`},
	} {
		_, err := game.Decode(tc.text)
		require.Error(t, err, tc.text)
		require.Contains(t, err.Error(), tc.want, tc.text)
		if tc.want != "no '|'" {
			require.ErrorIs(t, err, game.ErrBadPosition, tc.text)
		}
	}
}
