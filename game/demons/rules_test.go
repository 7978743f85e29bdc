package demons

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTurns draws a position, plays one turn and checks the board after it.
func TestTurns(t *testing.T) {
	tests := []struct {
		name          string
		opts          map[string]string
		before        string
		turn          string
		after         string
		angels, demon int
	}{
		{
			name:   "a choice covers its four neighbours",
			before: empty8,
			turn:   "d4+f6",
			after: `
				- . - . - . - .
				. - . - . D . -
				- . - . D . D .
				. - . A . D . -
				- . A . A . - .
				. - . A . - . -
				- . - . - . - .
				. - . - . - . -`,
			angels: 4, demon: 4,
		},
		{
			name:   "corner choices cover two squares",
			before: empty8,
			turn:   "a1+h8",
			after: `
				- . - . - . D .
				. - . - . - . D
				- . - . - . - .
				. - . - . - . -
				- . - . - . - .
				. - . - . - . -
				A . - . - . - .
				. A . - . - . -`,
			angels: 2, demon: 2,
		},
		{
			name:   "edge choices cover three squares",
			before: empty8,
			turn:   "b8+h4",
			after: `
				A . A . - . - .
				. A . - . - . -
				- . - . - . - .
				. - . - . - . D
				- . - . - . D .
				. - . - . - . D
				- . - . - . - .
				. - . - . - . -`,
			angels: 3, demon: 3,
		},
		{
			name: "covering the opponent's squares takes them, covering your own keeps them",
			before: `
				- . - . - . - .
				. - . - . - . -
				- . - . - . - .
				. - . A . - . -
				- . D . D . - .
				. - . D . - . -
				- . - . - . A .
				. - . - . - . D`,
			turn: "d4+g1",
			after: `
				- . - . - . - .
				. - . - . - . -
				- . - . - . - .
				. - . A . - . -
				- . A . A . - .
				. - . A . - . -
				- . - . - . D .
				. - . - . D . D`,
			angels: 4, demon: 3,
		},
		{
			name: "squares both choices cover become empty, whoever held them",
			before: `
				- . - . - . - .
				. - . - . - . -
				- . - . - . - .
				. - . A . - . -
				- . - . D . - .
				. - . - . - . -
				- . - . - . - .
				. - . - . - . -`,
			turn: "d4+e5",
			after: `
				- . - . - . - .
				. - . - . - . -
				- . - . D . - .
				. - . - . D . -
				- . A . - . - .
				. - . A . - . -
				- . - . - . - .
				. - . - . - . -`,
			angels: 2, demon: 2,
		},
		{
			name: "two equal choices empty all of that square's neighbours",
			before: `
				- . - . - . - .
				. - . - . - . -
				- . - . - . - .
				. - . A . - . -
				- . D . A . - .
				. - . D . - . -
				- . A . - . - .
				. - . - . - . -`,
			turn: "d4+d4",
			after: `
				- . - . - . - .
				. - . - . - . -
				- . - . - . - .
				. - . - . - . -
				- . - . - . - .
				. - . - . - . -
				- . A . - . - .
				. - . - . - . -`,
			angels: 1, demon: 0,
		},
		{
			name:   "two equal corner choices",
			before: empty8,
			turn:   "h8+h8",
			after:  empty8,
		},
		{
			name: "the largest board: rank 12 and file l",
			opts: map[string]string{"size": "12"},
			before: `
				- . - . - . - . - . - .
				. - . - . - . - . - . -
				- . - . - . - . - . - .
				. - . - . - . - . - . -
				- . - . - . - . - . - .
				. - . - . - . - . - . -
				- . - . - . - . - . - .
				. - . - . - . - . - . -
				- . - . - . - . - . - .
				. - . - . - . - . - . -
				- . - . - . - . - . - .
				. - . - . - . - . - . -`,
			turn: "l12+a1",
			after: `
				- . - . - . - . - . A .
				. - . - . - . - . - . A
				- . - . - . - . - . - .
				. - . - . - . - . - . -
				- . - . - . - . - . - .
				. - . - . - . - . - . -
				- . - . - . - . - . - .
				. - . - . - . - . - . -
				- . - . - . - . - . - .
				. - . - . - . - . - . -
				D . - . - . - . - . - .
				. D . - . - . - . - . -`,
			angels: 2, demon: 2,
		},
		{
			name: "the smallest board: the middle covers four",
			opts: map[string]string{"size": "6"},
			before: `
				- . - . - .
				. - . - . -
				- . - . - .
				. - . - . -
				- . - . - .
				. - . - . -`,
			turn: "c3+d4",
			after: `
				- . - . - .
				. - . D . -
				- . - . D .
				. A . - . -
				- . A . - .
				. - . - . -`,
			angels: 2, demon: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Five turns played, enough to reach any of the drawn boards.
			s := board(t, tt.opts, 5, tt.before)
			play(t, s, tt.turn)
			require.Equal(t, trim(tt.after), picture(s))
			require.Equal(t, [2]int{tt.angels, tt.demon}, s.Score())
			require.Equal(t, 6, s.Ply())
		})
	}
}
