package bishops

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// maxPly bounds the ply count a position may claim, so that Decode rejects
// absurd numbers instead of carrying them along.
const maxPly = 1_000_000

// startPieces is how many pieces each seat has in every set-up.
const startPieces = 25

// Encode implements game.State; the body format is in the package doc.
func (s *State) Encode() string {
	b := make([]byte, 0, Size*(Size/2+1)+16)
	for r := range int8(Size) {
		if r > 0 {
			b = append(b, '/')
		}
		for c := 1 - r%2; c < Size; c += 2 {
			b = append(b, s.cellChar(game.Cell{Row: r, Col: c}))
		}
	}
	b = append(b, ' ')
	b = append(b, Game{}.Seats()[s.turn]...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(s.ply), 10)
	return game.FormatPosition(Game{}, s.opts, string(b))
}

// Decode implements game.Game.
func (Game) Decode(opts game.Options, body string) (game.State, error) {
	s, err := Decode(opts, body)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Decode restores a position from the body Encode wrote, under resolved
// options. Everything is checked: the shape of the board, the characters,
// that the seat to move matches the ply's parity, that no seat has more
// pieces than it started with or has lost more than the opponent's moves
// could kill, and that the seat that just moved still has pieces.
func Decode(opts game.Options, body string) (*State, error) {
	opts, err := game.Resolve(Game{}.Options(), opts)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrBadPosition, err)
	}
	bad := func(format string, args ...any) (*State, error) {
		return nil, fmt.Errorf("%w: %s", game.ErrBadPosition, fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(body)
	if len(fields) != 3 {
		return bad("want BOARD SEAT PLY, got %d fields in %q", len(fields), body)
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != Size {
		return bad("the board has %d rows, want %d separated by /", len(rows), Size)
	}
	var b Board
	for r, row := range rows {
		if len(row) != Size/2 {
			return bad("rank %d has %d squares, want %d (only the dark squares)", Size-r, len(row), Size/2)
		}
		for i := range Size / 2 {
			sq, _ := SquareOf(game.Cell{Row: int8(r), Col: int8(2*i + 1 - r%2)})
			switch row[i] {
			case 'W':
				b.Pieces[game.First] |= sq.Bit()
			case 'B':
				b.Pieces[game.Second] |= sq.Bit()
			case '.':
			default:
				return bad("rank %d: unknown square %q (want W, B or .)", Size-r, row[i])
			}
		}
	}
	var turn game.Player
	switch fields[1] {
	case "White":
		turn = game.First
	case "Black":
		turn = game.Second
	default:
		return bad("the seat to move is White or Black, got %q", fields[1])
	}
	ply, err := strconv.Atoi(fields[2])
	if err != nil || ply < 0 || ply > maxPly || fields[2] != strconv.Itoa(ply) {
		return bad("the ply is a whole number from 0 to %d, got %q", maxPly, fields[2])
	}
	if game.Player(ply%2) != turn {
		return bad("%s cannot be to move at ply %d (White moves at even plies)", fields[1], ply)
	}
	seats := Game{}.Seats()
	for _, p := range []game.Player{game.First, game.Second} {
		n := b.Count(p)
		if n > startPieces {
			return bad("%s has %d pieces, more than the %d it starts with", seats[p], n, startPieces)
		}
		// The opponent kills at most once per move of its own.
		moves := (ply + int(p)) / 2
		if lost := startPieces - n; lost > moves {
			return bad("%s has lost %d pieces, but %s has made only %d moves by ply %d",
				seats[p], lost, seats[p.Other()], moves, ply)
		}
	}
	if b.Pieces[turn.Other()] == 0 {
		return bad("%s has no pieces but has just moved", seats[turn.Other()])
	}
	return newState(opts, b, turn, ply), nil
}
