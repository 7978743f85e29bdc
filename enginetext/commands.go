package enginetext

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"boardroom/game"
)

// newGame starts a game of the registry with options; on error nothing
// changes.
func (e *engine) newGame(id string, opts map[string]string) error {
	g, err := game.Lookup(id)
	if err != nil {
		return err
	}
	s, err := g.New(opts)
	if err != nil {
		return err
	}
	var bot game.Bot
	if e.computer != nil {
		// Refused here, not at the first genmove: the outside engine
		// may not play this game at all.
		if bot, err = e.computer.Bot(s, ThinkTime(e.budget)); err != nil {
			return err
		}
	}
	e.s, e.history, e.bot = s, nil, bot
	e.games++
	return nil
}

// makeBot makes the computer player for the current game, level, algorithm
// and budget, each game with a seed of its own.
func (e *engine) makeBot() error {
	if e.computer != nil {
		bot, err := e.computer.Bot(e.s, ThinkTime(e.budget))
		if err != nil {
			return err
		}
		e.bot = bot
		return nil
	}
	bot, err := game.PlayersOf(e.s.Game()).New(e.level, e.algorithm, e.seed*1_000_003+e.games, ThinkTime(e.budget))
	if err != nil {
		return err
	}
	e.bot = bot
	return nil
}

// cmdGame: game GAME [key=value ...] starts a new game.
func (e *engine) cmdGame(args []string) (string, error) {
	if len(args) == 0 {
		return "", fmt.Errorf("game needs a game: one of %s, then options key=value", strings.Join(game.IDs(), ", "))
	}
	opts, err := game.ParseOptionArgs(args[1:])
	if err != nil {
		return "", err
	}
	if err := e.newGame(args[0], opts); err != nil {
		return "", err
	}
	return "", nil
}

// cmdPlay: play MOVE plays a turn in the game's notation; on a simultaneous
// turn MOVE is both seats' choices, A+B.
func (e *engine) cmdPlay(args []string) (string, error) {
	if err := e.needGame("play"); err != nil {
		return "", err
	}
	if len(args) == 0 {
		return "", fmt.Errorf("play needs a move: %s", e.hint())
	}
	// The notations allow spaces inside a move ("6, 7").
	text := strings.Join(args, " ")
	moves, err := game.ParseTurn(e.s, text)
	if err != nil {
		return "", err
	}
	before := e.s.Clone()
	if err := e.s.Apply(moves...); err != nil {
		return "", err
	}
	e.history = append(e.history, before)
	return "", nil
}

// hint says how a move of the current game is written.
func (e *engine) hint() string {
	h := game.ViewOf(e.s.Game()).MoveHint(e.s)
	if h == "" {
		h = "in the game's notation"
	}
	if len(e.s.ToMove()) > 1 {
		h += "; a simultaneous turn is written A" + game.TurnSeparator + "B"
	}
	return h
}

// cmdGenMove: genmove [SEAT] answers the computer's move for the seat to
// move and plays it; on a simultaneous turn SEAT is required and the
// choice is answered, not played.
func (e *engine) cmdGenMove(args []string) (string, error) {
	if err := e.needGame("genmove"); err != nil {
		return "", err
	}
	if len(args) > 1 {
		return "", fmt.Errorf("genmove takes at most a seat, got %q", clip(strings.Join(args, " ")))
	}
	if out := e.s.Outcome(); out.Over {
		return "", fmt.Errorf("the game is over (%s)", out.Reason)
	}
	toMove := e.s.ToMove()
	seats := e.s.Game().Seats()
	var p game.Player
	switch {
	case len(args) == 1:
		var err error
		if p, err = parseSeat(e.s.Game(), args[0]); err != nil {
			return "", err
		}
		if !isToMove(toMove, p) {
			return "", fmt.Errorf("%s is not to move: %s", seats[p], describeToMove(e.s))
		}
	case len(toMove) > 1:
		return "", fmt.Errorf("a simultaneous turn: say whose choice, genmove %s or genmove %s", seats[0], seats[1])
	default:
		p = toMove[0]
	}
	if e.bot == nil {
		if err := e.makeBot(); err != nil {
			return "", err
		}
	}
	m, err := e.bot.Choose(context.Background(), e.s, p)
	if err != nil {
		return "", fmt.Errorf("the computer found no move: %v", err)
	}
	text := e.s.FormatMove(m)
	if len(toMove) > 1 {
		return text, nil
	}
	before := e.s.Clone()
	if err := e.s.Apply(m); err != nil {
		return "", fmt.Errorf("the computer chose an illegal move %s: %v", text, err)
	}
	e.history = append(e.history, before)
	return text, nil
}

// parseSeat reads a seat: its name in any case ("Angels") or its number,
// 1 for the first seat and 2 for the second.
func parseSeat(g game.Game, word string) (game.Player, error) {
	seats := g.Seats()
	switch {
	case word == "1":
		return game.First, nil
	case word == "2":
		return game.Second, nil
	case strings.EqualFold(word, seats[0]):
		return game.First, nil
	case strings.EqualFold(word, seats[1]):
		return game.Second, nil
	}
	return game.NoPlayer, fmt.Errorf("%q is not a seat of %s (%s or 1, %s or 2)", clip(word), g.Name(), seats[0], seats[1])
}

func isToMove(toMove []game.Player, p game.Player) bool {
	for _, q := range toMove {
		if q == p {
			return true
		}
	}
	return false
}

// describeToMove says who is to move, for refusals.
func describeToMove(s game.State) string {
	seats := s.Game().Seats()
	switch toMove := s.ToMove(); len(toMove) {
	case 0:
		return "the game is over"
	case 1:
		return seats[toMove[0]] + " is to move"
	}
	return "both seats choose"
}

// cmdTime: time MS sets the time a move, in milliseconds.
func (e *engine) cmdTime(args []string) (string, error) {
	if len(args) != 1 {
		return "", fmt.Errorf("time needs one number of milliseconds, as in time 2000")
	}
	ms, err := strconv.Atoi(args[0])
	if err != nil || ms < 1 || time.Duration(ms)*time.Millisecond > MaxBudget {
		return "", fmt.Errorf("time must be a whole number of milliseconds from 1 to %d, got %q", MaxBudget.Milliseconds(), clip(args[0]))
	}
	e.budget, e.bot = time.Duration(ms)*time.Millisecond, nil
	return "", nil
}

// cmdLevel: level LEVEL [ALGORITHM] sets the computer's level.
func (e *engine) cmdLevel(args []string) (string, error) {
	if len(args) < 1 || len(args) > 2 {
		return "", fmt.Errorf("level needs beginner, medium or difficult, and may name a search after it")
	}
	if e.computer != nil {
		return "", fmt.Errorf("%s plays at its own strength: there is no level to set", e.computer.NameFor(e.s))
	}
	level, algorithm := strings.ToLower(args[0]), ""
	if len(args) == 2 {
		algorithm = strings.ToLower(args[1])
	}
	if err := checkLevel(level); err != nil {
		return "", err
	}
	if e.s != nil {
		// Only the game's players know which searches they offer.
		if _, err := game.PlayersOf(e.s.Game()).New(level, algorithm, 0, e.budget); err != nil {
			return "", err
		}
	}
	e.level, e.algorithm, e.bot = level, algorithm, nil
	return "", nil
}

// cmdUndo takes back the last turn.
func (e *engine) cmdUndo(args []string) (string, error) {
	if err := noArgs("undo", args); err != nil {
		return "", err
	}
	if err := e.needGame("undo"); err != nil {
		return "", err
	}
	if len(e.history) == 0 {
		return "", fmt.Errorf("nothing to undo: no turn has been played")
	}
	last := len(e.history) - 1
	e.s, e.history = e.history[last], e.history[:last]
	return "", nil
}

// cmdShow answers the text board on the lines after "=".
func (e *engine) cmdShow(args []string) (string, error) {
	if err := noArgs("show", args); err != nil {
		return "", err
	}
	if err := e.needGame("show"); err != nil {
		return "", err
	}
	return "\n" + e.s.Render(), nil
}

// cmdLegal: legal [SEAT] answers the legal moves on one line, separated by
// spaces: the seat to move's, or on a simultaneous turn the named seat's
// (the first seat's when none is named); nothing when the game is over.
func (e *engine) cmdLegal(args []string) (string, error) {
	if err := e.needGame("legal"); err != nil {
		return "", err
	}
	if len(args) > 1 {
		return "", fmt.Errorf("legal takes at most a seat, got %q", clip(strings.Join(args, " ")))
	}
	toMove := e.s.ToMove()
	if len(toMove) == 0 {
		return "", nil
	}
	p := toMove[0]
	if len(args) == 1 {
		var err error
		if p, err = parseSeat(e.s.Game(), args[0]); err != nil {
			return "", err
		}
		if !isToMove(toMove, p) {
			return "", fmt.Errorf("%s is not to move: %s", e.s.Game().Seats()[p], describeToMove(e.s))
		}
	}
	moves := e.s.Legal(p, nil)
	words := make([]string, len(moves))
	for i, m := range moves {
		words[i] = e.s.FormatMove(m)
	}
	return strings.Join(words, " "), nil
}

// cmdResult answers "none" while the game is on, else the winning seat (or
// "draw"), the two scores (first seat first) and the reason.
func (e *engine) cmdResult(args []string) (string, error) {
	if err := noArgs("result", args); err != nil {
		return "", err
	}
	if err := e.needGame("result"); err != nil {
		return "", err
	}
	out := e.s.Outcome()
	if !out.Over {
		return "none", nil
	}
	winner := "draw"
	if out.Winner != game.NoPlayer {
		winner = e.s.Game().Seats()[out.Winner]
	}
	score := e.s.Score()
	return strings.TrimSpace(fmt.Sprintf("%s %d %d %s", winner, score[0], score[1], oneLine(out.Reason))), nil
}
