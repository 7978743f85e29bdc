package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		name string
		argv []string
		ok   bool
	}{
		{"kalah small", []string{"match", "kalah", "--a", "medium", "--b", "beginner", "-n", "3", "-o", "houses=3", "-o", "seeds=2"}, true},
		{"angels small with time", []string{"match", "angels", "--a", "difficult", "--b", "beginner", "-n", "2", "--time", "20ms", "-o", "size=5"}, true},
		{"demons short", []string{"match", "demons", "--a", "medium", "--b", "difficult", "-n", "2", "--time", "20ms", "-o", "turns=3"}, true},
		{"amazons algorithm", []string{"match", "amazons", "--a", "difficult:mcts", "--b", "beginner", "-n", "1", "--time", "5ms", "--seed", "3"}, true},
		{"missing level", []string{"match", "kalah", "--a", "medium", "-n", "2"}, false},
		{"bad level", []string{"match", "kalah", "--a", "expert", "--b", "beginner"}, false},
		{"bad time", []string{"match", "kalah", "--a", "medium", "--b", "beginner", "--time", "soon"}, false},
		{"bad count", []string{"match", "kalah", "--a", "medium", "--b", "beginner", "-n", "0"}, false},
		{"openings", []string{"match", "kalah", "--a", "medium", "--b", "beginner", "-n", "4", "--openings", "2"}, true},
		{"bad openings", []string{"match", "kalah", "--a", "medium", "--b", "beginner", "--openings", "-1"}, false},
		{"too many openings", []string{"match", "kalah", "--a", "medium", "--b", "beginner", "--openings", "21"}, false},
	}
	last := regexp.MustCompile(`^a wins: (\d+), draws: (\d+), b wins: (\d+)$`)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := runCmd(t, "", tc.argv...)
			if !tc.ok {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
			require.Regexp(t, last, lastLine(out))
			var n int
			for i, w := range tc.argv {
				if w == "-n" {
					n = int(tc.argv[i+1][0] - '0')
				}
			}
			require.Len(t, lines, n+1)
			for i, l := range lines[:n] {
				require.True(t, strings.HasPrefix(l, "game "+string(rune('1'+i))+": "), l)
			}
			// a sits first in odd games, second in even ones.
			if n >= 2 {
				require.Contains(t, lines[0], "=a ")
				require.Regexp(t, `^game 2: \S+=b `, lines[1])
			}
		})
	}
}

// --openings starts both games of a pair (one with a in each seat) from
// the same random turns, different pairs from different ones, the same
// for the same --seed; an engine is told the opening's turns before its
// first genmove, and every game is whole (the turns counted include the
// opening's).
func TestMatchOpenings(t *testing.T) {
	t.Parallel()
	engine := "exec:" + needPlay(t) + " engine --level beginner"
	from := regexp.MustCompile(`^game \d+: \S+=[ab] \S+=[ab] from ([^:]+): .*, (\d+) turns$`)
	openings := func(t *testing.T, argv ...string) []string {
		out, _, err := runCmd(t, "", argv...)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		var got []string
		for _, l := range lines[:len(lines)-1] {
			m := from.FindStringSubmatch(l)
			require.NotNil(t, m, l)
			require.Len(t, strings.Fields(m[1]), 3, l)
			got = append(got, m[1])
		}
		return got
	}
	tests := []struct {
		name string
		argv []string
	}{
		{"levels", []string{"match", "amazons", "--a", "beginner", "--b", "medium", "-n", "6", "--openings", "3", "--seed", "4"}},
		{"an engine", []string{"match", "kalah", "--a", "beginner", "--b", engine, "-n", "6", "--openings", "3", "--seed", "4"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := openings(t, tc.argv...)
			require.Len(t, got, 6)
			for i := 0; i < 6; i += 2 {
				require.Equal(t, got[i], got[i+1], "a pair's two games")
			}
			require.NotEqual(t, got[0], got[2])
			require.NotEqual(t, got[2], got[4])
			require.Equal(t, got, openings(t, tc.argv...), "the same seed")
		})
	}
}
