package kalahai

import (
	"context"
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/kalah"
	"boardroom/game/kalah/solve"
)

// kalahExact lets Difficult play Kalah perfectly once few seeds are left in
// the houses: it is the search bot's ai.Shortcut, asking the exact solver
// first with a slice of the move's budget; the bot falls back on its search
// when the solver does not finish in time. The solver is the worker's
// (ai.Worker.Keep): its table's bounds are true of a position whoever
// asks, so every game of the same board shares them, and a seat keeps
// nothing. The endgame database it builds is shared by the whole process
// (a cancelled build resumes on the next call).
type kalahExact struct{}

// solverKey names a worker's exact solver of a configuration (the tiers';
// tests shrink the long one).
type solverKey struct{ dbBytes int }

// The solver's endgame database for the bot, in two tiers by the move's
// budget (game/ai/RESULTS.md, "Kalah: the exact solver in Difficult" and
// issue 28):
//
//   - below kalahLongBudget, 1 MiB (level 11 on 6 houses): it builds in
//     ~0.3 s once per process, within the solver's slices of the first
//     moves that need it, and solves 28 seeds in the houses within ~20 ms;
//   - from kalahLongBudget (Difficult's default 2 s), 32 MiB (level 16,
//     30.4 M positions; 16 MiB, level 14, before issue 28's third round),
//     which takes 6 to 10 s of one core to build: the solver's slices of
//     the moves that have nothing to solve build it (Try), several moves'
//     worth, the levels done first serving at once. Level 16 halves the
//     nodes of level 14 on the opening table's 28–38-seed positions
//     (18.7 M → 10.3 M) and solves 40 seeds within a second or so (median
//     0.27 s), level 14 36. Built that way at 150 ms a move it left the
//     search a third of every move of a whole game, which then lost to
//     Medium: hence the tiers.
const (
	kalahExactDBBytes     = 1 << 20
	kalahExactLongDBBytes = 32 << 20
	kalahLongBudget       = time.Second
)

// kalahExactTTBytes caps the solver's table on a worker. Its table is
// sized by the seeds above the database (6 MiB for 34 seeds on 6×4); only
// boards with a small database (three houses of six seeds) asked for more,
// up to 192 MiB, kept by every seat that met one. Those solves do not
// finish in the solver's slice of a move either way.
const kalahExactTTBytes = 32 << 20

// kalahExactShare is the share of the budget the solver may use; the search
// gets what is left when the solver gives up (and paces itself on that,
// ai.Clock.FractionSince). Half below kalahLongBudget; 70% from it, where
// the search loses only a ply or two with the rest (at 2 s, 35-seed
// positions were missed with half: issue 28). A solved move is perfect, a
// searched one a guess.
const (
	kalahExactShare     = 0.5
	kalahExactLongShare = 0.7
)

// The bot's solver configurations, short and long tiers.
var (
	kalahExactConfig     = solve.Config{DBBytes: kalahExactDBBytes, TTBytes: kalahExactTTBytes}
	kalahExactLongConfig = solve.Config{DBBytes: kalahExactLongDBBytes, TTBytes: kalahExactTTBytes}
)

// Try implements ai.Shortcut: the opening book first, then the solver with
// its tier's share of the move's budget.
func (kalahExact) Try(ctx context.Context, s game.State, _ ai.Position, clk *ai.Clock, w *ai.Worker) (ai.Info, bool) {
	ks := s.(*kalah.State)
	if info, ok := fromBook(ks); ok {
		return info, true
	}
	long := clk.Budget() >= kalahLongBudget
	cfg, share := kalahExactConfig, kalahExactShare
	if long {
		cfg, share = kalahExactLongConfig, kalahExactLongShare
	}
	sv := w.Keep(solverKey{cfg.DBBytes}, func() any { return solve.NewSolver(cfg) }).(*solve.Solver)
	return try(ctx, sv, ks, time.Duration(float64(clk.Budget())*share), long)
}

// kalahExactSeeds is the most seeds in the houses (both rows) for which the
// solver is tried with a slice of the given length: the largest count whose
// random 6×4 positions it solved within the slice in most cases (median
// and worst of nine, game/ai/RESULTS.md). It depends on the endgame
// database already complete (level, solve.Ready), not on the tier's: a
// solve uses every complete level, so once the 16 MiB database (level 14)
// is built, by a long game's moves or ahead, short moves solve 32 seeds in
// 30 ms (median of nine; 110 ms the worst) where the 1 MiB one took twice
// that (issue 28).
func kalahExactSeeds(slice time.Duration, level int) int {
	switch {
	// Level 16 (issue 28, third round; random positions, median and worst
	// of nine): 34 seeds 22 ms (0.18 s), 36 0.16 s (1.1 s), 38 0.16 s
	// (1.2 s), 40 0.27 s (1.1 s). A solve cut short still plays a move it
	// proved (provenInfo), so a slice that is sometimes too short costs
	// little.
	case level >= 16 && slice >= 1200*time.Millisecond:
		return 40
	case level >= 16 && slice >= 500*time.Millisecond:
		return 38
	case level >= 16 && slice >= 100*time.Millisecond:
		return 36
	case level >= 16 && slice >= 50*time.Millisecond:
		return 34
	case level >= 14 && slice >= 1200*time.Millisecond:
		return 38 // the opening table's 37 and 38 seeds: 0.05 to 0.5 s
	case level >= 14 && slice >= 500*time.Millisecond:
		return 36 // 0.3 s median at 36 seeds
	case slice >= 500*time.Millisecond:
		return 34
	case level >= 14 && slice >= 100*time.Millisecond:
		return 34
	case slice >= 100*time.Millisecond:
		return 32
	case level >= 14 && slice >= 50*time.Millisecond:
		return 32
	}
	return 28
}

// try solves s exactly within slice and returns the report of the move,
// or ok false when the position has too many seeds or the solver ran out
// of time (or ctx ended). In the long tier, a position with too many seeds
// spends the slice on the big database while it is unfinished.
func try(ctx context.Context, sv *solve.Solver, s *kalah.State, slice time.Duration, long bool) (ai.Info, bool) {
	b := s.Board()
	if b.Over() {
		return ai.Info{}, false
	}
	sctx, cancel := context.WithTimeout(ctx, slice)
	defer cancel()
	if b.HouseSeeds(game.First)+b.HouseSeeds(game.Second) > kalahExactSeeds(slice, solve.Ready(s)) {
		if long {
			solve.Prepare(sctx, s, kalahExactLongConfig) //nolint:errcheck // a cut build resumes next time
		}
		return ai.Info{}, false
	}
	sv.SetGuess(solveGuess(&b))
	res, err := sv.Solve(sctx, s)
	if err != nil && res.Proven.Len > 0 && ctx.Err() == nil {
		return provenInfo(s, res), true
	}
	if err != nil || res.Best.Len == 0 {
		return ai.Info{}, false
	}
	me := s.Turn()
	margin := res.Margin
	if me != game.First {
		margin = -margin
	}
	info := solvedInfo(s, res, res.Best, margin, "solved to the end")
	info.Exact = true
	return info, true
}

// solvedInfo is the report of a move the solver chose: its own algorithm,
// its nodes and time, the value it proved (eval seeds from the mover's
// view) and the move as the whole line.
func solvedInfo(s *kalah.State, res solve.Result, move game.Move, eval int, note string) ai.Info {
	_, house, _ := s.HouseAt(move.Cells[0])
	pos := &kalahPos{st: s}
	pos.stack = []kalah.Board{s.Board()}
	return ai.Info{
		Algorithm: "exact",
		Nodes:     res.Nodes,
		Time:      res.Elapsed,
		Eval:      100 * eval,
		Move:      move,
		PV:        []string{pos.Format(ai.Move(house))},
		Note:      note,
	}
}

// solveGuess is MTD(f)'s first guess of b's margin (first seat minus
// second): on the standard board, the stores and the fitted evaluation
// (eval.go; its root-mean-square error on positions left out of its fit is
// 4.8 seeds, the plain evaluation's 8.3). On the opening table's 22
// positions with 28 to 38 seeds, against a guess of 0, it saved nodes in
// 17 (up to five sixths of them), cost more in 3 (up to half again), and
// saved 5.5% of all the nodes (issue 28). Elsewhere 0, as before.
func solveGuess(b *kalah.Board) int {
	total := b.Score(game.First) + b.Score(game.Second)
	if !standardBoard(b, total) {
		return 0
	}
	me := b.Turn()
	est := b.Store(me) - b.Store(me.Other()) + fittedEval(b)/100
	return moverView(b, est)
}

// provenInfo is the report of a move the solver proved, before its slice
// ran out, to reach at least res.Floor (MTD(f) was climbing from its first
// guess and had not proved yet that nothing does better). Such a move is
// played rather than left to a search with what remains of the budget: an
// exact bound is worth more than a guess, and the tests climbed from the
// search's own evaluation (the first guess, solveGuess), so the move is
// proved at least as good as the evaluation thought the position. Issue
// 28, third round: the opening table's 34-seed position, which the search
// got wrong at 2 s, is played right this way; on random positions with 34
// to 40 seeds cut at 200 ms, 5 of the 6 proven moves kept the value.
func provenInfo(s *kalah.State, res solve.Result) ai.Info {
	return solvedInfo(s, res, res.Proven, res.Floor, fmt.Sprintf("proved to reach at least %+d", res.Floor))
}
