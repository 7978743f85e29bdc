package amazons

import (
	"math/rand/v2"
	"testing"

	"boardroom/game"
	"boardroom/internal/race"

	"github.com/stretchr/testify/require"
)

// perftBitboard is the former Perft, kept as an independent check of the
// line tables: it makes every turn but the last ply's on the bitboard board
// and counts the last ply's arrows with QueenReach.
func perftBitboard(b *board, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	occ := b.occupied()
	froms := b.amazons[b.toMove]
	var n uint64
	for !froms.IsEmpty() {
		from := froms.Pop()
		vacated := occ
		vacated.Clear(from)
		tos := QueenReach(from, occ)
		for !tos.IsEmpty() {
			to := tos.Pop()
			arrows := QueenReach(to, vacated)
			if depth == 1 {
				n += uint64(arrows.Count())
				continue
			}
			for !arrows.IsEmpty() {
				t := Turn{from, to, arrows.Pop()}
				b.make(t)
				n += perftBitboard(b, depth-1)
				b.unmake(t)
			}
		}
	}
	return n
}

// randomPositions plays random games from the opening and keeps the position
// every stride turns, up to n positions, both seats to move among them.
func randomPositions(t testing.TB, seed uint64, stride, n int) []*State {
	t.Helper()
	rng := game.NewRand(seed)
	var out []*State
	var buf []Turn
	for len(out) < n {
		s, err := New(nil)
		require.NoError(t, err)
		for turn := 1; len(out) < n; turn++ {
			buf = s.AppendTurns(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.MakeTurn(buf[rng.IntN(len(buf))])
			if turn%stride == 0 {
				out = append(out, s.Clone().(*State))
			}
		}
	}
	return out
}

// TestLineTables checks the line tables against QueenReach on random
// occupancies: the runs through a square are exactly its queen reach, and
// reachCount is its size.
func TestLineTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		occ := randomSquares(rng, rng.IntN(100))
		lb := &lineBoard{occ: lineWalls}
		for set := occ; !set.IsEmpty(); {
			lb.flip(set.Pop())
		}
		for sq := range Square(NumSquares) {
			want := QueenReach(sq, occ)
			require.Equal(t, uint64(want.Count()), lb.reachCount(sq), "square %d", sq)
			var got Bitboard
			sl := &squareLines[sq]
			for k := range 4 {
				line, p, lo, hi := lb.run(sl, k)
				require.LessOrEqual(t, lo, p)
				require.GreaterOrEqual(t, hi, p)
				for q := lo; q <= hi; q++ {
					if q != p {
						require.False(t, got.Has(lineSquares[line][q]), "square %d twice", lineSquares[line][q])
						got.Set(lineSquares[line][q])
					}
				}
			}
			require.Equal(t, want, got, "square %d", sq)
		}
	}
}

// TestLineTablesCoverBoard checks the tables' shape: every square lies on
// one line of each kind, at a position that leads back to it, and the walls
// close every line exactly past its end.
func TestLineTablesCoverBoard(t *testing.T) {
	seen := map[[2]uint8]bool{}
	for sq := range Square(NumSquares) {
		sl := squareLines[sq]
		for k := range 4 {
			require.Equal(t, sq, lineSquares[sl.line[k]][sl.pos[k]])
			require.Zero(t, lineWalls[sl.line[k]]>>sl.pos[k]&1, "square %d is walled on line %d", sq, sl.line[k])
			require.False(t, seen[[2]uint8{sl.line[k], sl.pos[k]}])
			seen[[2]uint8{sl.line[k], sl.pos[k]}] = true
		}
		require.Equal(t, uint8(sq.Row()), sl.line[0])
		require.Equal(t, uint8(firstCol+sq.Col()), sl.line[1])
	}
	require.Len(t, seen, 4*NumSquares)
	for l := range numLines {
		for p := range Size {
			walled := lineWalls[l]>>p&1 == 1
			require.Equal(t, walled, lineSquares[l][p] == NoSquare, "line %d position %d", l, p)
		}
	}
}

// TestPerftMatchesBitboardWalk compares Perft with the bitboard walk on
// positions from random games, White and Black to move, early and late.
func TestPerftMatchesBitboardWalk(t *testing.T) {
	positions := randomPositions(t, 11, 7, 24)
	deep, black := 0, 0
	for i, s := range positions {
		maxDepth := 2
		if s.b.ply >= 40 && !race.Enabled {
			maxDepth = 3
			deep++
		}
		if s.b.toMove == Black {
			black++
		}
		for depth := 1; depth <= maxDepth; depth++ {
			b := s.b
			want := perftBitboard(&b, depth)
			require.Equal(t, want, s.Perft(depth), "position %d (%s), depth %d", i, s.Encode(), depth)
		}
	}
	require.NotZero(t, black, "no position with Black to move")
	if !race.Enabled {
		require.NotZero(t, deep, "no position deep enough for depth 3")
	}
}

// TestPerftFinishedGame: a side without a turn contributes nothing at any
// depth, and depth 0 is one sequence; the other side's turns still count.
func TestPerftFinishedGame(t *testing.T) {
	s := pos(t, `
		W X # # B # # # X W
		X X # # # # # # X X
		# # # # # # # # # #
		# # # # B # # # # #
		# # # # # # # # # #
		# # # # # B # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		X X # # # # # B X X
		W X # # # # # # X W`)
	require.Equal(t, White, s.SideToMove())
	for depth, want := range []uint64{1, 0, 0, 0} {
		require.Equal(t, want, s.Perft(depth), "depth %d", depth)
	}
	b := s.b
	b.toMove = Black
	require.Equal(t, perftBitboard(&b, 2), newLineBoard(&b).perft(int(Black), 2))
	require.NotZero(t, newLineBoard(&b).perft(int(Black), 1))
}

// reachCount is how many free squares a queen on sq reaches: its four line
// counts.
func (lb *lineBoard) reachCount(sq Square) uint64 {
	sl := &squareLines[sq]
	return lb.lineCount(sl, 0) + lb.lineCount(sl, 1) + lb.lineCount(sl, 2) + lb.lineCount(sl, 3)
}

// FuzzPerft plays a random game of the fuzzer's choosing and compares Perft
// with the bitboard walk at depths 1 and 2 where it stops.
func FuzzPerft(f *testing.F) {
	for _, seed := range [][2]uint64{{1, 0}, {2, 5}, {3, 30}, {4, 60}, {5, 91}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, seed, turns uint64) {
		rng := game.NewRand(seed)
		s, err := New(nil)
		require.NoError(t, err)
		var buf []Turn
		for range turns % 93 {
			buf = s.AppendTurns(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.MakeTurn(buf[rng.IntN(len(buf))])
		}
		for depth := 1; depth <= 2; depth++ {
			b := s.b
			require.Equal(t, perftBitboard(&b, depth), s.Perft(depth), "%s depth %d", s.Encode(), depth)
		}
	})
}
