// play match GAME --a LEVEL --b LEVEL -n N [--time DURATION] [--seed S] [-o key=value ...]
//
// Plays N games of GAME
// between two computer players a and b, each LEVEL being beginner, medium or
// difficult, optionally with an algorithm after a colon (difficult:mcts,
// medium:minimax; Amazons offers alphabeta, minimax and mcts). a takes the
// first seat in odd games and the second in even games. --time sets
// Difficult's think time per move (default 2s), --seed makes the series
// repeatable (each game and seat gets its own seed from it). One line per
// game names the seats, the result and the number of turns; the last line is
// "a wins: X, draws: D, b wins: Y". The longest think of each side goes to
// standard error.

package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"boardroom/game"
)

func init() {
	commands["match"] = command{run: runMatch, flags: []string{"a", "b", "n", "time", "seed"}}
}

// player is one side of a match: a level and an algorithm.
type player struct{ level, algorithm string }

func parsePlayer(flag, text string) (player, error) {
	if text == "" {
		return player{}, fmt.Errorf("match needs --%s LEVEL (beginner, medium or difficult)", flag)
	}
	level, algo, _ := strings.Cut(text, ":")
	return player{level: level, algorithm: algo}, nil
}

func (p player) String() string {
	if p.algorithm == "" {
		return p.level
	}
	return p.level + ":" + p.algorithm
}

func runMatch(a args, _ io.Reader, stdout, stderr io.Writer) error {
	if len(a.words) != 2 {
		return fmt.Errorf("match needs a game (see play --help)")
	}
	pa, err := parsePlayer("a", a.flags["a"])
	if err != nil {
		return err
	}
	pb, err := parsePlayer("b", a.flags["b"])
	if err != nil {
		return err
	}
	n := 10
	if v, ok := a.flags["n"]; ok {
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			return fmt.Errorf("match -n must be a whole number ≥ 1, got %q", v)
		}
	}
	var budget time.Duration // 0: the players' default
	if v, ok := a.flags["time"]; ok {
		if budget, err = time.ParseDuration(v); err != nil || budget <= 0 {
			return fmt.Errorf("match --time must be a positive duration such as 500ms, got %q", v)
		}
	}
	var seed uint64 = 1
	if v, ok := a.flags["seed"]; ok {
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return fmt.Errorf("match --seed must be a whole number, got %q", v)
		}
	}
	first, err := newState(a.words[1], a.opts)
	if err != nil {
		return err
	}
	g := first.Game()
	var aWins, draws, bWins int
	var slowest [2]time.Duration
	for i := 1; i <= n; i++ {
		s := first
		if i > 1 {
			if s, err = newState(a.words[1], a.opts); err != nil {
				return err
			}
		}
		// seats[k] is the side (0 = a, 1 = b) in seat k.
		seats := [2]int{0, 1}
		if i%2 == 0 {
			seats = [2]int{1, 0}
		}
		var bots [2]game.Bot
		for k, side := range seats {
			p := [2]player{pa, pb}[side]
			bots[k], err = game.PlayersOf(g).New(p.level, p.algorithm, seed*1_000_003+uint64(2*i+side), budget)
			if err != nil {
				return err
			}
		}
		turns, err := playGame(s, bots, func(seat game.Player, took time.Duration) {
			slowest[seats[seat]] = max(slowest[seats[seat]], took)
		})
		if err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
		out := s.Outcome()
		names := g.Seats()
		result := "draw"
		switch {
		case out.IsDraw():
			draws++
		case seats[out.Winner] == 0:
			aWins++
			result = fmt.Sprintf("%s wins (a)", names[out.Winner])
		default:
			bWins++
			result = fmt.Sprintf("%s wins (b)", names[out.Winner])
		}
		side := func(k int) string { return map[int]string{0: "a", 1: "b"}[seats[k]] }
		score := s.Score()
		fmt.Fprintf(stdout, "game %d: %s=%s %s=%s: %s, %s, score %d %d, %d turns\n", i,
			names[0], side(0), names[1], side(1), result, out.Reason, score[0], score[1], turns)
	}
	fmt.Fprintf(stderr, "longest think: a (%s) %v, b (%s) %v\n", pa, slowest[0].Round(time.Millisecond), pb, slowest[1].Round(time.Millisecond))
	fmt.Fprintf(stdout, "a wins: %d, draws: %d, b wins: %d\n", aWins, draws, bWins)
	return nil
}

// playGame plays s to the end with bots[seat] choosing for each seat, and
// returns the number of turns played. think is told each choice's time.
func playGame(s game.State, bots [2]game.Bot, think func(game.Player, time.Duration)) (int, error) {
	ctx := context.Background()
	turns := 0
	for !s.Outcome().Over {
		var moves []game.Move
		for _, p := range s.ToMove() {
			start := time.Now()
			m, err := bots[p].Choose(ctx, s, p)
			if err != nil {
				return turns, err
			}
			think(p, time.Since(start))
			moves = append(moves, m)
		}
		if err := s.Apply(moves...); err != nil {
			return turns, fmt.Errorf("turn %d: %w", turns+1, err)
		}
		turns++
	}
	return turns, nil
}
