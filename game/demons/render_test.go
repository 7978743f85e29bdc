package demons

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRender(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, `   a b c d e f g h
 8 - . - . - . - . 8
 7 . - . - . - . - 7
 6 - . - . - . - . 6
 5 . - . - . - . - 5
 4 - . - . - . - . 4
 3 . - . - . - . - 3
 2 - . - . - . - . 2
 1 . - . - . - . - 1
   a b c d e f g h
turn 1 of 20
Angels 0, Demons 0
`, s.Render())

	// The example of the package comment.
	play(t, s, "b6+g5")
	require.Equal(t, `   a b c d e f g h
 8 - . - . - . - . 8
 7 . A . - . - . - 7
 6 A . A . - . D . 6
 5 . A . - . D . D 5
 4 - . - . - . D . 4
 3 . - . - . - . - 3
 2 - . - . - . - . 2
 1 . - . - . - . - 1
   a b c d e f g h
turn 2 of 20
Angels 4, Demons 4
`, s.Render())
}

func TestRenderLargeFinished(t *testing.T) {
	s, err := New(map[string]string{"size": "12", "turns": "2"})
	require.NoError(t, err)
	play(t, s, "a11+l12", "b12+k1")
	require.Equal(t, `   a b c d e f g h i j k l
12 A . A . - . - . - . D . 12
11 . A . - . - . - . - . D 11
10 A . - . - . - . - . - . 10
 9 . - . - . - . - . - . - 9
 8 - . - . - . - . - . - . 8
 7 . - . - . - . - . - . - 7
 6 - . - . - . - . - . - . 6
 5 . - . - . - . - . - . - 5
 4 - . - . - . - . - . - . 4
 3 . - . - . - . - . - . - 3
 2 - . - . - . - . - . D . 2
 1 . - . - . - . - . D . D 1
   a b c d e f g h i j k l
over after 2 turns
Angels 4, Demons 5
`, s.Render())
}
