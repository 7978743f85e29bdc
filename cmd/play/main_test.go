package main

import (
	"bytes"
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// runPlay runs the command with the given input and returns what it printed.
func runCmd(t *testing.T, stdin string, argv ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(argv, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestPerft(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"perft", "amazons", "1"}, "2176"},
		{[]string{"perft", "bishops", "1"}, "49"},
		{[]string{"perft", "bishops", "1", "-o", "setup=stripes"}, "81"},
		{[]string{"perft", "kalah", "1", "-o", "houses=4"}, "4"},
		{[]string{"perft", "demons", "1"}, "1024"},
		{[]string{"perft", "angels", "0"}, "1"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.argv, " "), func(t *testing.T) {
			out, errOut, err := runCmd(t, "", tc.argv...)
			require.NoError(t, err)
			require.Equal(t, tc.want, lastLine(out))
			require.Contains(t, errOut, "per second")
		})
	}
	for _, bad := range [][]string{{"perft", "amazons"}, {"perft", "amazons", "-1"}, {"perft", "chess", "1"}} {
		_, _, err := runCmd(t, "", bad...)
		require.Error(t, err, "%v", bad)
	}
}

func TestShowKalahReference(t *testing.T) {
	out, _, err := runCmd(t, "", "show", "kalah", "2", "3", "5")
	require.NoError(t, err)
	want := "" +
		"+----+-------+-------+-------+-------+-------+-------+----+\n" +
		"| P2 | 6[ 6] | 5[ 0] | 4[ 5] | 3[ 0] | 2[ 4] | 1[ 4] |  0 |\n" +
		"|    |-------+-------+-------+-------+-------+-------|    |\n" +
		"|  2 | 1[ 5] | 2[ 1] | 3[ 6] | 4[ 5] | 5[ 5] | 6[ 5] | P1 |\n" +
		"+----+-------+-------+-------+-------+-------+-------+----+\n" +
		"score: 27 21\n"
	require.Equal(t, want, out)
}

func TestShowEveryGame(t *testing.T) {
	tests := []struct {
		argv      []string
		wantScore string
	}{
		{[]string{"show", "amazons", "d1-d7/g7"}, "score: 0 0"},
		{[]string{"show", "kalah"}, "score: 24 24"},
		{[]string{"show", "kalah", "-o", "houses=3", "-o", "seeds=2", "1"}, "score: 6 6"},
		{[]string{"show", "angels", "-o", "size=7", "4,3", "1,1"}, "score: 0 0"},
		{[]string{"show", "bishops"}, "score: 25 25"},
		{[]string{"show", "demons", "b2+b2"}, "score: 0 0"},
		{[]string{"show", "demons", "b2+e5"}, "score: 4 4"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.argv, " "), func(t *testing.T) {
			out, _, err := runCmd(t, "", tc.argv...)
			require.NoError(t, err)
			require.Equal(t, tc.wantScore, lastLine(out))
			require.Greater(t, strings.Count(out, "\n"), 3, "the board comes first")
		})
	}
}

func TestShowRefusesBadInput(t *testing.T) {
	tests := []struct {
		argv    []string
		wantErr string
		is      error
	}{
		{[]string{"show", "amazons", "a1-a2/a3"}, "a1-a2/a3", game.ErrIllegalMove},
		{[]string{"show", "kalah", "9"}, "9", game.ErrBadNotation},
		{[]string{"show", "kalah", "3", "3"}, "turn 2 (3)", game.ErrIllegalMove},
		{[]string{"show", "demons", "b2"}, "b2", game.ErrBadNotation},
		{[]string{"show", "kalah", "-o", "houses=13"}, "houses", game.ErrBadOption},
		{[]string{"show", "kalah", "-o", "colour=red"}, "colour", game.ErrBadOption},
		{[]string{"show", "chess"}, "chess", game.ErrUnknownGame},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.argv, " "), func(t *testing.T) {
			out, _, err := runCmd(t, "", tc.argv...)
			require.ErrorIs(t, err, tc.is)
			require.ErrorContains(t, err, tc.wantErr)
			require.Empty(t, out)
		})
	}
}

func TestHelp(t *testing.T) {
	out, _, err := runCmd(t, "", "--help")
	require.NoError(t, err)
	for _, want := range []string{"play show GAME", "play perft GAME DEPTH", "--p1 human|beginner", "play solve kalah", "play match GAME", "exec:COMMAND ARGS", "play engine [GAME", "docs/engine-protocol.md",
		"amazons", "kalah", "houses=6", "empty_capture=false", "angels", "power=1", "bishops", "setup=classic", "demons", "turns=20"} {
		require.Contains(t, out, want)
	}
	_, _, err = runCmd(t, "")
	require.Error(t, err, "no arguments is a usage error")
	_, _, err = runCmd(t, "", "kalah", "--p3", "human")
	require.ErrorContains(t, err, "unknown flag --p3")
}
