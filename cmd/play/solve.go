// play solve kalah [-o houses=H -o seeds=S -o empty_capture=BOOL] [--tt MiB] [--db N] [--time DURATION] [MOVE...]
//     Apply the moves from the start and print, as the last line, the exact
//     final margin (first seat minus second, houses plus store each) with
//     perfect play from that position, signed: +8, 0, -12. The search's
//     progress, a best move, the nodes and the time go to standard error.
//     An illegal move prints a message naming it; exit status 1.
//     --tt caps the transposition table (MiB, default 1024), --db sets the
//     endgame database level (positions with at most N seeds in the houses;
//     default: the largest within 32 MiB), --time gives up after DURATION.

package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"boardroom/game"
	"boardroom/game/kalah"
	"boardroom/game/kalah/solve"
)

func init() {
	commands["solve"] = command{run: runSolve, flags: []string{"tt", "db", "time"}}
}

// runSolve solves a Kalah position reached from the start by the moves.
func runSolve(a args, _ io.Reader, stdout, stderr io.Writer) error {
	if len(a.words) < 2 {
		return fmt.Errorf("solve needs a game (see play --help)")
	}
	if a.words[1] != (kalah.Game{}).ID() {
		return fmt.Errorf("solve knows only kalah, not %q", a.words[1])
	}
	cfg := solve.Config{Log: stderr}
	if v, ok := a.flags["tt"]; ok {
		mib, err := strconv.Atoi(v)
		if err != nil || mib < 0 {
			return fmt.Errorf("--tt wants a size in MiB (0 for none), got %q", v)
		}
		cfg.TTBytes = mib << 20
		if mib == 0 {
			cfg.TTBytes = -1
		}
	}
	if v, ok := a.flags["db"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("--db wants a number of seeds (0 for none), got %q", v)
		}
		cfg.DBSeeds = n
		if n == 0 {
			cfg.DBSeeds = -1
		}
	}
	ctx := context.Background()
	if v, ok := a.flags["time"]; ok {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("--time wants a duration such as 30s, got %q", v)
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}

	gs, err := newState(a.words[1], a.opts)
	if err != nil {
		return err
	}
	if err := game.PlayTurns(gs, a.words[2:]...); err != nil {
		return err
	}
	s := gs.(*kalah.State)
	res, err := solve.Solve(ctx, s, cfg)
	if err != nil {
		return fmt.Errorf("solve: %w after %v and %d nodes", err, res.Elapsed.Round(time.Millisecond), res.Nodes)
	}
	best := "none (the game is over)"
	if res.Best.Len > 0 {
		best = s.FormatMove(res.Best)
	}
	fmt.Fprintf(stderr, "solved in %v: %d nodes, database level %d, best move %s\n",
		res.Elapsed.Round(time.Millisecond), res.Nodes, res.DBSeeds, best)
	fmt.Fprintln(stdout, formatMargin(res.Margin))
	return nil
}

// formatMargin writes a margin signed, zero bare: +8, 0, -12.
func formatMargin(m int) string {
	if m == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", m)
}
