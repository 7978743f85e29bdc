package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"boardroom/game"
)

// session is one game played at the terminal: the position, who plays each
// seat, the save slot, and the text streams.
type session struct {
	state game.State
	start string // the starting position, for "n"
	saved string // the save slot; empty when there is none
	bots  [2]game.Bot
	in    *bufio.Scanner
	out   io.Writer
	echo  bool // input is piped: echo each reply so the transcript reads like a terminal
	// transcript is set for a game whose lines must be an original
	// program's exactly (Kalah).
	transcript game.Transcript
	seats      [2]string
	quit       bool
}

func runPlay(a args, stdin io.Reader, stdout, _ io.Writer) error {
	if len(a.words) != 1 {
		return fmt.Errorf("unexpected words after the game: %q (see play --help)", a.words[1:])
	}
	s, err := newState(a.words[0], a.opts)
	if err != nil {
		return err
	}
	seed := uint64(time.Now().UnixNano())
	if v, ok := a.flags["seed"]; ok {
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return fmt.Errorf("--seed must be a whole number, got %q", v)
		}
	}
	sess := &session{
		state: s,
		start: s.Encode(),
		in:    bufio.NewScanner(stdin),
		out:   stdout,
		echo:  !isTerminal(stdin),
		seats: s.Game().Seats(),
	}
	sess.transcript, _ = s.Game().(game.Transcript)
	for i, flag := range []string{"p1", "p2"} {
		switch who := a.flags[flag]; who {
		case "", "human":
		case "beginner", "medium", "difficult":
			if sess.bots[i], err = game.PlayersOf(s.Game()).New(who, "", seed+uint64(i), 0); err != nil {
				return err
			}
		default:
			return fmt.Errorf("--%s must be human, beginner, medium or difficult, got %q", flag, who)
		}
	}
	return sess.play()
}

func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// errRestart means the human started, loaded or quit a game at the prompt:
// the turn being collected is abandoned.
var errRestart = errors.New("restart the turn")

func (ss *session) play() error {
	fmt.Fprint(ss.out, ss.state.Render())
	for {
		if ss.state.Outcome().Over {
			ss.gameOver()
			return nil
		}
		turn, err := ss.collectTurn()
		switch {
		case errors.Is(err, io.EOF) || ss.quit:
			return nil
		case errors.Is(err, errRestart):
			continue
		case err != nil:
			return err
		}
		if err := ss.state.Apply(turn...); err != nil {
			return fmt.Errorf("the turn %s was refused: %w", game.FormatTurn(ss.state, turn), err)
		}
		if !ss.state.Outcome().Over {
			fmt.Fprint(ss.out, ss.state.Render())
		}
	}
}

// collectTurn gets a move from every seat to move, human or computer.
func (ss *session) collectTurn() ([]game.Move, error) {
	seats := ss.state.ToMove()
	turn := make([]game.Move, len(seats))
	for i, p := range seats {
		if bot := ss.bots[p]; bot != nil {
			m, err := bot.Choose(context.Background(), ss.state, p)
			if err != nil {
				return nil, err
			}
			if len(seats) == 1 { // a simultaneous choice is revealed with the turn
				fmt.Fprintf(ss.out, "Player %s chooses %s\n", ss.seats[p], ss.state.FormatMove(m))
			}
			turn[i] = m
			continue
		}
		m, err := ss.ask(p)
		if err != nil {
			return nil, err
		}
		turn[i] = m
	}
	if len(seats) > 1 {
		fmt.Fprintf(ss.out, "%s %s, %s %s\n", ss.seats[0], ss.state.FormatMove(turn[0]), ss.seats[1], ss.state.FormatMove(turn[1]))
	}
	return turn, nil
}

// ask prompts a human seat until it gives a legal move or a command.
func (ss *session) ask(p game.Player) (game.Move, error) {
	for {
		ss.prompt(p)
		if !ss.in.Scan() {
			if err := ss.in.Err(); err != nil {
				return game.Move{}, err
			}
			fmt.Fprintln(ss.out)
			return game.Move{}, io.EOF
		}
		reply := strings.TrimSpace(ss.in.Text())
		if ss.echo {
			fmt.Fprintln(ss.out, reply)
		}
		switch reply {
		case "n":
			ss.state, _ = game.Decode(ss.start)
			ss.saved = ""
			fmt.Fprint(ss.out, ss.state.Render())
			return game.Move{}, errRestart
		case "s":
			ss.saved = ss.state.Encode()
			fmt.Fprintln(ss.out, "Game saved.")
			continue
		case "l":
			if ss.saved == "" {
				fmt.Fprintln(ss.out, "No saved game.")
				continue
			}
			ss.state, _ = game.Decode(ss.saved)
			fmt.Fprint(ss.out, ss.state.Render())
			return game.Move{}, errRestart
		case "q":
			fmt.Fprintln(ss.out, "Game over")
			fmt.Fprint(ss.out, ss.state.Render())
			ss.quit = true
			return game.Move{}, io.EOF
		}
		m, err := ss.state.ParseMove(p, reply)
		if err != nil {
			fmt.Fprintln(ss.out, "Invalid choice.")
			continue
		}
		if !game.IsLegal(ss.state, p, m) {
			if ss.transcript != nil {
				fmt.Fprint(ss.out, ss.transcript.IllegalMove(reply))
			} else {
				fmt.Fprintf(ss.out, "Illegal move %s. Move again.\n", reply)
			}
			continue
		}
		return m, nil
	}
}

func (ss *session) prompt(p game.Player) {
	hint := game.ViewOf(ss.state.Game()).MoveHint(ss.state)
	fmt.Fprintf(ss.out, "Player %s\n    %s\n    n - New game\n    s - Save game\n    l - Load game\n    q - Quit\nChoice: ", ss.seats[p], hint)
}

// gameOver prints the end of a game that ended by itself.
func (ss *session) gameOver() {
	out := ss.state.Outcome()
	score := ss.state.Score()
	fmt.Fprintln(ss.out, "Game over")
	fmt.Fprint(ss.out, ss.state.Render())
	if ss.transcript != nil {
		fmt.Fprint(ss.out, ss.transcript.GameOver(ss.state))
		return
	}
	if score != [2]int{} {
		fmt.Fprintf(ss.out, "\t%s:%d\n\t%s:%d\n", ss.seats[0], score[0], ss.seats[1], score[1])
	}
	if out.IsDraw() {
		fmt.Fprintf(ss.out, "A tie! (%s)\n", out.Reason)
		return
	}
	fmt.Fprintf(ss.out, "%s wins! (%s)\n", ss.seats[out.Winner], out.Reason)
}
