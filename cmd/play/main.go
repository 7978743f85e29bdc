// Command play is Boardroom's terminal front end and engine tool: play any of
// the five games in the terminal, print positions, and count move sequences.
//
// Run "play --help" for the commands.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"boardroom/game"
	_ "boardroom/game/all" // every game in the registry
)

const usage = `play — Boardroom's games in the terminal

Usage:
  play GAME [-o key=value ...] [--p1 human|beginner|medium|difficult] [--p2 ...] [--seed N]
      Play GAME in the terminal. Moves are typed in the game's notation, one
      per line (on a simultaneous turn each human seat types its own choice);
      the text board is printed after every move. At the prompt, n starts a
      new game, s saves the position, l loads the last save, q quits. Works
      with input piped in, and ends cleanly at the end of the input.
      --p1/--p2 choose who plays each seat (default human; the computer at
      one of three levels); --seed makes the computer's choices repeatable.

  play show GAME [-o key=value ...] MOVE...
      Apply the moves from the start (a simultaneous turn is written A+B),
      print the text board and, as the last line, "score: X Y" (first seat,
      then second). An illegal move prints a message naming it; exit status 1.

  play perft GAME DEPTH [-o key=value ...]
      Print, as the last line, the number of distinct move sequences of exactly
      DEPTH turns from the start (a simultaneous turn is one turn; a finished
      game contributes nothing). Timing goes to standard error.

  play solve kalah [-o houses=H -o seeds=S -o empty_capture=BOOL] [MOVE...]
      Print, as the last line, the exact final margin (first seat minus
      second, houses plus store each) with perfect play from the position the
      moves reach, signed: +8, 0, -12. Progress, a best move, nodes and time
      go to standard error. --tt MiB caps the transposition table (default
      1024), --db N sets the endgame database level, --time DURATION gives up.

  play match GAME --a PLAYER --b PLAYER -n N [--time DURATION] [--time-a D] [--time-b D] [--seed S] [--openings K] [-o ...]
      Play N games between players a and b. A PLAYER is a computer level
      (beginner, medium or difficult, optionally with an algorithm:
      difficult:mcts; some games offer alphabeta, minimax and mcts), an
      engine program, exec:COMMAND ARGS (quoted as one argument), driven over
      the engine text protocol, a UCI engine, uci:COMMAND ARGS, for the games
      a UCI variant plays (Amazons: amazons), or fairy-stockfish, which npm
      installs on first use (Node and npm needed); both sides may be
      engines. a takes the first seat in odd games and the second in even
      games; --time sets the time a move (default 2s): Difficult's think
      time and each engine's budget; --time-a and --time-b set one side's. An
      engine loses a game for a move over 1.5 times its budget, an illegal
      move, a refusal or a crash, and the game's line says why. One line per
      game, then as the last line "a wins: X, draws: D, b wins: Y".
      --openings K starts each pair of games (a in each seat once) from K
      random turns drawn from --seed, named in the games' lines: players
      that choose alike would otherwise repeat games.

  play engine [GAME [-o key=value ...]] [--level LEVEL[:ALGORITHM]] [--time DURATION] [--seed N] [--name NAME] [--engine uci:COMMAND|fairy-stockfish]
      Be an engine: read the engine text protocol's commands (name, game,
      play, genmove, time, level, undo, show, legal, result, quit; see
      docs/engine-protocol.md) from standard input and answer each on
      standard output. The computer plays at LEVEL (default difficult) with
      DURATION a move (default 2s); GAME starts a game before the first
      command. Example: play match kalah --a difficult --b "exec:play engine
      --level medium". With --engine the moves are a UCI engine's: our
      protocol in front of it (its moves checked against our rules).

  play --help
      This text.

Games and their options (-o key=value; defaults shown):
`

func main() {
	err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	var exit exitError
	switch {
	case errors.As(err, &exit):
		os.Exit(int(exit))
	case err != nil:
		fmt.Fprintln(os.Stderr, "play:", err)
		os.Exit(1)
	}
}

// exitError ends the program with a status and no further message.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// command is a subcommand of play ("show", "perft", ...). Each registers
// itself in commands from its own file, with the flags that take a value.
type command struct {
	run   func(a args, stdin io.Reader, stdout, stderr io.Writer) error
	flags []string
}

var commands = map[string]command{}

func run(argv []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd := command{run: runPlay, flags: []string{"p1", "p2", "seed"}}
	if len(argv) > 0 {
		if c, ok := commands[argv[0]]; ok {
			cmd = c
		}
	}
	a, err := parseArgs(argv, cmd.flags...)
	if err != nil {
		return fmt.Errorf("%w (see play --help)", err)
	}
	if a.flags["help"] != "" || len(a.words) == 0 || a.words[0] == "help" {
		printUsage(stdout)
		if len(a.words) == 0 && a.flags["help"] == "" {
			return exitError(2)
		}
		return nil
	}
	return cmd.run(a, stdin, stdout, stderr)
}

func printUsage(w io.Writer) {
	fmt.Fprint(w, usage)
	for _, g := range game.All() {
		seats := g.Seats()
		fmt.Fprintf(w, "  %-8s %s (%s moves first, then %s)\n", g.ID(), g.Name(), seats[0], seats[1])
		for _, o := range g.Options() {
			fmt.Fprintf(w, "             %s=%s  %s%s\n", o.Key, o.Default, o.Label, describeRange(o))
		}
	}
}

func describeRange(o game.Option) string {
	switch o.Kind {
	case game.IntOption:
		if o.Step > 1 {
			return fmt.Sprintf(" (%d–%d, step %d)", o.Min, o.Max, o.Step)
		}
		return fmt.Sprintf(" (%d–%d)", o.Min, o.Max)
	case game.BoolOption:
		return " (true or false)"
	case game.ChoiceOption:
		return fmt.Sprintf(" (%v)", o.Choices)
	}
	return ""
}

// newState starts the game named by word with the -o options.
func newState(id string, opts []string) (game.State, error) {
	g, err := game.Lookup(id)
	if err != nil {
		return nil, err
	}
	given, err := game.ParseOptionArgs(opts)
	if err != nil {
		return nil, err
	}
	return g.New(given)
}
