package amazons

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// Fairy-Stockfish's own FENs (its "d" command) of the start and of the
// position after d1a1,a1b1 a7f2,f2e1: ours must read the same but for the
// move counters.
func TestUCIPositionIsFairyStockfishs(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1", Game{}.UCIPosition(s))
	for _, m := range []string{"d1-a1/b1", "a7-f2/e1"} {
		mv, err := s.ParseMove(s.SideToMove(), m)
		require.NoError(t, err)
		require.NoError(t, s.Apply(mv))
	}
	fen := Game{}.UCIPosition(s)
	require.True(t, strings.HasPrefix(fen, "3q2q3/10/10/9q/10/10/Q8Q/10/5q4/Q*2*1Q3 w - - "), fen)
}

func TestParseUCI(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	for _, tc := range []struct{ uci, ours string }{
		{"d1d7,d7g7", "d1-d7/g7"},
		{"a10j1,j1a1", "a10-j1/a1"},
		{" g1f1,f1g1 ", "g1-f1/g1"},
		{"d10d1,d1d10", "d10-d1/d10"},
	} {
		m, err := Game{}.ParseUCI(s, White, tc.uci)
		require.NoError(t, err, tc.uci)
		require.Equal(t, tc.ours, s.FormatMove(m))
	}
	for _, bad := range []string{
		"", "d1d7", "d1d7,", ",d7g7", "d1d7,e7g7", "z1d7,d7g7", "d1d11,d11d12", "d1-d7/g7",
		"d1,d7g7", "dd7,d7g7", "d1d7,d7g7,g7h7", "d1d7,d7", "1d1d7,d7g7", "(none)",
	} {
		_, err := Game{}.ParseUCI(s, White, bad)
		require.ErrorIs(t, err, game.ErrBadNotation, "%q", bad)
	}
}

// Every legal move of positions along random games reads back as itself.
func TestUCIMovesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for range 8 {
		s, err := New(nil)
		require.NoError(t, err)
		for !s.Outcome().Over {
			p := s.SideToMove()
			legal := s.Legal(p, nil)
			for _, m := range legal {
				text := Game{}.FormatUCI(s, m)
				back, err := Game{}.ParseUCI(s, p, text)
				require.NoError(t, err, text)
				require.Equal(t, m, back, text)
			}
			require.NoError(t, s.Apply(legal[rng.IntN(len(legal))]))
		}
	}
}

func FuzzParseUCI(f *testing.F) {
	for _, seed := range []string{"d1d7,d7g7", "a10j1,j1a1", "d1d7,e7g7", ",", "a10a10,a10a10"} {
		f.Add(seed)
	}
	s, err := New(nil)
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := Game{}.ParseUCI(s, White, text)
		if err != nil {
			require.ErrorIs(t, err, game.ErrBadNotation)
			return
		}
		// What reads, writes back as it reads.
		back, err := Game{}.ParseUCI(s, White, Game{}.FormatUCI(s, m))
		require.NoError(t, err)
		require.Equal(t, m, back)
	})
}
