//go:build measure

// Measurement harnesses, not tests: built only with the measure tag (go
// test -tags measure) and set up by environment variables.

package kalahai

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game/kalah/solve"
)

// TestMeasureWriteOpenings writes testdata/openings.txt, the table of
// TestDifficultKeepsOpeningValues: KALAH_OPENINGS_PER positions (default 2)
// for every depth from 2 to 24, reached by seeded random moves from the
// start (seed 100×depth+k), each analysed by the exact solver at full size
// (about 1 GiB of table; ten to twenty minutes of one core in all):
//
//	KALAH_OPENINGS_WRITE=1 nice taskset -c 1 go test -tags measure -run WriteOpenings -timeout 2h -v ./game/ai/kalahai/
//
// A held-out table, reached the same way with other seeds (100×depth+k for
// k from KALAH_OPENINGS_FIRST, default 1), goes to KALAH_OPENINGS_WRITE
// when it names a file other than "1"; the held-out set of issue 28,
// testdata/heldout.txt, is
//
//	KALAH_OPENINGS_WRITE=/tmp/heldout.txt KALAH_OPENINGS_FIRST=3 ...
func TestMeasureWriteOpenings(t *testing.T) {
	path := os.Getenv("KALAH_OPENINGS_WRITE")
	if path == "" {
		t.Skip("measurement")
	}
	if path == "1" {
		path = openingsFile
	}
	per, first := 2, 1
	fmt.Sscan(os.Getenv("KALAH_OPENINGS_PER"), &per)
	fmt.Sscan(os.Getenv("KALAH_OPENINGS_FIRST"), &first)
	sv := solve.NewSolver(solve.Config{})
	var b strings.Builder
	b.WriteString(openingsHeader)
	for d := 2; d <= 24; d++ {
		for k := first; k < first+per; k++ {
			o := randomOpening(t, d, uint64(100*d+k))
			if o.s.Outcome().Over {
				continue
			}
			a, err := sv.Analyse(context.Background(), o.s)
			require.NoError(t, err)
			o.margin, o.keep = a.Margin, a.Keep
			line := o.format()
			t.Logf("%s (%v)", line, a.Elapsed.Round(time.Millisecond))
			b.WriteString(line + "\n")
		}
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}
