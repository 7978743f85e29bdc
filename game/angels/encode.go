package angels

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// Encode implements game.State with the body described in the package
// comment: board, turn, ply, previous square.
func (s *State) Encode() string {
	n := int(s.n)
	var b strings.Builder
	b.Grow(n*(n+1) + 24)
	for r := range n {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := range n {
			b.WriteByte(squareChar[s.At(r, c)])
		}
	}
	b.WriteByte(' ')
	b.WriteString(s.turnWord())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(s.ply)))
	b.WriteByte(' ')
	if s.prev == noPos {
		b.WriteByte('-')
	} else {
		b.WriteString(formatSquare(s.prev.r, s.prev.c))
	}
	return game.FormatPosition(Game{}, s.opts, b.String())
}

func (s *State) turnWord() string {
	switch {
	case s.over():
		return "over"
	case s.AngelToMove():
		return "Angel"
	}
	return "Devil"
}

// Decode implements game.Game: it restores a position from its body and
// refuses, with game.ErrBadPosition, any text Encode could not have written
// for a position reachable by legal play.
func (Game) Decode(opts game.Options, body string) (game.State, error) {
	s, err := decode(opts, body)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func decode(opts game.Options, body string) (*State, error) {
	s, err := newState(opts)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrBadPosition, err)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{game.ErrBadPosition}, args...)...)
	}
	fields := strings.Fields(body)
	if len(fields) != 4 {
		return nil, bad("want 4 fields (board, turn, ply, previous square), got %d", len(fields))
	}
	if err := s.readBoard(fields[0]); err != nil {
		return nil, err
	}
	ply, err := strconv.Atoi(fields[2])
	if err != nil || ply < 0 || fields[2][0] == '+' || ply > 2*MaxSize*MaxSize {
		return nil, bad("ply %q is not a count", fields[2])
	}
	s.ply = int32(ply)
	if int(s.blocked) != ply/2 {
		return nil, bad("%d squares blocked after %d plies, want %d (one per Devil move)", s.blocked, ply, ply/2)
	}
	if err := s.readPrevious(fields[3]); err != nil {
		return nil, err
	}
	if want := s.turnWord(); fields[1] != want {
		return nil, bad("turn %q, but the position says %q", fields[1], want)
	}
	return s, nil
}

// readBoard fills the board from its rows and counts the blocked squares.
func (s *State) readBoard(text string) error {
	n := int(s.n)
	rows := strings.Split(text, "/")
	if len(rows) != n {
		return fmt.Errorf("%w: the board has %d rows, want %d", game.ErrBadPosition, len(rows), n)
	}
	angels := 0
	for r, row := range rows {
		if len(row) != n {
			return fmt.Errorf("%w: row %d has %d squares, want %d", game.ErrBadPosition, r+1, len(row), n)
		}
		for c := range n {
			switch row[c] {
			case '+':
			case '@':
				s.rows[r] |= 1 << uint(c)
				s.blocked++
			case 'A':
				s.angel = pos{int8(r), int8(c)}
				angels++
			default:
				return fmt.Errorf("%w: square %s is %q, want + @ or A", game.ErrBadPosition, formatSquare(int8(r), int8(c)), row[c])
			}
		}
	}
	if angels != 1 {
		return fmt.Errorf("%w: %d angels on the board, want 1", game.ErrBadPosition, angels)
	}
	return nil
}

// readPrevious reads the previous square and checks that the Angel's history
// fits the board (the board and ply must be read already).
func (s *State) readPrevious(text string) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{game.ErrBadPosition}, args...)...)
	}
	if s.ply == 0 {
		if text != "-" {
			return bad("previous square %q before the Angel's first move, want -", text)
		}
		start, _ := newState(s.opts)
		if s.angel != start.angel {
			return bad("at ply 0 the Angel stands on %s, not on the centre", formatSquare(s.angel.r, s.angel.c))
		}
		return nil
	}
	p, err := parseSquare(text, int(s.n))
	if err != nil || strings.ContainsRune(text, ' ') {
		return bad("previous square %q is not a square X,Y of the board", text)
	}
	s.prev = p
	name := formatSquare(p.r, p.c)
	switch {
	case !inReach(s.angel, p, s.k):
		return bad("the Angel could not have come from %s (power %d)", name, s.k)
	case p.r == 0 || p.c == 0 || p.r == s.n-1 || p.c == s.n-1:
		return bad("the Angel came from the edge square %s, where the game would have ended", name)
	case s.OnEdge() && s.AngelToMove():
		return bad("the Angel is on the edge but the Devil moved after it got there")
	case !s.AngelToMove() && s.Blocked(int(p.r), int(p.c)):
		return bad("the Angel came from %s, which is blocked, and the Devil has not moved since", name)
	case !s.AngelToMove() && p == s.angel && !s.OnEdge() && s.FreeInReach() == 0:
		return bad("the Angel stayed on %s with no other square free in reach", name)
	}
	return nil
}
