package bishops

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestRenderGolden(t *testing.T) {
	classic, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, `   a b c d e f g h i j
10   B   W   B   W   B 10
 9 W   W   B   W   B   9
 8   B   B   W   B   W 8
 7 B   W   W   B   W   7
 6   W   B   B   W   B 6
 5 W   B   W   W   B   5
 4   B   W   B   B   W 4
 3 B   W   B   W   W   3
 2   W   B   W   B   B 2
 1 W   B   W   B   W   1
`, classic.Render())

	stripes, err := New(map[string]string{"setup": SetupStripes})
	require.NoError(t, err)
	require.NoError(t, game.PlayTurns(stripes, "a9xb10", "b8xc9"))
	require.Equal(t, `   a b c d e f g h i j
10   W   B   B   B   B 10
 9 .   B   W   W   W   9
 8   .   B   B   B   B 8
 7 W   W   W   W   W   7
 6   B   B   B   B   B 6
 5 W   W   W   W   W   5
 4   B   B   B   B   B 4
 3 W   W   W   W   W   3
 2   B   B   B   B   B 2
 1 W   W   W   W   W   1
`, stripes.Render())
}
