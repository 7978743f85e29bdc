package bishops

import (
	"slices"
	"testing"

	"boardroom/game"
	"boardroom/internal/race"

	"github.com/stretchr/testify/require"
)

func TestSetups(t *testing.T) {
	classic, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, SetupClassic, classic.Options().String("setup"), "classic is the default")
	stripes, err := New(map[string]string{"setup": SetupStripes})
	require.NoError(t, err)

	for _, s := range []*State{classic, stripes} {
		b := s.Board()
		require.Equal(t, 25, s.Count(game.First))
		require.Equal(t, 25, s.Count(game.Second))
		require.Zero(t, b.Pieces[0]&b.Pieces[1], "no square holds two pieces")
		require.Equal(t, BoardMask, b.Pieces[0]|b.Pieces[1], "every dark square is filled")
		require.Equal(t, []game.Player{game.First}, s.ToMove(), "White moves first")
		require.Empty(t, s.Legal(game.Second, nil), "Black is not to move")
		require.Equal(t, [2]int{25, 25}, s.Score())
	}

	// Classic: the listed White squares, and their half-turn images for Black.
	for _, name := range classicWhite {
		c, _ := parseCell(name)
		require.Equal(t, game.First, classic.At(c), name)
		require.Equal(t, game.Second, classic.At(game.Cell{Row: 9 - c.Row, Col: 9 - c.Col}), "image of %s", name)
	}
	require.Equal(t, game.First, classic.At(game.Cell{Row: 9, Col: 0}), "a1 is White")
	require.Equal(t, game.Second, classic.At(game.Cell{Row: 0, Col: 9}), "j10 is Black")

	// Stripes: rank 10 Black, rank 9 White, and so on.
	for r := range int8(Size) {
		want := game.Second
		if r%2 == 1 {
			want = game.First
		}
		for c := 1 - r%2; c < Size; c += 2 {
			require.Equal(t, want, stripes.At(game.Cell{Row: r, Col: c}), "row %d col %d", r, c)
		}
	}
}

// The reference counts of docs/rules.md: 49 moves from classic, all kills; 81
// from stripes (all kills as well: every White piece touches Black rows).
func TestReferenceCounts(t *testing.T) {
	for setup, want := range map[string]int{SetupClassic: 49, SetupStripes: 81} {
		s, err := New(map[string]string{"setup": setup})
		require.NoError(t, err)
		legal := s.Legal(game.First, nil)
		require.Len(t, legal, want, setup)
		for _, m := range legal {
			require.Equal(t, TagKill, m.Tag, "%s: %s", setup, s.FormatMove(m))
		}
	}
}

func TestKill(t *testing.T) {
	// c3 sees a5, e1 and f6 across empty squares; h8 hides behind f6 and a1
	// behind White's own b2.
	s := pos(t, `
   a b c d e f g h i j
10   .   .   .   .   . 10
 9 .   .   .   .   .   9
 8   .   .   .   B   . 8
 7 .   .   .   .   .   7
 6   .   .   B   .   . 6
 5 B   .   .   .   .   5
 4   .   .   .   .   . 4
 3 .   W   .   .   .   3
 2   W   .   .   .   . 2
 1 .   .   B   .   .   1
`, game.First)
	require.Equal(t, []string{"c3xa5", "c3xe1", "c3xf6"}, movesFrom(t, s, "c3"),
		"a piece that can kill may only kill: not c3-d4, though d4 sees f6")
	require.Empty(t, movesFrom(t, s, "b2"), "b2 sees no enemy and reaches no square that does")

	require.NoError(t, s.Apply(mustParse(t, s, "c3xf6")))
	require.Equal(t, game.First, s.At(mustCell(t, "f6")))
	require.Equal(t, game.NoPlayer, s.At(mustCell(t, "c3")))
	require.Equal(t, [2]int{2, 3}, s.Score())
	// Now Black: h8 sees the White piece on f6 next to it (g7 empty).
	require.Contains(t, movesFrom(t, s, "h8"), "h8xf6")
}

func TestAdjacentKill(t *testing.T) {
	s := pos(t, `
   a b c d e f g h i j
10   .   .   .   .   . 10
 9 .   .   .   B   .   9
 8   .   .   .   .   . 8
 7 .   .   .   .   .   7
 6   .   .   .   .   . 6
 5 .   .   .   .   .   5
 4   .   B   .   .   . 4
 3 .   W   .   .   .   3
 2   .   .   .   .   . 2
 1 .   .   .   .   .   1
`, game.First)
	require.Equal(t, []string{"c3xd4"}, legalText(s))
}

func TestEngage(t *testing.T) {
	// c3 sees no enemy: it may go to b4 (which sees g9 along c5-f8) or h8
	// (next to g9), but not to d4, e5, ... which see nothing.
	s := pos(t, `
   a b c d e f g h i j
10   .   .   .   .   . 10
 9 .   .   .   B   .   9
 8   .   .   .   .   . 8
 7 .   .   .   .   .   7
 6   .   .   .   .   . 6
 5 .   .   .   .   .   5
 4   .   .   .   .   . 4
 3 .   W   .   .   .   3
 2   .   .   .   .   . 2
 1 .   .   .   .   .   1
`, game.First)
	require.Equal(t, []string{"c3-b4", "c3-h8"}, legalText(s))
	require.NoError(t, s.Apply(mustParse(t, s, "c3-h8")))
	// The engaged piece is now seen by g9, which may only kill it.
	require.Equal(t, []string{"g9xh8"}, legalText(s))
}

func TestEngageBlocked(t *testing.T) {
	// f6 blocks c3's road to h8, and d6 blocks b4's sight of g9, so c3 has
	// no move. d6 sees g9 and may kill; f6 may still engage (e7, h8):
	// killing is not compulsory.
	s := pos(t, `
   a b c d e f g h i j
10   .   .   .   .   . 10
 9 .   .   .   B   .   9
 8   .   .   .   .   . 8
 7 .   .   .   .   .   7
 6   .   W   W   .   . 6
 5 .   .   .   .   .   5
 4   .   .   .   .   . 4
 3 .   W   .   .   .   3
 2   .   .   .   .   . 2
 1 .   .   .   .   .   1
`, game.First)
	require.Empty(t, movesFrom(t, s, "c3"))
	require.Equal(t, []string{"d6xg9", "f6-e7", "f6-h8"}, legalText(s))
	require.NoError(t, s.Apply(mustParse(t, s, "f6-e7")), "engaging while a kill is available")
	require.False(t, s.Outcome().Over)
}

func TestLastPieceCaptured(t *testing.T) {
	picture := `
   a b c d e f g h i j
10   .   .   .   .   . 10
 9 .   .   .   .   .   9
 8   .   .   .   .   . 8
 7 .   .   .   .   .   7
 6   .   .   B   .   . 6
 5 .   .   .   .   .   5
 4   .   .   .   .   . 4
 3 .   W   .   .   .   3
 2   .   .   .   .   . 2
 1 .   .   .   .   .   1
`
	for _, p := range []game.Player{game.First, game.Second} {
		s := pos(t, picture, p)
		legal := legalText(s)
		require.Len(t, legal, 1)
		require.NoError(t, s.Apply(mustParse(t, s, legal[0])))
		require.Equal(t, game.Win(p, ReasonAllCaptured), s.Outcome())
		require.Empty(t, s.ToMove())
		require.Empty(t, s.Legal(game.First, nil))
		require.Empty(t, s.Legal(game.Second, nil))
		require.Equal(t, p.Other(), s.Turn(), "the loser would have moved")
		require.Equal(t, 1, s.Count(p))
		require.Zero(t, s.Count(p.Other()))

		before := s.Encode()
		err := s.Apply(mustParse(t, s, "c3-d4"))
		require.ErrorIs(t, err, game.ErrGameOver)
		require.ErrorIs(t, s.Apply(), game.ErrGameOver)
		require.Equal(t, before, s.Encode())
	}
}

// docs/rules.md: "A player with pieces always has a move". Why: take the White
// and Black pieces w, b closest in |Δ(row+col)| + |Δ(col−row)|. A piece on
// the way from w or b to either corner X of the diagonal rectangle with
// corners w and b would make a closer pair, so both roads are empty. If w
// and b share a diagonal, w kills b; otherwise one of the two corners is on
// the board (both falling off would need w and b more than 9 rows or
// columns apart) and w can engage there, where it sees b. This test checks it on random positions
// of every density; the "no legal move" ending exists only for safety.
func TestAlwaysAMove(t *testing.T) {
	rng := game.NewRand(5)
	n := 100_000
	if testing.Short() || race.Enabled {
		n = 5_000
	}
	for range n {
		var b Board
		pw, pb := rng.Float64(), rng.Float64()
		for bb := BoardMask; bb != 0; bb &= bb - 1 {
			bit := bb & -bb
			switch x := rng.Float64() * (1 + pw + pb); {
			case x < pw:
				b.Pieces[0] |= bit
			case x < pw+pb:
				b.Pieces[1] |= bit
			}
		}
		for _, p := range []game.Player{game.First, game.Second} {
			if b.Pieces[0] != 0 && b.Pieces[1] != 0 {
				require.True(t, b.HasMove(p), "no move for %d in %v", p, b)
			}
			require.Equal(t, b.HasMove(p), b.CountMoves(p) > 0)
		}
	}
}

func TestApplyErrors(t *testing.T) {
	// c3 can kill d4; d6 can only engage; a9 can do neither.
	picture := `
   a b c d e f g h i j
10   .   .   .   .   . 10
 9 W   .   .   .   B   9
 8   .   .   .   .   . 8
 7 .   .   .   .   .   7
 6   .   W   .   .   . 6
 5 .   .   .   .   .   5
 4   .   B   .   .   . 4
 3 .   W   .   .   .   3
 2   .   .   .   .   . 2
 1 .   .   .   .   .   1
`
	cell := func(name string) game.Cell { return mustCell(t, name) }
	kill := func(a, b game.Cell) game.Move { m := game.NewMove(a, b); m.Tag = TagKill; return m }
	tests := []struct {
		name  string
		moves []game.Move
		want  string
	}{
		{"no move", nil, "a turn is one move, got 0"},
		{"two moves", []game.Move{kill(cell("c3"), cell("d4")), kill(cell("c3"), cell("d4"))}, "a turn is one move, got 2"},
		{"zero move", []game.Move{{}}, "a move is two cells (from, to), got 0"},
		{"one cell", []game.Move{game.NewMove(cell("c3"))}, "a move is two cells"},
		{"three cells", []game.Move{game.NewMove(cell("c3"), cell("d4"), cell("e5"))}, "a move is two cells"},
		{"kill written as engage", []game.Move{game.NewMove(cell("c3"), cell("d4"))}, "c3-d4 captures a piece: write it c3xd4"},
		{"engage written as kill", []game.Move{kill(cell("d6"), cell("e5"))}, "d6xe5 captures nothing: write it d6-e5"},
		{"foreign tag", []game.Move{{Cells: [3]game.Cell{cell("c3"), cell("d4")}, Len: 2, Tag: 0x81}}, "unknown tag 129"},
		{"light square", []game.Move{game.NewMove(cell("c3"), cell("c4"))}, "c3-c4: pieces stand only on the dark squares"},
		{"off the board", []game.Move{game.NewMove(cell("c3"), game.Cell{Row: 10, Col: 3})}, "c3-[10,3]: pieces stand only"},
		{"empty square", []game.Move{game.NewMove(cell("e5"), cell("f6"))}, "no piece on e5"},
		{"enemy piece", []game.Move{kill(cell("d4"), cell("c3"))}, "the piece on d4 is Black's and White is to move"},
		{"killer moves to an empty square", []game.Move{game.NewMove(cell("c3"), cell("b4"))}, "the piece on c3 sees an enemy piece, so it may only kill"},
		{"kill through a piece", []game.Move{kill(cell("c3"), cell("e5"))}, "so it may only kill"},
		{"engage to a square that sees nothing", []game.Move{game.NewMove(cell("d6"), cell("c7"))}, "an engage must slide over empty squares to an empty square that sees an enemy"},
		{"engage onto an own piece", []game.Move{game.NewMove(cell("d6"), cell("a9"))}, "an engage must slide"},
		{"engage past the board's edge", []game.Move{game.NewMove(cell("d6"), game.Cell{Row: -1, Col: 8})}, "d6-[-1,8]: pieces stand only"},
		{"no move at all for this piece", []game.Move{game.NewMove(cell("a9"), cell("b8"))}, "the piece on a9 can neither kill nor engage"},
		{"not a diagonal", []game.Move{game.NewMove(cell("d6"), cell("d8"))}, "an engage must slide"},
		{"to itself", []game.Move{game.NewMove(cell("d6"), cell("d6"))}, "an engage must slide"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := pos(t, picture, game.First)
			before := s.Encode()
			err := s.Apply(tt.moves...)
			require.ErrorIs(t, err, game.ErrIllegalMove)
			require.ErrorContains(t, err, tt.want)
			require.Equal(t, before, s.Encode(), "a refused move changes nothing")
		})
	}
	// The legal moves of the picture are what the messages assume.
	s := pos(t, picture, game.First)
	require.Equal(t, []string{"c3xd4", "d6-c5", "d6-e5", "d6-h10"}, legalText(s))
}

// Engages cannot cycle: every engage raises P, the number of White–Black
// pairs that see each other, or keeps P and shortens the total gap D between
// such pairs (the piece lands between a pair, or creates new pairs; what it
// leaves sees only its own side). Kills are irreversible, so no game can go
// on forever. This checks the measure on random games of both set-ups, with
// a bias to engages to make long quiet sequences.
func TestEngagesProgress(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 40
	}
	for i := range games {
		s, err := New(map[string]string{"setup": []string{SetupClassic, SetupStripes}[i%2]})
		require.NoError(t, err)
		rng := game.NewRand(uint64(i))
		var buf []game.Move
		for !s.Outcome().Over {
			buf = s.Legal(s.Turn(), buf[:0])
			engages := slices.DeleteFunc(slices.Clone(buf), func(m game.Move) bool { return m.Tag == TagKill })
			if len(engages) > 0 && rng.IntN(4) > 0 {
				buf = engages
			}
			m := buf[rng.IntN(len(buf))]
			p0, d0 := pairs(s.Board())
			require.NoError(t, s.Apply(m))
			if m.Tag == TagEngage {
				p1, d1 := pairs(s.Board())
				require.True(t, p1 > p0 || p1 == p0 && d1 < d0, "engage %s: P %d→%d, D %d→%d", s.FormatMove(m), p0, p1, d0, d1)
			}
		}
	}
}

// pairs counts the White–Black pairs that see each other and the sum of the
// empty squares between them.
func pairs(b Board) (n, gaps int) {
	occ := b.Pieces[0] | b.Pieces[1]
	for w := b.Pieces[0]; w != 0; w &= w - 1 {
		sq := w & -w
		for d := range numDirs {
			gap := 0
			for x := shift(sq, d); x != 0; x = shift(x, d) {
				if x&occ != 0 {
					if x&b.Pieces[1] != 0 {
						n++
						gaps += gap
					}
					break
				}
				gap++
			}
		}
	}
	return n, gaps
}

func TestOutcomeNoLegalMove(t *testing.T) {
	// Unreachable under the rules (see TestAlwaysAMove), but settle must still
	// end the game rather than leave a seat to move with nothing to play.
	s := pos(t, `
   a b c d e f g h i j
10   .   .   .   .   . 10
 9 .   .   .   .   .   9
 8   .   .   .   .   . 8
 7 .   .   .   .   .   7
 6   .   .   .   .   . 6
 5 .   .   .   .   .   5
 4   .   .   .   .   . 4
 3 .   .   .   .   .   3
 2   .   .   .   .   . 2
 1 W   .   .   .   .   1
`, game.First)
	require.Equal(t, game.Win(game.First, ReasonAllCaptured), func() game.Outcome {
		c := *s
		c.turn = game.Second
		c.settle()
		return c.Outcome()
	}())
	require.Equal(t, game.Win(game.Second, ReasonNoMove), s.Outcome(), "White with no enemy to see has no move")
}

func mustCell(t *testing.T, name string) game.Cell {
	t.Helper()
	c, ok := parseCell(name)
	require.True(t, ok, name)
	return c
}
