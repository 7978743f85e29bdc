package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// matchLines runs a match and returns its game lines, checking the last
// line's form and that the counts add up.
func matchLines(t *testing.T, argv ...string) (games []string, stderr string) {
	t.Helper()
	out, errOut, err := runCmd(t, "", append([]string{"match"}, argv...)...)
	require.NoError(t, err, errOut)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	m := regexp.MustCompile(`^a wins: (\d+), draws: (\d+), b wins: (\d+)$`).FindStringSubmatch(lines[len(lines)-1])
	require.NotNil(t, m, out)
	total := 0
	for _, n := range m[1:] {
		v, _ := strconv.Atoi(n)
		total += v
	}
	require.Equal(t, len(lines)-1, total, out)
	return lines[:len(lines)-1], errOut
}

func TestMatchWithPlayEngine(t *testing.T) {
	bin := needPlay(t)
	engine := func(level string) string { return "exec:" + bin + " engine --level " + level }
	tests := []struct {
		name string
		argv []string
	}{
		{"exec on b", []string{"kalah", "--a", "beginner", "--b", engine("medium"), "-n", "2", "-o", "houses=4", "-o", "seeds=3"}},
		// Difficult thinks for three quarters of its time, so that the
		// pipes and a busy machine do not take it over the limit.
		{"exec on a, difficult", []string{"kalah", "--a", engine("difficult"), "--b", "beginner", "-n", "1", "--time", "200ms", "-o", "houses=3", "-o", "seeds=2"}},
		{"exec on both sides", []string{"angels", "--a", engine("beginner"), "--b", engine("medium"), "-n", "2", "-o", "size=7"}},
		{"simultaneous, both sides", []string{"demons", "--a", engine("difficult"), "--b", engine("beginner"), "-n", "2", "--time", "200ms", "-o", "turns=3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games, errOut := matchLines(t, tc.argv...)
			for i, line := range games {
				require.Regexp(t, `^game `+strconv.Itoa(i+1)+`: \S+=[ab] \S+=[ab]: (\S+ wins \([ab]\)|draw), `, line)
				for _, bad := range []string{"exceeded", "illegal", "unreadable", "crashed", "refused", "answer"} {
					require.NotContains(t, line, bad, "a Boardroom engine plays by the rules and the clock")
				}
			}
			require.Contains(t, errOut, ": Boardroom ", "the engine's name goes to standard error")
			require.Contains(t, errOut, "longest think: a (")
		})
	}
}

// TestMatchEngineFaults: an engine that breaks the rules or the clock loses
// the game and the line says why; the match goes on.
func TestMatchEngineFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		mode string
		// The game: a sits first in game 1, second in game 2; the fake
		// misbehaves from its second genmove on.
		argv []string
		want string
	}{
		// The fake sleeps 200ms; the time reported is at least that, and
		// below the driver's wait for a late answer (2×75ms+1s), whatever
		// else the machine is doing (the check was 200-299ms, which a
		// loaded machine overran).
		{"slow", []string{"kalah", "--time", "50ms", "-o", "seeds=1"}, `a exceeded its time \((\d+ms|1\.\d+s) for 50ms\)`},
		{"silent", []string{"kalah", "--time", "50ms", "-o", "seeds=1"}, `a exceeded its time \(no answer in 1\.15s for 50ms\)`},
		{"illegal", []string{"amazons"}, `a played an illegal move \(a1-a1/a1: amazons: illegal move a1-a1/a1: a1 holds no (White|Black) amazon\)`},
		{"garbage", []string{"kalah", "-o", "seeds=1"}, `a played an unreadable move \(banana: bad notation: "banana" is not a house number 1-6\)`},
		{"crash", []string{"kalah", "-o", "seeds=1"}, `a crashed \(genmove: engine exited: exit status 4; its last words: fake engine: out of cheese\)`},
		{"stubborn", []string{"kalah", "-o", "seeds=1"}, `a refused play \d+: I do not like that move`},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel() // each waits on its engine's processes
			argv := append([]string{"--a", fakeCommand(t, tc.mode), "--b", "beginner", "-n", "2"}, tc.argv...)
			games, _ := matchLines(t, argv...)
			require.Len(t, games, 2)
			require.Regexp(t, `^game 1: \w+=a \w+=b: \w+ wins \(b\), `+tc.want+`, score \d+ \d+, \d+ turns$`, games[0])
			require.Regexp(t, `^game 2: \w+=b \w+=a: \w+ wins \(b\), `+tc.want+`, `, games[1], "a fresh program, or the same, in game 2")
			if tc.mode == "slow" {
				for _, g := range games {
					took, err := time.ParseDuration(regexp.MustCompile(`exceeded its time \((\S+) for`).FindStringSubmatch(g)[1])
					require.NoError(t, err, g)
					require.GreaterOrEqual(t, took, 200*time.Millisecond, g)
					require.Less(t, took, 2*75*time.Millisecond+time.Second, g)
				}
			}
		})
	}
}

func TestMatchRefusesABadEngine(t *testing.T) {
	tests := []struct {
		a, want string
	}{
		{"exec:", "no program named"},
		{`exec:"unterminated`, "unterminated"},
		{"exec:/no/such/engine", `starting engine "/no/such/engine"`},
		{"exec:/bin/true", "does not answer name"},
	}
	for _, tc := range tests {
		t.Run(tc.a, func(t *testing.T) {
			if tc.a == "exec:/bin/true" {
				if _, err := os.Stat("/bin/true"); err != nil {
					t.Skip("no /bin/true")
				}
			}
			_, _, err := runCmd(t, "", "match", "kalah", "--a", tc.a, "--b", "beginner", "-n", "1")
			require.ErrorContains(t, err, tc.want)
		})
	}
}

// pythonCommand is the exec: command of the sample Python engine, or a
// skip without python3 (a failure in CI).
func pythonCommand(t *testing.T, seed int) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 is missing (.ci/run installs it)")
		}
		t.Skip("python3 is missing")
	}
	return "exec:python3 ../../examples/engines/random_player.py --seed " + strconv.Itoa(seed)
}

// TestMatchBeginnerAgainstPython plays Beginner against the sample engine in
// every game over several seeds: the driver checks every one of its moves
// against Boardroom's rules, so a single illegal move fails the test.
func TestMatchBeginnerAgainstPython(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game string
		opts []string
	}{
		{"amazons", nil},
		{"kalah", []string{"-o", "houses=5", "-o", "seeds=3"}},
		{"angels", []string{"-o", "size=9", "-o", "power=2"}},
		{"bishops", []string{"-o", "setup=stripes"}},
		{"bishops", nil},
		{"demons", []string{"-o", "size=6", "-o", "turns=8"}},
	}
	for _, tc := range tests {
		for _, seed := range []int{1, 2, 3} {
			t.Run(tc.game+" "+strings.Join(tc.opts, " ")+" seed "+strconv.Itoa(seed), func(t *testing.T) {
				t.Parallel()
				argv := append([]string{tc.game, "--a", "beginner", "--b", pythonCommand(t, seed), "-n", "2", "--seed", strconv.Itoa(seed)}, tc.opts...)
				games, errOut := matchLines(t, argv...)
				require.Contains(t, errOut, "b: Random player (Python)")
				for _, line := range games {
					for _, bad := range []string{"exceeded", "illegal", "unreadable", "crashed", "refused", "answer", "failed"} {
						require.NotContains(t, line, bad)
					}
				}
			})
		}
	}
}
