// Package forecast keeps a player's conditional moves in a game played
// across days (lichess's "forecast"): while the opponent is to move, the
// player stores lines, "if they play X, I play Y, then if Z, I play W",
// and when the opponent's move matches a line, the player's reply is
// played at once, without waiting for them to come back.
//
// A line is a sequence of turns from the position the player stored it
// in, each turn by whoever is to move there (in Kalah a seat may move
// twice in a row). Lines are kept in the game's notation, written as the
// game writes them, so that they compare as text and survive a restart.
// Games with simultaneous turns have no forecasts: there is no "their
// move" to wait for.
package forecast

import (
	"errors"
	"fmt"
	"strings"

	"boardroom/game"
)

// Limits on what one player stores in one game.
const (
	MaxLines = 10
	MaxPlies = 10
)

// ErrBad is wrapped by every refusal of a forecast; the message says what
// is wrong, for the player.
var ErrBad = errors.New("forecast")

// Forecast is a player's stored lines: Seat's replies in one game.
type Forecast struct {
	Seat  game.Player
	Lines [][]string
}

// Empty reports whether there is nothing left to play.
func (f Forecast) Empty() bool { return len(f.Lines) == 0 }

// Check reads lines written by seat's player while the opponent is to move
// in s, checks each turn against the rules, and returns the forecast with
// every move written as the game writes it. Lines that repeat another are
// dropped; two lines that answer the same moves differently are refused,
// since only one answer can be played.
func Check(s game.State, seat game.Player, lines [][]string) (Forecast, error) {
	bad := func(format string, args ...any) (Forecast, error) {
		return Forecast{}, fmt.Errorf("%w: %s", ErrBad, fmt.Sprintf(format, args...))
	}
	if s.Outcome().Over {
		return bad("the game is over")
	}
	switch toMove := s.ToMove(); {
	case len(toMove) != 1:
		return bad("a simultaneous turn cannot be forecast")
	case toMove[0] == seat:
		return bad("a forecast is made while your opponent is to move")
	}
	if len(lines) > MaxLines {
		return bad("at most %d lines, got %d", MaxLines, len(lines))
	}
	f := Forecast{Seat: seat}
	answers := map[string]string{} // the moves before a reply of seat's → that reply
	for i, line := range lines {
		if len(line) == 0 {
			continue
		}
		if len(line) > MaxPlies {
			return bad("line %d: at most %d moves, got %d", i+1, MaxPlies, len(line))
		}
		canon, own, err := checkLine(s.Clone(), seat, line)
		if err != nil {
			return bad("line %d: %v", i+1, err)
		}
		for j, m := range canon {
			if !own[j] {
				continue
			}
			before := strings.Join(canon[:j], " ")
			if prev, ok := answers[before]; ok && prev != m {
				return bad("line %d answers %s with %s, another line with %s: keep one", i+1, orStart(before), m, prev)
			}
			answers[before] = m
		}
		if !contains(f.Lines, canon) {
			f.Lines = append(f.Lines, canon)
		}
	}
	return f, nil
}

// checkLine plays line from s, returning its moves as the game writes
// them and which of them are seat's. It must hold a move of seat's.
func checkLine(s game.State, seat game.Player, line []string) (canon []string, own []bool, err error) {
	mine := false
	for _, text := range line {
		if s.Outcome().Over {
			return nil, nil, fmt.Errorf("the game is over before %s", text)
		}
		toMove := s.ToMove()
		if len(toMove) != 1 {
			return nil, nil, errors.New("a simultaneous turn cannot be forecast")
		}
		p := toMove[0]
		m, err := s.ParseMove(p, text)
		if err != nil {
			return nil, nil, err
		}
		written := s.FormatMove(m)
		if err := s.Apply(m); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", written, err)
		}
		canon, own = append(canon, written), append(own, p == seat)
		mine = mine || p == seat
	}
	if !mine {
		return nil, nil, errors.New("it holds no move of yours")
	}
	return canon, own, nil
}

func orStart(before string) string {
	if before == "" {
		return "the position"
	}
	return before
}

func contains(lines [][]string, line []string) bool {
	for _, l := range lines {
		if strings.Join(l, " ") == strings.Join(line, " ") {
			return true
		}
	}
	return false
}

// Played moves the forecast on past a turn written as the game writes it
// (s.FormatMove of the move played): the lines that foresaw it go on, the
// others are dropped, and so is a line that ends there.
func (f Forecast) Played(move string) Forecast {
	next := Forecast{Seat: f.Seat}
	for _, line := range f.Lines {
		if len(line) > 1 && line[0] == move {
			next.Lines = append(next.Lines, line[1:])
		}
	}
	return next
}

// Reply is the move the forecast plays for its seat in s, if the seat is
// to move and a line has its move here.
func (f Forecast) Reply(s game.State) (game.Move, bool) {
	toMove := s.ToMove()
	if len(f.Lines) == 0 || len(toMove) != 1 || toMove[0] != f.Seat || s.Outcome().Over {
		return game.Move{}, false
	}
	m, err := s.ParseMove(f.Seat, f.Lines[0][0])
	if err != nil || !game.IsLegal(s, f.Seat, m) {
		return game.Move{}, false
	}
	return m, true
}

// Live keeps the lines that still hold a move of the seat's from s, the
// position they start from (after Played): a line whose rest is the
// opponent's moves alone has nothing left to play, and a line that no
// longer reads as legal moves from s is dropped.
func (f Forecast) Live(s game.State) Forecast {
	next := Forecast{Seat: f.Seat}
	for _, line := range f.Lines {
		if ownMoveAhead(s.Clone(), f.Seat, line) {
			next.Lines = append(next.Lines, line)
		}
	}
	return next
}

// ownMoveAhead reports whether line, played from s, reaches a move of
// seat's.
func ownMoveAhead(s game.State, seat game.Player, line []string) bool {
	for _, text := range line {
		toMove := s.ToMove()
		if s.Outcome().Over || len(toMove) != 1 {
			return false
		}
		if toMove[0] == seat {
			return true
		}
		m, err := s.ParseMove(toMove[0], text)
		if err != nil || s.Apply(m) != nil {
			return false
		}
	}
	return false
}
