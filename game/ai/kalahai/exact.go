package kalahai

import (
	"context"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/kalah"
	"boardroom/game/kalah/solve"
)

// kalahExact lets Difficult play Kalah perfectly once few seeds are left in
// the houses: it is the search bot's ai.Shortcut, asking the exact solver
// first with a slice of the move's budget; the bot falls back on its search
// when the solver does not finish in time. The solver keeps its table from
// move to move of a game, and the endgame database it builds is shared by
// the whole process (a cancelled build resumes on the next call).
type kalahExact struct {
	sv     *solve.Solver
	budget time.Duration // the move's
}

// kalahExactDBBytes caps the solver's endgame database for the bot. 1 MiB
// (level 11 on 6 houses) builds in ~0.3 s once per process and still solves
// 28 seeds in the houses within ~20 ms; the solver's default 16 MiB (level
// 14) takes 6–8 s to build, more than many games of Difficult think in all.
// Measured in game/ai/RESULTS.md ("Kalah: the exact solver in Difficult").
const kalahExactDBBytes = 1 << 20

// kalahExactShare is the share of the budget the solver may use; the search
// gets what is left when the solver gives up.
const kalahExactShare = 0.4

func newKalahExact(budget time.Duration) *kalahExact {
	return &kalahExact{sv: solve.NewSolver(solve.Config{DBBytes: kalahExactDBBytes}), budget: budget}
}

// Try implements ai.Shortcut: the solver gets kalahExactShare of the budget.
func (k *kalahExact) Try(ctx context.Context, s game.State, _ ai.Position, _ *ai.Clock) (ai.Info, bool) {
	return k.try(ctx, s.(*kalah.State), time.Duration(float64(k.budget)*kalahExactShare))
}

// kalahExactSeeds is the most seeds in the houses (both rows) for which the
// solver is tried with a slice of the given length: the largest count whose
// random 6×4 positions it solved within the slice in most cases (median
// and worst of nine, game/ai/RESULTS.md).
func kalahExactSeeds(slice time.Duration) int {
	switch {
	case slice >= 500*time.Millisecond:
		return 34
	case slice >= 100*time.Millisecond:
		return 32
	}
	return 28
}

// try solves s exactly within slice and returns the report of the move,
// or ok false when the position has too many seeds or the solver ran out
// of time (or ctx ended).
func (k *kalahExact) try(ctx context.Context, s *kalah.State, slice time.Duration) (ai.Info, bool) {
	b := s.Board()
	if b.Over() || b.HouseSeeds(game.First)+b.HouseSeeds(game.Second) > kalahExactSeeds(slice) {
		return ai.Info{}, false
	}
	sctx, cancel := context.WithTimeout(ctx, slice)
	defer cancel()
	res, err := k.sv.Solve(sctx, s)
	if err != nil || res.Best.Len == 0 {
		return ai.Info{}, false
	}
	me := s.Turn()
	margin := res.Margin
	if me != game.First {
		margin = -margin
	}
	_, house, _ := s.HouseAt(res.Best.Cells[0])
	pos := &kalahPos{st: s}
	pos.stack = []kalah.Board{b}
	return ai.Info{
		Algorithm: "exact",
		Nodes:     res.Nodes,
		Time:      res.Elapsed,
		Eval:      100 * margin,
		Exact:     true,
		Move:      res.Best,
		PV:        []string{pos.Format(ai.Move(house))},
		Note:      "solved to the end",
	}, true
}
