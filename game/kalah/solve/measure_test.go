//go:build measure

// A measurement harness, not a test: it is built only with the measure tag
// (go test -tags measure) and set up by environment variables; TestMeasureVariants
// says how to run it.

package solve

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMeasureVariants solves the starting positions of variants and prints a
// table row for each; it runs only when KALAH_SOLVE_MEASURE names the
// variants, as "HxS,HxS..." (for example "4x6,6x4"), with optional
// KALAH_SOLVE_EC ("true", "false" or both by default), KALAH_SOLVE_TT (MiB),
// KALAH_SOLVE_DB (database level) and KALAH_SOLVE_TIMEOUT (a duration):
//
//	KALAH_SOLVE_MEASURE=4x6,6x4 KALAH_SOLVE_TIMEOUT=120s go test -tags measure -run Measure -v ./game/kalah/solve/
func TestMeasureVariants(t *testing.T) {
	spec := os.Getenv("KALAH_SOLVE_MEASURE")
	if spec == "" {
		t.Skip("set KALAH_SOLVE_MEASURE=HxS,... to measure")
	}
	cfg := Config{}
	if v := os.Getenv("KALAH_SOLVE_TT"); v != "" {
		mb, err := strconv.Atoi(v)
		if err != nil {
			t.Fatal(err)
		}
		cfg.TTBytes = mb << 20
	}
	if v := os.Getenv("KALAH_SOLVE_DB"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatal(err)
		}
		cfg.DBSeeds = n
	}
	for _, f := range strings.Split(os.Getenv("KALAH_SOLVE_FLAGS"), ",") {
		switch f {
		case "nomtd":
			cfg.NoMTD = true
		case "noetc":
			cfg.NoETC = true
		case "noorder":
			cfg.NoOrdering = true
		case "nofutility":
			cfg.NoFutility = true
		case "log":
			cfg.Log = os.Stderr
		}
	}
	timeout := time.Hour
	if v := os.Getenv("KALAH_SOLVE_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		timeout = d
	}
	ecs := []bool{false, true}
	switch os.Getenv("KALAH_SOLVE_EC") {
	case "true":
		ecs = []bool{true}
	case "false":
		ecs = []bool{false}
	}
	for _, v := range strings.Split(spec, ",") {
		var h, s int
		if _, err := fmt.Sscanf(v, "%dx%d", &h, &s); err != nil {
			t.Fatal(err)
		}
		for _, ec := range ecs {
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			res, err := Solve(ctx, start(t, h, s, ec), cfg)
			cancel()
			status := fmt.Sprintf("%+d", res.Margin)
			if err != nil {
				status = "timeout"
			}
			fmt.Printf("| %d×%d | %v | %s | %d | %v | db %d |\n", h, s, ec, status, res.Nodes, res.Elapsed.Round(time.Millisecond), res.DBSeeds)
		}
	}
}

// TestMeasureReachable counts the distinct positions (houses from the
// mover's view, as the solver keys them) reachable from the start of 6×4
// with at least KALAH_REACH_MIN seeds left in the houses, by seeds: the
// size of an opening book that would cover every position with that many
// seeds (docs/strength.md, "Why not every position at 2 s"). Seeds only
// leave the houses, so a breadth-first walk that stops below the bound
// meets every such position.
//
//	KALAH_REACH_MIN=45 go test -tags measure -run Reachable -v ./game/kalah/solve/
func TestMeasureReachable(t *testing.T) {
	v := os.Getenv("KALAH_REACH_MIN")
	if v == "" {
		t.Skip("set KALAH_REACH_MIN to count")
	}
	least, err := strconv.Atoi(v)
	if err != nil {
		t.Fatal(err)
	}
	g, r, _, seeds, err := fromState(start(t, 6, 4, false))
	if err != nil {
		t.Fatal(err)
	}
	k := newKeyer(g.h, seeds)
	seen := map[[2]uint64]bool{}
	bySeeds := map[int]int{}
	frontier := []ring{r}
	for len(frontier) > 0 {
		var next []ring
		for i := range frontier {
			for house := range g.h {
				if frontier[i][house] == 0 {
					continue
				}
				c := frontier[i]
				if _, again := g.sow(&c, house); !again {
					c = g.flip(&c)
				}
				left := 0 // the store's slot is empty between moves
				for _, n := range c {
					left += int(n)
				}
				if left < least || g.moverSeeds(&c) == 0 {
					continue
				}
				lo, hi := k.key(&g, &c)
				if seen[[2]uint64{lo, hi}] {
					continue
				}
				seen[[2]uint64{lo, hi}] = true
				bySeeds[left]++
				next = append(next, c)
			}
		}
		frontier = next
	}
	for n := seeds; n >= least; n-- {
		fmt.Printf("%d seeds in the houses: %d positions\n", n, bySeeds[n])
	}
	fmt.Printf("at least %d: %d positions\n", least, len(seen))
}
