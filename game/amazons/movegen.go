package amazons

import "boardroom/game"

// Turn is a whole turn in compact form: the amazon's square, where it lands
// and where its arrow falls. Search works on Turns; the game API on
// game.Moves, whose three cells are the same squares in the same order.
type Turn struct{ From, To, Arrow Square }

// Move returns the turn as a game.Move (Tag 0).
func (t Turn) Move() game.Move {
	return game.Move{Cells: [game.MaxMoveCells]game.Cell{cells[t.From], cells[t.To], cells[t.Arrow]}, Len: 3}
}

// String writes the turn in notation, as "d1-d7/g7".
func (t Turn) String() string { return formatTurn(t) }

// cells[sq] is the game.Cell of sq.
var cells [NumSquares]game.Cell

func init() {
	for sq := range Square(NumSquares) {
		cells[sq] = game.Cell{Row: int8(sq.Row()), Col: int8(sq.Col())}
	}
}

// Cell returns sq as a game.Cell; sq must be on the board.
func (sq Square) Cell() game.Cell { return cells[sq] }

// Legal implements game.State. Moves come in ascending order of the amazon's
// square, then the destination, then the arrow (squares counted row by row
// from the top-left), so the order depends on the position alone.
func (s *State) Legal(p game.Player, dst []game.Move) []game.Move {
	if p != s.b.toMove {
		return dst
	}
	occ := s.b.occupied()
	froms := s.b.amazons[p]
	for !froms.IsEmpty() {
		from := froms.Pop()
		// The arrow may fly over or onto the square the amazon just left.
		vacated := occ
		vacated.Clear(from)
		tos := QueenReach(from, occ)
		for !tos.IsEmpty() {
			to := tos.Pop()
			arrows := QueenReach(to, vacated)
			m := game.Move{Cells: [game.MaxMoveCells]game.Cell{cells[from], cells[to]}, Len: 3}
			for !arrows.IsEmpty() {
				m.Cells[2] = cells[arrows.Pop()]
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// AppendTurns appends every turn of the seat to move to dst, in the order of
// Legal, and returns it; it allocates only when dst is too small. It appends
// nothing when the game is over.
func (s *State) AppendTurns(dst []Turn) []Turn {
	occ := s.b.occupied()
	froms := s.b.amazons[s.b.toMove]
	for !froms.IsEmpty() {
		from := froms.Pop()
		vacated := occ
		vacated.Clear(from)
		tos := QueenReach(from, occ)
		for !tos.IsEmpty() {
			to := tos.Pop()
			arrows := QueenReach(to, vacated)
			for !arrows.IsEmpty() {
				dst = append(dst, Turn{from, to, arrows.Pop()})
			}
		}
	}
	return dst
}

// MakeTurn plays t for the seat to move without checking it: t must come from
// AppendTurns (or be otherwise legal). UnmakeTurn(t) takes it back.
func (s *State) MakeTurn(t Turn) { s.b.make(t) }

// UnmakeTurn takes back t, the last turn made.
func (s *State) UnmakeTurn(t Turn) { s.b.unmake(t) }

func (b *board) make(t Turn) {
	a := &b.amazons[b.toMove]
	a.Clear(t.From)
	a.Set(t.To)
	b.arrows.Set(t.Arrow)
	b.toMove = b.toMove.Other()
	b.ply++
}

func (b *board) unmake(t Turn) {
	b.ply--
	b.toMove = b.toMove.Other()
	b.arrows.Clear(t.Arrow)
	a := &b.amazons[b.toMove]
	a.Clear(t.To)
	a.Set(t.From)
}
