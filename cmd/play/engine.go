// play engine [GAME [-o key=value ...]] [--level LEVEL[:ALGORITHM]] [--time DURATION] [--seed N] [--name NAME] [--engine uci:COMMAND|fairy-stockfish]
//
// Runs a Boardroom computer player as an engine: it reads the engine text
// protocol's commands (docs/engine-protocol.md) from standard input and
// answers on standard output, so that another program (or play match's
// exec:) can drive it. With --engine the moves are a UCI engine's instead:
// an adapter from UCI to our protocol, for the games a UCI variant covers.

package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"boardroom/enginetext"
	"boardroom/enginetext/fairystockfish"
	"boardroom/game"
)

func init() {
	commands["engine"] = command{run: runEngine, flags: []string{"level", "time", "seed", "name", "engine"}}
}

func runEngine(a args, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(a.words) > 2 {
		return fmt.Errorf("engine takes at most a game, got %q", strings.Join(a.words[1:], " "))
	}
	cfg := enginetext.Config{Name: a.flags["name"]}
	if len(a.words) == 2 {
		cfg.Game = a.words[1]
		opts, err := game.ParseOptionArgs(a.opts)
		if err != nil {
			return err
		}
		cfg.Options = opts
	} else if len(a.opts) > 0 {
		return fmt.Errorf("engine: -o needs a game before it (play engine GAME -o key=value)")
	}
	if v, ok := a.flags["level"]; ok {
		cfg.Level, cfg.Algorithm, _ = strings.Cut(v, ":")
	}
	if v, ok := a.flags["time"]; ok {
		budget, err := parseBudget("engine", v)
		if err != nil {
			return err
		}
		cfg.Budget = budget
	}
	if v, ok := a.flags["seed"]; ok {
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return fmt.Errorf("engine --seed must be a whole number, got %q", v)
		}
		cfg.Seed = seed
	}
	if v, ok := a.flags["engine"]; ok {
		if _, isLevel := a.flags["level"]; isLevel {
			return fmt.Errorf("engine: --level and --engine exclude each other: a UCI engine plays at its own strength")
		}
		command, err := fairystockfish.Resolve(context.Background(), v)
		if err != nil {
			return err
		}
		rest, ok := strings.CutPrefix(command, enginetext.UCIPrefix)
		if !ok {
			return fmt.Errorf("engine --engine takes uci:COMMAND or %s, got %q", fairystockfish.Name, v)
		}
		u, err := enginetext.StartUCI(rest, enginetext.WithStderr(stderr))
		if err != nil {
			return err
		}
		defer u.Close()
		cfg.Computer = u
	}
	return enginetext.Serve(stdin, stdout, cfg)
}

// parseBudget reads a --time flag (or, when cmd names it, another time
// flag: "match --time-a"): a positive duration such as 500ms, at most
// enginetext.MaxBudget.
func parseBudget(cmd, v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 || d > enginetext.MaxBudget {
		if !strings.Contains(cmd, " --") {
			cmd += " --time"
		}
		return 0, fmt.Errorf("%s must be a positive duration such as 500ms (at most %v), got %q", cmd, enginetext.MaxBudget, v)
	}
	return d, nil
}
