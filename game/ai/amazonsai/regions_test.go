package amazonsai

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai/aitest"
	"boardroom/game/amazons"
)

// winner is who wins s with perfect play, by plain minimax over the public
// game API (the mover with no turn loses): an independent check of the
// counting.
func winner(s game.State) game.Player {
	if out := s.Outcome(); out.Over {
		return out.Winner
	}
	me := s.ToMove()[0]
	for _, m := range s.Legal(me, nil) {
		c := s.Clone()
		if err := c.Apply(m); err != nil {
			panic(err)
		}
		if winner(c) == me {
			return me
		}
	}
	return me.Other()
}

// In random late positions whose board is sealed, the regions' exact count
// names the winner that minimax finds, and the sealed evaluation's sign
// agrees from both seats' views; an open board is not sealed.
func TestSealedRegionsDecideTheGame(t *testing.T) {
	open := aitest.NewState(t, "amazons", nil).(*amazons.State)
	var part partition
	sealedRegions(open, &part)
	require.False(t, part.sealed, "the start is one region open to both")

	checked := 0
	for seed := uint64(1); seed <= 400 && checked < 12; seed++ {
		s := aitest.NewState(t, "amazons", nil)
		r := game.NewRandomBot(seed)
		for !s.Outcome().Over {
			st := s.(*amazons.State)
			sealedRegions(st, &part)
			if part.sealed && part.exact && part.turns[0]+part.turns[1] <= 9 {
				mover := st.SideToMove()
				want := mover.Other()
				if part.turns[mover] > part.turns[mover.Other()] {
					want = mover
				}
				require.Equal(t, want, winner(st), "%s: turns %v", st.Encode(), part.turns)
				for _, me := range []game.Player{game.First, game.Second} {
					v := amazonsEval(st, me, &part)
					require.Equal(t, me == want, v > sealedWon, "%s from %v: %d", st.Encode(), me, v)
					require.Equal(t, me != want, v < -sealedWon, "%s from %v: %d", st.Encode(), me, v)
				}
				checked++
				break
			}
			m, err := r.Choose(context.Background(), s, s.ToMove()[0])
			require.NoError(t, err)
			require.NoError(t, s.Apply(m))
		}
	}
	require.GreaterOrEqual(t, checked, 12, "too few sealed positions met")
}

// A lone amazon's turns in hand-made regions (every other square blocked):
// a corridor is filled square by square, and of two dead ends on either
// side the one it does not enter is lost.
func TestRegionTurns(t *testing.T) {
	for _, tc := range []struct {
		name  string
		at    string
		empty []string
		want  int
	}{
		{"corridor of three", "a1", []string{"b1", "c1", "d1"}, 3},
		{"one square", "a1", []string{"b1"}, 1},
		{"nothing", "a1", nil, 0},
		{"square of four", "a1", []string{"b1", "a2", "b2"}, 3},
		{"both sides of the amazon: it comes back", "c1", []string{"a1", "b1", "d1", "e1"}, 4},
		{"two diagonal dead ends: one is lost", "b2", []string{"a1", "c1"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c counter
			var empty amazons.Bitboard
			for _, e := range tc.empty {
				empty.Set(square(t, e))
			}
			n, ok := c.turns(square(t, tc.at), empty)
			require.True(t, ok)
			require.Equal(t, tc.want, n)
		})
	}
}

// square parses a square's name.
func square(t *testing.T, name string) amazons.Square {
	t.Helper()
	col := int(name[0] - 'a')
	row := amazons.Size - int(name[1]-'0')
	return amazons.SquareAt(row, col)
}

// A count too big for its node cap gives up rather than hold the clock: an
// open 12-square block is not counted exactly, and says so.
func TestRegionCountGivesUp(t *testing.T) {
	var c counter
	var empty amazons.Bitboard
	for _, name := range []string{"b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3", "a4"} {
		empty.Set(square(t, name))
	}
	begin := time.Now()
	n, ok := c.turns(square(t, "a1"), empty)
	if ok {
		require.Equal(t, 12, n, "a full block is filled")
	}
	require.Less(t, time.Since(begin), time.Second)
	require.LessOrEqual(t, c.nodes, regionNodes+1)
}
