package enginetext

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// pythonEngine is the sample engine in another language, from this
// package's directory.
const pythonEngine = "../examples/engines/random_player.py"

// startPython starts the sample Python engine; without python3 the test
// skips, except in CI, where it fails.
func startPython(t *testing.T, seed string) *Client {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 is missing (.ci/run installs it)")
		}
		t.Skip("python3 is missing")
	}
	c, err := StartArgs([]string{py, pythonEngine, "--seed", seed})
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// TestPythonEngineFollowsTheRules plays whole games against the Python
// engine, half its moves its own (genmove) and half random ones told to
// it (play), and checks after every turn that it agrees with Boardroom's
// rules on everything: the legal moves, the text board and the result.
func TestPythonEngineFollowsTheRules(t *testing.T) {
	tests := []struct {
		game string
		opts map[string]string
	}{
		{"amazons", nil},
		{"kalah", nil},
		{"kalah", map[string]string{"houses": "3", "seeds": "12", "empty_capture": "true"}},
		{"kalah", map[string]string{"houses": "12", "seeds": "1"}},
		{"angels", map[string]string{"size": "5", "power": "2"}},
		{"angels", map[string]string{"size": "9"}},
		{"angels", map[string]string{"size": "41", "power": "20"}},
		{"bishops", nil},
		{"bishops", map[string]string{"setup": "stripes"}},
		{"demons", map[string]string{"turns": "6"}},
		{"demons", map[string]string{"size": "12", "turns": "3"}},
		{"demons", map[string]string{"size": "6", "turns": "9"}},
	}
	for i, tc := range tests {
		t.Run(strings.TrimSpace(tc.game+" "+fmtOpts(tc.opts)), func(t *testing.T) {
			t.Parallel() // each talks to a Python process of its own
			c := startPython(t, "1"+string(rune('0'+i%10)))
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			g, err := game.Lookup(tc.game)
			require.NoError(t, err)
			s, err := g.New(tc.opts)
			require.NoError(t, err)
			require.NoError(t, c.NewGame(ctx, tc.game, s.Options()))
			ours := game.NewRandomBot(uint64(i))
			for turn := 0; ; turn++ {
				checkAgreement(ctx, t, c, s)
				toMove := s.ToMove()
				if len(toMove) == 0 {
					break
				}
				var moves []game.Move
				for _, p := range toMove {
					var m game.Move
					if turn%2 == 0 || p == game.Second && len(toMove) == 2 {
						// Its own move: it must be legal by our rules.
						var seat []string
						if len(toMove) == 2 {
							seat = []string{g.Seats()[p]}
						}
						text, err := c.GenMove(ctx, seat...)
						require.NoError(t, err)
						m, err = s.ParseMove(p, text)
						require.NoError(t, err)
						require.True(t, game.IsLegal(s, p, m), "turn %d: %s is illegal", turn, text)
					} else {
						m, err = ours.Choose(ctx, s, p)
						require.NoError(t, err)
					}
					moves = append(moves, m)
				}
				played := game.FormatTurn(s, moves)
				require.NoError(t, s.Apply(moves...))
				if len(toMove) == 2 || turn%2 == 1 {
					require.NoError(t, c.Play(ctx, played), "turn %d", turn)
				}
			}
		})
	}
}

func fmtOpts(opts map[string]string) string {
	var words []string
	for k, v := range opts {
		words = append(words, k+"="+v)
	}
	slices.Sort(words)
	return strings.Join(words, " ")
}

// checkAgreement compares the engine's legal moves, board and result with
// the rules' in s.
func checkAgreement(ctx context.Context, t *testing.T, c *Client, s game.State) {
	t.Helper()
	for _, p := range s.ToMove() {
		var want []string
		for _, m := range s.Legal(p, nil) {
			want = append(want, s.FormatMove(m))
		}
		got, err := c.Legal(ctx, s.Game().Seats()[p])
		require.NoError(t, err)
		require.ElementsMatch(t, want, got, "legal moves of %s at ply %d", s.Game().Seats()[p], s.Ply())
	}
	board, err := c.Show(ctx)
	require.NoError(t, err)
	require.Equal(t, s.Render(), board, "the board at ply %d", s.Ply())
	res, err := c.Result(ctx)
	require.NoError(t, err)
	out := s.Outcome()
	require.Equal(t, out.Over, res.Over, "over at ply %d", s.Ply())
	if out.Over {
		want := ""
		if out.Winner != game.NoPlayer {
			want = s.Game().Seats()[out.Winner]
		}
		require.Equal(t, Result{Over: true, Winner: want, Score: s.Score(), Reason: out.Reason}, res)
	}
}

// TestPythonEngineRefusesBadInput sends every kind of bad line in every
// game's opening: each is refused and changes nothing.
func TestPythonEngineRefusesBadInput(t *testing.T) {
	c := startPython(t, "5")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, id := range game.IDs() {
		require.NoError(t, c.NewGame(ctx, id, nil))
		if id != "demons" {
			_, err := c.GenMove(ctx)
			require.NoError(t, err)
		}
		board, err := c.Show(ctx)
		require.NoError(t, err)
		legal, err := c.Legal(ctx)
		require.NoError(t, err)
		for _, line := range append(badLines, "game kalah houses=13", "game angels size=6 power=4", "game demons size=7",
			"game bishops setup=wild", "game kalah empty_capture=perhaps", "game kalah houses=3 houses=4", "level difficult mcts") {
			_, err := c.Do(ctx, line)
			var refusal *Refusal
			require.ErrorAs(t, err, &refusal, "%s: %q", id, line)
			require.NotEmpty(t, refusal.Reason)
			after, err := c.Show(ctx)
			require.NoError(t, err)
			require.Equal(t, board, after, "%s: %q changed the board", id, line)
			afterLegal, err := c.Legal(ctx)
			require.NoError(t, err)
			require.Equal(t, legal, afterLegal, "%s: %q", id, line)
		}
	}
	name, err := c.Name(ctx)
	require.NoError(t, err)
	require.Equal(t, "Random player (Python)", name, "still answering")
}
