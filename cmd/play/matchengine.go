package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"boardroom/enginetext"
	"boardroom/game"
)

// How long an engine of a match may take.
const (
	// overrun is the share of the budget a move may take beyond it (50%):
	// a move that takes longer loses the game.
	overrunNum, overrunDen = 3, 2
	// commandTimeout bounds every command but genmove (game, time, play):
	// none of them thinks.
	commandTimeout = 10 * time.Second
	// startTimeout bounds the first command of a program just started.
	startTimeout = 30 * time.Second
)

// engineSide is a side of a match played by an engine program over the
// engine text protocol. Its program runs for the whole match; it is
// started again for the next game after it broke (crashed, stopped
// answering or wrote garbage).
type engineSide struct {
	command string
	label   string // "a" or "b", for messages
	budget  time.Duration
	stderr  io.Writer
	c       *enginetext.Client
	name    string // what it calls itself
	broken  bool   // start it again before the next game
}

// startEngine starts an engine program and asks its name, so that a
// command that is no engine fails the match at once.
func startEngine(command, label string, budget time.Duration, stderr io.Writer) (*engineSide, error) {
	if budget <= 0 {
		budget = defaultBudget
	}
	e := &engineSide{command: command, label: label, budget: budget, stderr: stderr}
	if err := e.start(); err != nil {
		return nil, fmt.Errorf("match --%s: %w", label, err)
	}
	fmt.Fprintf(stderr, "%s: %s (%s)\n", label, e.name, command)
	return e, nil
}

func (e *engineSide) start() error {
	c, err := enginetext.Start(e.command, enginetext.WithStderr(e.stderr))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	name, err := c.Name(ctx)
	if err != nil {
		c.Close()
		return fmt.Errorf("%s does not answer name: %w", e.command, err)
	}
	e.c, e.name, e.broken = c, name, false
	return nil
}

func (e *engineSide) close() {
	if e.c != nil {
		e.c.Close()
	}
}

// limit is the longest a move may take: the budget and half of it again.
func (e *engineSide) limit() time.Duration { return e.budget * overrunNum / overrunDen }

// begin starts a new game in the engine (its program again, if it broke
// in the last one), with every option spelt out, and its time a move.
func (e *engineSide) begin(s game.State, _ uint64) error {
	if e.broken {
		e.close()
		if err := e.start(); err != nil {
			return &forfeit{why: fmt.Sprintf("could not be started again: %v", err)}
		}
	}
	if err := e.do("game", func(ctx context.Context) error {
		return e.c.NewGame(ctx, s.Game().ID(), s.Options())
	}); err != nil {
		return err
	}
	return e.do("time", func(ctx context.Context) error {
		return e.c.Time(ctx, int(max(e.budget.Milliseconds(), 1)))
	})
}

// do runs a command that does not think, within commandTimeout; any
// failure is the engine's forfeit.
func (e *engineSide) do(what string, f func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	if err := f(ctx); err != nil {
		return e.fault(what, err, commandTimeout)
	}
	return nil
}

// fault turns a command's error into the forfeit that says why, and notes
// when the program must be started again.
func (e *engineSide) fault(what string, err error, waited time.Duration) error {
	var refusal *enginetext.Refusal
	switch {
	case errors.As(err, &refusal):
		return &forfeit{why: fmt.Sprintf("refused %s: %s", refusal.Command, refusal.Reason)}
	case errors.Is(err, context.DeadlineExceeded):
		e.broken = true
		if what == "genmove" {
			return &forfeit{why: fmt.Sprintf("exceeded its time (no answer in %v for %v)", waited.Round(time.Millisecond), e.budget)}
		}
		return &forfeit{why: fmt.Sprintf("did not answer %s in %v", what, waited)}
	case errors.Is(err, enginetext.ErrExited):
		e.broken = true
		return &forfeit{why: fmt.Sprintf("crashed (%v)", err)}
	}
	e.broken = true
	return &forfeit{why: fmt.Sprintf("failed at %s (%v)", what, err)}
}

// choose asks the engine's move (on a simultaneous turn, its choice for
// seat p) and checks it against the rules and the clock.
func (e *engineSide) choose(s game.State, p game.Player) (game.Move, time.Duration, error) {
	var seat []string
	if len(s.ToMove()) > 1 {
		seat = []string{s.Game().Seats()[p]}
	}
	// The wait goes beyond the limit, to say by how much a slow engine
	// overran; an engine still silent by then has broken down.
	wait := 2*e.limit() + time.Second
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	start := time.Now()
	text, err := e.c.GenMove(ctx, seat...)
	took := time.Since(start)
	if err != nil {
		return game.Move{}, took, e.fault("genmove", err, wait)
	}
	if took > e.limit() {
		return game.Move{}, took, &forfeit{why: fmt.Sprintf("exceeded its time (%v for %v)", took.Round(time.Millisecond), e.budget)}
	}
	m, err := s.ParseMove(p, text)
	if err != nil {
		return game.Move{}, took, &forfeit{why: fmt.Sprintf("played an unreadable move (%s: %v)", text, err)}
	}
	if !game.IsLegal(s, p, m) {
		why := fmt.Sprintf("played an illegal move (%s)", text)
		if len(seat) == 0 {
			// The rules say why.
			if err := s.Clone().Apply(m); err != nil {
				why = fmt.Sprintf("played an illegal move (%s: %v)", text, err)
			}
		}
		return game.Move{}, took, &forfeit{why: why}
	}
	return m, took, nil
}

// tell plays the turn in the engine, unless the engine made it itself with
// genmove (on a simultaneous turn genmove plays nothing: both choices are
// told).
func (e *engineSide) tell(s game.State, moves []game.Move, own bool) error {
	if own {
		return nil
	}
	return e.do("play", func(ctx context.Context) error {
		return e.c.Play(ctx, game.FormatTurn(s, moves))
	})
}
