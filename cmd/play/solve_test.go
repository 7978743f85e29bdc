package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSolveKalah(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"solve", "kalah", "-o", "houses=2", "-o", "seeds=4", "--db", "6"}, "-12"},
		{[]string{"solve", "kalah", "-o", "houses=2", "-o", "seeds=4", "-o", "empty_capture=true"}, "-10"},
		{[]string{"solve", "kalah", "-o", "houses=3", "-o", "seeds=3", "--db", "8"}, "+2"},
		{[]string{"solve", "kalah", "-o", "houses=3", "-o", "seeds=3", "--db", "0", "--tt", "0", "2"}, "+2"},
		{[]string{"solve", "kalah", "-o", "houses=1", "-o", "seeds=1", "1"}, "0"}, // over: 1 each
		{[]string{"solve", "kalah", "-o", "houses=1", "-o", "seeds=1"}, "0"},
		{[]string{"solve", "kalah", "-o", "houses=1", "-o", "seeds=2", "--time", "10s"}, "-2"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.argv, " "), func(t *testing.T) {
			out, errOut, err := runCmd(t, "", tc.argv...)
			require.NoError(t, err)
			require.Equal(t, tc.want, lastLine(out))
			require.Contains(t, errOut, "nodes")
		})
	}
}

func TestSolveKalahErrors(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"solve", "kalah", "-o", "houses=3", "-o", "seeds=3", "1", "1"}, "turn 2 (1)"},
		{[]string{"solve", "kalah", "-o", "houses=3", "9"}, `"9"`},
		{[]string{"solve", "amazons"}, "only kalah"},
		{[]string{"solve"}, "needs a game"},
		{[]string{"solve", "kalah", "--tt", "x"}, "--tt"},
		{[]string{"solve", "kalah", "--db", "-3"}, "--db"},
		{[]string{"solve", "kalah", "--time", "soon"}, "--time"},
		{[]string{"solve", "kalah", "-o", "houses=13"}, "houses"},
		{[]string{"solve", "kalah", "--time", "1ms"}, "deadline"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.argv, " "), func(t *testing.T) {
			_, _, err := runCmd(t, "", tc.argv...)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}
