package amazons

import (
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"

	"github.com/stretchr/testify/require"
)

// TestConformance runs the shared suite. The game has no options, so the
// defaults are the only set. MaxPlies is 92: every turn puts an arrow on one
// of the 92 squares free at the start and nothing ever frees one, so no game
// lasts longer. Playouts are fewer than the default because every position
// of a playout checks its ~2000 opening moves one by one (notation round
// trip, Decode and comparison), which dominates the run time under -race (about a second a game). Many more
// random games, checked more cheaply, run in TestRandomGames.
func TestConformance(t *testing.T) {
	playouts := 10
	if testing.Short() {
		playouts = 4
	}
	gametest.Run(t, Game{}, gametest.Config{MaxPlies: 92, Playouts: playouts})
}

// TestRandomGames plays many random games through the unchecked fast path and
// checks at every position what must hold: the game is over exactly when the
// seat to move has no turn (and then that seat has lost), the State API and
// the fast path agree on the moves, the text round-trips, a clone is
// independent, and no game outlasts the 92 free squares.
func TestRandomGames(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	var turns []Turn
	var moves []game.Move
	lengths := map[int]int{}
	for seed := range uint64(games) {
		rng := game.NewRand(seed)
		s, err := New(nil)
		require.NoError(t, err)
		for {
			// Plain comparisons: testify's per-call cost would dominate here.
			turns = s.AppendTurns(turns[:0])
			moves = s.Legal(s.SideToMove(), moves[:0])
			out := s.Outcome()
			enc := s.Encode()
			switch {
			case (len(turns) == 0) != out.Over:
				t.Fatalf("over %v with %d turns at %s", out.Over, len(turns), enc)
			case len(turns) != len(moves):
				t.Fatalf("%d turns but %d moves at %s", len(turns), len(moves), enc)
			case s.Arrows().Count() != s.Ply() || s.EmptySquares().Count() != 92-s.Ply():
				t.Fatalf("ply %d does not match the board at %s", s.Ply(), enc)
			}
			back, err := game.Decode(enc)
			if err != nil || back.Encode() != enc {
				t.Fatalf("Decode(%q): %v", enc, err)
			}
			if out.Over {
				require.Equal(t, game.Win(s.SideToMove().Other(), "no legal move"), out)
				require.Empty(t, s.ToMove())
				break
			}
			require.LessOrEqual(t, s.Ply(), 91)
			i := rng.IntN(len(turns))
			if turns[i].Move() != moves[i] {
				require.Equal(t, moves[i], turns[i].Move())
			}
			c := s.Clone()
			if err := c.Apply(moves[i]); err != nil {
				t.Fatalf("%s refused at %s: %v", turns[i], enc, err)
			}
			if s.Encode() != enc {
				t.Fatalf("applying %s to a clone changed the original %s", turns[i], enc)
			}
			s.MakeTurn(turns[i])
			if c.Encode() != s.Encode() {
				t.Fatalf("MakeTurn and Apply of %s differ at %s", turns[i], enc)
			}
		}
		lengths[s.Ply()]++
	}
	t.Logf("game lengths: %v", lengths)
}
