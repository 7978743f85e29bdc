package amazons

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// Encode implements game.State. The body is the ten rows from the top joined
// by "/", each ten characters of "#WBX" as in Render, then the seat to move
// and the ply:
//
//	amazons | ###B##B###/##########/##########/B########B/##########/##########/W########W/##########/##########/###W##W### White 0
func (s *State) Encode() string {
	buf := make([]byte, 0, 11*Size+12)
	for r := range Size {
		if r > 0 {
			buf = append(buf, '/')
		}
		for c := range Size {
			buf = append(buf, s.b.at(SquareAt(r, c)).Symbol())
		}
	}
	buf = append(buf, ' ')
	buf = append(buf, seatNames[s.b.toMove]...)
	buf = append(buf, ' ')
	buf = strconv.AppendInt(buf, int64(s.b.ply), 10)
	return game.FormatPosition(Game{}, s.opts, string(buf))
}

// Decode implements game.Game: it reads the body that Encode wrote and checks
// that it is a position the game can reach in its counts: four amazons a
// side, one arrow per turn played, and the seat to move matching the ply.
func (Game) Decode(opts game.Options, body string) (game.State, error) {
	s, err := decode(opts, body)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func decode(opts game.Options, body string) (*State, error) {
	resolved, err := game.Resolve(Game{}.Options(), opts)
	if err != nil {
		return nil, fmt.Errorf("amazons: %w", err)
	}
	bad := func(format string, args ...any) (*State, error) {
		return nil, fmt.Errorf("amazons: %w: %s", game.ErrBadPosition, fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(body)
	if len(fields) != 3 {
		return bad("want ROWS SEAT PLY (three words), got %d words", len(fields))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != Size {
		return bad("want %d rows joined by '/', got %d", Size, len(rows))
	}
	var b board
	for r, row := range rows {
		if len(row) != Size {
			return bad("row %d has %d squares, want %d", r, len(row), Size)
		}
		for c := range Size {
			sq := SquareAt(r, c)
			switch row[c] {
			case '#':
			case 'W':
				b.amazons[White].Set(sq)
			case 'B':
				b.amazons[Black].Set(sq)
			case 'X':
				b.arrows.Set(sq)
			default:
				return bad("row %d has %q; squares are # (empty), W, B or X (arrow)", r, row[c])
			}
		}
	}
	for p, name := range seatNames {
		if n := b.amazons[p].Count(); n != AmazonsPerSide {
			return bad("%s has %d amazons, want %d", name, n, AmazonsPerSide)
		}
	}
	switch fields[1] {
	case "White":
		b.toMove = White
	case "Black":
		b.toMove = Black
	default:
		return bad("the seat to move is White or Black, got %q", fields[1])
	}
	ply, err := strconv.Atoi(fields[2])
	if err != nil || strconv.Itoa(ply) != fields[2] {
		return bad("the ply must be a whole number, got %q", fields[2])
	}
	if arrows := b.arrows.Count(); ply != arrows {
		return bad("ply %d with %d arrows: every turn shoots exactly one arrow", ply, arrows)
	}
	if game.Player(ply%2) != b.toMove {
		return bad("%s cannot be to move after %d turns", fields[1], ply)
	}
	b.ply = ply
	return &State{b: b, opts: resolved}, nil
}
