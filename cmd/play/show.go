package main

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"boardroom/game"
)

func init() {
	commands["show"] = command{run: runShow}
	commands["perft"] = command{run: runPerft}
}

// runShow applies moves from the start and prints the board and the score.
func runShow(a args, _ io.Reader, stdout, _ io.Writer) error {
	if len(a.words) < 2 {
		return fmt.Errorf("show needs a game (see play --help)")
	}
	s, err := newState(a.words[1], a.opts)
	if err != nil {
		return err
	}
	if err := game.PlayTurns(s, a.words[2:]...); err != nil {
		return err
	}
	score := s.Score()
	fmt.Fprint(stdout, s.Render())
	fmt.Fprintf(stdout, "score: %d %d\n", score[0], score[1])
	return nil
}

// runPerft counts move sequences from the start.
func runPerft(a args, _ io.Reader, stdout, stderr io.Writer) error {
	if len(a.words) != 3 {
		return fmt.Errorf("perft needs a game and a depth (see play --help)")
	}
	depth, err := strconv.Atoi(a.words[2])
	if err != nil || depth < 0 {
		return fmt.Errorf("perft depth must be a whole number ≥ 0, got %q", a.words[2])
	}
	s, err := newState(a.words[1], a.opts)
	if err != nil {
		return err
	}
	start := time.Now()
	n := game.Perft(s, depth)
	took := time.Since(start)
	rate := float64(n) / max(took.Seconds(), 1e-9)
	fmt.Fprintf(stderr, "perft %s depth %d: %d in %v (%.3g per second)\n", s.Game().ID(), depth, n, took.Round(time.Microsecond), rate)
	fmt.Fprintln(stdout, n)
	return nil
}
