package angels

import (
	"fmt"
	"strings"
)

// Render implements game.State with the board described in the package
// comment: numbers on all four sides, fields two characters wide.
func (s *State) Render() string {
	n := int(s.n)
	var b strings.Builder
	b.Grow((n + 2) * (3*n + 6))
	header := func() {
		b.WriteString("  ")
		for c := 1; c <= n; c++ {
			fmt.Fprintf(&b, " %2d", c)
		}
		b.WriteByte('\n')
	}
	header()
	for r := range n {
		fmt.Fprintf(&b, "%-2d", r+1)
		for c := range n {
			b.WriteString("  ")
			b.WriteByte(squareChar[s.At(r, c)])
		}
		fmt.Fprintf(&b, " %2d\n", r+1)
	}
	header()
	return b.String()
}

// squareChar is the letter of each Square in Render and Encode.
var squareChar = [...]byte{Empty: '+', Blocked: '@', AngelHere: 'A'}
