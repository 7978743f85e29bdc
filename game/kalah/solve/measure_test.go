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
