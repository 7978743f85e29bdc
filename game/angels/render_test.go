package angels

import (
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestRender(t *testing.T) {
	s := must(t, map[string]string{"size": "5"})
	require.NoError(t, game.PlayTurns(s, "2,2", "1,1"))
	require.Equal(t, `    1  2  3  4  5
1   @  +  +  +  +  1
2   +  A  +  +  +  2
3   +  +  +  +  +  3
4   +  +  +  +  +  4
5   +  +  +  +  +  5
    1  2  3  4  5
`, s.Render())

	// Two-digit numbers line up with their columns.
	s = must(t, map[string]string{"size": "12", "power": "2"})
	require.NoError(t, game.PlayTurns(s, "5,8", "12,12", "4,10", "10,1"))
	require.Equal(t, `    1  2  3  4  5  6  7  8  9 10 11 12
1   +  +  +  +  +  +  +  +  +  +  +  +  1
2   +  +  +  +  +  +  +  +  +  +  +  +  2
3   +  +  +  +  +  +  +  +  +  +  +  +  3
4   +  +  +  +  +  +  +  +  +  A  +  +  4
5   +  +  +  +  +  +  +  +  +  +  +  +  5
6   +  +  +  +  +  +  +  +  +  +  +  +  6
7   +  +  +  +  +  +  +  +  +  +  +  +  7
8   +  +  +  +  +  +  +  +  +  +  +  +  8
9   +  +  +  +  +  +  +  +  +  +  +  +  9
10  @  +  +  +  +  +  +  +  +  +  +  + 10
11  +  +  +  +  +  +  +  +  +  +  +  + 11
12  +  +  +  +  +  +  +  +  +  +  +  @ 12
    1  2  3  4  5  6  7  8  9 10 11 12
`, s.Render())

	// The largest board: every line as wide as the header plus the row number.
	s = must(t, map[string]string{"size": "41"})
	lines := strings.Split(strings.TrimSuffix(s.Render(), "\n"), "\n")
	require.Len(t, lines, 43)
	require.Equal(t, lines[0], lines[42])
	for i, line := range lines[1:42] {
		require.Len(t, line, 3*41+5, "row %d", i+1)
		require.Equal(t, strings.TrimSpace(line), line)
	}
	require.Equal(t, byte('A'), lines[21][3*20+4], "the centre, 21,21")
	require.True(t, strings.HasSuffix(lines[0], "40 41"))
}
