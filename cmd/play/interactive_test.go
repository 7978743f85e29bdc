package main

import (
	"strings"
	"testing"

	"boardroom/game"
	"boardroom/game/kalah"

	"github.com/stretchr/testify/require"
)

const kalahPrompt = "Player P1\n" +
	"    (1-6) - house number for move\n" +
	"    n - New game\n" +
	"    s - Save game\n" +
	"    l - Load game\n" +
	"    q - Quit\n" +
	"Choice: "

func kalahBoard(t *testing.T, moves ...string) string {
	t.Helper()
	s, err := kalah.New(nil)
	require.NoError(t, err)
	require.NoError(t, game.PlayTurns(s, moves...))
	return s.Render()
}

// TestKalahTranscript pipes a session into the Kalah terminal and checks every
// line it prints, as the original program did.
func TestKalahTranscript(t *testing.T) {
	// 3 ends in P1's store (another turn); 3 again is an empty house; s saves;
	// 7 is no house; 1 plays; l loads the save (P1 to move again); q quits.
	input := "3\n3\ns\n7\n1\nl\nq\n"
	out, _, err := runCmd(t, input, "kalah")
	require.NoError(t, err)
	want := kalahBoard(t) +
		kalahPrompt + "3\n" +
		kalahBoard(t, "3") +
		kalahPrompt + "3\n" +
		"House is empty. Move again.\n" +
		kalahPrompt + "s\n" +
		"Game saved.\n" +
		kalahPrompt + "7\n" +
		"Invalid choice.\n" +
		kalahPrompt + "1\n" +
		kalahBoard(t, "3", "1") +
		strings.Replace(kalahPrompt, "P1", "P2", 1) + "l\n" +
		kalahBoard(t, "3") +
		kalahPrompt + "q\n" +
		"Game over\n" +
		kalahBoard(t, "3")
	require.Equal(t, want, out)
}

func TestKalahGameOverLines(t *testing.T) {
	// One house of one seed each: P1 sows into its store and moves again with
	// nothing left, so the game ends 1 to 1.
	out, _, err := runCmd(t, "1\n", "kalah", "-o", "houses=1", "-o", "seeds=1")
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(out, "Game over\n"+renderKalah(t, map[string]string{"houses": "1", "seeds": "1"}, "1")+
		"\tplayer 1:1\n\tplayer 2:1\nA tie!\n"), out)
}

func renderKalah(t *testing.T, opts map[string]string, moves ...string) string {
	s, err := kalah.New(opts)
	require.NoError(t, err)
	require.NoError(t, game.PlayTurns(s, moves...))
	return s.Render()
}

func TestNewGameAndLoadWithoutSave(t *testing.T) {
	out, _, err := runCmd(t, "1\nl\nn\nl\n", "kalah")
	require.NoError(t, err)
	require.Equal(t, 2, strings.Count(out, "No saved game."))
	require.Equal(t, 2, strings.Count(out, kalahBoard(t)), "the start is printed again after n")
}

func TestEndOfInputEndsCleanly(t *testing.T) {
	for _, id := range game.IDs() {
		out, _, err := runCmd(t, "", id)
		require.NoError(t, err, id)
		require.Contains(t, out, "Choice: ", id)
	}
}

func TestComputerPlaysBothSeats(t *testing.T) {
	for _, tc := range []struct {
		id   string
		opts []string
	}{
		{"kalah", nil}, {"angels", []string{"-o", "size=7"}}, {"demons", []string{"-o", "turns=5"}},
		{"bishops", nil}, {"amazons", nil},
	} {
		argv := append([]string{tc.id, "--p1", "beginner", "--p2", "beginner", "--seed", "3"}, tc.opts...)
		out, _, err := runCmd(t, "", argv...)
		require.NoError(t, err, tc.id)
		require.Contains(t, out, "Game over", tc.id)
		require.NotContains(t, out, "Choice:", tc.id)
		again, _, _ := runCmd(t, "", argv...)
		require.Equal(t, out, again, "%s: the same seed plays the same game", tc.id)
	}
}

func TestHumanAgainstComputer(t *testing.T) {
	out, _, err := runCmd(t, "1\n", "kalah", "--p2", "beginner", "--seed", "1")
	require.NoError(t, err)
	require.Contains(t, out, "Player P2 chooses ")
	_, _, err = runCmd(t, "", "kalah", "--p2", "grandmaster")
	require.ErrorContains(t, err, "--p2 must be human, beginner, medium or difficult")
	out, _, err = runCmd(t, "1\n", "kalah", "--p2", "medium", "--seed", "1")
	require.NoError(t, err)
	require.Contains(t, out, "Player P2 chooses ")
}
