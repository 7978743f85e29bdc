package amazons

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRender(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, `  |0 1 2 3 4 5 6 7 8 9
----------------------
0 |# # # B # # B # # #
1 |# # # # # # # # # #
2 |# # # # # # # # # #
3 |B # # # # # # # # B
4 |# # # # # # # # # #
5 |# # # # # # # # # #
6 |W # # # # # # # # W
7 |# # # # # # # # # #
8 |# # # # # # # # # #
9 |# # # W # # W # # #
`, s.Render())

	play(t, s, "d1-d7/g7", "g10-g8/i10")
	require.Equal(t, `  |0 1 2 3 4 5 6 7 8 9
----------------------
0 |# # # B # # # # X #
1 |# # # # # # # # # #
2 |# # # # # # B # # #
3 |B # # W # # X # # B
4 |# # # # # # # # # #
5 |# # # # # # # # # #
6 |W # # # # # # # # W
7 |# # # # # # # # # #
8 |# # # # # # # # # #
9 |# # # # # # W # # #
`, s.Render())
}
