package amazons

import (
	"slices"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestSetUp(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	// docs/rules.md: White a4 d1 g1 j4 = (6,0) (9,3) (9,6) (6,9); Black a7 d10
	// g10 j7 = (3,0) (0,3) (0,6) (3,9).
	want := pos(t, `
		# # # B # # B # # #
		# # # # # # # # # #
		# # # # # # # # # #
		B # # # # # # # # B
		# # # # # # # # # #
		# # # # # # # # # #
		W # # # # # # # # W
		# # # # # # # # # #
		# # # # # # # # # #
		# # # W # # W # # #`)
	require.Equal(t, want.Encode(), s.Encode())
	for _, name := range []string{"a4", "d1", "g1", "j4"} {
		sq, err := ParseSquare(name)
		require.NoError(t, err)
		require.Equal(t, WhiteAmazon, s.At(sq.Cell()), name)
	}
	for _, name := range []string{"a7", "d10", "g10", "j7"} {
		sq, err := ParseSquare(name)
		require.NoError(t, err)
		require.Equal(t, BlackAmazon, s.At(sq.Cell()), name)
	}
	require.Equal(t, WhiteAmazon, s.At(game.Cell{Row: 9, Col: 3}), "d1 is row 9, column 3")
	require.Equal(t, [4]Square{60, 69, 93, 96}, s.AmazonSquares(White))
	require.Equal(t, [4]Square{3, 6, 30, 39}, s.AmazonSquares(Black))
	require.Zero(t, s.Arrows().Count())
	require.Equal(t, 8, s.Occupied().Count())
	require.Equal(t, 92, s.EmptySquares().Count())
	// Decided: White moves first.
	require.Equal(t, []game.Player{White}, s.ToMove())
	require.Empty(t, s.Legal(Black, nil))
	require.Equal(t, [2]int{0, 0}, s.Score())
	require.Equal(t, 0, s.Ply())
	require.Equal(t, game.Ongoing, s.Outcome())
}

func TestReferenceCounts(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Len(t, s.Legal(White, nil), 2176, "docs/rules.md: the opening has exactly 2176 legal turns")
	require.Equal(t, uint64(2176), s.Perft(1))
	require.Equal(t, uint64(4307152), s.Perft(2))
	require.Equal(t, uint64(1), s.Perft(0))
	require.Equal(t, game.PerftGeneric(s, 1), s.Perft(1))
}

// Two positions from a random game (seed 3) at plies 20 and 30. Their counts
// were checked once against a perft built on naiveLegal and Apply (the cell
// by cell walk, independent of the bitboards), up to depth 3 at ply 30.
const (
	ply20 = "##W#######/######X#X#/##XB#X###X/#X##X####B/##X##X##X#/X##X#X####/W#XB###X##/##X#X#####/#####XX#W#/#####W#X#B White 20"
	ply30 = "##X#XB####/######X#X#/##X##X##BX/#X##X####X/##X##X##X#/X#BX#X####/##XX#XXX#X/##XWX#XW#W/##X#XXXB##/###W###X## White 30"
)

func TestPerftTable(t *testing.T) {
	for _, tc := range []struct {
		body  string
		perft []uint64 // depth 1, 2, ...
	}{
		{startBody, []uint64{2176, 4307152}},
		{ply20, []uint64{516, 212912}},
		{ply30, []uint64{191, 45337, 7477660}},
	} {
		st, err := Game{}.Decode(nil, tc.body)
		require.NoError(t, err)
		s := st.(*State)
		before := s.Encode()
		for i, want := range tc.perft {
			require.Equal(t, want, s.Perft(i+1), "perft %d of %s", i+1, tc.body)
		}
		require.Equal(t, before, s.Encode(), "Perft changed the state")
	}
	st, err := Game{}.Decode(nil, ply30)
	require.NoError(t, err)
	require.Equal(t, uint64(45337), game.PerftGeneric(st, 2))
}

// TestTurnLegality checks single turns from the opening against the rules:
// a queen's move over free squares, then a queen's shot from the landing
// square that may cross or land on the square just left.
func TestTurnLegality(t *testing.T) {
	for _, tc := range []struct {
		turn  string
		legal bool
		why   string
	}{
		{"d1-d7/g7", true, "the example of docs/rules.md"},
		{"d1-d9/d10", false, "the arrow cannot land on an amazon"},
		{"d1-d10/d9", false, "the amazon cannot land on an amazon"},
		{"d1-e1/c1", true, "the arrow flies over the square just left"},
		{"d1-e1/d1", true, "the arrow lands on the square just left"},
		{"g1-f1/c1", false, "the arrow cannot fly over another amazon"},
		{"d1-h1/h2", false, "the amazon cannot pass over another amazon"},
		{"d1-g1/g2", false, "the amazon cannot land on another amazon"},
		{"d1-e3/e4", false, "not a queen's move (a knight's)"},
		{"d1-i6/j7", false, "the arrow cannot land on a Black amazon"},
		{"d1-i6/i7", true, "a diagonal move and an orthogonal shot"},
		{"d1-d1/d2", false, "the amazon must move"},
		{"d1-d2/d2", false, "the arrow cannot land where the amazon stands"},
		{"a4-a6/a7", false, "the arrow cannot land on an amazon"},
		{"a4-j4/j5", false, "the amazon cannot land on its own amazon"},
		{"a4-i4/a4", true, "a long shot back to the square just left"},
		{"d10-d9/d8", false, "Decided: White moves first, so Black's amazon is not White's to move"},
		{"e1-e2/e3", false, "no amazon on e1"},
	} {
		s, err := New(nil)
		require.NoError(t, err)
		m, err := s.ParseMove(White, tc.turn)
		require.NoError(t, err)
		require.Equal(t, tc.legal, game.IsLegal(s, White, m), "%s: %s", tc.turn, tc.why)
		before := s.Encode()
		err = s.Apply(m)
		if tc.legal {
			require.NoError(t, err, tc.turn)
			require.Equal(t, 1, s.Ply())
			require.Equal(t, Black, s.SideToMove())
			continue
		}
		require.ErrorIs(t, err, game.ErrIllegalMove, tc.turn)
		require.Contains(t, err.Error(), tc.turn, "the error names the move")
		require.Equal(t, before, s.Encode(), "%s: a refused turn changed the state", tc.turn)
	}
}

func TestArrowsBlock(t *testing.T) {
	s := pos(t, `
		# # # B # # B # # #
		# # # # # # # # # #
		# # # # # # # # # #
		B # # # # # # # # B
		# # # # # # # # # #
		# # # X # # # # # #
		W # # # # # # # # W
		# # # # # # # # # #
		# # # # # # # # # X
		# # # W # # W # # #`)
	require.Equal(t, White, s.SideToMove())
	for _, tc := range []struct {
		turn  string
		legal bool
	}{
		{"d1-d4/d1", true},  // up to the arrow on d5
		{"d1-d5/d1", false}, // onto the arrow
		{"d1-d6/d1", false}, // over the arrow
		{"d1-d3/d5", false}, // an arrow onto an arrow
		{"d1-d3/d7", false}, // an arrow over an arrow
		{"g1-i1/j2", false}, // j2 is an arrow
		{"g1-i1/j1", true},  // j1 is free
		{"j4-j3/j1", false}, // the shot crosses the arrow on j2
		{"j4-j3/j2", false}, // and cannot land on it
		{"j4-j3/i2", true},  // the diagonal is free
	} {
		m, err := s.ParseMove(White, tc.turn)
		require.NoError(t, err)
		require.Equal(t, tc.legal, game.IsLegal(s, White, m), tc.turn)
	}
}

// TestTrappedLoses: White to move with every amazon walled in has no complete
// turn and loses; Black wins by "no legal move".
func TestTrappedLoses(t *testing.T) {
	s := pos(t, `
		B B B B # # # # # X
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		X X X # # # # # # #
		W W X # # # # # # #
		W W X # # # # # # #`)
	require.Equal(t, White, s.SideToMove())
	require.Equal(t, game.Win(Black, "no legal move"), s.Outcome())
	require.Empty(t, s.ToMove())
	require.Empty(t, s.Legal(White, nil))
	require.Empty(t, s.Legal(Black, nil))
	require.Empty(t, s.AppendTurns(nil))
	require.Zero(t, s.Perft(1))
	require.Zero(t, s.Perft(2))
	before := s.Encode()
	err := s.Apply(game.NewMove(game.Cell{Row: 9, Col: 0}, game.Cell{Row: 9, Col: 1}, game.Cell{Row: 9, Col: 0}))
	require.ErrorIs(t, err, game.ErrGameOver)
	require.ErrorIs(t, s.Apply(), game.ErrGameOver)
	require.Equal(t, before, s.Encode())

	// The same walls around Black, Black to move: White wins.
	s = pos(t, `
		B B X # # # # # # #
		B B X # # # # # # #
		X X X # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		W W W W # # # # # #`)
	require.Equal(t, Black, s.SideToMove())
	require.Equal(t, game.Win(White, "no legal move"), s.Outcome())
}

// TestOneTurnLeft: three White amazons are walled in and the fourth can only
// step to b1 and shoot back to a1, so White has exactly one turn. The mover
// is not yet lost while that one turn exists (the arrow back is always there).
func TestOneTurnLeft(t *testing.T) {
	s := pos(t, `
		B B B B # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # X X X
		X X X # # # # X X W
		W # X # # # # X W W`)
	require.Equal(t, White, s.SideToMove())
	require.Equal(t, game.Ongoing, s.Outcome())
	require.Equal(t, []string{"a1-b1/a1"}, notations(s, White))
	require.Equal(t, uint64(1), s.Perft(1))
	play(t, s, "a1-b1/a1")
	require.Equal(t, Black, s.SideToMove())
	require.Equal(t, 11, s.Ply())
	require.Equal(t, Arrow, s.At(game.Cell{Row: 9, Col: 0}))
	require.Equal(t, WhiteAmazon, s.At(game.Cell{Row: 9, Col: 1}))
	// Black moves anywhere; then White is walled in for good.
	play(t, s, "a10-a9/a8")
	require.Equal(t, game.Win(Black, "no legal move"), s.Outcome())
}

// TestBothPartsCompulsory: Decided, a turn is the move and the arrow
// together; a move alone, an arrow alone or anything but one move per turn is
// refused.
func TestBothPartsCompulsory(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	d1, d7, g7 := game.Cell{Row: 9, Col: 3}, game.Cell{Row: 3, Col: 3}, game.Cell{Row: 3, Col: 6}
	legal := game.NewMove(d1, d7, g7)
	before := s.Encode()
	for name, turn := range map[string][]game.Move{
		"nothing":              nil,
		"a move alone":         {game.NewMove(d1, d7)},
		"an arrow alone":       {game.NewMove(g7)},
		"no cells":             {{}},
		"two moves":            {legal, legal},
		"a tag":                {{Cells: legal.Cells, Len: 3, Tag: 1}},
		"a cell off the board": {game.NewMove(d1, d7, game.Cell{Row: 3, Col: 10})},
		"a negative cell":      {game.NewMove(game.Cell{Row: -1, Col: 3}, d7, g7)},
	} {
		err := s.Apply(turn...)
		require.ErrorIs(t, err, game.ErrIllegalMove, name)
		require.Equal(t, before, s.Encode(), name)
	}
	require.NoError(t, s.Apply(legal))
}

func TestApplyErrorMessages(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	for _, tc := range []struct {
		move game.Move
		want string
	}{
		{game.NewMove(game.Cell{Row: 0, Col: 3}, game.Cell{Row: 1, Col: 3}, game.Cell{Row: 2, Col: 3}), "illegal move d10-d9/d8: d10 holds no White amazon"},
		{game.NewMove(game.Cell{Row: 9, Col: 3}, game.Cell{Row: 7, Col: 4}, game.Cell{Row: 6, Col: 4}), "illegal move d1-e3/e4: the amazon cannot move from d1 to e3"},
		{game.NewMove(game.Cell{Row: 9, Col: 3}, game.Cell{Row: 3, Col: 3}, game.Cell{Row: 0, Col: 3}), "illegal move d1-d7/d10: the arrow cannot fly from d7 to d10"},
		{game.NewMove(game.Cell{Row: 9, Col: 3}, game.Cell{Row: 3, Col: 3}, game.Cell{Row: 40, Col: 3}), "illegal move d1-d7/(40,3): cell 40,3 is off the board"},
		{game.NewMove(game.Cell{Row: 9, Col: 3}), "illegal move d1: a turn has three cells"},
		{game.Move{}, "illegal move (no cells): a turn has three cells"},
	} {
		err := s.Apply(tc.move)
		require.ErrorIs(t, err, game.ErrIllegalMove)
		require.ErrorContains(t, err, tc.want)
	}
}

// TestLegalMatchesNaive compares the bitboard move generation with a plain
// walk over the cells along random games, and AppendTurns, MakeTurn and
// UnmakeTurn with Legal and Apply.
func TestLegalMatchesNaive(t *testing.T) {
	games := 8
	if testing.Short() {
		games = 3
	}
	var turns []Turn
	for seed := range uint64(games) {
		rng := game.NewRand(seed)
		s, err := New(nil)
		require.NoError(t, err)
		for !s.Outcome().Over {
			legal := s.Legal(s.SideToMove(), nil)
			if want, got := sortedMoves(naiveLegal(s)), sortedMoves(legal); !slices.Equal(want, got) {
				require.Equal(t, want, got, "at %s", s.Encode())
			}
			turns = s.AppendTurns(turns[:0])
			require.Len(t, turns, len(legal))
			for i, tr := range turns {
				if legal[i] != tr.Move() {
					require.Equal(t, legal[i], tr.Move())
				}
			}
			require.Equal(t, uint64(len(legal)), s.Perft(1))
			tr := turns[rng.IntN(len(turns))]
			before := s.Encode()
			s.MakeTurn(tr)
			after := s.Encode()
			s.UnmakeTurn(tr)
			require.Equal(t, before, s.Encode(), "UnmakeTurn(%s)", tr)
			require.NoError(t, s.Apply(tr.Move()))
			require.Equal(t, after, s.Encode(), "MakeTurn and Apply of %s differ", tr)
		}
		require.LessOrEqual(t, s.Ply(), 92)
		require.Equal(t, s.SideToMove().Other(), s.Outcome().Winner, "the seat to move loses")
		require.Equal(t, "no legal move", s.Outcome().Reason)
	}
}

// TestLegalDoesNotAllocate: Legal appends into a buffer with room to spare
// without allocating, in the opening, the middle game and at the end.
func TestLegalDoesNotAllocate(t *testing.T) {
	start, err := New(nil)
	require.NoError(t, err)
	mid := start.Clone().(*State)
	play(t, mid, "d1-d7/g7", "a7-b6/b2", "g1-g6/c2", "g10-g9/c5")
	trapped := pos(t, `
		B B B B # # # # # X
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		X X X # # # # # # #
		W W X # # # # # # #
		W W X # # # # # # #`)
	buf := make([]game.Move, 0, 4096)
	tbuf := make([]Turn, 0, 4096)
	for _, s := range []*State{start, mid, trapped} {
		for _, p := range []game.Player{White, Black} {
			allocs := testing.AllocsPerRun(20, func() {
				buf = s.Legal(p, buf[:0])
				tbuf = s.AppendTurns(tbuf[:0])
				_ = s.Outcome()
				_ = s.ToMove()
			})
			require.Zero(t, allocs, "%s for seat %d", s.Encode(), p)
		}
	}
}

func TestPieces(t *testing.T) {
	require.Equal(t, "#WBX", string([]byte{Empty.Symbol(), WhiteAmazon.Symbol(), BlackAmazon.Symbol(), Arrow.Symbol()}))
	require.Equal(t, White, WhiteAmazon.Owner())
	require.Equal(t, Black, BlackAmazon.Owner())
	require.Equal(t, game.NoPlayer, Arrow.Owner())
	require.Equal(t, game.NoPlayer, Empty.Owner())
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, Empty, s.At(game.Cell{Row: 10, Col: 0}), "off the board reads as empty")
	require.Equal(t, 10, s.Rows())
	require.Equal(t, 10, s.Cols())
	require.Equal(t, "amazons", s.Game().ID())
	require.Empty(t, s.Options())
}
