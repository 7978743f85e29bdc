package enginetext

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"boardroom/game"
)

// Config sets up the engine that Serve runs.
type Config struct {
	// Name is what the name command answers; "" gives "Boardroom" and the
	// level ("Boardroom difficult").
	Name string
	// Game, when not "", starts that game (with Options) before the first
	// command, as "game" would; "" waits for a game command.
	Game    string
	Options map[string]string
	// Level is beginner, medium or difficult ("": difficult); Algorithm is
	// one of the game's searches for Difficult ("": its own).
	Level, Algorithm string
	// Budget is the time a move (the time command changes it); 0:
	// DefaultBudget.
	Budget time.Duration
	// Seed makes the computer's choices repeatable; every game started
	// takes its own seed from it.
	Seed uint64
	// Computer, when set, chooses the moves instead of Boardroom's
	// computer players: an engine of another protocol behind this one (a
	// UCI engine, Start's "uci:"). Level and Algorithm do not apply.
	Computer Computer
}

// Computer is a player of moves from outside Boardroom's players.
type Computer interface {
	// NameFor is what the name command answers while s is the game (nil
	// before the first).
	NameFor(s game.State) string
	// Bot makes the player of s's game, searching think a move; its error
	// says why it cannot play that game.
	Bot(s game.State, think time.Duration) (game.Bot, error)
}

// DefaultLevel and DefaultBudget are the level and the time a move of an
// engine whose Config names none: those of the server's computer players.
const (
	DefaultLevel  = "difficult"
	DefaultBudget = 2 * time.Second
)

// ThinkTime is how long the engine's computer player searches a move when
// it is given budget: three quarters of it, the rest kept for what the
// clock of the program that asks also counts (the pipes, the scheduler of
// a busy machine, a search's last iteration running over). 0 stays 0: the
// players' default.
func ThinkTime(budget time.Duration) time.Duration { return budget - budget/4 }

// MaxBudget is the longest time a move that "time" accepts: an hour.
const MaxBudget = time.Hour

// Serve runs an engine: it reads commands from in, one a line, and writes
// one reply for each to out, until "quit" or the end of in. A bad Config (an
// unknown game or level, bad options) is an error before anything is read;
// after that Serve returns only out's write errors and in's read errors
// (nil at the end of in or after quit).
func Serve(in io.Reader, out io.Writer, cfg Config) error {
	e, err := newEngine(cfg)
	if err != nil {
		return err
	}
	r := bufio.NewReader(in)
	for {
		line, err := readLine(r)
		if errors.Is(err, errLineTooLong) {
			if err := writeReply(out, false, fmt.Sprintf("line too long: at most %d bytes", MaxLine)); err != nil {
				return err
			}
			continue
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		rep, quit, ignored := e.handle(line)
		if ignored {
			continue
		}
		if err := writeReply(out, rep.ok, rep.text); err != nil {
			return err
		}
		if quit {
			return nil
		}
	}
}

// engine is the state behind Serve: the game, the positions before each
// turn (for undo) and the computer player.
type engine struct {
	name             string
	level, algorithm string
	budget           time.Duration
	seed             uint64
	games            uint64 // games started, for each game's seed

	s       game.State // nil until a game starts
	history []game.State
	bot     game.Bot // made on the first genmove after a change

	computer Computer // nil: Boardroom's players
}

func newEngine(cfg Config) (*engine, error) {
	e := &engine{name: cfg.Name, level: cfg.Level, algorithm: cfg.Algorithm, budget: cfg.Budget, seed: cfg.Seed, computer: cfg.Computer}
	if e.level == "" {
		e.level = DefaultLevel
	}
	if cfg.Budget < 0 || cfg.Budget > MaxBudget {
		return nil, fmt.Errorf("the time a move must be from 1ms to %v, got %v", MaxBudget, cfg.Budget)
	}
	if e.budget == 0 {
		e.budget = DefaultBudget
	}
	if err := checkLevel(e.level); err != nil {
		return nil, err
	}
	if cfg.Game != "" {
		if err := e.newGame(cfg.Game, cfg.Options); err != nil {
			return nil, err
		}
		// The level's algorithm is the game's business: try it now, so that
		// a bad one fails at start and not at the first genmove.
		if e.bot == nil {
			if err := e.makeBot(); err != nil {
				return nil, err
			}
		}
	}
	return e, nil
}

// handler is one command: it gets the words after the command's name and
// returns the reply's text, or an error whose message is the refusal's
// reason. A handler that refuses changes nothing.
type handler func(e *engine, args []string) (string, error)

// commandOrder lists the commands as list_commands and refusals name them.
var commandOrder = []string{"name", "protocol_version", "list_commands", "game", "play", "genmove",
	"time", "level", "undo", "show", "legal", "result", "quit"}

// handlers maps each command's name to its handler.
var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"name":             (*engine).cmdName,
		"protocol_version": func(*engine, []string) (string, error) { return ProtocolVersion, nil },
		"list_commands":    func(*engine, []string) (string, error) { return strings.Join(commandOrder, " "), nil },
		"game":             (*engine).cmdGame,
		"play":             (*engine).cmdPlay,
		"genmove":          (*engine).cmdGenMove,
		"time":             (*engine).cmdTime,
		"level":            (*engine).cmdLevel,
		"undo":             (*engine).cmdUndo,
		"show":             (*engine).cmdShow,
		"legal":            (*engine).cmdLegal,
		"result":           (*engine).cmdResult,
		"quit":             func(*engine, []string) (string, error) { return "", nil },
	}
}

// ProtocolVersion is what protocol_version answers.
const ProtocolVersion = "1"

// handle answers one line. ignored is true for a blank or comment line,
// which gets no reply; quit is true after the quit command.
func (e *engine) handle(line string) (rep reply, quit, ignored bool) {
	words := fields(line)
	if len(words) == 0 || strings.HasPrefix(words[0], "#") {
		return reply{}, false, true
	}
	name := strings.ToLower(words[0])
	h, ok := handlers[name]
	if !ok {
		return reply{text: fmt.Sprintf("unknown command %q (the commands: %s)", clip(words[0]), strings.Join(commandOrder, ", "))}, false, false
	}
	text, err := h(e, words[1:])
	if err != nil {
		return reply{text: err.Error()}, false, false
	}
	return reply{ok: true, text: text}, name == "quit", false
}

// noArgs refuses arguments to a command that takes none.
func noArgs(cmd string, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("%s takes no arguments, got %q", cmd, clip(strings.Join(args, " ")))
	}
	return nil
}

func (e *engine) cmdName(args []string) (string, error) {
	if err := noArgs("name", args); err != nil {
		return "", err
	}
	if e.name != "" {
		return e.name, nil
	}
	if e.computer != nil {
		return e.computer.NameFor(e.s), nil
	}
	if e.algorithm != "" {
		return "Boardroom " + e.level + ":" + e.algorithm, nil
	}
	return "Boardroom " + e.level, nil
}

// needGame refuses a command that needs a game before one has started.
func (e *engine) needGame(cmd string) error {
	if e.s == nil {
		return fmt.Errorf("no game yet: start one with game GAME before %s (games: %s)", cmd, strings.Join(game.IDs(), ", "))
	}
	return nil
}

// checkLevel refuses a word that is not a level.
func checkLevel(level string) error {
	for _, l := range game.Levels {
		if l.Value == level {
			return nil
		}
	}
	return fmt.Errorf("unknown level %q (beginner, medium or difficult)", clip(level))
}
