package ai

import (
	"context"
	"fmt"
	"time"

	"boardroom/game"
)

// Analyse searches s for the seat to move with alpha-beta or minimax ("" is
// alpha-beta), to a fixed depth (0: as deep as the budget allows; budget 0:
// no time limit, so give a depth), without Difficult's evaluation noise, and
// returns what the search found: for tests, benchmarks and evaluation graphs.
// The turn-based games only.
func Analyse(ctx context.Context, s game.State, algorithm string, depth int, budget time.Duration) (Info, error) {
	if algorithm != AlgoBest && algorithm != AlgoAlphaBeta && algorithm != AlgoMinimax {
		return Info{}, fmt.Errorf("ai: Analyse runs alphabeta or minimax, not %q", algorithm)
	}
	if depth <= 0 && budget <= 0 {
		return Info{}, fmt.Errorf("ai: Analyse needs a depth or a budget")
	}
	if s.Outcome().Over {
		return Info{}, game.ErrGameOver
	}
	pos, err := newPosition(s)
	if err != nil {
		return Info{}, err
	}
	sr := newSearcher(pos, 18)
	clk := newClock(ctx, budget)
	defer clk.done()
	setClock(pos, clk)
	info := sr.run(clk, limits{depth: depth}, algorithm == AlgoMinimax)
	if err := ctx.Err(); err != nil && info.Depth == 0 {
		return info, err
	}
	return info, nil
}
