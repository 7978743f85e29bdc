// play match GAME --a PLAYER --b PLAYER -n N [--time DURATION] [--seed S] [--openings K] [-o key=value ...]
//
// Plays N games of GAME between two players a and b. A PLAYER is one of
// Boardroom's levels, beginner, medium or difficult, optionally with an
// algorithm after a colon (difficult:mcts, medium:minimax; Amazons offers
// alphabeta, minimax and mcts), or an engine program, exec:COMMAND ARGS,
// driven over the engine text protocol (matchengine.go), or a UCI engine,
// uci:COMMAND ARGS, or fairy-stockfish (installed by npm on first use),
// driven through the UCI bridge (enginetext). a takes the first seat in odd
// games and the second in even games. --time sets the time a move (default
// 2s): Difficult's think time, and each engine's budget, which it loses a
// game for overrunning by more than half; --time-a and --time-b set one
// side's (a match at time odds). --seed makes the
// levels' series repeatable (each game and seat gets its own seed from it).
// --openings K starts each pair of games (one with a in each seat) from a
// position K random turns in, drawn from --seed: deterministic players
// otherwise repeat the same game whenever their clocks happen to cut their
// searches alike, which makes a match of N games worth fewer.
// One line per game names the seats, the result and why, the score and the
// number of turns; the last line is "a wins: X, draws: D, b wins: Y". The
// longest think of each side goes to standard error.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardroom/enginetext"
	"boardroom/enginetext/fairystockfish"
	"boardroom/game"
)

func init() {
	commands["match"] = command{run: runMatch, flags: []string{"a", "b", "n", "time", "time-a", "time-b", "seed", "openings"}}
}

// execPrefix marks a player that is an engine program; enginetext.UCIPrefix
// one that speaks UCI.
const execPrefix = "exec:"

// defaultBudget is the time a move when --time is not given.
const defaultBudget = 2 * time.Second

// player is one side of a match: a level and an algorithm, or the command
// line of an engine program (enginetext.Start's: a UCI one keeps its
// prefix).
type player struct{ level, algorithm, command, text string }

func parsePlayer(flag, text string) (player, error) {
	if text == "" {
		return player{}, fmt.Errorf("match needs --%s LEVEL (beginner, medium or difficult), --%s exec:COMMAND or --%s uci:COMMAND", flag, flag, flag)
	}
	if text == fairystockfish.Name {
		return player{command: fairystockfish.Name, text: text}, nil
	}
	for _, prefix := range []string{execPrefix, enginetext.UCIPrefix} {
		if cmd, ok := strings.CutPrefix(text, prefix); ok {
			if _, err := enginetext.SplitCommand(cmd); err != nil {
				return player{}, fmt.Errorf("match --%s: %w", flag, err)
			}
			if prefix == execPrefix {
				return player{command: cmd, text: text}, nil
			}
			return player{command: text, text: text}, nil
		}
	}
	level, algo, _ := strings.Cut(text, ":")
	return player{level: level, algorithm: algo, text: text}, nil
}

func (p player) String() string { return p.text }

// contestant plays the seats of one side in a game.
type contestant interface {
	// begin readies it for a new game from s, the start.
	begin(s game.State, seed uint64) error
	// choose returns its move for seat p in s and the time it took.
	choose(s game.State, p game.Player) (game.Move, time.Duration, error)
	// tell says that the turn was played from s (before it), which it made
	// itself when own is true.
	tell(s game.State, moves []game.Move, own bool) error
}

// forfeit is a game lost by an engine's fault: why completes "a ..." in
// the game's line ("exceeded its time (312ms for 100ms)").
type forfeit struct{ why string }

func (f *forfeit) Error() string { return f.why }

// computer is a side played by one of Boardroom's levels.
type computer struct {
	p      player
	budget time.Duration
	bot    game.Bot
}

func (c *computer) begin(s game.State, seed uint64) (err error) {
	c.bot, err = game.PlayersOf(s.Game()).New(c.p.level, c.p.algorithm, seed, c.budget)
	return err
}

func (c *computer) choose(s game.State, p game.Player) (game.Move, time.Duration, error) {
	start := time.Now()
	m, err := c.bot.Choose(context.Background(), s, p)
	return m, time.Since(start), err
}

func (c *computer) tell(game.State, []game.Move, bool) error { return nil }

func runMatch(a args, _ io.Reader, stdout, stderr io.Writer) error {
	if len(a.words) != 2 {
		return fmt.Errorf("match needs a game (see play --help)")
	}
	var players [2]player
	for i, flag := range []string{"a", "b"} {
		var err error
		if players[i], err = parsePlayer(flag, a.flags[flag]); err != nil {
			return err
		}
	}
	n := 10
	if v, ok := a.flags["n"]; ok {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			return fmt.Errorf("match -n must be a whole number ≥ 1, got %q", v)
		}
	}
	var budgets [2]time.Duration // 0: the players' default
	for i, flag := range []string{"time", "time-a", "time-b"} {
		v, ok := a.flags[flag]
		if !ok {
			continue
		}
		budget, err := parseBudget("match --"+flag, v)
		if err != nil {
			return err
		}
		if i == 0 {
			budgets = [2]time.Duration{budget, budget}
		} else {
			budgets[i-1] = budget
		}
	}
	var seed uint64 = 1
	if v, ok := a.flags["seed"]; ok {
		var err error
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return fmt.Errorf("match --seed must be a whole number, got %q", v)
		}
	}
	openings := 0
	if v, ok := a.flags["openings"]; ok {
		var err error
		if openings, err = strconv.Atoi(v); err != nil || openings < 0 || openings > maxOpeningTurns {
			return fmt.Errorf("match --openings must be a whole number from 0 to %d, got %q", maxOpeningTurns, v)
		}
	}
	first, err := newState(a.words[1], a.opts)
	if err != nil {
		return err
	}
	// Engines' standard error is copied here by goroutines of their own.
	stderr = &lockedWriter{w: stderr}
	var sides [2]contestant
	for i, p := range players {
		if p.command == "" {
			sides[i] = &computer{p: p, budget: budgets[i]}
			continue
		}
		command, err := fairystockfish.Resolve(context.Background(), p.command)
		if err != nil {
			return fmt.Errorf("match --%s: %w", [2]string{"a", "b"}[i], err)
		}
		e, err := startEngine(command, [2]string{"a", "b"}[i], budgets[i], stderr)
		if err != nil {
			return err
		}
		defer e.close()
		sides[i] = e
	}
	g := first.Game()
	var wins [2]int
	var draws int
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
		names := g.Seats()
		side := func(k game.Player) string { return [2]string{"a", "b"}[seats[k]] }
		opening, err := randomOpening(s, openings, openingSeed(seed, (i+1)/2))
		if err != nil {
			return err
		}
		from := ""
		if len(opening) > 0 {
			from = " from " + formatOpening(s, opening)
		}
		r, err := playMatchGame(s, opening, [2]contestant{sides[seats[0]], sides[seats[1]]}, seed*1_000_003+uint64(2*i), seats,
			func(seat game.Player, took time.Duration) {
				slowest[seats[seat]] = max(slowest[seats[seat]], took)
			})
		if err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
		out := s.Outcome()
		why := out.Reason
		if r.loser != game.NoPlayer {
			out = game.Win(r.loser.Other(), "")
			why = side(r.loser) + " " + r.why
		}
		result := "draw"
		if out.IsDraw() {
			draws++
		} else {
			wins[seats[out.Winner]]++
			result = fmt.Sprintf("%s wins (%s)", names[out.Winner], side(out.Winner))
		}
		score := s.Score()
		fmt.Fprintf(stdout, "game %d: %s=%s %s=%s%s: %s, %s, score %d %d, %d turns\n", i,
			names[0], side(0), names[1], side(1), from, result, why, score[0], score[1], r.turns)
	}
	fmt.Fprintf(stderr, "longest think: a (%s) %v, b (%s) %v\n", players[0], slowest[0].Round(time.Millisecond), players[1], slowest[1].Round(time.Millisecond))
	fmt.Fprintf(stdout, "a wins: %d, draws: %d, b wins: %d\n", wins[0], draws, wins[1])
	return nil
}

// gameResult is how a game of a match ended besides its outcome: the turns
// played and, when a seat forfeited, which and why.
type gameResult struct {
	turns int
	loser game.Player // NoPlayer: the game ended on the board
	why   string
}

// playMatchGame plays s to the end with seats[k] choosing for seat k,
// after the turns of opening, which both are told. sides[k] (0 = a, 1 = b)
// is the side in seat k: each game and side gets its seed from base.
// think is told each choice's time. A forfeit ends the game with the seat
// at fault as the loser; any other error ends the match.
func playMatchGame(s game.State, opening [][]game.Move, seats [2]contestant, base uint64, sides [2]int, think func(game.Player, time.Duration)) (gameResult, error) {
	lost := func(p game.Player, err error) (gameResult, error) {
		var f *forfeit
		if errors.As(err, &f) {
			return gameResult{turns: s.Ply(), loser: p, why: f.why}, nil
		}
		return gameResult{}, err
	}
	for k, c := range seats {
		if err := c.begin(s, base+uint64(sides[k])); err != nil {
			return lost(game.Player(k), err)
		}
	}
	for _, moves := range opening {
		before := s.Clone()
		if err := s.Apply(moves...); err != nil {
			return gameResult{}, fmt.Errorf("opening: %w", err)
		}
		for k, c := range seats {
			if err := c.tell(before, moves, false); err != nil {
				return lost(game.Player(k), err)
			}
		}
	}
	turns := len(opening)
	for !s.Outcome().Over {
		var moves []game.Move
		for _, p := range s.ToMove() {
			m, took, err := seats[p].choose(s, p)
			if err != nil {
				return lost(p, err)
			}
			think(p, took)
			moves = append(moves, m)
		}
		before := s.Clone()
		if err := s.Apply(moves...); err != nil {
			return gameResult{}, fmt.Errorf("turn %d: %w", turns+1, err)
		}
		turns++
		for k, c := range seats {
			own := len(moves) == 1 && before.ToMove()[0] == game.Player(k)
			if err := c.tell(before, moves, own); err != nil {
				return lost(game.Player(k), err)
			}
		}
	}
	return gameResult{turns: turns, loser: game.NoPlayer}, nil
}

// lockedWriter is a writer that several goroutines may share.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
