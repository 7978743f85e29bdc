package ai

import (
	"context"
	"fmt"
	"time"

	"boardroom/game"
)

// Positioner is implemented by the game.Players of turn-based games: the
// search position their bots search (a copy of s), for Analyse and tests.
type Positioner interface {
	Position(s game.State) (Position, error)
}

// Analyse searches s for the seat to move with alpha-beta or minimax ("" is
// alpha-beta), to a fixed depth (0: as deep as the budget allows; budget 0:
// no time limit, so give a depth), without Difficult's evaluation noise, and
// returns what the search found: for tests, benchmarks and evaluation graphs.
// The turn-based games only: their players are Positioners.
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
	pr, ok := game.PlayersOf(s.Game()).(Positioner)
	if !ok {
		return Info{}, fmt.Errorf("ai: no search for %s", s.Game().Name())
	}
	pos, err := pr.Position(s)
	if err != nil {
		return Info{}, err
	}
	sr := NewSearcher(18)
	clk := NewClock(ctx, budget)
	defer clk.Done()
	if c, ok := pos.(Clocked); ok {
		c.SetClock(clk)
	}
	info := sr.Run(pos, clk, Limits{Depth: depth}, algorithm == AlgoMinimax)
	if err := ctx.Err(); err != nil && info.Depth == 0 {
		return info, err
	}
	return info, nil
}

// Hint returns the move Difficult would play for p in s within budget, and
// its report line: the game's registered players (game.PlayersOf) at
// Difficult with their best algorithm.
func Hint(ctx context.Context, s game.State, p game.Player, budget time.Duration) (game.Move, string, error) {
	b, err := game.PlayersOf(s.Game()).New(LevelDifficult, AlgoBest, 0, budget)
	if err != nil {
		return game.Move{}, "", err
	}
	m, err := b.Choose(ctx, s, p)
	if err != nil {
		return game.Move{}, "", err
	}
	report := ""
	if r, ok := b.(game.Reporter); ok {
		report = r.Report()
	}
	return m, report, nil
}
