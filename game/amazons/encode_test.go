package amazons

import (
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

const startBody = "###B##B###/##########/##########/B########B/##########/##########/W########W/##########/##########/###W##W### White 0"

func TestEncode(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, "amazons | "+startBody, s.Encode())
	play(t, s, "d1-d7/g7")
	require.Equal(t, "amazons | ###B##B###/##########/##########/B##W##X##B/##########/##########/W########W/##########/##########/######W### Black 1", s.Encode())

	back, err := game.Decode(s.Encode())
	require.NoError(t, err)
	require.Equal(t, s.Encode(), back.Encode())
	require.Equal(t, s.Render(), back.Render())
	require.Equal(t, []game.Player{Black}, back.ToMove())
	require.Equal(t, 1, back.Ply())

	// Spaces around the body and between its words do not matter.
	again, err := game.Decode("  amazons |  " + strings.ReplaceAll(startBody, " ", "   ") + "  ")
	require.NoError(t, err)
	require.Equal(t, "amazons | "+startBody, again.Encode())
}

func TestDecodeBad(t *testing.T) {
	rows := strings.Split(strings.Fields(startBody)[0], "/")
	board := func(edit func(r []string)) string {
		r := append([]string(nil), rows...)
		edit(r)
		return strings.Join(r, "/")
	}
	for _, tc := range []struct{ name, text string }{
		{"no body", "amazons |"},
		{"no bar", "amazons " + startBody},
		{"two words", "amazons | " + strings.Join(rows, "/") + " White"},
		{"four words", "amazons | " + startBody + " 0"},
		{"nine rows", "amazons | " + strings.Join(rows[:9], "/") + " White 0"},
		{"eleven rows", "amazons | " + strings.Join(append(rows, rows[1]), "/") + " White 0"},
		{"a short row", "amazons | " + board(func(r []string) { r[4] = "#########" }) + " White 0"},
		{"a long row", "amazons | " + board(func(r []string) { r[4] = "###########" }) + " White 0"},
		{"an unknown symbol", "amazons | " + board(func(r []string) { r[4] = "####.#####" }) + " White 0"},
		{"a lower-case amazon", "amazons | " + board(func(r []string) { r[0] = "###b##B###" }) + " White 0"},
		{"a multi-byte symbol", "amazons | " + board(func(r []string) { r[4] = "####é####" }) + " White 0"},
		{"five White amazons", "amazons | " + board(func(r []string) { r[4] = "W#########" }) + " White 0"},
		{"three Black amazons", "amazons | " + board(func(r []string) { r[0] = "######B###" }) + " White 0"},
		{"an unknown seat", "amazons | " + strings.Join(rows, "/") + " Red 0"},
		{"a lower-case seat", "amazons | " + strings.Join(rows, "/") + " white 0"},
		{"a negative ply", "amazons | " + strings.Join(rows, "/") + " White -2"},
		{"a signed ply", "amazons | " + strings.Join(rows, "/") + " White +0"},
		{"a padded ply", "amazons | " + strings.Join(rows, "/") + " White 00"},
		{"a huge ply", "amazons | " + strings.Join(rows, "/") + " White 99999999999999999999"},
		{"ply without arrows", "amazons | " + strings.Join(rows, "/") + " White 2"},
		{"arrows without ply", "amazons | " + board(func(r []string) { r[4] = "XX########" }) + " White 0"},
		{"the wrong seat to move", "amazons | " + board(func(r []string) { r[4] = "X#########" }) + " White 1"},
		{"the wrong seat at the start", "amazons | " + strings.Join(rows, "/") + " Black 0"},
		{"an option", "amazons size=8 | " + startBody},
	} {
		_, err := game.Decode(tc.text)
		require.Error(t, err, tc.name)
		if tc.name != "an option" {
			require.ErrorIs(t, err, game.ErrBadPosition, tc.name)
		} else {
			require.ErrorIs(t, err, game.ErrBadOption, tc.name)
		}
	}
	_, err := Game{}.Decode(game.Options{"size": "8"}, startBody)
	require.ErrorIs(t, err, game.ErrBadOption)
}

func TestBadOptions(t *testing.T) {
	require.Empty(t, Game{}.Options())
	for _, opts := range []map[string]string{{"size": "10"}, {"": ""}, {"variant": "x"}} {
		_, err := New(opts)
		require.ErrorIs(t, err, game.ErrBadOption, "%v", opts)
		_, err = Game{}.New(opts)
		require.ErrorIs(t, err, game.ErrBadOption, "%v", opts)
	}
	for _, opts := range []map[string]string{nil, {}} {
		s, err := Game{}.New(opts)
		require.NoError(t, err)
		require.Equal(t, "amazons | "+startBody, s.Encode())
	}
}
