package enginetext

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		line string
		want []string // nil: an error
	}{
		{"play engine kalah --level medium", []string{"play", "engine", "kalah", "--level", "medium"}},
		{"  python3\texamples/engines/random_player.py  ", []string{"python3", "examples/engines/random_player.py"}},
		{`"/opt/my engines/run" --x`, []string{"/opt/my engines/run", "--x"}},
		{`'/opt/my engines/run' 'a "b"'`, []string{"/opt/my engines/run", `a "b"`}},
		{`a'b c'd`, []string{"ab cd"}},
		{`prog ""`, []string{"prog", ""}},
		{`prog "say \"hi\" \\ \n"`, []string{"prog", `say "hi" \ \n`}},
		{`prog a\ b \'c`, []string{"prog", "a b", "'c"}},
		{"", nil},
		{"   ", nil},
		{`""`, nil},
		{`prog "open`, nil},
		{`prog 'open`, nil},
		{`prog \`, nil},
		{"prog\nrm", nil},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			got, err := SplitCommand(tc.line)
			if tc.want == nil {
				require.ErrorIs(t, err, ErrBadCommandLine)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"play engine kalah", `"a b" 'c d' e\ f`, `x"`, "'", `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words, err := SplitCommand(line)
		if err != nil {
			require.ErrorIs(t, err, ErrBadCommandLine)
			return
		}
		require.NotEmpty(t, words)
		require.NotEmpty(t, words[0])
		// Words without quotes, spaces or backslashes come back as they were.
		if !strings.ContainsAny(line, "'\"\\\r\n") {
			require.Equal(t, fields(line), words, "split at spaces and tabs only")
		}
	})
}
