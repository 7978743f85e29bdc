//go:build measure

package kalahai

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/kalah"
	"boardroom/game/kalah/solve"
)

// TestMeasureSolveTable solves, with the bot's long configuration and its
// first guess, every position of the opening table (or KALAH_RATE_TABLE)
// with KALAH_SOLVE_SEEDS="lo-hi" seeds in the houses, a fresh solver each
// (so the node counts do not depend on the order), and prints each one's
// nodes and time and the sums: the yardstick of the solver's changes in
// issue 28's third round. KALAH_SOLVE_LOG=1 adds MTD(f)'s steps;
// KALAH_SOLVE_DBBYTES and KALAH_SOLVE_TTBYTES change the configuration;
// KALAH_SOLVE_GUESS=d moves the first guess d seeds up from the mover's
// view, KALAH_SOLVE_ORACLE=1 makes it the exact margin; KALAH_SOLVE_RANDOM=n
// solves n random positions instead (measureRows).
//
//	KALAH_SOLVE_SEEDS=28-38 nice taskset -c 1 go test -tags measure -run SolveTable -v ./game/ai/kalahai/
func TestMeasureSolveTable(t *testing.T) {
	if os.Getenv("KALAH_SOLVE_SEEDS") == "" {
		t.Skip("measurement")
	}
	lo, hi := seedRange(t)
	prepare(t)
	if v := os.Getenv("KALAH_SOLVE_DBBYTES"); v != "" {
		var c solve.Config
		fmt.Sscan(v, &c.DBBytes)
		_, err := solve.Prepare(t.Context(), readOpeningsFile(t, openingsFile)[0].s, c)
		require.NoError(t, err)
	}
	var nodes uint64
	var took time.Duration
	rows := measureRows(t, lo, hi)
	for _, o := range rows {
		if o.seeds < lo || o.seeds > hi {
			continue
		}
		cfg := kalahExactLongConfig
		fmt.Sscan(os.Getenv("KALAH_SOLVE_DBBYTES"), &cfg.DBBytes)
		fmt.Sscan(os.Getenv("KALAH_SOLVE_TTBYTES"), &cfg.TTBytes)
		var log strings.Builder
		if os.Getenv("KALAH_SOLVE_LOG") != "" {
			cfg.Log = &log
		}
		sv := solve.NewSolver(cfg)
		b := o.s.Board()
		sv.SetGuess(solveGuess(&b))
		if g := os.Getenv("KALAH_SOLVE_GUESS"); g != "" {
			var d int
			fmt.Sscan(g, &d)
			sv.SetGuess(solveGuess(&b) + moverView(&b, d))
		}
		if os.Getenv("KALAH_SOLVE_ORACLE") != "" {
			sv.SetGuess(o.margin)
		}
		res, err := sv.Solve(context.Background(), o.s)
		require.NoError(t, err)
		_, h, _ := o.s.HouseAt(res.Best.Cells[0])
		if o.margin != 999 {
			require.Equal(t, o.margin, res.Margin, o.format())
		}
		o.margin = res.Margin
		require.NotZero(t, o.keep&(1<<(h-1)), o.format())
		nodes += res.Nodes
		took += res.Elapsed
		fmt.Printf("depth %2d seeds %2d margin %+3d: %9d nodes %v\n%s", o.depth, o.seeds, o.margin, res.Nodes, res.Elapsed.Round(time.Millisecond), log.String())
	}
	fmt.Printf("all: %d nodes in %v\n", nodes, took.Round(time.Millisecond))
}

// seedRange reads KALAH_SOLVE_SEEDS, "lo-hi" seeds in the houses.
func seedRange(t *testing.T) (lo, hi int) {
	_, err := fmt.Sscanf(os.Getenv("KALAH_SOLVE_SEEDS"), "%d-%d", &lo, &hi)
	require.NoError(t, err)
	return lo, hi
}

// measureRows is the rows of the table (rateTable) with lo to hi seeds in
// the houses, or, when KALAH_SOLVE_RANDOM=n, n positions of seeded random
// games (seeds from 3,000,000, away from the tables' and the fit's), each
// stopped at a random count of seeds in [lo, hi]; their margins are not
// known (999).
func measureRows(t *testing.T, lo, hi int) []opening {
	var rows []opening
	for _, o := range readOpeningsFile(t, rateTable()) {
		if o.seeds >= lo && o.seeds <= hi {
			rows = append(rows, o)
		}
	}
	var nRandom int
	fmt.Sscan(os.Getenv("KALAH_SOLVE_RANDOM"), &nRandom)
	if nRandom == 0 {
		return rows
	}
	rows = rows[:0]
	for i := range nRandom {
		seed := uint64(3_000_000 + i)
		want := lo + int(seed*2654435761%uint64(hi-lo+1))
		s, err := kalah.New(nil)
		require.NoError(t, err)
		r := game.NewRandomBot(seed)
		for !s.Outcome().Over {
			b := s.Board()
			if b.HouseSeeds(game.First)+b.HouseSeeds(game.Second) <= want {
				break
			}
			m, err := r.Choose(context.Background(), s, s.Turn())
			require.NoError(t, err)
			require.NoError(t, s.Apply(m))
		}
		if s.Outcome().Over {
			continue
		}
		b := s.Board()
		rows = append(rows, opening{depth: i, seeds: b.HouseSeeds(game.First) + b.HouseSeeds(game.Second), margin: 999, keep: 0xfff, s: s})
	}
	return rows
}

// TestMeasurePartial cuts the bot's solver after KALAH_SOLVE_CUT (a
// duration) on the positions of TestMeasureSolveTable and counts how often
// the move of its best proven lower bound (solve.Result.Proven) keeps the
// exact value, and how often Difficult's search does in the same time (the
// keep sets of random positions come from Analyse):
//
//	KALAH_SOLVE_CUT=200ms KALAH_SOLVE_RANDOM=60 KALAH_SOLVE_SEEDS=34-40 nice taskset -c 1 go test -tags measure -run MeasurePartial -v ./game/ai/kalahai/
func TestMeasurePartial(t *testing.T) {
	spec := os.Getenv("KALAH_SOLVE_CUT")
	if spec == "" {
		t.Skip("measurement")
	}
	cut, err := time.ParseDuration(spec)
	require.NoError(t, err)
	lo, hi := seedRange(t)
	prepare(t)
	var solved, cutN, proven, provenOK, aboveGuess, aboveGuessOK, searchOK int
	for _, o := range measureRows(t, lo, hi) {
		if o.margin == 999 {
			a, err := solve.NewSolver(solve.Config{DBBytes: 32 << 20}).Analyse(context.Background(), o.s)
			require.NoError(t, err)
			o.margin, o.keep = a.Margin, a.Keep
		}
		sv := solve.NewSolver(kalahExactLongConfig)
		b := o.s.Board()
		guess := solveGuess(&b)
		sv.SetGuess(guess)
		ctx, cancel := context.WithTimeout(context.Background(), cut)
		res, err := sv.Solve(ctx, o.s)
		cancel()
		if err == nil {
			solved++
			continue
		}
		cutN++
		m, _ := difficultMove(t, o.s, cut, 1)
		_, sh, _ := o.s.HouseAt(m.Cells[0])
		if o.keep&(1<<(sh-1)) != 0 {
			searchOK++
		}
		if res.Proven.Len == 0 {
			continue
		}
		proven++
		_, h, _ := o.s.HouseAt(res.Proven.Cells[0])
		ok := o.keep&(1<<(h-1)) != 0
		if ok {
			provenOK++
		}
		if res.Floor >= moverView(&b, guess) {
			aboveGuess++
			if ok {
				aboveGuessOK++
			}
		}
		fmt.Printf("seeds %2d margin %+3d guess %+3d floor %+3d (mover) proven %d ok %v search %d\n", o.seeds, o.margin, guess, res.Floor, h, ok, sh)
	}
	fmt.Printf("cut at %v: %d solved, %d cut (search kept %d), %d with a proven move (%d keep), %d of them at or above the guess (%d keep)\n",
		cut, solved, cutN, searchOK, proven, provenOK, aboveGuess, aboveGuessOK)
}

// TestMeasureMoveValues prints the exact margin after each move of the
// position KALAH_MOVES ("1 3 5 ..." from the start) and the fitted
// evaluation's guess of it: how close the moves of a missed position are.
//
//	KALAH_MOVES="1 3 5 6 2 3 2 1" nice taskset -c 1 go test -tags measure -run MoveValues -timeout 1h -v ./game/ai/kalahai/
func TestMeasureMoveValues(t *testing.T) {
	moves := os.Getenv("KALAH_MOVES")
	if moves == "" {
		t.Skip("measurement")
	}
	s, err := kalah.New(nil)
	require.NoError(t, err)
	require.NoError(t, game.PlayTurns(s, strings.Fields(moves)...))
	sv := solve.NewSolver(solve.Config{})
	for _, m := range s.Legal(s.Turn(), nil) {
		c := s.Clone().(*kalah.State)
		require.NoError(t, c.Apply(m))
		b := c.Board()
		sv.SetGuess(solveGuess(&b))
		res, err := sv.Solve(context.Background(), c)
		require.NoError(t, err)
		fmt.Printf("%s: margin %+d (guess %+d), %d nodes, %v\n", s.FormatMove(m), res.Margin, solveGuess(&b), res.Nodes, res.Elapsed.Round(time.Millisecond))
	}
}
