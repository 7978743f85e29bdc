package kalah

import (
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"

	"github.com/stretchr/testify/require"
)

// seedPositions are real encodings: starts of every option set and positions
// along a Beginner game of each.
func seedPositions(t testing.TB) []string {
	var out []string
	for i, opts := range optionSets {
		s, err := New(opts)
		require.NoError(t, err)
		out = append(out, s.Encode())
		bot := Game{}.Beginner(uint64(i))
		for n := 0; !s.Outcome().Over; n++ {
			m, err := bot.Choose(t.Context(), s, s.Turn())
			require.NoError(t, err)
			require.NoError(t, s.Apply(m))
			if n%7 == 0 {
				out = append(out, s.Encode())
			}
		}
		out = append(out, s.Encode())
	}
	return out
}

func FuzzDecode(f *testing.F) {
	for _, text := range seedPositions(f) {
		f.Add(text)
	}
	for _, junk := range []string{
		"", "kalah", "kalah |", "kalah | / / /", "kalah houses=2 seeds=1 | 1 0 1 0 / P1",
		"kalah | 4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1 / ply -0",
		"kalah houses=1 seeds=1 | 0 1 / 1 0 / P1 / ply 1",
	} {
		f.Add(junk)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckDecode(t, text)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, m := range []string{"1", "3", "6", "12", " 2 ", "0", "13", "-1", "+1", "01", "x", "", "3+4", "1 1", "\u0663"} {
		f.Add(m)
	}
	var positions []game.State
	for _, text := range []string{
		"kalah | 4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1 / ply 0",
		"kalah | 5 1 6 5 5 5 0 / 4 4 0 5 0 6 2 / P1 / ply 3",
		"kalah | 0 0 0 0 0 1 20 / 4 4 4 4 4 4 3 / P1 / ply 20",
		"kalah | 0 0 0 0 0 0 21 / 4 4 4 4 4 4 3 / P1 / ply 21",
		"kalah houses=12 seeds=12 | 0 0 0 0 0 0 0 0 0 0 0 150 30 / 0 0 0 0 0 0 0 0 0 0 100 0 8 / P2 / ply 9",
		"kalah houses=1 seeds=3 empty_capture=true | 3 0 / 3 0 / P1 / ply 0",
	} {
		s, err := game.Decode(text)
		require.NoError(f, err)
		positions = append(positions, s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range positions {
			gametest.CheckParseMove(t, s, text)
		}
	})
}
