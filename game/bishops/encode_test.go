package bishops

import (
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

const (
	classicText = "bishops setup=classic | BWBWB/WWBWB/BBWBW/BWWBW/WBBWB/WBWWB/BWBBW/BWBWW/WBWBB/WBWBW White 0"
	stripesText = "bishops setup=stripes | BBBBB/WWWWW/BBBBB/WWWWW/BBBBB/WWWWW/BBBBB/WWWWW/BBBBB/WWWWW White 0"
)

func TestEncodeStarts(t *testing.T) {
	classic, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, classicText, classic.Encode())
	stripes, err := New(map[string]string{"setup": SetupStripes})
	require.NoError(t, err)
	require.Equal(t, stripesText, stripes.Encode())
}

func TestEncodeRoundTrip(t *testing.T) {
	s, err := New(map[string]string{"setup": SetupStripes})
	require.NoError(t, err)
	require.NoError(t, game.PlayTurns(s, "a9xb10", "b8xc9", "b10xc9"))
	text := s.Encode()
	require.Equal(t, "bishops setup=stripes | .BBBB/.WWWW/.BBBB/WWWWW/BBBBB/WWWWW/BBBBB/WWWWW/BBBBB/WWWWW Black 3", text)
	back, err := game.Decode(text)
	require.NoError(t, err)
	require.Equal(t, s.Render(), back.Render())
	require.Equal(t, 3, back.Ply())
	require.Equal(t, []game.Player{game.Second}, back.ToMove())
	require.Equal(t, s.Legal(game.Second, nil), back.Legal(game.Second, nil))

	// A finished game keeps its outcome.
	over, err := game.Decode("bishops | ...../...../...../...../...../....W/...../...../...../..... Black 49")
	require.NoError(t, err)
	require.Equal(t, game.Win(game.First, ReasonAllCaptured), over.Outcome())
	require.Empty(t, over.ToMove())
	require.Equal(t, "bishops setup=classic | ...../...../...../...../...../....W/...../...../...../..... Black 49", over.Encode())
}

func TestDecodeNilOptions(t *testing.T) {
	s, err := Game{}.Decode(nil, strings.SplitN(classicText, "| ", 2)[1])
	require.NoError(t, err)
	require.Equal(t, classicText, s.Encode(), "absent options take their defaults")
}

func TestDecodeBad(t *testing.T) {
	rows := "BWBWB/WWBWB/BBWBW/BWWBW/WBBWB/WBWWB/BWBBW/BWBWW/WBWBB/WBWBW"
	few := "...../...../...../...../..B../...../...../...../.W.../....."
	tests := []struct{ body, want string }{
		{"", "want BOARD SEAT PLY, got 0 fields"},
		{rows, "got 1 fields"},
		{rows + " White", "got 2 fields"},
		{rows + " White 0 extra", "got 4 fields"},
		{"BWBWB/WWBWB White 0", "the board has 2 rows"},
		{rows + "/WBWBW White 0", "the board has 11 rows"},
		{strings.Replace(rows, "BWBWB/", "BWBW/", 1) + " White 0", "rank 10 has 4 squares"},
		{strings.Replace(rows, "BWBWB/", "BWBWBW/", 1) + " White 0", "rank 10 has 6 squares"},
		{strings.Replace(rows, "BWBWB/", "BwBWB/", 1) + " White 0", `rank 10: unknown square 'w'`},
		{strings.Replace(rows, "BWBWB/", "BW BWB/", 1) + " White 0", "fields"},
		{strings.Replace(rows, "WBWBW", "WBWB\x00", 1) + " White 0", `unknown square '\x00'`},
		{rows + " white 0", `the seat to move is White or Black, got "white"`},
		{rows + " Red 0", "the seat to move is White or Black"},
		{rows + " White -2", "the ply is a whole number"},
		{rows + " White +2", "the ply is a whole number"},
		{rows + " White 02", "the ply is a whole number"},
		{rows + " White x", "the ply is a whole number"},
		{rows + " White 99999999999999999999", "the ply is a whole number"},
		{rows + " White 1000002", "the ply is a whole number"},
		{rows + " Black 0", "Black cannot be to move at ply 0"},
		{rows + " White 1", "White cannot be to move at ply 1"},
		{strings.ReplaceAll(rows, "B", "W") + " White 0", "White has 50 pieces, more than the 25"},
		{strings.Replace(rows, "B", "W", 1) + " White 2", "White has 26 pieces"},
		{strings.Replace(rows, "B", ".", 1) + " White 0", "Black has lost 1 pieces, but White has made only 0 moves by ply 0"},
		{strings.Replace(rows, "W", ".", 3) + " White 4", "White has lost 3 pieces, but Black has made only 2 moves by ply 4"},
		{few + " White 46", "White has lost 24 pieces, but Black has made only 23 moves by ply 46"},
		{few + " Black 47", "White has lost 24 pieces, but Black has made only 23 moves by ply 47"},
		{"...../...../...../...../...../...../...../...../...../..... White 100", "Black has no pieces but has just moved"},
		{"...../...../...../...../..B../...../...../...../...../..... Black 101", "White has no pieces but has just moved"},
	}
	for _, tt := range tests {
		_, err := Decode(game.Options{"setup": SetupClassic}, tt.body)
		require.ErrorIs(t, err, game.ErrBadPosition, "%q", tt.body)
		require.ErrorContains(t, err, tt.want, "%q", tt.body)
	}
	// The counts just inside the limits decode.
	for _, body := range []string{
		few + " White 48", few + " Black 49", rows + " White 0",
		"...../...../...../...../..B../...../...../...../...../..... White 100", // Black has won
	} {
		_, err := Decode(game.Options{"setup": SetupClassic}, body)
		require.NoError(t, err, body)
	}
	// Bad options reach Decode only through Game.Decode's callers; they fail too.
	_, err := Decode(game.Options{"setup": "chaos"}, rows+" White 0")
	require.ErrorIs(t, err, game.ErrBadPosition)
	require.ErrorIs(t, err, game.ErrBadOption)
	_, err = game.Decode("bishops setup=chaos | " + rows + " White 0")
	require.ErrorIs(t, err, game.ErrBadOption)
}
