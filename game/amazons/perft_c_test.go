package amazons

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"boardroom/internal/race"

	"github.com/stretchr/testify/require"
)

// referenceSource is the plain C mailbox perft that Perft is timed against.
const referenceSource = "../../benchmarks/amazons_perft.c"

// buildReference compiles the C reference perft with gcc -O2 and returns the
// program's path. Without gcc the test is skipped on a developer machine and
// fails in CI (CI=true), where .ci/run installs it.
func buildReference(t *testing.T) string {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("gcc is required for the C reference perft in CI (apt-get install gcc)")
		}
		t.Skip("gcc not found: the C reference perft is not checked")
	}
	bin := filepath.Join(t.TempDir(), "amazons_perft")
	out, err := exec.Command(gcc, "-O2", "-Wall", "-Werror", "-o", bin, referenceSource).CombinedOutput()
	require.NoError(t, err, "gcc: %s", out)
	return bin
}

// runReference runs the C perft on a position and returns its count.
func runReference(t *testing.T, bin string, depth int, s *State) uint64 {
	t.Helper()
	out, err := exec.Command(bin, strconv.Itoa(depth), s.Encode()).Output()
	require.NoError(t, err, "%s %d %q", bin, depth, s.Encode())
	n, err := strconv.ParseUint(strings.TrimSpace(string(out)), 10, 64)
	require.NoError(t, err, "output %q", out)
	return n
}

// TestPerftAgainstC checks Perft against the C mailbox program, an
// independent implementation in another language: the opening, the table's
// positions and positions from random games with either seat to move.
func TestPerftAgainstC(t *testing.T) {
	bin := buildReference(t)
	type tc struct {
		name  string
		s     *State
		depth int
	}
	var cases []tc
	for _, body := range []string{startBody, ply20, ply30} {
		st, err := Game{}.Decode(nil, body)
		require.NoError(t, err)
		for depth := 0; depth <= 2; depth++ {
			cases = append(cases, tc{body, st.(*State), depth})
		}
	}
	st, err := Game{}.Decode(nil, ply30)
	require.NoError(t, err)
	cases = append(cases, tc{"ply30", st.(*State), 3})
	for i, s := range randomPositions(t, 23, 9, 10) {
		cases = append(cases, tc{"random " + strconv.Itoa(i), s, 2})
	}
	if !testing.Short() && !race.Enabled {
		st, err := Game{}.Decode(nil, ply20)
		require.NoError(t, err)
		cases = append(cases, tc{"ply20", st.(*State), 3})
	}
	for _, c := range cases {
		require.Equal(t, runReference(t, bin, c.depth, c.s), c.s.Perft(c.depth), "%s (%s), depth %d", c.name, c.s.Encode(), c.depth)
	}
}

// TestPerftOpeningDepth3 is the figure, perft 3 from the opening, in
// both programs. It takes seconds, so -short and the race detector skip it.
func TestPerftOpeningDepth3(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("seconds of counting: not under -short or -race")
	}
	s, err := New(nil)
	require.NoError(t, err)
	const want = 8_350_439_170
	require.Equal(t, uint64(want), s.Perft(3))
	require.Equal(t, uint64(want), runReference(t, buildReference(t), 3, s))
}
